import { type Context, Hono } from "hono";
import { z } from "zod";
import { readImageUpload } from "../../core/images/images.server.ts";
import type { WriteLimited } from "../../core/limits/rate-limit.server.ts";
import { absoluteUrl } from "../../core/site/site.ts";
import {
  getPublishedWritingTask,
  listPublishedWritingTasks,
  PUBLISHED_TASKS_PAGE_SIZE,
  type WritingTaskSummary,
  type WritingTaskView,
} from "../../core/writing/published-tasks.server.ts";
import {
  isTaskPictureAddress,
  mergeTaskChanges,
  writingTaskChangesSchema,
  writingTaskInputSchema,
} from "../../core/writing/task-input.ts";
import { WRITING_TASK_KINDS } from "../../core/writing/task-kinds.ts";
import {
  createWritingTask,
  getWritingTaskForOwner,
  updateWritingTask,
  type WritingTaskRefusal,
  withdrawWritingTask,
} from "../../core/writing/tasks.server.ts";
import { publicJson } from "../http-caching.ts";
import { isMultipart } from "../request-bodies.ts";
import { isJsonObject, problems, readJson, readMultipart } from "./bodies.ts";
import {
  type ApiOptions,
  type ApiUserEnv,
  refuseChange,
  requireApiOwner,
  requireApiUser,
  tooManyWrites,
  writerOf,
} from "./identity.ts";
import { type Operation, refusal, TOO_MANY_WRITES } from "./operations.ts";
import {
  deletedSchema,
  insertedSchema,
  modifiedSchema,
  type WritingTaskJson,
  type WritingTaskSummaryJson,
  writingTaskPageSchema,
  writingTaskSchema,
} from "./schemas.ts";

const listQuery = z.object({
  kind: z
    .enum(WRITING_TASK_KINDS, { error: `kind must be one of ${WRITING_TASK_KINDS.join(", ")}` })
    .optional()
    .meta({ description: "Only the tasks of this kind." }),
  page: z.coerce
    .number({ error: "page must be a whole number from 0" })
    .int("page must be a whole number from 0")
    .min(0, "page must be a whole number from 0")
    .max(1_000_000, "page is too large")
    .default(0),
});

/** The picture as a file beside the fields, as the New and Edit pages send it (decision 0028). */
const PICTURE_FIELD = "picture";
const MULTIPART = {
  jsonFields: [],
  files: {
    [PICTURE_FIELD]:
      "An Academic Task 1's chart, table, map or process: a JPEG, PNG or WebP of at most 5 MB, checked by its content and resized to WebP; it wins over `pictureUrl`.",
  },
} as const;

const TASK_BODY_EXAMPLE = {
  kind: "task-2",
  title: "Cars in the city centre",
  prompt:
    "Some people believe that city centres should be closed to private cars.\n\nDiscuss both views and give your own opinion.",
  minutes: 40,
  minimumWords: 250,
  status: "published",
};
const taskBody = {
  schema: writingTaskInputSchema,
  example: TASK_BODY_EXAMPLE,
  multipart: MULTIPART,
};

const NO_TASK = "No Writing task has this id.";
const OWNERS_ONLY = "Only the site's owner writes Writing tasks.";
const ownersOnly = "Owners only: anyone else gets 403 before the body is read.";
const taskParameter = {
  id: { description: "The task's id.", example: "6d0f4f5e-2b1c-4c2a-9a51-1f7c1c2b9e10" },
};
/** Every refusal a write to a task may get (core/writing/tasks.server.ts's WritingTaskRefusal). */
const taskRefusals = {
  400: refusal(
    "A field is wrong (the message of every wrong field), the body is no JSON object, or the picture is refused or missing.",
    "Please write the task's prompt: what the student is asked to write.",
  ),
  404: refusal("No task has this id, or it was deleted.", NO_TASK),
  429: TOO_MANY_WRITES,
} as const;

