import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  getPublishedPost,
  listPublishedPosts,
  POSTS_PAGE_SIZE,
  type PostSummary,
  type PostView,
} from "../../core/blog/blog.server.ts";
import {
  createPost,
  deletePost,
  type PostRefusal,
  postInputSchema,
  publishPost,
  restoreRevision,
  schedulePost,
  unpublishPost,
  updatePost,
} from "../../core/blog/posts.server.ts";
import { ownUploadPath } from "../../core/images/uploaded-images.ts";
import type { WriteLimited } from "../../core/limits/rate-limit.server.ts";
import { absoluteUrl } from "../../core/site/site.ts";
import { getSiteSettings } from "../../core/site/site-settings.server.ts";
import { parsePublishAt } from "../../core/site/time-zones.ts";
import { publicJson } from "../http-caching.ts";
import { isJsonObject, problems, readJson } from "./bodies.ts";
import {
  type ApiOptions,
  type ApiUserEnv,
  refuseChange,
  requireApiOwner,
  requireApiUser,
  tooManyWrites,
  writerOf,
} from "./identity.ts";
import { idParameter, type Operation, refusal, TOO_MANY_WRITES } from "./operations.ts";
import {
  deletedSchema,
  insertedSchema,
  modifiedSchema,
  type PostJson,
  type PostSummaryJson,
  postPageSchema,
  postSchema,
} from "./schemas.ts";

const pageQuery = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number from 0" })
    .int("page must be a whole number from 0")
    .min(0, "page must be a whole number from 0")
    .max(1_000_000, "page is too large")
    .default(0),
  tag: z.string().max(100, "tag is too long").optional(),
});

const scheduleBody = z.object({
  publishAt: z
    .string({
      error: "Send publishAt: a date and time in the teacher's time zone, or with its offset.",
    })
    .meta({
      description:
        "`2026-12-01T09:30` in the teacher's time zone (the site's setting), or an instant with its offset.",
    }),
});

const POST_BODY_EXAMPLE = {
  title: "Five mistakes in Task 2 introductions",
  body: "Most introductions repeat the question word for word…",
  tags: ["writing", "task 2"],
  sendByEmail: false,
};
const postIdParameter = idParameter("post");
const postParameter = {
  post: { description: "The post's id.", example: "6d0f4f5e-2b1c-4c2a-9a51-1f7c1c2b9e10" },
};
/** Every refusal a write to a post may get (core/blog/posts.server.ts's PostRefusal). */
const postRefusals = {
  400: refusal(
    "A field is wrong, the body is no JSON object, or the time is not in the future.",
    "Please write a title.",
  ),
  404: refusal("No post has this id.", "No post has this id."),
  409: refusal("Another post has this address, or the post is published already."),
  429: TOO_MANY_WRITES,
} as const;
const ownersOnly = "Owners only: anyone else gets 403 before the body is read.";

