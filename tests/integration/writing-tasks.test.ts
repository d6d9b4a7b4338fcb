import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount } from "../../core/accounts/account-deletion.server.ts";
import { prepareImage } from "../../core/images/images.server.ts";
import { deleteUnusedImages } from "../../core/site/housekeeping.server.ts";
import {
  getPublishedWritingTask,
  listPublishedWritingTasks,
  listPublishedWritingTasksByKind,
  PUBLISHED_TASKS_PAGE_SIZE,
} from "../../core/writing/published-tasks.server.ts";
import { writingTaskInputSchema } from "../../core/writing/task-input.ts";
import {
  createWritingTask,
  getWritingTaskForOwner,
  listWritingTasksForOwner,
  updateWritingTask,
  withdrawWritingTask,
} from "../../core/writing/tasks.server.ts";
import { migrateDown, migrateToLatest } from "../../db/migrate.ts";
import { seedWritingTasksIfEmpty } from "../../db/seed/index.ts";
import { seedWritingTasks } from "../../db/seed/writing-tasks.ts";
import { cookieHeader, ORIGIN, postForm, signUpWithToken } from "../support/accounts.ts";
import { listTables } from "../support/database-catalogue.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/databases.ts";
import { insertUser, insertWritingAnswer, insertWritingTask } from "../support/fixtures.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";
import { picture, postMultipart, sendMultipart } from "../support/uploads.ts";

const input = (fields: Record<string, unknown>) =>
  writingTaskInputSchema.parse({ kind: "task-2", title: "A task", prompt: "Discuss.", ...fields });