/** The routes below, for the OpenAPI document (server/api/openapi.ts). */
export const writingTasksOperations = {
  list: {
    method: "GET",
    path: "/api/writing/tasks",
    operationId: "listWritingTasks",
    tag: "Writing",
    summary: "One page of published Writing tasks, newest first",
    description: `Pages count from 0, ${PUBLISHED_TASKS_PAGE_SIZE} tasks a page. Drafts and deleted tasks are never listed.`,
    access: "anyone",
    etag: true,
    query: [listQuery],
    queryExample: { kind: "academic-task-1", page: 0 },
    responses: {
      200: { description: "The page's tasks.", body: writingTaskPageSchema },
      400: refusal(
        "A parameter is wrong.",
        "kind must be one of academic-task-1, general-task-1, task-2",
      ),
    },
  },
  get: {
    method: "GET",
    // One path with PATCH and DELETE: the same template, whatever its name.
    path: "/api/writing/tasks/{id}",
    operationId: "getWritingTask",
    tag: "Writing",
    summary: "One published Writing task, its prompt rendered",
    access: "anyone",
    etag: true,
    pathParameters: taskParameter,
    responses: {
      200: { description: "The task.", body: writingTaskSchema },
      404: refusal("No published task has this id (a draft, a deleted one or none).", NO_TASK),
    },
  },
  create: {
    method: "POST",
    path: "/api/writing/tasks",
    operationId: "createWritingTask",
    tag: "Writing",
    summary: "Write a Writing task",
    description: `${ownersOnly} A draft unless \`status\` says published. Minutes and minimum words left out take the kind's (20 and 150 for Task 1, 40 and 250 for Task 2). An Academic Task 1 is published only with its picture, which always needs its description (\`pictureAlt\`); no other kind has one. Send JSON, or \`multipart/form-data\` with the picture in \`picture\`.`,
    access: "owner",
    body: taskBody,
    responses: {
      201: {
        description: "Saved.",
        body: insertedSchema,
        example: { insertedId: "2c7e9a51-7d3e-4a8b-9c55-0e1f2a3b4c5d" },
      },
      ...taskRefusals,
    },
  },
  update: {
    method: "PATCH",
    path: "/api/writing/tasks/{id}",
    operationId: "updateWritingTask",
    tag: "Writing",
    summary: "Change a Writing task",
    description: `${ownersOnly} Only the fields sent change, and the task is then checked whole, as a new one is; null empties the picture and its description, and sets minutes and minimum words to the kind's. A published task changes for students at once; answers already written keep their text. JSON, or multipart with a new picture in \`picture\`.`,
    access: "owner",
    pathParameters: taskParameter,
    body: { ...taskBody, schema: writingTaskChangesSchema, example: { status: "published" } },
    responses: { 200: { description: "Changed.", body: modifiedSchema }, ...taskRefusals },
  },
  delete: {
    method: "DELETE",
    path: "/api/writing/tasks/{id}",
    operationId: "deleteWritingTask",
    tag: "Writing",
    summary: "Delete a Writing task",
    description: `${ownersOnly} It leaves every list, page and call at once (404); the answers students wrote to it are kept, with the task shown as withdrawn.`,
    access: "owner",
    pathParameters: taskParameter,
    responses: { 200: { description: "Deleted.", body: deletedSchema }, ...taskRefusals },
  },
} satisfies Record<string, Operation>;

/**
 * Writing tasks in the JSON API (decision 0057): `GET /api/writing/tasks?kind=&page=` and
 * `GET /api/writing/tasks/{id}` for anyone (published tasks only; cacheable, with an ETag); for
 * the owners, `POST /api/writing/tasks`, `PATCH` and `DELETE /api/writing/tasks/{id}`, through
 * the very use cases the owner's pages call, with their write limits. Anyone else gets 401 or
 * 403 before the body is read, logged.
 */