/** The routes below, for the OpenAPI document (server/api/openapi.ts). */
export const postsOperations = {
  list: {
    method: "GET",
    path: "/api/posts",
    operationId: "listPosts",
    tag: "Blog",
    summary: "One page of published posts, newest first",
    description: "Pages count from 0. An unknown `tag` is an empty page.",
    access: "anyone",
    etag: true,
    query: [pageQuery],
    queryExample: { page: 0, tag: "writing" },
    responses: {
      200: { description: "The page's posts.", body: postPageSchema },
      400: refusal("A parameter is wrong.", "page must be a whole number from 0"),
    },
  },
  get: {
    method: "GET",
    // One path with PATCH and DELETE by id: the same template, whatever its name.
    path: "/api/posts/{post}",
    operationId: "getPost",
    tag: "Blog",
    summary: "One published post",
    access: "anyone",
    etag: true,
    pathParameters: {
      post: {
        description: "The post's address (its slug).",
        example: "five-mistakes-in-task-2-introductions",
      },
    },
    responses: {
      200: { description: "The post, rendered, with its neighbours.", body: postSchema },
      404: refusal("No published post has this address.", "No post has this address."),
      410: refusal("The post at this address was deleted.", "This post was deleted."),
    },
  },
  create: {
    method: "POST",
    path: "/api/posts",
    operationId: "createPost",
    tag: "Blog",
    summary: "Write a draft",
    description: `${ownersOnly} The address (slug) is made from the title when left out.`,
    access: "owner",
    body: { schema: postInputSchema, example: POST_BODY_EXAMPLE },
    responses: {
      201: {
        description: "Saved as a draft.",
        body: insertedSchema.extend({ slug: z.string() }),
        example: { insertedId: "2c7e…", slug: "five-mistakes-in-task-2-introductions" },
      },
      ...postRefusals,
    },
  },
  update: {
    method: "PATCH",
    path: "/api/posts/{post}",
    operationId: "updatePost",
    tag: "Blog",
    summary: "Change a post",
    description: `${ownersOnly} Every field is sent again, as the edit page sends them.`,
    access: "owner",
    pathParameters: postParameter,
    body: { schema: postInputSchema, example: POST_BODY_EXAMPLE },
    responses: {
      200: {
        description: "Changed.",
        body: modifiedSchema.extend({ slug: z.string() }),
      },
      ...postRefusals,
    },
  },
  delete: {
    method: "DELETE",
    path: "/api/posts/{post}",
    operationId: "deletePost",
    tag: "Blog",
    summary: "Delete a post",
    description: `${ownersOnly} Its address then answers 410.`,
    access: "owner",
    pathParameters: postParameter,
    responses: { 200: { description: "Deleted.", body: deletedSchema }, ...postRefusals },
  },
  publish: {
    method: "POST",
    path: "/api/posts/{id}/publish",
    operationId: "publishPost",
    tag: "Blog",
    summary: "Publish a post now",
    description: `${ownersOnly} Mailed to the newsletter's subscribers when it asks to be.`,
    access: "owner",
    pathParameters: postIdParameter,
    responses: {
      200: {
        description: "Published.",
        body: modifiedSchema.extend({
          emailed: z.boolean().meta({ description: "Whether it goes to the subscribers." }),
        }),
      },
      ...postRefusals,
    },
  },
  schedule: {
    method: "POST",
    path: "/api/posts/{id}/schedule",
    operationId: "schedulePost",
    tag: "Blog",
    summary: "Publish a post later",
    description: ownersOnly,
    access: "owner",
    pathParameters: postIdParameter,
    body: { schema: scheduleBody, example: { publishAt: "2026-12-01T09:30" } },
    responses: {
      200: {
        description: "Scheduled: the instant, and the time zone it was read in.",
        body: modifiedSchema.extend({ publishAt: z.iso.datetime(), timeZone: z.string() }),
        example: {
          modifiedCount: 1,
          publishAt: "2026-12-01T09:30:00.000Z",
          timeZone: "Europe/London",
        },
      },
      ...postRefusals,
    },
  },
  unpublish: {
    method: "POST",
    path: "/api/posts/{id}/unpublish",
    operationId: "unpublishPost",
    tag: "Blog",
    summary: "Take a post back to draft",
    description: ownersOnly,
    access: "owner",
    pathParameters: postIdParameter,
    responses: { 200: { description: "A draft again.", body: modifiedSchema }, ...postRefusals },
  },
  restoreRevision: {
    method: "POST",
    path: "/api/posts/{id}/revisions/{revisionId}/restore",
    operationId: "restorePostRevision",
    tag: "Blog",
    summary: "Bring back an earlier revision of a post",
    description: ownersOnly,
    access: "owner",
    pathParameters: {
      ...postIdParameter,
      revisionId: { description: "The revision's id.", example: "9b1e…" },
    },
    responses: { 200: { description: "Restored.", body: modifiedSchema }, ...postRefusals },
  },
} satisfies Record<string, Operation>;

/**
 * The blog in the JSON API (decision 0039): `GET /api/posts?page=&tag=` and `GET
 * /api/posts/{slug}` for anyone (published posts only; cacheable, with an ETag; 410 for a deleted
 * post's address); and for the owners, by the post's id: `POST /api/posts` (a draft), `PATCH`,
 * `DELETE`, `POST …/publish`, `…/schedule` (`publishAt`), `…/unpublish` and
 * `…/revisions/{revisionId}/restore`, with the pages' rules and write limits. Anyone else gets 401
 * or 403 before the body is read, logged.
 */
