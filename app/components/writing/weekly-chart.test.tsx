import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { WeekCount } from "../../../core/writing/progress.ts";
import { countAxisStep, WeeklyChart } from "./weekly-chart.tsx";

const FIVE_WEEKS: WeekCount[] = [
  { weekStart: "2026-10-26", count: 0 },
  { weekStart: "2026-11-02", count: 2 },
  { weekStart: "2026-11-09", count: 0 },
  { weekStart: "2026-11-16", count: 1 },
  { weekStart: "2026-11-23", count: 3 },
];

const render = (weeks: WeekCount[]) =>
  renderToStaticMarkup(
    <WeeklyChart id="sent-weekly" title="Answers sent for marking per week" weeks={weeks} />,
  );

/** Each drawn bar as [top, height], in the order of the weeks. */
const bars = (markup: string) =>
  [...markup.matchAll(/<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"/g)].map(
    (match) => [Number(match[1]), Number(match[2])],
  );

describe("WeeklyChart", () => {
  it("names itself and sums up the weeks", () => {
    const markup = render(FIVE_WEEKS);
    expect(markup).toContain(
      '<svg role="img" aria-labelledby="sent-weekly-title sent-weekly-desc"',
    );
    expect(markup).toContain(
      '<title id="sent-weekly-title">Answers sent for marking per week</title>',
    );
    expect(markup).toContain(
      '<desc id="sent-weekly-desc">5 weeks, from 26 Oct to 29 Nov 2026: 6 answers in all, at ' +
        "most 3 in a week.</desc>",
    );
  });

  it("draws a bar for each week with answers, as high as its count, the count above it", () => {
    const markup = render(FIVE_WEEKS);
    const [two, one, three] = bars(markup) as [number[], number[], number[]];
    expect(bars(markup)).toHaveLength(3);
    // All bars stand on the same baseline; the highest count reaches the top gridline.
    const baseline = (bar: number[]) => (bar[0] as number) + (bar[1] as number);
    expect(baseline(two)).toBe(baseline(three));
    expect(baseline(one)).toBe(baseline(three));
    expect(three[1]).toBeCloseTo((two[1] as number) * 1.5, 1);
    expect(three[1]).toBeCloseTo((one[1] as number) * 3, 1);
    for (const week of ["2026-11-02", "2026-11-16", "2026-11-23"]) {
      expect(markup).toMatch(new RegExp(`<g data-week="${week}"><rect `));
    }
    expect(markup).toContain('<g data-week="2026-11-09"></g>');
    expect(markup).toMatch(/data-week="2026-11-23"><rect [^>]*><\/rect><text [^>]*>3<\/text>/);
    expect(markup).toMatch(/data-week="2026-11-02"><rect [^>]*><\/rect><text [^>]*>2<\/text>/);
  });

  it("labels the count axis in whole steps up to the highest week", () => {
    const markup = render(FIVE_WEEKS);
    const axis = [...markup.matchAll(/text-anchor="end" dominant-baseline="middle"[^>]*>(\d+)</g)];
    expect(axis.map((match) => match[1])).toEqual(["0", "1", "2", "3"]);
  });

  it("names the weeks by their Mondays under the bars and in the table", () => {
    const markup = render(FIVE_WEEKS);
    expect(markup).toContain(">26 Oct</text>");
    expect(markup).toContain(">23 Nov</text>");
    const rows = [...markup.matchAll(/<tr><td[^>]*>(.*?)<\/td><td[^>]*>(\d+)<\/td><\/tr>/g)].map(
      (match) => [(match[1] as string).replace(/<[^>]+>/g, ""), match[2]],
    );
    expect(rows).toEqual([
      ["26 October 2026", "0"],
      ["2 November 2026", "2"],
      ["9 November 2026", "0"],
      ["16 November 2026", "1"],
      ["23 November 2026", "3"],
    ]);
    expect(markup).toContain('<time dateTime="2026-11-23">');
  });

  it("draws weeks without answers as an empty axis from 0 to 1", () => {
    const markup = render(FIVE_WEEKS.map((week) => ({ ...week, count: 0 })));
    expect(bars(markup)).toEqual([]);
    expect(markup).toContain("5 weeks, from 26 Oct to 29 Nov 2026: 0 answers in all.");
    const axis = [...markup.matchAll(/dominant-baseline="middle"[^>]*>(\d+)</g)];
    expect(axis.map((match) => match[1])).toEqual(["0", "1"]);
  });

  it("says one week in the singular and renders the same markup every time", () => {
    const one = [{ weekStart: "2026-11-23", count: 1 }];
    expect(render(one)).toContain(
      "One week, from 23 Nov to 29 Nov 2026: 1 answer in all, at most 1 in a week.",
    );
    expect(render(FIVE_WEEKS)).toBe(render(FIVE_WEEKS));
  });
});

describe("countAxisStep", () => {
  it.each([
    [1, 1],
    [5, 1],
    [6, 2],
    [10, 2],
    [11, 5],
    [25, 5],
    [26, 10],
    [120, 50],
  ])("steps the axis for a highest week of %i by %i", (highest, step) => {
    expect(countAxisStep(highest)).toBe(step);
  });
});
