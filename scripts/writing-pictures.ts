/**
 * The seeded Academic Task 1 pictures, drawn as SVG from the figures in db/seed/writing-tasks.ts
 * (decision 0057): pure functions, figures in and text out, so the same figures always make the
 * same bytes (scripts/writing-pictures.test.ts holds the committed files to them). Plain SVG
 * arithmetic is all a line graph and a table need. Lines differ by colour, dash and marker, so
 * a student who cannot tell the colours apart (or prints the task in grey) still tells them apart.
 */
import type { LineChartData, TableData, WritingPictureData } from "../db/seed/writing-tasks.ts";

const FONT = "system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif";
const INK = "#0f172a";
const MUTED = "#475569";
const GRID = "#cbd5e1";

/** Text as SVG takes it: the five characters XML reserves written as references. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A coordinate to one decimal: enough for a screen, and the same text on every machine. */
const at = (value: number) => String(Math.round(value * 10) / 10);

function text(
  x: number,
  y: number,
  content: string,
  { size = 15, weight = 400, anchor = "middle", fill = INK, extra = "" } = {},
): string {
  return `<text x="${at(x)}" y="${at(y)}" font-size="${size}"${weight === 400 ? "" : ` font-weight="${weight}"`} text-anchor="${anchor}" fill="${fill}"${extra}>${escapeXml(content)}</text>`;
}

