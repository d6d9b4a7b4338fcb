import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { WritingCriterion } from "../../../core/writing/bands.ts";
import { BandChart, type BandChartPoint, bandToY, evenlySpreadIndices } from "./band-chart.tsx";

const bands = (
  task: number,
  coherenceCohesion: number,
  lexicalResource: number,
  grammaticalRangeAccuracy: number,
): Record<WritingCriterion, number> => ({
  task,
  coherenceCohesion,
  lexicalResource,
  grammaticalRangeAccuracy,
});

const FOUR_ANSWERS: BandChartPoint[] = [
  {
    id: "s1",
    date: "2026-10-12T10:00:00Z",
    label: "Public transport or roads?",
    taskKind: "task-2",
    bands: bands(5, 6, 5, 5),
    taskBand: 5.5,
  },
  {
    id: "s2",
    date: "2026-10-26T10:00:00Z",
    label: "Working from home",
    taskKind: "task-2",
    bands: bands(6, 6, 5, 5),
    taskBand: 5.5,
  },
  {
    id: "s3",
    date: "2026-11-09T10:00:00Z",
    label: "Working from home (revised)",
    taskKind: "task-2",
    bands: bands(6, 6, 6, 5),
    taskBand: 6,
  },
  {
    id: "s4",
    date: "2026-11-20T10:00:00Z",
    label: "Should university be free?",
    taskKind: "task-2",
    bands: bands(7, 6, 7, 6),
    taskBand: 6.5,
  },
];

const render = (points: BandChartPoint[], timeZone = "Europe/London") =>
  renderToStaticMarkup(
    <BandChart id="progress-bands" title="Your bands" points={points} timeZone={timeZone} />,
  );

/** The points of a series' line, as [x, y] pairs read back from its path. */
function linePoints(markup: string, series: string): number[][] {
  const group = new RegExp(`<g data-series="${series}"><path d="([^"]+)" fill="none"`).exec(markup);
  if (!group) return [];
  return (group[1] as string).split(" ").map((step) => step.slice(1).split(",").map(Number));
}

