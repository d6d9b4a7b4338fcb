import { formatCalendarDay } from "../../../core/format.ts";
import type { WeekCount } from "../../../core/writing/progress.ts";
import { dayRangeText, evenlySpreadIndices, ShowTheNumbers, shortDay } from "./band-chart.tsx";

/**
 * How many answers were sent for marking each week (issue 39, decision 0061): bars drawn as SVG
 * on the server, with a summary for a screen reader and the numbers in a table. The weeks come
 * from `weeklyCounts` (core/writing/progress.ts), each named by its Monday, a calendar day.
 */

/** As the band chart: 360 units wide, readable on a phone, at most max-w-lg. */
const WIDTH = 360;
const HEIGHT = 200;
const PLOT = { left: 28, right: WIDTH - 6, top: 16, bottom: HEIGHT - 26 };
const FONT_SIZE = 12;
const FORCED_FILL = "forced-colors:fill-[CanvasText]";
const FORCED_STROKE = "forced-colors:stroke-[CanvasText]";

const DAY_MS = 24 * 60 * 60 * 1000;

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The step between gridlines: 1, 2 or 5 times a power of ten, the smallest that needs no more
 * than five of them above zero, so the axis reads in round numbers.
 */
export function countAxisStep(highest: number): number {
  for (let power = 1; ; power *= 10) {
    for (const step of [1, 2, 5].map((base) => base * power)) {
      if (highest / step <= 5) return step;
    }
  }
}

/** A week's Monday is a calendar day, the same in every zone: read and shown in UTC, as written. */
const mondayOf = (weekStart: string) => new Date(`${weekStart}T00:00:00Z`);

export function WeeklyChart({
  id,
  title,
  weeks,
}: {
  /** Makes the ids of the chart's title and description, unique on the page. */
  id: string;
  title: string;
  /** Oldest first, empty weeks included. */
  weeks: readonly WeekCount[];
}) {
  if (weeks.length === 0) return null;

  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  const most = Math.max(...weeks.map((week) => week.count));
  const step = countAxisStep(Math.max(most, 1));
  const top = Math.ceil(Math.max(most, 1) / step) * step;
  const countToY = (count: number) => round(PLOT.bottom - (count / top) * (PLOT.bottom - PLOT.top));
  const slot = (PLOT.right - PLOT.left) / weeks.length;
  const barWidth = round(slot * 0.7);
  const barX = (index: number) => round(PLOT.left + index * slot + (slot - barWidth) / 2);

  const first = mondayOf((weeks[0] as WeekCount).weekStart);
  const lastSunday = new Date(
    mondayOf((weeks.at(-1) as WeekCount).weekStart).getTime() + 6 * DAY_MS,
  );
  const summary =
    `${weeks.length === 1 ? "One week" : `${weeks.length} weeks`}, ` +
    `${dayRangeText(first, lastSunday, "UTC")}: ` +
    `${total} ${total === 1 ? "answer" : "answers"} in all` +
    (total > 0 ? `, at most ${most} in a week.` : ".");
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;

  return (
    <div>
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-lg"
        fontSize={FONT_SIZE}
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{summary}</desc>
        {Array.from({ length: top / step + 1 }, (_, i) => i * step).map((count) => (
          <g key={count}>
            <line
              x1={PLOT.left}
              x2={PLOT.right}
              y1={countToY(count)}
              y2={countToY(count)}
              className={`stroke-slate-200 ${FORCED_STROKE}`}
              strokeWidth={1}
            />
            <text
              x={PLOT.left - 6}
              y={countToY(count)}
              textAnchor="end"
              dominantBaseline="middle"
              className={`fill-slate-600 ${FORCED_FILL}`}
            >
              {count}
            </text>
          </g>
        ))}
        {weeks.map((week, index) => (
          <g key={week.weekStart} data-week={week.weekStart}>
            {week.count > 0 && (
              <>
                <rect
                  x={barX(index)}
                  y={countToY(week.count)}
                  width={barWidth}
                  height={round(PLOT.bottom - countToY(week.count))}
                  className={`fill-brand-700 ${FORCED_FILL}`}
                />
                {/* The count over its bar, so no one has to read it off the gridlines. */}
                <text
                  x={round(barX(index) + barWidth / 2)}
                  y={countToY(week.count) - 4}
                  textAnchor="middle"
                  className={`fill-slate-800 ${FORCED_FILL}`}
                >
                  {week.count}
                </text>
              </>
            )}
          </g>
        ))}
        {evenlySpreadIndices(weeks.length, 4).map((index) => (
          <text
            key={index}
            x={round(barX(index) + barWidth / 2)}
            y={HEIGHT - 8}
            textAnchor="middle"
            className={`fill-slate-600 ${FORCED_FILL}`}
          >
            {shortDay(mondayOf((weeks[index] as WeekCount).weekStart), "UTC")}
          </text>
        ))}
      </svg>
      <ShowTheNumbers id={id} caption={title}>
        <thead>
          <tr>
            <th scope="col" className="border-b border-slate-300 px-2 py-1 font-semibold">
              Week starting
            </th>
            <th scope="col" className="border-b border-slate-300 px-2 py-1 font-semibold">
              Answers
            </th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <td className="border-b border-slate-200 px-2 py-1">
                <time dateTime={week.weekStart}>{formatCalendarDay(week.weekStart)}</time>
              </td>
              <td className="border-b border-slate-200 px-2 py-1">{week.count}</td>
            </tr>
          ))}
        </tbody>
      </ShowTheNumbers>
    </div>
  );
}