describe.each(engines)("the Writing tasks' use cases on %s", (engine) => {
  let database: TestDatabase;
  let ownerId: string;
  let studentId: string;
  let address = 0;
  const owner = () => ({ userId: ownerId, isOwner: true, address: `10.38.0.${++address % 250}` });
  const student = () => ({ userId: studentId, isOwner: false, address: "10.38.1.1" });
  const db = () => database.db;
  const row = (id: string) =>
    db().selectFrom("writing_tasks").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ownerId = await insertUser(db(), { name: "The Teacher" });
    studentId = await insertUser(db(), { name: "A Student" });
  });
  afterAll(() => database.drop());

  it("seeds six published sample tasks, two of each kind, once, and never again after they go", async () => {
    expect(await seedWritingTasksIfEmpty(db())).toBe(6);
    expect(await seedWritingTasksIfEmpty(db())).toBe(0);
    const byKind = await listPublishedWritingTasksByKind(db());
    expect(byKind.map(({ kind, count }) => [kind, count])).toEqual([
      ["academic-task-1", 2],
      ["general-task-1", 2],
      ["task-2", 2],
    ]);
    // Newest first within a kind, as the seed dates them.
    expect(byKind[0]?.tasks.map((task) => task.title)).toEqual([
      "Household spending in three countries",
      "Museum visitors in Harlow Bay",
    ]);
    for (const task of byKind[0]?.tasks ?? []) {
      expect(task.picture?.url).toMatch(/^\/images\/writing\/[\w-]+\.svg$/);
      expect(task.picture?.alt.length).toBeGreaterThan(100);
      expect(task).toMatchObject({ minutes: 20, minimumWords: 150 });
    }
    for (const task of [...(byKind[1]?.tasks ?? []), ...(byKind[2]?.tasks ?? [])])
      expect(task.picture).toBeNull();
    expect(byKind[2]?.tasks[0]).toMatchObject({ minutes: 40, minimumWords: 250 });
    // Deleted, every sample stays a withdrawn row: a restart does not bring them back.
    for (const task of byKind.flatMap((kind) => kind.tasks))
      expect(await withdrawWritingTask(db(), { writer: owner(), taskId: task.id })).toEqual({
        ok: true,
      });
    expect((await listPublishedWritingTasks(db())).count).toBe(0);
    expect(await seedWritingTasksIfEmpty(db())).toBe(0);
    expect(seedWritingTasks).toHaveLength(6);
  });

  it("lets only an owner write, change and delete a task, through one use case each", async () => {
    expect(await createWritingTask(db(), { writer: student(), input: input({}) })).toEqual({
      ok: false,
      reason: "not-allowed",
    });
    const created = await createWritingTask(db(), {
      writer: owner(),
      input: input({ title: "Public transport", prompt: "Discuss **both** views." }),
    });
    if (!created.ok) throw new Error("not created");
    expect(await row(created.id)).toMatchObject({
      kind: "task-2",
      title: "Public transport",
      minutes: 40,
      minimum_words: 250,
      status: "draft",
      published_at: null,
      created_by: ownerId,
    });
    // A draft is the owner's alone.
    expect(await getPublishedWritingTask(db(), created.id)).toBeUndefined();
    expect(await getPublishedWritingTask(db(), created.id, { isOwner: false })).toBeUndefined();
    expect(await getPublishedWritingTask(db(), created.id, { isOwner: true })).toMatchObject({
      status: "draft",
      promptHtml: "<p>Discuss <strong>both</strong> views.</p>\n",
    });

    const changes = { taskId: created.id, input: input({ title: "Buses", status: "published" }) };
    expect(await updateWritingTask(db(), { writer: student(), ...changes })).toEqual({
      ok: false,
      reason: "not-allowed",
    });
    expect(
      await updateWritingTask(db(), { writer: owner(), ...changes, taskId: "no-such-task" }),
    ).toEqual({ ok: false, reason: "not-found" });
    const first = new Date("2026-11-01T10:00:00Z");
    expect(await updateWritingTask(db(), { writer: owner(), ...changes }, first)).toEqual({
      ok: true,
    });
    expect(await getPublishedWritingTask(db(), created.id)).toMatchObject({
      title: "Buses",
      kindName: "Task 2",
      publishedAt: first,
    });
    // Unpublished and published again, it keeps the day it first came out.
    await updateWritingTask(db(), {
      writer: owner(),
      taskId: created.id,
      input: input({ title: "Buses", status: "draft" }),
    });
    expect(await getPublishedWritingTask(db(), created.id)).toBeUndefined();
    await updateWritingTask(db(), { writer: owner(), ...changes }, new Date("2026-11-20T10:00Z"));
    expect((await row(created.id)).published_at).toEqual(
      engine === "sqlite" ? first.toISOString() : first,
    );

    expect(await withdrawWritingTask(db(), { writer: student(), taskId: created.id })).toEqual({
      ok: false,
      reason: "not-allowed",
    });
    expect(await withdrawWritingTask(db(), { writer: owner(), taskId: created.id })).toEqual({
      ok: true,
    });
    // Gone from every reader, the owner's too, and from every write.
    expect(await getPublishedWritingTask(db(), created.id, { isOwner: true })).toBeUndefined();
    expect(
      await getWritingTaskForOwner(db(), { actor: { isOwner: true }, taskId: created.id }),
    ).toBeUndefined();
    expect(await withdrawWritingTask(db(), { writer: owner(), taskId: created.id })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await updateWritingTask(db(), { writer: owner(), ...changes })).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("keeps the answers written to a deleted task, and the task's row for them", async () => {
    const taskId = await insertWritingTask(db(), { title: "Homework" });
    const answer = await insertWritingAnswer(db(), { taskId, authorId: studentId });
    expect(await withdrawWritingTask(db(), { writer: owner(), taskId })).toEqual({ ok: true });
    const kept = await db()
      .selectFrom("writing_submissions")
      .innerJoin("writing_tasks", "writing_tasks.id", "writing_submissions.task_id")
      .select(["writing_submissions.id", "writing_tasks.title", "writing_tasks.withdrawn_at"])
      .where("writing_submissions.id", "=", answer)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ id: answer, title: "Homework" });
    expect(kept.withdrawn_at).not.toBeNull();
  });

  it("holds an Academic Task 1 to its picture's rules, and stores an upload only once they hold", async () => {
    const variants = async () =>
      (await db().selectFrom("image_variants").select("image_id").distinct().execute()).length;
    const before = await variants();
    const prepared = await prepareImage(await picture("png", 900, 600));
    if (!prepared.ok) throw new Error(prepared.message);
    const academic = { kind: "academic-task-1", status: "published" };
    for (const [fields, upload, field] of [
      [academic, undefined, "picture"],
      [academic, prepared.image, "pictureAlt"],
      [{ kind: "task-2", pictureAlt: "A chart" }, prepared.image, "picture"],
    ] as const) {
      expect(
        await createWritingTask(db(), { writer: owner(), input: input(fields), upload }),
      ).toMatchObject({ ok: false, reason: "invalid", field });
    }
    expect(await variants()).toBe(before);
    // A draft may wait for its picture.
    const draft = await createWritingTask(db(), {
      writer: owner(),
      input: input({ kind: "academic-task-1" }),
    });
    expect(draft.ok).toBe(true);
    const created = await createWritingTask(db(), {
      writer: owner(),
      input: input({ ...academic, pictureAlt: "A bar chart of rainfall in four cities." }),
      upload: prepared.image,
    });
    if (!created.ok) throw new Error("not created");
    const stored = await row(created.id);
    expect(stored.picture_url).toMatch(/^\/images\/uploads\/[0-9a-f-]{36}-900\.webp$/);
    expect(await variants()).toBe(before + 1);

    // Housekeeping keeps it, also once the task is deleted (its answers show it), and a day on.
    await withdrawWritingTask(db(), { writer: owner(), taskId: created.id });
    await deleteUnusedImages(db(), new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));
    expect(await variants()).toBe(before + 1);
  });

  it("lists the owner's tasks by the last change, searching titles and prompts, and pages the published ones", async () => {
    const marker = `zq${crypto.randomUUID().slice(0, 6)}`;
    const made: string[] = [];
    for (let n = 0; n < 3; n++) {
      const created = await createWritingTask(
        db(),
        {
          writer: owner(),
          input: input({
            title: n === 0 ? `Rivers ${marker.toUpperCase()}` : `Lakes ${n}`,
            prompt: n === 2 ? `Mention ${marker} 100%_done` : "Discuss.",
            status: "published",
          }),
        },
        new Date(Date.UTC(2026, 10, 10 + n)),
      );
      if (created.ok) made.push(created.id);
    }
    expect(await listWritingTasksForOwner(db(), { actor: { isOwner: false } })).toBeUndefined();
    const found = await listWritingTasksForOwner(db(), {
      actor: { isOwner: true },
      search: marker,
    });
    expect(found?.map((task) => task.id)).toEqual([made[2], made[0]]);
    // LIKE's wildcards are searched for as they are.
    expect(
      (await listWritingTasksForOwner(db(), { actor: { isOwner: true }, search: "0%_d" }))?.map(
        (task) => task.id,
      ),
    ).toEqual([made[2]]);
    expect(
      await listWritingTasksForOwner(db(), { actor: { isOwner: true }, search: "%%" }),
    ).toEqual([]);

    const { tasks, count } = await listPublishedWritingTasks(db(), { kind: "task-2" });
    expect(count).toBe(tasks.length);
    expect(tasks.slice(0, 3).map((task) => task.id)).toEqual([...made].reverse());
    expect(await listPublishedWritingTasks(db(), { kind: "task-2", page: 1 })).toEqual({
      tasks: [],
      count,
    });
    expect(PUBLISHED_TASKS_PAGE_SIZE).toBe(50);
  });

  it("migrates down and up again on both engines", async () => {
    const scratch = await createTestDatabase(engine);
    try {
      const names = async () => (await listTables(scratch.db, engine)).map((table) => table.name);
      expect(await names()).toEqual(
        expect.arrayContaining(["writing_tasks", "writing_submissions", "writing_drafts"]),
      );
      // The marking's migration (issue 39) first, then the tasks' trigger and tables.
      await migrateDown(scratch.db);
      expect((await names()).filter((name) => name.startsWith("writing_")).sort()).toEqual([
        "writing_drafts",
        "writing_submissions",
        "writing_tasks",
      ]);
      await migrateDown(scratch.db);
      await migrateDown(scratch.db);
      expect((await names()).filter((name) => name.startsWith("writing_"))).toEqual([]);
      await migrateToLatest(scratch.db);
      await insertWritingTask(scratch.db);
      expect((await names()).filter((name) => name.startsWith("writing_")).sort()).toEqual([
        "writing_comments",
        "writing_drafts",
        "writing_markings",
        "writing_submissions",
        "writing_tasks",
      ]);
    } finally {
      await scratch.drop();
    }
  });
});