describe("BandChart", () => {
  it("names itself and sums up the answers, the dates in the site's time zone", () => {
    const markup = render(FOUR_ANSWERS);
    expect(markup).toContain(
      '<svg role="img" aria-labelledby="progress-bands-title progress-bands-desc"',
    );
    expect(markup).toContain('<title id="progress-bands-title">Your bands</title>');
    expect(markup).toContain(
      '<desc id="progress-bands-desc">Bands by criterion over 4 marked answers, from 12 Oct to ' +
        "20 Nov 2026. The latest task band: 6.5.</desc>",
    );
  });

  it("draws a line per criterion and one for the task band through every answer's bands", () => {
    const markup = render(FOUR_ANSWERS);
    const taskBandLine = linePoints(markup, "taskBand");
    expect(taskBandLine.map(([, y]) => y)).toEqual([5.5, 5.5, 6, 6.5].map(bandToY));
    const grammarLine = linePoints(markup, "grammaticalRangeAccuracy");
    expect(grammarLine.map(([, y]) => y)).toEqual([5, 5, 5, 6].map(bandToY));
    // One step per answer, left to right, each series nudged sideways from the others.
    const xs = taskBandLine.map(([x]) => x as number);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(new Set(xs).size).toBe(4);
    expect(grammarLine[0]?.[0]).not.toBe(xs[0]);
    for (const series of ["task", "coherenceCohesion", "lexicalResource"]) {
      expect(linePoints(markup, series)).toHaveLength(4);
    }
    // A higher band stands higher: SVG's y grows downwards.
    expect(bandToY(9)).toBeLessThan(bandToY(6));
    expect(bandToY(0)).toBeGreaterThan(bandToY(1));
  });

  it("tells the lines apart by marker and dash, and names each in a legend", () => {
    const markup = render(FOUR_ANSWERS);
    for (const dash of ["8 4", "2 3", "8 3 2 3", "12 3 2 3 2 3"]) {
      expect(markup).toContain(`stroke-dasharray="${dash}"`);
    }
    expect(markup.match(/<circle /g)).toHaveLength(4 + 1); // the task band's, and its key
    expect(markup.match(/<rect /g)).toHaveLength(4 + 1); // the task criterion's
    for (const name of [
      "Task band",
      "Task Response",
      "Coherence and Cohesion",
      "Lexical Resource",
      "Grammatical Range and Accuracy",
    ]) {
      expect(markup).toContain(`</svg>${name}</li>`);
    }
  });

  it("labels a gridline at every whole band from 0 to 9", () => {
    const markup = render(FOUR_ANSWERS);
    for (let band = 0; band <= 9; band++) {
      expect(markup).toContain(`y="${bandToY(band)}" text-anchor="end" dominant-baseline="middle"`);
      expect(markup).toMatch(new RegExp(`>${band}</text>`));
    }
  });

  it("gives the same numbers in a table under Show the numbers", () => {
    const markup = render(FOUR_ANSWERS);
    expect(markup).toContain("<summary");
    expect(markup).toContain(">Show the numbers</summary>");
    expect(markup).toContain(
      '<span aria-hidden="true">TR</span><span class="sr-only">Task Response</span>',
    );
    const rows = [...markup.matchAll(/<tr>(.*?)<\/tr>/g)]
      .slice(1)
      .map((row) =>
        [...(row[1] as string).matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) =>
          (cell[1] as string).replace(/<[^>]+>/g, ""),
        ),
      );
    expect(rows).toEqual([
      ["12 October 2026", "Public transport or roads?", "5", "6", "5", "5", "5.5"],
      ["26 October 2026", "Working from home", "6", "6", "5", "5", "5.5"],
      ["9 November 2026", "Working from home (revised)", "6", "6", "6", "5", "6.0"],
      ["20 November 2026", "Should university be free?", "7", "6", "7", "6", "6.5"],
    ]);
  });

  it("draws a single answer as markers without lines", () => {
    const markup = render([FOUR_ANSWERS[0] as BandChartPoint]);
    expect(markup).not.toContain('fill="none"');
    expect(markup).toContain("over 1 marked answer, on 12 Oct 2026.");
    for (const series of ["taskBand", "task", "coherenceCohesion", "lexicalResource"]) {
      expect(markup).toMatch(new RegExp(`<g data-series="${series}"><(circle|rect|path) `));
    }
  });

  it("puts the answers in date order and dates them in the site's time zone", () => {
    const lateEvening = { ...(FOUR_ANSWERS[3] as BandChartPoint), date: "2026-11-20T23:30:00Z" };
    const markup = render([lateEvening, FOUR_ANSWERS[0] as BandChartPoint], "Australia/Sydney");
    expect(markup).toContain("from 12 Oct to 21 Nov 2026");
    expect(markup.indexOf("12 October 2026")).toBeLessThan(markup.indexOf("21 November 2026"));
    expect(render([lateEvening], "UTC")).toContain("on 20 Nov 2026");
  });

  it("names the first criterion for both tasks when the answers are of both", () => {
    const task1 = {
      ...(FOUR_ANSWERS[0] as BandChartPoint),
      id: "t1",
      taskKind: "academic-task-1" as const,
    };
    const markup = render([task1, FOUR_ANSWERS[1] as BandChartPoint]);
    expect(markup).toContain("</svg>Task Achievement / Task Response</li>");
    expect(markup).toContain('<span aria-hidden="true">TA / TR</span>');
  });

  it("renders the same markup every time, its ids from its own id", () => {
    expect(render(FOUR_ANSWERS)).toBe(render(FOUR_ANSWERS));
    const ids = [...render(FOUR_ANSWERS).matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual(["progress-bands-title", "progress-bands-desc", "progress-bands-numbers"]);
  });

  it("lets the keyboard reach the numbers' table, which scrolls sideways on a phone", () => {
    expect(render(FOUR_ANSWERS)).toContain(
      '<section class="mt-2 overflow-x-auto" aria-labelledby="progress-bands-numbers" tabindex="0">',
    );
  });

  it("says there is nothing yet rather than draw an empty chart", () => {
    expect(render([])).toBe('<p class="text-slate-700">Your bands: no marked answers yet.</p>');
  });
});

describe("evenlySpreadIndices", () => {
  it("keeps every index when they fit, else spreads them with the first and last", () => {
    expect(evenlySpreadIndices(3, 4)).toEqual([0, 1, 2]);
    expect(evenlySpreadIndices(10, 4)).toEqual([0, 3, 6, 9]);
    expect(evenlySpreadIndices(5, 4)).toEqual([0, 1, 3, 4]);
    expect(evenlySpreadIndices(0, 4)).toEqual([]);
  });
});
