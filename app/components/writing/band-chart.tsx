import type { ReactNode } from "react";
import { formatLongDate } from "../../../core/format.ts";
import {
  criterionNameForKinds,
  criterionShortName,
  formatBand,
  HIGHEST_BAND,
  LOWEST_BAND,
  WRITING_CRITERIA,
  type WritingCriterion,
} from "../../../core/writing/bands.ts";
import type { WritingTaskKind } from "../../../core/writing/task-kinds.ts";
import { UserText } from "../user-text.tsx";

/**
 * A student's bands over time (issue 39, decision 0061): one line per criterion and one for the
 * task's band, drawn as SVG on the server, so the page needs no script to show it. Each line has
 * a marker shape and a dash pattern of its own, so none is told by colour alone (nor in forced
 * colours, where every line is drawn in the text's colour); the same numbers are in a table.
 */

export interface BandChartPoint {
  /** The marked answer's id: the key of its row. */
  id: string;
  /** When it was marked (ISO); shown as the day in the site's time zone. */
  date: string;
  /** The task's title. */
  label: string;
  taskKind: WritingTaskKind;
  bands: Record<WritingCriterion, number>;
  taskBand: number;
}

type Series = WritingCriterion | "taskBand";
type MarkerShape = "circle" | "square" | "triangle" | "diamond" | "cross";

/**
 * The task's band first and heaviest: it is the line a student looks for. Tailwind finds classes
 * in the source as written, so each series spells its own out.
 */
const SERIES: {
  key: Series;
  marker: MarkerShape;
  dash?: string;
  stroke: string;
  fill: string;
}[] = [
  { key: "taskBand", marker: "circle", stroke: "stroke-slate-900", fill: "fill-slate-900" },
  {
    key: "task",
    marker: "square",
    dash: "8 4",
    stroke: "stroke-brand-700",
    fill: "fill-brand-700",
  },
  {
    key: "coherenceCohesion",
    marker: "triangle",
    dash: "2 3",
    stroke: "stroke-emerald-700",
    fill: "fill-emerald-700",
  },
  {
    key: "lexicalResource",
    marker: "diamond",
    dash: "8 3 2 3",
    stroke: "stroke-amber-700",
    fill: "fill-amber-700",
  },
  {
    key: "grammaticalRangeAccuracy",
    marker: "cross",
    dash: "12 3 2 3 2 3",
    stroke: "stroke-rose-700",
    fill: "fill-rose-700",
  },
];
const FORCED_STROKE = "forced-colors:stroke-[CanvasText]";
const FORCED_FILL = "forced-colors:fill-[CanvasText]";

/*
 * A narrow drawing, scaled to the width it is given: at 360 units wide its 12-unit text is about
 * 11 px on a 360 px phone (less the page's margins) and 17 px at its widest (max-w-lg).
 */
const WIDTH = 360;
const HEIGHT = 240;
const PLOT = { left: 28, right: WIDTH - 10, top: 10, bottom: HEIGHT - 28 };
/** Room between the axis and the first and last answers, so their markers stand clear. */
const INSET = 14;
const FONT_SIZE = 12;

/** Coordinates to two decimals: the markup stays short and the same on every render. */
const round = (value: number) => Math.round(value * 100) / 100;

export function bandToY(band: number): number {
  const perBand = (PLOT.bottom - PLOT.top) / (HIGHEST_BAND - LOWEST_BAND);
  return round(PLOT.bottom - (band - LOWEST_BAND) * perBand);
}

/**
 * The answers stand one step apart in the order they were marked, not at their dates' distance:
 * a full test's two tasks are marked together and would otherwise hide each other.
 */
function answerToX(index: number, count: number): number {
  if (count === 1) return round((PLOT.left + PLOT.right) / 2);
  const step = (PLOT.right - PLOT.left - 2 * INSET) / (count - 1);
  return round(PLOT.left + INSET + index * step);
}

/** At most `most` indices from 0 to count - 1, evenly spread, the first and last among them. */
export function evenlySpreadIndices(count: number, most: number): number[] {
  if (count <= most) return Array.from({ length: count }, (_, index) => index);
  const spread = Array.from({ length: most }, (_, i) => Math.round((i * (count - 1)) / (most - 1)));
  return [...new Set(spread)];
}