describe.each(engines)("the Writing tasks API on %s", (engine) => {
  // Each request from an address of its own, so the write limits stay out of these tests.
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  const db = () => site.database.db;
  type Person = Awaited<ReturnType<typeof signUpWithToken>>;
  let owner: Person;
  let student: Person;
  let address = 0;
  const from = () => `10.39.${Math.floor(++address / 250)}.${address % 250}`;
  const api = (method: string, path: string, who?: Person, body?: unknown) =>
    site.app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": from(),
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const rows = () => db().selectFrom("writing_tasks").selectAll().orderBy("id").execute();

  beforeAll(async () => {
    await seedWritingTasksIfEmpty(db());
    owner = await signUpWithToken(site.app, db(), { name: "The Teacher" });
    await makeOwner(db(), owner.email);
    student = await signUpWithToken(site.app, db(), { name: "A Student" });
  });

  it("keeps /writing and a task's page and API answers for anonymous readers, and drops them when the teacher changes the task", async () => {
    const task = (
      (await (await api("GET", "/api/writing/tasks?kind=task-2")).json()) as {
        tasks: { _id: string }[];
      }
    ).tasks[0]?._id;
    const paths = [
      "/writing",
      `/writing/tasks/${task}`,
      "/api/writing/tasks",
      `/api/writing/tasks/${task}`,
    ];
    const read = (path: string) => site.app.request(`${ORIGIN}${path}`);
    for (const path of paths) {
      await read(path);
      expect((await read(path)).headers.get("x-cache"), path).toBe("hit");
    }
    // Signed in, nothing kept is shown (the page offers the timed sitting, not a sign-in).
    const signedIn = await site.app.request(`${ORIGIN}/writing/tasks/${task}`, {
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(
      (await api("PATCH", `/api/writing/tasks/${task}`, owner, { title: "Kept, then changed" }))
        .status,
    ).toBe(200);
    for (const path of paths) {
      const after = await read(path);
      expect(after.headers.get("x-cache"), path).toBeNull();
      expect(await after.text(), path).toContain("Kept, then changed");
    }
  });

  it("lists the published tasks for anyone, by kind and a page at a time, cacheable", async () => {
    const list = await api("GET", "/api/writing/tasks");
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("public, no-cache");
    const etag = list.headers.get("etag") ?? "";
    const body = (await list.json()) as {
      tasks: { _id: string; kind: string; url: string; picture: { url: string } | null }[];
      count: number;
      pageSize: number;
    };
    expect(body.count).toBe(6);
    expect(body.pageSize).toBe(50);
    expect(body.tasks[0]?.url).toBe(`${ORIGIN}/writing/tasks/${body.tasks[0]?._id}`);
    const academic = (await (
      await api("GET", "/api/writing/tasks?kind=academic-task-1")
    ).json()) as {
      tasks: { kind: string; picture: { url: string; alt: string } | null }[];
    };
    expect(academic.tasks.map((task) => task.kind)).toEqual(["academic-task-1", "academic-task-1"]);
    for (const task of academic.tasks)
      expect(task.picture?.url).toMatch(new RegExp(`^${ORIGIN}/images/writing/[\\w-]+\\.svg$`));
    const again = await site.app.request(`${ORIGIN}/api/writing/tasks`, {
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    for (const [query, message] of [
      ["?kind=task-3", "kind must be one of academic-task-1, general-task-1, task-2"],
      ["?page=-1", "page must be a whole number from 0"],
      ["?page=two", "page must be a whole number from 0"],
    ]) {
      const refused = await api("GET", `/api/writing/tasks${query}`);
      expect(refused.status, query).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toContain(message);
    }
    expect(
      ((await (await api("GET", "/api/writing/tasks?page=1")).json()) as { tasks: [] }).tasks,
    ).toEqual([]);
  });

  it("gives one published task with its prompt rendered; a draft, a deleted or an unknown one is 404 to all", async () => {
    const [first] = (
      (await (await api("GET", "/api/writing/tasks")).json()) as {
        tasks: { _id: string }[];
      }
    ).tasks;
    const one = await api("GET", `/api/writing/tasks/${first?._id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({
      _id: first?._id,
      prompt: expect.any(String),
      promptHtml: expect.stringContaining("<p>"),
    });
    const draft = await insertWritingTask(db(), { status: "draft" });
    const withdrawn = await insertWritingTask(db());
    await db()
      .updateTable("writing_tasks")
      .set({ withdrawn_at: new Date().toISOString() })
      .where("id", "=", withdrawn)
      .execute();
    for (const id of [draft, withdrawn, "no-such-task", "x".repeat(300)]) {
      for (const who of [undefined, student, owner]) {
        const answer = await api("GET", `/api/writing/tasks/${id}`, who);
        expect(answer.status, id).toBe(404);
        expect(await answer.json()).toEqual({ message: "No Writing task has this id." });
      }
    }
  });

  it("lets an owner write, change and delete a task; anyone else gets 401 or 403 and nothing changes", async () => {
    const before = await rows();
    const body = { kind: "task-2", title: "Screens", prompt: "Discuss.", status: "published" };
    for (const [who, status] of [
      [undefined, 401],
      [student, 403],
    ] as const) {
      expect((await api("POST", "/api/writing/tasks", who, body)).status).toBe(status);
      expect((await api("PATCH", `/api/writing/tasks/${before[0]?.id}`, who, body)).status).toBe(
        status,
      );
      expect((await api("DELETE", `/api/writing/tasks/${before[0]?.id}`, who)).status).toBe(status);
    }
    expect(await rows()).toEqual(before);

    const created = await api("POST", "/api/writing/tasks", owner, {
      ...body,
      id: "chosen",
      created_by: student.id,
    });
    expect(created.status).toBe(201);
    const { insertedId } = (await created.json()) as { insertedId: string };
    expect(insertedId).not.toBe("chosen");
    expect(
      await db()
        .selectFrom("writing_tasks")
        .select(["created_by", "minutes", "minimum_words", "status"])
        .where("id", "=", insertedId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ created_by: owner.id, minutes: 40, minimum_words: 250, status: "published" });
    expect((await api("GET", `/api/writing/tasks/${insertedId}`)).status).toBe(200);

    // Only the fields sent change.
    const patched = await api("PATCH", `/api/writing/tasks/${insertedId}`, owner, {
      status: "draft",
      minutes: 35,
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toEqual({ modifiedCount: 1 });
    expect(
      await db()
        .selectFrom("writing_tasks")
        .select(["title", "minutes", "status"])
        .where("id", "=", insertedId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ title: "Screens", minutes: 35, status: "draft" });
    expect((await api("GET", `/api/writing/tasks/${insertedId}`)).status).toBe(404);

    const deleted = await api("DELETE", `/api/writing/tasks/${insertedId}`, owner);
    expect(await deleted.json()).toEqual({ deletedCount: 1 });
    for (const [method, status] of [
      ["DELETE", 404],
      ["PATCH", 404],
    ] as const)
      expect(
        (await api(method, `/api/writing/tasks/${insertedId}`, owner, { title: "x" })).status,
      ).toBe(status);
    expect(site.app.securityEvents).toContainEqual(
      expect.objectContaining({
        event: "access-refused",
        reason: "not-owner",
        status: 403,
        userId: student.id,
        route: "POST /api/writing/tasks",
      }),
    );
  });

  it("refuses bad input with a 400 that says what is wrong, and changes nothing", async () => {
    // A task still there: one an earlier test withdrew answers 404 whatever is sent.
    const taskId = (await rows()).find((row) => row.withdrawn_at === null)?.id ?? "";
    const before = await rows();
    const cases: [string, string, unknown, string][] = [
      ["POST", "/api/writing/tasks", {}, "Please choose the kind of task"],
      [
        "POST",
        "/api/writing/tasks",
        { kind: "task-2", title: "T" },
        "Please write the task's prompt",
      ],
      ["POST", "/api/writing/tasks", [1, 2], "Send a JSON object."],
      [
        "POST",
        "/api/writing/tasks",
        { kind: "task-2", title: "T", prompt: "P", minutes: 500 },
        "whole number from 1 to 120",
      ],
      [
        "POST",
        "/api/writing/tasks",
        { kind: "academic-task-1", title: "T", prompt: "P", status: "published" },
        "needs its picture",
      ],
      [
        "POST",
        "/api/writing/tasks",
        { kind: "task-2", title: "T", prompt: "P", pictureUrl: "https://evil.example/a.png" },
        "uploaded to this site",
      ],
      [
        "POST",
        "/api/writing/tasks",
        {
          kind: "task-2",
          title: "T",
          prompt: "P",
          pictureUrl: "/images/writing/harlow-bay-museum-visitors.svg",
          pictureAlt: "A graph",
        },
        "Only an Academic Task 1",
      ],
      ["PATCH", `/api/writing/tasks/${taskId}`, { title: "" }, "Please write a title."],
      ["PATCH", `/api/writing/tasks/${taskId}`, { kind: { $ne: 1 } }, "kind of task"],
      ["PATCH", `/api/writing/tasks/${taskId}`, "text", "Send a JSON object."],
    ];
    for (const [method, path, body, message] of cases) {
      const refused = await api(method, path, owner, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(
        ((await refused.json()) as { message: string }).message,
        JSON.stringify(body),
      ).toContain(message);
    }
    const broken = await site.app.request(`${ORIGIN}/api/writing/tasks`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it("takes an Academic Task 1's picture as a multipart file, and gives back its address to keep it", async () => {
    const fields = {
      kind: "academic-task-1",
      title: "Rainfall in four cities",
      prompt: "The chart below shows rainfall.",
      pictureAlt: "A bar chart of rainfall in four cities.",
      minutes: "",
      status: "published",
    };
    const image = {
      bytes: await picture("jpeg", 1000, 700),
      name: "chart.jpg",
      type: "image/jpeg",
    };
    const anonymous = await sendMultipart(site.app, "POST", "/api/writing/tasks", fields, {
      picture: image,
    });
    expect(anonymous.status).toBe(401);
    const garbage = await sendMultipart(
      site.app,
      "POST",
      "/api/writing/tasks",
      fields,
      { picture: { bytes: new Uint8Array([1, 2, 3]), name: "a.jpg", type: "image/jpeg" } },
      { authorization: `Bearer ${owner.token}`, "x-forwarded-for": from() },
    );
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({ message: "Please choose a JPEG, PNG or WebP image." });
    const created = await sendMultipart(
      site.app,
      "POST",
      "/api/writing/tasks",
      fields,
      { picture: image },
      { authorization: `Bearer ${owner.token}`, "x-forwarded-for": from() },
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const { insertedId } = (await created.json()) as { insertedId: string };
    const task = (await (await api("GET", `/api/writing/tasks/${insertedId}`)).json()) as {
      picture: { url: string; alt: string };
      minutes: number;
    };
    expect(task.picture.url).toMatch(
      new RegExp(`^${ORIGIN}/images/uploads/[0-9a-f-]{36}-1000\\.webp$`),
    );
    expect(task.minutes).toBe(20);
    expect((await site.app.request(task.picture.url)).status).toBe(200);
    // The absolute address sent back keeps the same picture.
    const kept = await api("PATCH", `/api/writing/tasks/${insertedId}`, owner, {
      pictureUrl: task.picture.url,
      title: "Rainfall",
    });
    expect(kept.status).toBe(200);
    expect(
      (
        await db()
          .selectFrom("writing_tasks")
          .select("picture_url")
          .where("id", "=", insertedId)
          .executeTakeFirstOrThrow()
      ).picture_url,
    ).toBe(task.picture.url.replace(ORIGIN, ""));
  });
});

describe.each(engines)("the owner's Writing task pages and the students' on %s", (engine) => {
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  const db = () => site.database.db;
  type Person = Awaited<ReturnType<typeof signUpWithToken>>;
  let owner: Person;
  let student: Person;
  let address = 0;
  const from = () => ({
    "x-forwarded-for": `10.40.${Math.floor(++address / 250)}.${address % 250}`,
  });
  const page = (path: string, who?: Person | null) =>
    site.app.request(`${ORIGIN}${path}`, {
      headers: { ...from(), ...(who ? { cookie: who.cookie } : {}) },
    });
  const send = (path: string, fields: Record<string, string>, who: Person | null = owner) =>
    postForm(site.app, path, fields, { ...from(), ...(who ? { cookie: who.cookie } : {}) });
  const taskFields = (overrides: Record<string, string> = {}) => ({
    intent: "save",
    kind: "general-task-1",
    title: "A noisy neighbour",
    prompt: "Write to your neighbour.\nIn your letter\n\n- say what happened\n- suggest a solution",
    pictureAlt: "",
    minutes: "",
    minimumWords: "",
    status: "draft",
    ...overrides,
  });

  beforeAll(async () => {
    await seedWritingTasksIfEmpty(db());
    owner = await signUpWithToken(site.app, db(), { name: "The Teacher" });
    await makeOwner(db(), owner.email);
    student = await signUpWithToken(site.app, db(), { name: "A Student" });
  });

  it("shows the owner's pages to owners only: 404 to a student or a visitor", async () => {
    const id = (await db().selectFrom("writing_tasks").select("id").executeTakeFirstOrThrow()).id;
    for (const path of [
      "/admin/writing/tasks",
      "/admin/writing/tasks/new",
      `/admin/writing/tasks/${id}/edit`,
      `/admin/writing/tasks/${id}/delete`,
    ]) {
      for (const who of [null, student]) expect((await page(path, who)).status, path).toBe(404);
      expect((await page(path, owner)).status, path).toBe(200);
    }
    const admin = await (await page("/admin", owner)).text();
    expect(admin).toContain('href="/admin/writing/tasks"');
  });

  it("writes a task on New, with errors beside the fields, a preview, and a toast after the redirect", async () => {
    const refused = await send(
      "/admin/writing/tasks/new",
      taskFields({ title: "", minutes: "500", kind: "task-2", pictureAlt: "x" }),
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const field = (name: string) =>
      new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(field("title")).toContain('aria-invalid="true"');
    expect(field("title")).toContain('aria-describedby="field-title-error"');
    expect(html).toContain('id="field-title-error"');
    expect(html).toContain("Please write a title.");
    expect(html).toContain("Please give the minutes as a whole number from 1 to 120");
    // What was typed comes back.
    expect(html).toContain("Write to your neighbour.");

    const preview = await send(
      "/admin/writing/tasks/new",
      taskFields({ intent: "preview", prompt: "Say **why**.\n<script>alert(1)</script>" }),
    );
    expect(preview.status).toBe(200);
    const previewed = await preview.text();
    expect(previewed).toContain("<strong>why</strong>");
    expect(previewed).not.toContain("<script>alert(1)");
    expect(await db().selectFrom("writing_tasks").select("id").execute()).toHaveLength(6);

    const saved = await send("/admin/writing/tasks/new", taskFields());
    expect(saved.status).toBe(302);
    const location = saved.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/writing\/tasks\/[^/]+\/edit$/);
    const edit = await site.app.request(`${ORIGIN}${location}`, {
      headers: { cookie: `${owner.cookie}; ${cookieHeader(saved)}` },
    });
    const editPage = await edit.text();
    expect(editPage).toContain("Draft saved: only you see it until you publish it.");
    expect(editPage).toContain('value="A noisy neighbour"');
    // The kind's defaults were taken, and the saved prompt's preview is there.
    expect(editPage).toContain('value="20"');
    expect(editPage).toContain('value="150"');
    expect(editPage).toContain("<li>say what happened</li>");
    const id = location.split("/")[4] ?? "";
    // A draft is the owner's: a student's and a visitor's 404, the owner's preview says so.
    for (const who of [null, student])
      expect((await page(`/writing/tasks/${id}`, who)).status).toBe(404);
    const ownerPreview = await (await page(`/writing/tasks/${id}`, owner)).text();
    expect(ownerPreview).toContain("only the owners see this task until it is published");
    expect(ownerPreview).toMatch(/<meta name="robots" content="noindex"\/?>/);

    const list = await (await page("/admin/writing/tasks?q=NOISY", owner)).text();
    expect(list).toContain("A noisy neighbour");
    expect(list).toContain("General Training Task 1 · 20 minutes · at least 150 words");
    expect(await (await page("/admin/writing/tasks?q=volcano", owner)).text()).toContain(
      "No task&#x27;s title or prompt holds &quot;volcano&quot;.",
    );

    const published = await send(
      `/admin/writing/tasks/${id}/edit`,
      taskFields({ status: "published" }),
    );
    expect(published.status).toBe(302);
    expect((await page(`/writing/tasks/${id}`, null)).status).toBe(200);
  });

  it("takes an Academic Task 1's picture on New and Edit, its description required, kept until removed", async () => {
    const fields = taskFields({
      kind: "academic-task-1",
      title: "Rainfall in four cities",
      prompt: "The chart below shows rainfall.",
      status: "published",
    });
    const image = { bytes: await picture("png", 900, 600), name: "chart.png", type: "image/png" };
    const noDescription = await postMultipart(
      site.app,
      "/admin/writing/tasks/new",
      fields,
      { picture: image },
      owner.cookie,
    );
    expect(noDescription.status).toBe(400);
    const refusedPage = await noDescription.text();
    expect(refusedPage).toContain("Please describe the picture in words");
    expect(/<textarea[^>]*name="pictureAlt"[^>]*>/.exec(refusedPage)?.[0]).toContain(
      'aria-invalid="true"',
    );
    expect(refusedPage).toContain("please choose it again before saving");

    const saved = await postMultipart(
      site.app,
      "/admin/writing/tasks/new",
      { ...fields, pictureAlt: "A bar chart of rainfall in four cities." },
      { picture: image },
      owner.cookie,
    );
    expect(saved.status).toBe(302);
    const id = (saved.headers.get("location") ?? "").split("/")[4] ?? "";
    const stored = async () =>
      db()
        .selectFrom("writing_tasks")
        .select(["picture_url", "picture_alt"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    const { picture_url: url } = await stored();
    expect(url).toMatch(/^\/images\/uploads\/[0-9a-f-]{36}-900\.webp$/);
    const taskPage = await (await page(`/writing/tasks/${id}`, null)).text();
    expect(taskPage).toContain(`src="${url}"`);
    expect(taskPage).toContain('alt="A bar chart of rainfall in four cities."');

    // Saved again without a file, the picture stays; removed, it goes, and publishing is refused.
    const again = await send(`/admin/writing/tasks/${id}/edit`, {
      ...fields,
      pictureUrl: url ?? "",
      pictureAlt: "A bar chart of rainfall.",
    });
    expect(again.status).toBe(302);
    expect(await stored()).toEqual({ picture_url: url, picture_alt: "A bar chart of rainfall." });
    const removed = await send(`/admin/writing/tasks/${id}/edit`, {
      ...fields,
      pictureUrl: url ?? "",
      removePicture: "on",
    });
    expect(removed.status).toBe(400);
    expect(await removed.text()).toContain("needs its picture");
    expect((await stored()).picture_url).toBe(url);
  });

  it("shows the published tasks by kind on /writing, and a task with its ways to start", async () => {
    const writing = await page("/writing", null);
    expect(writing.status).toBe(200);
    const html = await writing.text();
    expect(html).toContain("<title>Writing practice - IELTS Hub</title>");
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\/writing"\/?>/);
    const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
    const headings = [...main.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((match) => match[1]);
    expect(headings).toEqual(["Academic Task 1", "General Training Task 1", "Task 2"]);
    expect(html).toContain("Museum visitors in Harlow Bay");
    expect(html).toContain("Cars in the city centre");
    expect(html).toContain('href="/writing"');

    const id = (
      await db()
        .selectFrom("writing_tasks")
        .select("id")
        .where("title", "=", "Museum visitors in Harlow Bay")
        .executeTakeFirstOrThrow()
    ).id;
    const visitor = await (await page(`/writing/tasks/${id}`, null)).text();
    expect(visitor).toContain("Academic Task 1");
    expect(visitor).toContain("20 minutes · at least 150 words");
    expect(visitor).toContain('src="/images/writing/harlow-bay-museum-visitors.svg');
    expect(visitor).toContain("A line graph of yearly visitors to three museums");
    // A visitor is asked to sign in, and comes back to the task.
    expect(visitor).toContain(
      `href="/login?redirectTo=${encodeURIComponent(`/writing/tasks/${id}`)}"`,
    );
    expect(visitor).not.toContain("Start timed");
    const signedIn = await (await page(`/writing/tasks/${id}`, student)).text();
    expect(signedIn).toContain(`href="/writing/tasks/${id}/write?timed=1"`);
    expect(signedIn).toContain(`href="/writing/tasks/${id}/write"`);
    expect(signedIn).toContain("Start timed");
    expect(signedIn).toContain("Practise untimed");
    for (const path of ["/writing/tasks/no-such-task", `/writing/tasks/${"x".repeat(200)}`])
      expect((await page(path, null)).status).toBe(404);
    const sitemap = await (await page("/sitemap.xml", null)).text();
    expect(sitemap).toContain(`/writing/tasks/${id}</loc>`);
    expect(sitemap).toContain("/writing</loc>");
  });

  it("deletes a task after asking, keeping its answers; the address then answers 404", async () => {
    const taskId = await insertWritingTask(db(), { title: "To be withdrawn" });
    await insertWritingAnswer(db(), { taskId, authorId: student.id });
    const asking = await (await page(`/admin/writing/tasks/${taskId}/delete`, owner)).text();
    expect(asking).toContain("The answers students already wrote to it are kept");
    const studentTries = await send(`/admin/writing/tasks/${taskId}/delete`, {}, student);
    expect(studentTries.status).toBe(404);
    const deleted = await send(`/admin/writing/tasks/${taskId}/delete`, {});
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/admin/writing/tasks");
    expect((await page(`/writing/tasks/${taskId}`, null)).status).toBe(404);
    expect((await page(`/admin/writing/tasks/${taskId}/edit`, owner)).status).toBe(404);
    expect(
      await db()
        .selectFrom("writing_submissions")
        .select("id")
        .where("task_id", "=", taskId)
        .execute(),
    ).toHaveLength(1);
  });

  it("keeps the owner's task and its picture when the owner deletes their account", async () => {
    const teacher = await signUpWithToken(site.app, db(), { name: "Leaving Teacher" });
    await makeOwner(db(), teacher.email);
    const saved = await postMultipart(
      site.app,
      "/admin/writing/tasks/new",
      taskFields({
        kind: "academic-task-1",
        title: "A teacher's chart",
        pictureAlt: "A pie chart.",
        status: "published",
      }),
      { picture: { bytes: await picture("png", 700, 500), name: "pie.png", type: "image/png" } },
      teacher.cookie,
    );
    expect(saved.status).toBe(302);
    const id = (saved.headers.get("location") ?? "").split("/")[4] ?? "";
    const deleted = await deleteAccount(db(), {
      userId: teacher.id,
      confirmation: { kind: "password", password: teacher.password },
      address: "10.40.255.1",
      verifyPassword: async () => true,
      authSecret: (await site.app.auth.$context).secret,
      siteUrl: ORIGIN,
    });
    expect(deleted.ok).toBe(true);
    const task = await db()
      .selectFrom("writing_tasks")
      .select(["created_by", "picture_url"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(task.created_by).toBeNull();
    expect((await site.app.request(`${ORIGIN}${task.picture_url}`)).status).toBe(200);
  });

  it("gives the New and Edit pages' data addresses the picture's room, and no other writing page", async () => {
    const id = (await db().selectFrom("writing_tasks").select("id").executeTakeFirstOrThrow()).id;
    const big = { bytes: new Uint8Array(100 * 1024), name: "a.png", type: "image/png" };
    for (const path of ["/admin/writing/tasks/new.data", `/admin/writing/tasks/${id}/edit.data`]) {
      const answer = await postMultipart(
        site.app,
        path,
        { intent: "preview", prompt: "x" },
        { picture: big },
        owner.cookie,
      );
      expect(answer.status, path).not.toBe(413);
    }
    for (const path of [
      "/admin/writing/tasks.data",
      `/admin/writing/tasks/${id}/delete.data`,
      "/writing.data",
    ]) {
      const answer = await postMultipart(
        site.app,
        path,
        { x: "y" },
        { picture: big },
        owner.cookie,
      );
      expect(answer.status, path).toBe(413);
    }
  });
});
