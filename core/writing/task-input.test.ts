import { describe, expect, it } from "vitest";
import {
  isTaskPictureAddress,
  mergeTaskChanges,
  pictureProblem,
  type WritingTaskFields,
  writingTaskInputSchema,
} from "./task-input.ts";
import { WRITING_TASK_DEFAULTS, WRITING_TASK_KIND_NAMES } from "./task-kinds.ts";

const UPLOAD = "/images/uploads/0b6f2c9e-1111-4e55-9a3d-42a1b2c3d4e5-1200.webp";
const messages = (input: unknown) => {
  const parsed = writingTaskInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe("a Writing task's fields", () => {
  it("takes the test's time and length for the kind when they are left empty, and a draft by default", () => {
    for (const [kind, defaults] of Object.entries(WRITING_TASK_DEFAULTS)) {
      for (const empty of [{}, { minutes: "", minimumWords: "" }, { minutes: null }]) {
        expect(
          writingTaskInputSchema.parse({ kind, title: "T", prompt: "P", ...empty }),
        ).toMatchObject({ ...defaults, status: "draft", pictureUrl: null, pictureAlt: null });
      }
    }
    expect(WRITING_TASK_DEFAULTS["task-2"]).toEqual({ minutes: 40, minimumWords: 250 });
    expect(WRITING_TASK_DEFAULTS["academic-task-1"]).toEqual({ minutes: 20, minimumWords: 150 });
    expect(WRITING_TASK_KIND_NAMES).toEqual({
      "academic-task-1": "Academic Task 1",
      "general-task-1": "General Training Task 1",
      "task-2": "Task 2",
    });
  });

  it("reads minutes and words from a form's text or a JSON number, whole numbers within bounds only", () => {
    const base = { kind: "task-2", title: "T", prompt: "P" };
    expect(
      writingTaskInputSchema.parse({ ...base, minutes: " 35 ", minimumWords: 300 }),
    ).toMatchObject({ minutes: 35, minimumWords: 300 });
    for (const minutes of ["0", "121", "2.5", 2.5, "ten", "1e2", -1, true, [], {}]) {
      expect(messages({ ...base, minutes }), String(minutes)).toEqual([
        "Please give the minutes as a whole number from 1 to 120, or leave it empty for the test's time.",
      ]);
    }
    expect(messages({ ...base, minimumWords: "1001" })).toEqual([
      "Please give the minimum words as a whole number from 1 to 1,000, or leave it empty for the test's.",
    ]);
  });

  it("says what is wrong with each field, in words", () => {
    expect(messages({})).toEqual([
      "Please choose the kind of task: academic-task-1 (Academic Task 1), general-task-1 (General Training Task 1), task-2 (Task 2).",
      "Please write a title.",
      "Please write the task's prompt: what the student is asked to write.",
    ]);
    expect(
      messages({
        kind: "task-3",
        title: " ",
        prompt: "x".repeat(5001),
        pictureUrl: "javascript:alert(1)",
        pictureAlt: "x".repeat(1501),
        status: "scheduled",
      }),
    ).toEqual([
      "Please choose the kind of task: academic-task-1 (Academic Task 1), general-task-1 (General Training Task 1), task-2 (Task 2).",
      "Please write a title.",
      "At most 5,000 characters.",
      "Please send the address of a picture uploaded to this site, or send the picture itself.",
      "At most 1,500 characters.",
      "Please choose draft or published.",
    ]);
    expect(messages({ kind: "task-2", title: "x".repeat(151), prompt: "P" })).toEqual([
      "At most 150 characters.",
    ]);
  });

  it("shows only the site's own pictures: an upload, or a seeded sample", () => {
    expect(isTaskPictureAddress(UPLOAD)).toBe(true);
    expect(isTaskPictureAddress("/images/writing/harlow-bay-museum-visitors.svg")).toBe(true);
    for (const url of [
      "https://evil.example/chart.png",
      "/images/writing/../share.png",
      "/images/writing/Chart.svg",
      "/images/services/course.svg",
      "//evil.example/images/writing/a.svg",
    ])
      expect(isTaskPictureAddress(url), url).toBe(false);
  });
});

describe("a Writing task's picture", () => {
  const task = (fields: Partial<Parameters<typeof pictureProblem>[0]> = {}) => ({
    kind: "academic-task-1" as const,
    status: "draft" as const,
    pictureUrl: null,
    pictureAlt: null,
    ...fields,
  });

  it("belongs to an Academic Task 1 only, always with its description", () => {
    expect(
      pictureProblem(task({ kind: "task-2", pictureUrl: UPLOAD, pictureAlt: "A chart" }), false),
    ).toMatchObject({ field: "picture" });
    expect(pictureProblem(task({ kind: "general-task-1" }), true)).toMatchObject({
      field: "picture",
    });
    expect(pictureProblem(task({ pictureUrl: UPLOAD }), false)).toMatchObject({
      field: "pictureAlt",
    });
    expect(pictureProblem(task(), true)).toMatchObject({ field: "pictureAlt" });
    expect(pictureProblem(task({ pictureUrl: UPLOAD, pictureAlt: "A chart" }), false)).toBe(
      undefined,
    );
  });

  it("is needed to publish an Academic Task 1, not to keep it as a draft", () => {
    expect(pictureProblem(task(), false)).toBe(undefined);
    expect(pictureProblem(task({ status: "published" }), false)).toEqual({
      field: "picture",
      message:
        "An Academic Task 1 needs its picture (the chart, table, map or process) before it is published: add one, or save it as a draft.",
    });
    expect(pictureProblem(task({ status: "published", pictureAlt: "A chart" }), true)).toBe(
      undefined,
    );
    expect(pictureProblem(task({ kind: "task-2", status: "published" }), false)).toBe(undefined);
  });
});

describe("a change to a Writing task (PATCH)", () => {
  const stored: WritingTaskFields = {
    kind: "task-2",
    title: "Cars",
    prompt: "Discuss.",
    pictureUrl: null,
    pictureAlt: null,
    minutes: 45,
    minimumWords: 260,
    status: "draft",
  };

  it("changes the fields sent and keeps the rest", () => {
    const merged = mergeTaskChanges(stored, { status: "published", title: " Cars again " });
    expect(merged.success && merged.data).toEqual({
      ...stored,
      status: "published",
      title: "Cars again",
    });
  });

  it("gives a new kind its own time and length unless they are sent too, and null means the default", () => {
    const kindOnly = mergeTaskChanges(stored, { kind: "general-task-1" });
    expect(kindOnly.success && kindOnly.data).toMatchObject({ minutes: 20, minimumWords: 150 });
    const withMinutes = mergeTaskChanges(stored, { kind: "general-task-1", minutes: 25 });
    expect(withMinutes.success && withMinutes.data).toMatchObject({
      minutes: 25,
      minimumWords: 150,
    });
    const reset = mergeTaskChanges(stored, { minutes: null });
    expect(reset.success && reset.data).toMatchObject({ minutes: 40, minimumWords: 260 });
  });

  it("checks the whole task, and ignores fields no task has", () => {
    expect(mergeTaskChanges(stored, { title: "" }).success).toBe(false);
    const other = mergeTaskChanges(stored, { id: "mine", created_by: "x", withdrawn_at: null });
    expect(other.success && other.data).toEqual(stored);
  });
});