function Marker({
  shape,
  x,
  y,
  className,
}: {
  shape: MarkerShape;
  x: number;
  y: number;
  className: string;
}) {
  switch (shape) {
    case "circle":
      return <circle cx={x} cy={y} r={4} className={className} />;
    case "square":
      return (
        <rect x={round(x - 3.5)} y={round(y - 3.5)} width={7} height={7} className={className} />
      );
    case "triangle":
      return (
        <path
          d={`M${x},${round(y - 4.5)} L${round(x + 4.5)},${round(y + 3.5)} L${round(x - 4.5)},${round(y + 3.5)} Z`}
          className={className}
        />
      );
    case "diamond":
      return (
        <path
          d={`M${x},${round(y - 5)} L${round(x + 5)},${y} L${x},${round(y + 5)} L${round(x - 5)},${y} Z`}
          className={className}
        />
      );
    case "cross":
      return (
        <path
          d={`M${round(x - 4)},${round(y - 4)} L${round(x + 4)},${round(y + 4)} M${round(x + 4)},${round(y - 4)} L${round(x - 4)},${round(y + 4)}`}
          className={className}
          strokeWidth={2}
        />
      );
  }
}

/** A marker's classes: a cross is only lines, the other shapes are filled. */
function markerClasses(series: (typeof SERIES)[number]): string {
  return series.marker === "cross"
    ? `fill-none ${series.stroke} ${FORCED_STROKE}`
    : `${series.fill} ${FORCED_FILL}`;
}

const shortDays = new Map<string, Intl.DateTimeFormat>();
const shortDaysWithYear = new Map<string, Intl.DateTimeFormat>();

function formatWith(
  cache: Map<string, Intl.DateTimeFormat>,
  options: Intl.DateTimeFormatOptions,
  moment: Date,
  timeZone: string,
): string {
  let formatter = cache.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", { ...options, timeZone });
    cache.set(timeZone, formatter);
  }
  return formatter.format(moment);
}

/** "12 Oct", the day in the site's time zone (decision 0055), short enough for an axis. */
export function shortDay(moment: Date, timeZone: string): string {
  return formatWith(shortDays, { day: "numeric", month: "short" }, moment, timeZone);
}

/** "12 Oct 2026". */
export function shortDayWithYear(moment: Date, timeZone: string): string {
  return formatWith(
    shortDaysWithYear,
    { day: "numeric", month: "short", year: "numeric" },
    moment,
    timeZone,
  );
}

/** "from 12 Oct to 20 Nov 2026", the first year said only when the two differ; "on …" for one day. */
export function dayRangeText(first: Date, last: Date, timeZone: string): string {
  const lastText = shortDayWithYear(last, timeZone);
  const firstWithYear = shortDayWithYear(first, timeZone);
  if (firstWithYear === lastText) return `on ${lastText}`;
  const sameYear = firstWithYear.slice(-4) === lastText.slice(-4);
  return `from ${sameYear ? shortDay(first, timeZone) : firstWithYear} to ${lastText}`;
}

/**
 * The numbers of a chart, in a table under "Show the numbers". Everyone may open it, not only a
 * screen reader (a visually hidden table would keep the exact numbers from sighted readers, who
 * otherwise guess them from the lines); closed, it leaves the chart's summary to speak, and a
 * screen reader user opens it as anyone does. A native <details>, so it opens without script.
 */
export function ShowTheNumbers({
  id,
  caption,
  children,
}: {
  /** The chart's id: the table's caption is `{id}-numbers`, which names its scrolling box. */
  id: string;
  caption: string;
  children: ReactNode;
}) {
  const captionId = `${id}-numbers`;
  return (
    <details className="mt-2">
      <summary className="link cursor-pointer text-sm">Show the numbers</summary>
      {/*
        Wider than a phone, the table scrolls sideways: the keyboard reaches its box to scroll it
        (WCAG 2.1.1), a region named by the table's caption.
      */}
      <section
        className="mt-2 overflow-x-auto"
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take the keyboard's focus (axe scrollable-region-focusable)
        tabIndex={0}
      >
        <table className="w-full border-collapse text-left text-sm text-slate-800">
          <caption id={captionId} className="sr-only">
            {caption}
          </caption>
          {children}
        </table>
      </section>
    </details>
  );
}

const TH = "border-b border-slate-300 px-2 py-1 font-semibold text-slate-700";
const TD = "border-b border-slate-200 px-2 py-1 align-top";

/** A table head cell with a short label on screen and the full name for a screen reader. */
function ShortHead({ short, full }: { short: string; full: string }) {
  if (short === full)
    return (
      <th scope="col" className={TH}>
        {full}
      </th>
    );
  return (
    <th scope="col" className={TH}>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{full}</span>
    </th>
  );
}

function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

