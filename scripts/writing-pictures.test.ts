import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { seedWritingTasks, writingPicturePath } from "../db/seed/writing-tasks.ts";
import { seededWritingPictures, WRITING_PICTURES_DIRECTORY } from "./generate-writing-pictures.ts";
import { escapeXml, lineChartSvg, tableSvg } from "./writing-pictures.ts";

describe("the seeded Academic Task 1 pictures", () => {
  it("are committed exactly as the seed's figures draw them (run scripts/generate-writing-pictures.ts after changing them)", () => {
    const pictures = seededWritingPictures();
    expect(pictures.map((picture) => picture.file)).toEqual([
      "harlow-bay-museum-visitors.svg",
      "household-spending-three-countries.svg",
    ]);
    for (const { file, svg } of pictures) {
      const path = join(WRITING_PICTURES_DIRECTORY, file);
      expect(existsSync(path), file).toBe(true);
      expect(readFileSync(path, "utf8"), file).toBe(svg);
    }
    // Each seeded Academic Task 1 has one, served where the seed says.
    for (const task of seedWritingTasks.filter((seed) => seed.kind === "academic-task-1")) {
      expect(task.picture?.slug).toBeTruthy();
      expect(writingPicturePath(task.picture?.slug ?? "")).toMatch(
        /^\/images\/writing\/[\w-]+\.svg$/,
      );
    }
  });

  it("are pictures an image decoder reads, at their stated size", async () => {
    for (const { file, svg } of seededWritingPictures()) {
      const metadata = await sharp(Buffer.from(svg)).metadata();
      expect(metadata.format, file).toBe("svg");
      expect(metadata.width, file).toBe(Number(/width="(\d+)"/.exec(svg)?.[1]));
    }
  });

  it("draw every series and every figure, each line told apart by more than its colour", () => {
    const museums = seedWritingTasks.find((task) => task.picture?.data.type === "line")?.picture
      ?.data;
    if (museums?.type !== "line") throw new Error("No line graph in the seed.");
    const svg = lineChartSvg(museums);
    for (const series of museums.series) expect(svg).toContain(`>${series.name}</text>`);
    for (const point of museums.points) expect(svg).toContain(`>${point}</text>`);
    // A dash pattern for every line but the first, and a marker per figure.
    expect(svg.match(/stroke-dasharray=/g)).toHaveLength((museums.series.length - 1) * 2);
    const markers = svg.match(
      /<(?:circle|rect x="[\d.]+" y="[\d.]+" width="10"|path d="M[\d.]+ [\d.]+L[\d.]+ [\d.]+H)/g,
    );
    expect(markers?.length).toBeGreaterThanOrEqual(
      museums.series.reduce((sum, series) => sum + series.values.length, 0),
    );
    const spending = seedWritingTasks.find((task) => task.picture?.data.type === "table")?.picture
      ?.data;
    if (spending?.type !== "table") throw new Error("No table in the seed.");
    const table = tableSvg(spending);
    for (const row of spending.rows) {
      expect(table).toContain(`>${row.label}</text>`);
      expect(row.values).toHaveLength(spending.groups.flatMap((group) => group.columns).length);
    }
  });

  it("write the names and figures they are given as text, never as markup", () => {
    expect(escapeXml(`<script>&"'`)).toBe("&#60;script&#62;&#38;&#34;&#39;");
    const svg = tableSvg({
      type: "table",
      title: "</text><script>alert(1)</script>",
      caption: "%",
      groups: [{ name: "A & B", columns: ["1"] }],
      rows: [{ label: "<b>", values: ["1"] }],
      note: "",
    });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("A &#38; B");
  });
});