export function writingTasksApi(options: ApiOptions) {
  const { db, baseUrl } = options;
  const api = new Hono<ApiUserEnv>();
  const apiUser = requireApiUser(options);
  const owner = requireApiOwner(options, OWNERS_ONLY);

  const summaryJson = (task: WritingTaskSummary): WritingTaskSummaryJson => ({
    _id: task.id,
    kind: task.kind,
    kindName: task.kindName,
    title: task.title,
    url: `${baseUrl}/writing/tasks/${task.id}`,
    picture: task.picture
      ? { url: absoluteUrl(task.picture.url, baseUrl), alt: task.picture.alt }
      : null,
    minutes: task.minutes,
    minimumWords: task.minimumWords,
    publishedAt: task.publishedAt?.toISOString() ?? null,
    updatedAt: task.updatedAt.toISOString(),
  });
  const taskJson = (task: WritingTaskView): WritingTaskJson => ({
    ...summaryJson(task),
    prompt: task.prompt,
    promptHtml: task.promptHtml,
  });

  api.get("/writing/tasks", async (c) => {
    // An empty parameter means "not given", as a form's empty field does.
    const given = Object.fromEntries(
      Object.entries(c.req.query()).filter(([, value]) => value !== ""),
    );
    const query = listQuery.safeParse(given);
    if (!query.success) return c.json({ message: problems(query.error) }, 400);
    const { tasks, count } = await listPublishedWritingTasks(db, query.data);
    return publicJson(c, {
      tasks: tasks.map(summaryJson),
      count,
      pageSize: PUBLISHED_TASKS_PAGE_SIZE,
    });
  });

  api.get("/writing/tasks/:id", async (c) => {
    // Published only, for owners too: the API's answer is the same for everyone, and cacheable.
    const task = await getPublishedWritingTask(db, c.req.param("id"));
    if (!task) return c.json({ message: NO_TASK }, 404);
    return publicJson(c, taskJson(task));
  });

  /**
   * The picture's address as the site stores it: the API answers it absolute, and a client that
   * sends it back keeps the picture.
   */
  const storedPicturePath = (url: unknown) => {
    if (typeof url !== "string" || !url.startsWith(`${baseUrl}/`)) return url;
    const path = url.slice(baseUrl.length);
    return isTaskPictureAddress(path) ? path : url;
  };

  /**
   * The body's fields (JSON, or multipart's text fields) and the picture sent as a file. The
   * fields are read first, the picture only once they are: checked by content and resized, by
   * the very code the pages use. Nothing is stored here.
   */
  const readTaskBody = async (c: Context<ApiUserEnv>) => {
    const multipart = isMultipart(c) ? await readMultipart(c, [PICTURE_FIELD]) : undefined;
    if (multipart && !multipart.ok) return multipart;
    const body = multipart ? multipart.fields : await readJson(c);
    if (!isJsonObject(body)) return { ok: false as const, message: "Send a JSON object." };
    if (Object.hasOwn(body, "pictureUrl")) body.pictureUrl = storedPicturePath(body.pictureUrl);
    const readPicture = async () =>
      multipart
        ? readImageUpload(multipart.form, PICTURE_FIELD)
        : ({ ok: true, image: undefined } as const);
    return { ok: true as const, body, readPicture };
  };

  const refused = (c: Context<ApiUserEnv>, refusal: WritingTaskRefusal | WriteLimited) => {
    switch (refusal.reason) {
      case "rate-limited":
        return tooManyWrites(c, options, refusal);
      case "not-found":
      case "not-allowed":
        return refuseChange(c, options, refusal.reason, {
          notFound: NO_TASK,
          forbidden: OWNERS_ONLY,
        });
      default:
        return c.json({ message: refusal.message }, 400);
    }
  };

  api.post("/writing/tasks", apiUser, owner, async (c) => {
    const read = await readTaskBody(c);
    if (!read.ok) return c.json({ message: read.message }, 400);
    const input = writingTaskInputSchema.safeParse(read.body);
    if (!input.success) return c.json({ message: problems(input.error) }, 400);
    const picture = await read.readPicture();
    if (!picture.ok) return c.json({ message: picture.message }, 400);
    const created = await createWritingTask(db, {
      writer: writerOf(c, options),
      input: input.data,
      upload: picture.image,
    });
    if (!created.ok) return refused(c, created);
    return c.json({ insertedId: created.id }, 201);
  });

  // The task is found before the body is read: a change to an unknown one is a 404 whatever
  // was sent, and its picture is never decoded.
  api.patch("/writing/tasks/:id", apiUser, owner, async (c) => {
    const stored = await getWritingTaskForOwner(db, {
      actor: c.get("apiUser"),
      taskId: c.req.param("id"),
    });
    if (!stored) return refused(c, { ok: false, reason: "not-found" });
    const read = await readTaskBody(c);
    if (!read.ok) return c.json({ message: read.message }, 400);
    const input = mergeTaskChanges(stored, read.body);
    if (!input.success) return c.json({ message: problems(input.error) }, 400);
    const picture = await read.readPicture();
    if (!picture.ok) return c.json({ message: picture.message }, 400);
    const updated = await updateWritingTask(db, {
      writer: writerOf(c, options),
      taskId: stored.id,
      input: input.data,
      upload: picture.image,
    });
    if (!updated.ok) return refused(c, updated);
    return c.json({ modifiedCount: 1 });
  });

  api.delete("/writing/tasks/:id", apiUser, owner, async (c) => {
    const withdrawn = await withdrawWritingTask(db, {
      writer: writerOf(c, options),
      taskId: c.req.param("id"),
    });
    if (!withdrawn.ok) return refused(c, withdrawn);
    return c.json({ deletedCount: 1 });
  });

  return api;
}