export function BandChart({
  id,
  title,
  points,
  timeZone,
}: {
  /** Makes the ids of the chart's title and description, unique on the page. */
  id: string;
  title: string;
  points: readonly BandChartPoint[];
  /** The site's time zone, which the dates are days of. */
  timeZone: string;
}) {
  if (points.length === 0) {
    return <p className="text-slate-700">{`${title}: no marked answers yet.`}</p>;
  }

  // A stable sort: answers marked at the same moment keep the order they were given in.
  const ordered = [...points].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  const kinds = ordered.map((point) => point.taskKind);
  const name = (key: Series) =>
    key === "taskBand" ? "Task band" : criterionNameForKinds(key, kinds);
  const shortName = (key: Series) =>
    key === "taskBand" ? "Band" : criterionNameForKinds(key, kinds, criterionShortName);
  const bandOf = (point: BandChartPoint, key: Series) =>
    key === "taskBand" ? point.taskBand : point.bands[key];

  const first = new Date((ordered[0] as BandChartPoint).date);
  const latest = ordered.at(-1) as BandChartPoint;
  const summary =
    `Bands by criterion over ${plural(ordered.length, "marked answer")}, ` +
    `${dayRangeText(first, new Date(latest.date), timeZone)}. ` +
    `The latest task band: ${formatBand(latest.taskBand)}.`;

  // Equal bands would put the lines' markers on top of one another: each series is nudged
  // sideways a little, never as far as the next answer.
  const step =
    ordered.length > 1 ? (PLOT.right - PLOT.left - 2 * INSET) / (ordered.length - 1) : INSET;
  const nudge = Math.min(3, step / 6);
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
        {Array.from({ length: HIGHEST_BAND - LOWEST_BAND + 1 }, (_, i) => LOWEST_BAND + i).map(
          (band) => (
            <g key={band}>
              <line
                x1={PLOT.left}
                x2={PLOT.right}
                y1={bandToY(band)}
                y2={bandToY(band)}
                className={`stroke-slate-200 ${FORCED_STROKE}`}
                strokeWidth={1}
              />
              <text
                x={PLOT.left - 6}
                y={bandToY(band)}
                textAnchor="end"
                dominantBaseline="middle"
                className={`fill-slate-600 ${FORCED_FILL}`}
              >
                {band}
              </text>
            </g>
          ),
        )}
        {evenlySpreadIndices(ordered.length, 4).map((index) => (
          <text
            key={index}
            x={answerToX(index, ordered.length)}
            y={HEIGHT - 8}
            textAnchor="middle"
            className={`fill-slate-600 ${FORCED_FILL}`}
          >
            {shortDay(new Date((ordered[index] as BandChartPoint).date), timeZone)}
          </text>
        ))}
        {SERIES.map((series, seriesIndex) => {
          const offset = (seriesIndex - (SERIES.length - 1) / 2) * nudge;
          const at = ordered.map((point, index) => ({
            x: round(answerToX(index, ordered.length) + offset),
            y: bandToY(bandOf(point, series.key)),
          }));
          return (
            <g key={series.key} data-series={series.key}>
              {at.length > 1 && (
                <path
                  d={at.map(({ x, y }, index) => `${index === 0 ? "M" : "L"}${x},${y}`).join(" ")}
                  fill="none"
                  className={`${series.stroke} ${FORCED_STROKE}`}
                  strokeWidth={series.key === "taskBand" ? 3 : 2}
                  strokeDasharray={series.dash}
                  strokeLinejoin="round"
                />
              )}
              {at.map(({ x, y }, index) => (
                <Marker
                  key={(ordered[index] as BandChartPoint).id}
                  shape={series.marker}
                  x={x}
                  y={y}
                  className={markerClasses(series)}
                />
              ))}
            </g>
          );
        })}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        {SERIES.map((series) => (
          <li key={series.key} className="flex items-center gap-1.5">
            <svg viewBox="0 0 36 12" className="h-3 w-9 shrink-0" aria-hidden="true">
              <line
                x1={0}
                x2={36}
                y1={6}
                y2={6}
                className={`${series.stroke} ${FORCED_STROKE}`}
                strokeWidth={series.key === "taskBand" ? 3 : 2}
                strokeDasharray={series.dash}
              />
              <Marker shape={series.marker} x={18} y={6} className={markerClasses(series)} />
            </svg>
            {name(series.key)}
          </li>
        ))}
      </ul>
      <ShowTheNumbers id={id} caption={title}>
        <thead>
          <tr>
            <th scope="col" className={TH}>
              Date
            </th>
            <th scope="col" className={TH}>
              Task
            </th>
            {SERIES.slice(1).map((series) => (
              <ShortHead key={series.key} short={shortName(series.key)} full={name(series.key)} />
            ))}
            <th scope="col" className={TH}>
              Task band
            </th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((point) => (
            <tr key={point.id}>
              <td className={TD}>
                <time dateTime={point.date}>{formatLongDate(new Date(point.date), timeZone)}</time>
              </td>
              <td className={TD}>
                <UserText>{point.label}</UserText>
              </td>
              {WRITING_CRITERIA.map((criterion) => (
                <td key={criterion} className={TD}>
                  {point.bands[criterion]}
                </td>
              ))}
              <td className={`${TD} font-semibold`}>{formatBand(point.taskBand)}</td>
            </tr>
          ))}
        </tbody>
      </ShowTheNumbers>
    </div>
  );
}
