/**
 * The six Writing tasks a fresh site publishes (decision 0057): two of each kind, worded for this
 * site (never taken from a test book), about invented places and figures. The two Academic Task 1
 * pictures are drawn from the figures below by scripts/generate-writing-pictures.ts into
 * public/images/writing/, as the course covers are drawn from the catalogue; a unit test keeps
 * the drawings and these figures in step.
 */

/** A line graph's figures: one line per series over the same points along the bottom. */
export interface LineChartData {
  type: "line";
  title: string;
  /** What the values count, beside the vertical axis. */
  unit: string;
  /** The labels along the horizontal axis (years). */
  points: string[];
  series: { name: string; values: number[] }[];
  /** The vertical axis: from 0 to `max` in steps of `step`. */
  max: number;
  step: number;
}

/** A table's figures: columns in groups (a country's years), then one row per thing counted. */
export interface TableData {
  type: "table";
  title: string;
  /** Above the rows' labels: what every figure is (its unit). */
  caption: string;
  /** The heading: each group's name over its own columns. */
  groups: { name: string; columns: string[] }[];
  /** Each row's label, then one figure per column, group after group. */
  rows: { label: string; values: string[] }[];
  /** A line under the table. */
  note: string;
}

export type WritingPictureData = LineChartData | TableData;

export interface SeedWritingTask {
  kind: "academic-task-1" | "general-task-1" | "task-2";
  title: string;
  prompt: string;
  minutes: number;
  minimumWords: number;
  /** The day it shows as published, oldest first. */
  publishedAt: string;
  picture?: { slug: string; alt: string; data: WritingPictureData };
}

/** Where a seeded picture is served from (public/images/writing/<slug>.svg). */
export const writingPicturePath = (slug: string) => `/images/writing/${slug}.svg`;

const museums: LineChartData = {
  type: "line",
  title: "Visitors to three museums in Harlow Bay, 2016–2024",
  unit: "Visitors (thousands)",
  points: ["2016", "2017", "2018", "2019", "2020", "2021", "2022", "2023", "2024"],
  series: [
    { name: "Maritime Museum", values: [420, 435, 450, 470, 180, 260, 390, 455, 480] },
    { name: "Science Centre", values: [310, 340, 365, 400, 150, 240, 380, 450, 520] },
    { name: "Art Gallery", values: [260, 250, 245, 235, 90, 120, 170, 200, 215] },
  ],
  max: 600,
  step: 100,
};

const spending: TableData = {
  type: "table",
  title: "Household spending in three countries, 2004 and 2024",
  caption: "Share of spending (%)",
  groups: [
    { name: "Norland", columns: ["2004", "2024"] },
    { name: "Estavia", columns: ["2004", "2024"] },
    { name: "Caldera", columns: ["2004", "2024"] },
  ],
  rows: [
    { label: "Housing and energy", values: ["24", "31", "19", "27", "28", "30"] },
    { label: "Food and drink", values: ["21", "15", "29", "22", "18", "16"] },
    { label: "Transport", values: ["14", "13", "11", "15", "16", "12"] },
    { label: "Leisure and culture", values: ["9", "12", "6", "10", "11", "14"] },
    { label: "Clothing", values: ["8", "5", "9", "6", "7", "6"] },
    { label: "Everything else", values: ["24", "24", "26", "20", "20", "22"] },
  ],
  note: "Each year's column adds up to 100%.",
};