function frame(width: number, height: number, title: string, body: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-family="${FONT}"><title>${escapeXml(title)}</title><rect width="${width}" height="${height}" fill="#fff"/>${body.join("")}</svg>\n`;
}

/** How each line is told apart: a colour, a dash and a marker of its own. */
const LINE_STYLES = [
  { colour: "#1d4ed8", dash: "", marker: "circle" },
  { colour: "#b45309", dash: "10 6", marker: "square" },
  { colour: "#047857", dash: "3 5", marker: "triangle" },
  { colour: "#7e22ce", dash: "14 4 3 4", marker: "diamond" },
] as const;

function marker(
  kind: (typeof LINE_STYLES)[number]["marker"],
  x: number,
  y: number,
  colour: string,
) {
  switch (kind) {
    case "circle":
      return `<circle cx="${at(x)}" cy="${at(y)}" r="5" fill="${colour}"/>`;
    case "square":
      return `<rect x="${at(x - 5)}" y="${at(y - 5)}" width="10" height="10" fill="${colour}"/>`;
    case "triangle":
      return `<path d="M${at(x)} ${at(y - 6)}L${at(x + 6)} ${at(y + 5)}H${at(x - 6)}Z" fill="${colour}"/>`;
    default:
      return `<path d="M${at(x)} ${at(y - 6)}L${at(x + 6)} ${at(y)}L${at(x)} ${at(y + 6)}L${at(x - 6)} ${at(y)}Z" fill="${colour}"/>`;
  }
}

/** A line graph: the title, a vertical scale from 0 with its grid, one line per series, a key. */
export function lineChartSvg(chart: LineChartData): string {
  if (chart.series.length > LINE_STYLES.length)
    throw new RangeError(`A graph has at most ${LINE_STYLES.length} lines.`);
  const width = 800;
  const height = 540;
  const plot = { left: 90, right: 770, top: 70, bottom: 410 };
  const x = (index: number) =>
    plot.left + ((plot.right - plot.left) * (index + 0.5)) / Math.max(1, chart.points.length);
  const y = (value: number) => plot.bottom - ((plot.bottom - plot.top) * value) / chart.max;
  const body: string[] = [text(width / 2, 38, chart.title, { size: 20, weight: 700 })];

  for (let value = 0; value <= chart.max; value += chart.step) {
    body.push(
      `<path d="M${plot.left} ${at(y(value))}H${plot.right}" stroke="${value === 0 ? INK : GRID}" stroke-width="1"/>`,
      text(plot.left - 10, y(value) + 5, String(value), { anchor: "end", fill: MUTED }),
    );
  }
  body.push(
    `<path d="M${plot.left} ${plot.top}V${plot.bottom}" stroke="${INK}" stroke-width="1"/>`,
    text(24, (plot.top + plot.bottom) / 2, chart.unit, {
      fill: MUTED,
      extra: ` transform="rotate(-90 24 ${at((plot.top + plot.bottom) / 2)})"`,
    }),
  );
  chart.points.forEach((label, index) => {
    body.push(text(x(index), plot.bottom + 26, label, { fill: MUTED }));
  });

  chart.series.forEach((series, index) => {
    const style = LINE_STYLES[index] as (typeof LINE_STYLES)[number];
    const path = series.values
      .map((value, point) => `${point === 0 ? "M" : "L"}${at(x(point))} ${at(y(value))}`)
      .join("");
    body.push(
      `<path d="${path}" fill="none" stroke="${style.colour}" stroke-width="3"${style.dash ? ` stroke-dasharray="${style.dash}"` : ""}/>`,
      ...series.values.map((value, point) =>
        marker(style.marker, x(point), y(value), style.colour),
      ),
    );
  });

  // The key, centred under the graph: a short stretch of each line, its marker and its name.
  const entryWidth = (name: string) => 56 + name.length * 8.5 + 28;
  const keyWidth = chart.series.reduce((sum, series) => sum + entryWidth(series.name), 0);
  let left = (width - keyWidth) / 2;
  const keyY = plot.bottom + 78;
  chart.series.forEach((series, index) => {
    const style = LINE_STYLES[index] as (typeof LINE_STYLES)[number];
    body.push(
      `<path d="M${at(left)} ${keyY}h44" stroke="${style.colour}" stroke-width="3"${style.dash ? ` stroke-dasharray="${style.dash}"` : ""}/>`,
      marker(style.marker, left + 22, keyY, style.colour),
      text(left + 52, keyY + 5, series.name, { anchor: "start" }),
    );
    left += entryWidth(series.name);
  });
  return frame(width, height, chart.title, body);
}

/** A table: the title, each group's name over its columns, a row per thing counted, a note. */
export function tableSvg(table: TableData): string {
  const labelWidth = 210;
  const columnWidth = 88;
  const columns = table.groups.flatMap((group) => group.columns);
  const margin = 30;
  const width = margin * 2 + labelWidth + columns.length * columnWidth;
  const rowHeight = 38;
  const top = 70;
  const headingRows = 2;
  const height = top + (headingRows + table.rows.length) * rowHeight + 60;
  const tableRight = width - margin;
  const tableBottom = top + (headingRows + table.rows.length) * rowHeight;
  const body: string[] = [text(width / 2, 38, table.title, { size: 20, weight: 700 })];

  // Every other row shaded, so an eye follows a row across.
  table.rows.forEach((_, index) => {
    if (index % 2 === 1)
      body.push(
        `<rect x="${margin}" y="${top + (headingRows + index) * rowHeight}" width="${tableRight - margin}" height="${rowHeight}" fill="#f1f5f9"/>`,
      );
  });
  body.push(
    `<rect x="${margin}" y="${top}" width="${tableRight - margin}" height="${tableBottom - top}" fill="none" stroke="${INK}"/>`,
    text(margin + 12, top + rowHeight * 1.5 + 5, table.caption, {
      anchor: "start",
      weight: 700,
    }),
  );
  let column = 0;
  for (const group of table.groups) {
    const left = margin + labelWidth + column * columnWidth;
    const groupWidth = group.columns.length * columnWidth;
    body.push(
      `<path d="M${left} ${top}V${tableBottom}" stroke="${INK}"/>`,
      text(left + groupWidth / 2, top + rowHeight / 2 + 5, group.name, { weight: 700 }),
      `<path d="M${left} ${top + rowHeight}h${groupWidth}" stroke="${GRID}"/>`,
    );
    group.columns.forEach((name, index) => {
      body.push(
        text(left + (index + 0.5) * columnWidth, top + rowHeight * 1.5 + 5, name, {
          weight: 700,
          fill: MUTED,
        }),
      );
    });
    column += group.columns.length;
  }
  body.push(
    `<path d="M${margin} ${top + headingRows * rowHeight}H${tableRight}" stroke="${INK}"/>`,
  );
  table.rows.forEach((row, index) => {
    const middle = top + (headingRows + index + 0.5) * rowHeight + 5;
    body.push(text(margin + 12, middle, row.label, { anchor: "start" }));
    row.values.forEach((value, place) => {
      body.push(text(margin + labelWidth + (place + 0.5) * columnWidth, middle, value));
    });
  });
  body.push(text(margin, tableBottom + 32, table.note, { anchor: "start", fill: MUTED, size: 14 }));
  return frame(width, height, table.title, body);
}

/** The picture of a seeded task, whichever kind its figures are. */
export function drawWritingPicture(data: WritingPictureData): string {
  return data.type === "line" ? lineChartSvg(data) : tableSvg(data);
}