export function postsApi(options: ApiOptions) {
  const { db, baseUrl } = options;
  const api = new Hono<ApiUserEnv>();
  const apiUser = requireApiUser(options);
  const owner = requireApiOwner(options, OWNERS_ONLY);
  const absolute = (url: string) => absoluteUrl(url, baseUrl);

  const summaryJson = (post: PostSummary): PostSummaryJson => ({
    _id: post.id,
    slug: post.slug,
    url: `${baseUrl}/blog/${post.slug}`,
    title: post.title,
    excerpt: post.excerpt,
    featureImage: post.featureImage
      ? { url: absolute(post.featureImage.url), alt: post.featureImage.alt }
      : null,
    tags: post.tags,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    updatedAt: post.updatedAt.toISOString(),
    readingMinutes: post.readingMinutes,
  });
  const postJson = (post: PostView): Omit<PostJson, "previous" | "next"> => ({
    ...summaryJson(post),
    bodyHtml: post.bodyHtml,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
  });

  api.get("/posts", async (c) => {
    const given = Object.fromEntries(
      Object.entries(c.req.query()).filter(([, value]) => value !== ""),
    );
    const query = pageQuery.safeParse(given);
    if (!query.success) return c.json({ message: problems(query.error) }, 400);
    const { posts, count } = await listPublishedPosts(db, query.data);
    return publicJson(c, { posts: posts.map(summaryJson), count, pageSize: POSTS_PAGE_SIZE });
  });

  api.get("/posts/:slug", async (c) => {
    const found = await getPublishedPost(db, c.req.param("slug"));
    if (found.found) {
      const post: PostJson = {
        ...postJson(found.post),
        previous: found.previous,
        next: found.next,
      };
      return publicJson(c, post);
    }
    if (found.gone) return c.json({ message: "This post was deleted." }, 410);
    return c.json({ message: "No post has this address." }, 404);
  });

  const refused = (c: Context<ApiUserEnv>, refusal: PostRefusal | WriteLimited) => {
    switch (refusal.reason) {
      case "rate-limited":
        return tooManyWrites(c, options, refusal);
      case "not-found":
      case "not-allowed":
        return refuseChange(c, options, refusal.reason, {
          notFound: "No post has this id.",
          forbidden: OWNERS_ONLY,
        });
      case "slug-taken":
      case "already-published":
        return c.json({ message: refusal.message }, 409);
      default:
        return c.json({ message: refusal.message }, 400);
    }
  };

  /** The post's fields from the JSON body; an address of our own upload is kept as its path. */
  const readPostInput = async (c: Context<ApiUserEnv>) => {
    const body = await readJson(c);
    if (!isJsonObject(body)) return { ok: false as const, message: "Send a JSON object." };
    const input = postInputSchema.safeParse(body);
    if (!input.success) return { ok: false as const, message: problems(input.error) };
    const url = input.data.featureImageUrl;
    return {
      ok: true as const,
      input: { ...input.data, featureImageUrl: url ? (ownUploadPath(url, baseUrl) ?? url) : url },
    };
  };

  api.post("/posts", apiUser, owner, async (c) => {
    const read = await readPostInput(c);
    if (!read.ok) return c.json({ message: read.message }, 400);
    const created = await createPost(db, { writer: writerOf(c, options), input: read.input });
    if (!created.ok) return refused(c, created);
    return c.json({ insertedId: created.id, slug: created.slug }, 201);
  });

  api.patch("/posts/:id", apiUser, owner, async (c) => {
    const read = await readPostInput(c);
    if (!read.ok) return c.json({ message: read.message }, 400);
    const updated = await updatePost(db, {
      writer: writerOf(c, options),
      postId: c.req.param("id"),
      input: read.input,
    });
    if (!updated.ok) return refused(c, updated);
    return c.json({ modifiedCount: 1, slug: updated.slug });
  });

  api.delete("/posts/:id", apiUser, owner, async (c) => {
    const deleted = await deletePost(db, {
      writer: writerOf(c, options),
      postId: c.req.param("id"),
    });
    if (!deleted.ok) return refused(c, deleted);
    return c.json({ deletedCount: 1 });
  });

  api.post("/posts/:id/publish", apiUser, owner, async (c) => {
    const published = await publishPost(db, {
      writer: writerOf(c, options),
      postId: c.req.param("id"),
    });
    if (!published.ok) return refused(c, published);
    if (published.emailed) options.wakeMailWorker?.();
    return c.json({ modifiedCount: 1, emailed: published.emailed });
  });

  api.post("/posts/:id/schedule", apiUser, owner, async (c) => {
    const body = scheduleBody.safeParse(await readJson(c));
    if (!body.success) return c.json({ message: problems(body.error) }, 400);
    const { timeZone } = await getSiteSettings(db);
    const publishAt = parsePublishAt(body.data.publishAt, timeZone);
    if (!publishAt) {
      return c.json(
        {
          message: `publishAt is no date and time: send 2026-12-01T09:30 (in ${timeZone}) or an instant with its offset.`,
        },
        400,
      );
    }
    const scheduled = await schedulePost(db, {
      writer: writerOf(c, options),
      postId: c.req.param("id"),
      publishAt,
    });
    if (!scheduled.ok) return refused(c, scheduled);
    return c.json({ modifiedCount: 1, publishAt: publishAt.toISOString(), timeZone });
  });

  api.post("/posts/:id/unpublish", apiUser, owner, async (c) => {
    const unpublished = await unpublishPost(db, {
      writer: writerOf(c, options),
      postId: c.req.param("id"),
    });
    if (!unpublished.ok) return refused(c, unpublished);
    return c.json({ modifiedCount: 1 });
  });

  api.post("/posts/:id/revisions/:revisionId/restore", apiUser, owner, async (c) => {
    const restored = await restoreRevision(db, {
      writer: writerOf(c, options),
      postId: c.req.param("id"),
      revisionId: c.req.param("revisionId"),
    });
    if (!restored.ok) return refused(c, restored);
    return c.json({ modifiedCount: 1 });
  });

  return api;
}

const OWNERS_ONLY = "Only the site's owner writes blog posts.";