export const seedWritingTasks: SeedWritingTask[] = [
  {
    kind: "task-2",
    title: "Cars in the city centre",
    prompt: [
      "Some people believe that city centres should be closed to private cars, so that streets belong to people walking, cycling and using public transport. Others say such a ban would drive customers away from shops and make daily life harder for many residents.",
      "",
      "Discuss both views and give your own opinion.",
      "",
      "Support your answer with reasons and with examples from your own knowledge or experience.",
      "",
      "Write at least 250 words.",
    ].join("\n"),
    minutes: 40,
    minimumWords: 250,
    publishedAt: "2026-10-05T09:00:00.000Z",
  },
  {
    kind: "general-task-1",
    title: "A borrowed camera",
    prompt: [
      "A friend lent you their camera for a holiday. While you were away, the camera was damaged.",
      "",
      "Write a letter to your friend. In your letter",
      "",
      "- tell your friend how the camera was damaged",
      "- say how you feel about what happened",
      "- explain what you would like to do about it",
      "",
      "Write at least 150 words. You do not need to write any addresses.",
      "",
      "Begin your letter as follows: **Dear …,**",
    ].join("\n"),
    minutes: 20,
    minimumWords: 150,
    publishedAt: "2026-10-12T09:00:00.000Z",
  },
  {
    kind: "academic-task-1",
    title: "Museum visitors in Harlow Bay",
    prompt: [
      "The graph below shows how many people visited three museums in the city of Harlow Bay each year from 2016 to 2024.",
      "",
      "Write a report for a university lecturer describing the main trends, and compare the three museums where it matters.",
      "",
      "Write at least 150 words.",
    ].join("\n"),
    minutes: 20,
    minimumWords: 150,
    publishedAt: "2026-10-19T09:00:00.000Z",
    picture: {
      slug: "harlow-bay-museum-visitors",
      alt: "A line graph of yearly visitors to three museums in Harlow Bay from 2016 to 2024, in thousands. Maritime Museum: 420, 435, 450, 470, 180, 260, 390, 455 and 480. Science Centre: 310, 340, 365, 400, 150, 240, 380, 450 and 520. Art Gallery: 260, 250, 245, 235, 90, 120, 170, 200 and 215. All three fell sharply in 2020; the Science Centre passed the Maritime Museum in 2024.",
      data: museums,
    },
  },
  {
    kind: "task-2",
    title: "Working from home",
    prompt: [
      "In many countries, a growing number of office workers now spend part of each week working from home rather than at their employer's premises.",
      "",
      "Do the advantages of this development outweigh the disadvantages?",
      "",
      "Give reasons for your answer and include any relevant examples from your own knowledge or experience.",
      "",
      "Write at least 250 words.",
    ].join("\n"),
    minutes: 40,
    minimumWords: 250,
    publishedAt: "2026-10-26T09:00:00.000Z",
  },
  {
    kind: "general-task-1",
    title: "Shorter library hours",
    prompt: [
      "Your local library has announced that from next month it will open only three days a week.",
      "",
      "Write a letter to the library's manager. In your letter",
      "",
      "- explain how you use the library",
      "- describe how the change would affect you and others",
      "- suggest another way the library could save money",
      "",
      "Write at least 150 words. You do not need to write any addresses.",
      "",
      "Begin your letter as follows: **Dear Sir or Madam,**",
    ].join("\n"),
    minutes: 20,
    minimumWords: 150,
    publishedAt: "2026-11-02T09:00:00.000Z",
  },
  {
    kind: "academic-task-1",
    title: "Household spending in three countries",
    prompt: [
      "The table below shows what share of their spending households in three countries, Norland, Estavia and Caldera, gave to six kinds of expense in 2004 and in 2024.",
      "",
      "Write a report for a university lecturer describing the most important figures and changes, making comparisons between the countries.",
      "",
      "Write at least 150 words.",
    ].join("\n"),
    minutes: 20,
    minimumWords: 150,
    publishedAt: "2026-11-09T09:00:00.000Z",
    picture: {
      slug: "household-spending-three-countries",
      alt: "A table of the share of household spending, in per cent, in Norland, Estavia and Caldera in 2004 and 2024. Housing and energy: Norland 24 then 31, Estavia 19 then 27, Caldera 28 then 30. Food and drink: Norland 21 then 15, Estavia 29 then 22, Caldera 18 then 16. Transport: Norland 14 then 13, Estavia 11 then 15, Caldera 16 then 12. Leisure and culture: Norland 9 then 12, Estavia 6 then 10, Caldera 11 then 14. Clothing: Norland 8 then 5, Estavia 9 then 6, Caldera 7 then 6. Everything else: Norland 24 then 24, Estavia 26 then 20, Caldera 20 then 22.",
      data: spending,
    },
  },
];
