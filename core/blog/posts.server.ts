import { sql } from "kysely";
import { z } from "zod";
import type { DB } from "../../db/index.ts";
import { inlineLimit } from "../../db/inline-limit.ts";
import { toDate } from "../../db/schema.ts";
import { isPlausibleId } from "../ids.ts";
import { type PreparedImage, storeImage } from "../images/images.server.ts";
import { isUploadedImage } from "../images/uploaded-images.ts";
import {
  MAX_POST_BODY_LENGTH,
  MAX_POST_EXCERPT_LENGTH,
  MAX_POST_IMAGE_ALT_LENGTH,
  MAX_POST_META_DESCRIPTION_LENGTH,
  MAX_POST_META_TITLE_LENGTH,
  MAX_POST_SLUG_LENGTH,
  MAX_POST_TAGS,
  MAX_POST_TITLE_LENGTH,
  MAX_TAG_LENGTH,
} from "../limits/field-limits.ts";
import { countWrite, type WriteLimited, type Writer } from "../limits/rate-limit.server.ts";
import { requiredText } from "../required-text.ts";
import { handToNewsletter } from "./post-newsletter.server.ts";
import {
  contentColumns,
  contentFromColumns,
  type PostContent,
  type PostRevision,
  recordRevision,
  revisionsOf,
} from "./post-revisions.server.ts";
import { SLUG_PATTERN, slugify, tagNames } from "./post-rules.ts";
import { deleteUnusedTags, setPostTags, tagSlug, tagsOfPosts } from "./post-tags.server.ts";
import {
  type PostRow,
  type PostStatus,
  type PostSummary,
  toPostSummary,
} from "./post-views.server.ts";

export type { PostContent, PostRevision, PostStatus };

const ALT_TEXT_MISSING = "Please describe the picture for readers who cannot see it.";

/** An optional text: empty means none (null). */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: "Please send text." })
    .trim()
    .max(max, tooLong)
    .transform((text) => (text === "" ? null : text))
    .nullish()
    .transform((text) => text ?? null);

/** A picture's address: one of the site's uploads, or an http(s) address elsewhere. */
const featureImageUrl = z
  .string({ error: "Please send the picture's address as text." })
  .trim()
  .max(2000, "This address is too long.")
  .refine(
    (url) => url === "" || isUploadedImage(url) || /^https?:\/\/[^\s/]+\S*$/i.test(url),
    "Please enter an address starting with http:// or https://.",
  )
  .transform((url) => (url === "" ? null : url))
  .nullish()
  .transform((url) => url ?? null);

const tagList = z
  .union([z.string(), z.array(z.string({ error: "Each tag is a text." }))], {
    error: "Please send the tags as text, separated by commas, or as a list.",
  })
  .nullish()
  .transform((tags) => (tags == null ? [] : tagNames(Array.isArray(tags) ? tags.join(",") : tags)))
  .pipe(
    z
      .array(
        z
          .string()
          .max(MAX_TAG_LENGTH, `A tag has at most ${MAX_TAG_LENGTH} characters.`)
          .refine((name) => tagSlug(name) !== "", "A tag needs a letter or a digit."),
      )
      .max(MAX_POST_TAGS, `At most ${MAX_POST_TAGS} tags.`),
  );

/** A checkbox (absent, "on") or a JSON boolean. */
const choice = z
  .union([z.boolean(), z.enum(["on", "true", "false", ""])], {
    error: "Please send true or false.",
  })
  .nullish()
  .transform((value) => value === true || value === "on" || value === "true");

/**
 * What the owner writes: the same fields on /admin/posts/new and /admin/posts/{id}/edit and in
 * `POST`/`PATCH /api/posts`. The slug may be left empty: it is then made from the title.
 */
export const postInputSchema = z
  .object({
    title: requiredText(
      "Please write a title.",
      MAX_POST_TITLE_LENGTH,
      `At most ${MAX_POST_TITLE_LENGTH} characters.`,
    ),
    slug: z
      .string({ error: "Please send the address as text." })
      .trim()
      .toLowerCase()
      .max(MAX_POST_SLUG_LENGTH, `At most ${MAX_POST_SLUG_LENGTH} characters.`)
      .refine(
        (slug) => slug === "" || SLUG_PATTERN.test(slug),
        "Use only lower-case letters, digits and single hyphens between them.",
      )
      .nullish()
      .transform((slug) => slug || null),
    body: requiredText(
      "Please write the post.",
      MAX_POST_BODY_LENGTH,
      `At most ${MAX_POST_BODY_LENGTH.toLocaleString("en")} characters.`,
    ),
    excerpt: optionalText(
      MAX_POST_EXCERPT_LENGTH,
      `At most ${MAX_POST_EXCERPT_LENGTH} characters; leave it empty to use the first paragraph.`,
    ),
    featureImageUrl,
    featureImageAlt: optionalText(
      MAX_POST_IMAGE_ALT_LENGTH,
      `At most ${MAX_POST_IMAGE_ALT_LENGTH} characters.`,
    ),
    tags: tagList,
    metaTitle: optionalText(
      MAX_POST_META_TITLE_LENGTH,
      `At most ${MAX_POST_META_TITLE_LENGTH} characters.`,
    ),
    metaDescription: optionalText(
      MAX_POST_META_DESCRIPTION_LENGTH,
      `At most ${MAX_POST_META_DESCRIPTION_LENGTH} characters.`,
    ),
    sendByEmail: choice,
  })
  .refine((input) => !input.featureImageUrl || input.featureImageAlt, {
    path: ["featureImageAlt"],
    message: ALT_TEXT_MISSING,
  });

export type PostInput = z.infer<typeof postInputSchema>;

/**
 * Why a change to a post was refused: not an owner (403), no such post (404), its address taken
 * by another post, a picture without its description, or a state it cannot go from.
 */
export type PostRefusal =
  | { ok: false; reason: "not-allowed" | "not-found" }
  | {
      ok: false;
      reason: "slug-taken" | "missing-alt";
      field: "slug" | "featureImageAlt";
      message: string;
    }
  | { ok: false; reason: "not-in-future" | "already-published"; message: string };

const NOT_ALLOWED = { ok: false, reason: "not-allowed" } as const;
const NOT_FOUND = { ok: false, reason: "not-found" } as const;
const SLUG_TAKEN = {
  ok: false,
  reason: "slug-taken",
  field: "slug",
  message: "Another post has this address. Please choose another.",
} as const;
const MISSING_ALT = {
  ok: false,
  reason: "missing-alt",
  field: "featureImageAlt",
  message: ALT_TEXT_MISSING,
} as const;

/** A post as the owner edits it. */
export interface OwnerPost extends PostContent {
  id: string;
  status: PostStatus;
  sendByEmail: boolean;
  /** When a scheduled post goes out. */
  publishAt: Date | null;
  publishedAt: Date | null;
  /** When it was handed to the newsletter (it never is again). */
  emailedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** TRUE or FALSE as SQL: a boolean column on PostgreSQL, 1 or 0 on SQLite. */
const asBoolean = (value: boolean) => (value ? sql<boolean>`true` : sql<boolean>`false`);

async function findRow(db: DB, postId: string): Promise<PostRow | undefined> {
  if (!isPlausibleId(postId)) return undefined;
  return db.selectFrom("posts").selectAll().where("id", "=", postId).executeTakeFirst();
}

async function slugTakenByAnother(db: DB, slug: string, postId: string | null): Promise<boolean> {
  const row = await db
    .selectFrom("posts")
    .select("id")
    .where("slug", "=", slug)
    .$if(postId !== null, (query) => query.where("id", "<>", postId as string))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The address made from the title, with -2, -3… when another post or a deleted post's address
 * (which answers 410 Gone) has it.
 */
async function freeSlugFrom(db: DB, title: string, postId: string | null): Promise<string> {
  const base = slugify(title) || "post";
  const taken = new Set(
    (
      await db
        .selectFrom("posts")
        .select("slug")
        .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
        .$if(postId !== null, (query) => query.where("id", "<>", postId as string))
        .union(
          db
            .selectFrom("deleted_post_slugs")
            .select("slug")
            .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)])),
        )
        .execute()
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let number = 2; ; number++) {
    const suffix = `-${number}`;
    const candidate = `${base.slice(0, MAX_POST_SLUG_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The post's content from the input: its address settled, the uploaded picture stored. */
async function contentFrom(
  db: DB,
  {
    input,
    upload,
    writer,
    postId,
    currentSlug,
  }: {
    input: PostInput;
    upload: PreparedImage | undefined;
    writer: Writer;
    postId: string | null;
    currentSlug: string | null;
  },
): Promise<{ ok: true; content: PostContent } | PostRefusal> {
  if (upload && !input.featureImageAlt) return MISSING_ALT;
  let slug: string;
  if (input.slug) {
    if (await slugTakenByAnother(db, input.slug, postId)) return SLUG_TAKEN;
    slug = input.slug;
  } else {
    // An edit without an address keeps the post's; a new post gets one from its title.
    slug = currentSlug ?? (await freeSlugFrom(db, input.title, postId));
  }
  const uploadedUrl = upload ? await storeImage(db, upload, writer.userId) : undefined;
  const imageUrl = uploadedUrl ?? input.featureImageUrl;
  return {
    ok: true,
    content: {
      title: input.title,
      slug,
      body: input.body,
      excerpt: input.excerpt,
      featureImageUrl: imageUrl,
      featureImageAlt: imageUrl ? input.featureImageAlt : null,
      metaTitle: input.metaTitle,
      metaDescription: input.metaDescription,
      tags: input.tags,
    },
  };
}

/** Writes the content and its tags, keeps the save as a revision, and frees a deleted address it takes. */
async function saveContent(
  trx: DB,
  { postId, content, authorId }: { postId: string; content: PostContent; authorId: string },
  now: Date,
) {
  await setPostTags(trx, postId, content.tags);
  await trx.deleteFrom("deleted_post_slugs").where("slug", "=", content.slug).execute();
  await recordRevision(trx, { postId, content, authorId }, now);
}

/** The owner starts a post: a draft, kept as its first revision. Counted against the write limits. */
export async function createPost(
  db: DB,
  { writer, input, upload }: { writer: Writer; input: PostInput; upload?: PreparedImage },
  now = new Date(),
): Promise<{ ok: true; id: string; slug: string } | PostRefusal | WriteLimited> {
  if (!writer.isOwner) return NOT_ALLOWED;
  const limited = await countWrite(db, writer);
  if (limited) return limited;
  const made = await contentFrom(db, { input, upload, writer, postId: null, currentSlug: null });
  if (!made.ok) return made;
  const { content } = made;
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("posts")
      .values({
        id,
        ...contentColumns(content),
        status: "draft",
        publish_at: null,
        published_at: null,
        send_by_email: asBoolean(input.sendByEmail),
        emailed_at: null,
        emailed_issue_id: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        created_by: writer.userId,
        updated_by: writer.userId,
      })
      .execute();
    await saveContent(trx, { postId: id, content, authorId: writer.userId }, now);
  });
  return { ok: true, id, slug: content.slug };
}

/**
 * The owner changes a post, whatever its status (a published post changes on the blog at once);
 * the save is kept as a revision. Counted against the write limits.
 */
export async function updatePost(
  db: DB,
  {
    writer,
    postId,
    input,
    upload,
  }: { writer: Writer; postId: string; input: PostInput; upload?: PreparedImage },
  now = new Date(),
): Promise<{ ok: true; slug: string } | PostRefusal | WriteLimited> {
  if (!writer.isOwner) return NOT_ALLOWED;
  const current = await findRow(db, postId);
  if (!current) return NOT_FOUND;
  const limited = await countWrite(db, writer);
  if (limited) return limited;
  const made = await contentFrom(db, {
    input,
    upload,
    writer,
    postId,
    currentSlug: current.slug,
  });
  if (!made.ok) return made;
  await writeContent(
    db,
    { postId, content: made.content, writer, sendByEmail: input.sendByEmail },
    now,
  );
  return { ok: true, slug: made.content.slug };
}

async function writeContent(
  db: DB,
  {
    postId,
    content,
    writer,
    sendByEmail,
  }: { postId: string; content: PostContent; writer: Writer; sendByEmail?: boolean },
  now: Date,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("posts")
      .set({
        ...contentColumns(content),
        ...(sendByEmail === undefined ? {} : { send_by_email: asBoolean(sendByEmail) }),
        updated_at: now.toISOString(),
        updated_by: writer.userId,
      })
      .where("id", "=", postId)
      .execute();
    await saveContent(trx, { postId, content, authorId: writer.userId }, now);
  });
}

/**
 * The owner brings back an earlier save of the post: its words, picture, tags and address (a
 * new revision, so the restore can itself be undone). Its status stays as it is.
 */
export async function restoreRevision(
  db: DB,
  { writer, postId, revisionId }: { writer: Writer; postId: string; revisionId: string },
  now = new Date(),
): Promise<{ ok: true } | PostRefusal | WriteLimited> {
  if (!writer.isOwner) return NOT_ALLOWED;
  if (!(await findRow(db, postId))) return NOT_FOUND;
  const revision = (await revisionsOf(db, postId)).find((kept) => kept.id === revisionId);
  if (!revision) return NOT_FOUND;
  if (await slugTakenByAnother(db, revision.content.slug, postId)) return SLUG_TAKEN;
  const limited = await countWrite(db, writer);
  if (limited) return limited;
  await writeContent(db, { postId, content: revision.content, writer }, now);
  return { ok: true };
}

/** The post's kept saves, newest first (the last 20), for the owner. */
export async function listRevisions(
  db: DB,
  { actor, postId }: { actor: Pick<Writer, "isOwner">; postId: string },
): Promise<PostRevision[] | undefined> {
  if (!actor.isOwner || !(await findRow(db, postId))) return undefined;
  return revisionsOf(db, postId);
}

/**
 * The owner publishes a draft or scheduled post now; it keeps the date it was first published,
 * if it was. A post to be sent by e-mail is handed to the newsletter, once ever: `emailed` says
 * it was just now (wake the mail worker).
 */
export async function publishPost(
  db: DB,
  { writer, postId }: { writer: Writer; postId: string },
  now = new Date(),
): Promise<{ ok: true; emailed: boolean } | PostRefusal | WriteLimited> {
  if (!writer.isOwner) return NOT_ALLOWED;
  const current = await findRow(db, postId);
  if (!current) return NOT_FOUND;
  const limited = await countWrite(db, writer);
  if (limited) return limited;
  const emailed = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("posts")
      .set((eb) => ({
        status: "published",
        publish_at: null,
        published_at: eb.fn.coalesce("published_at", eb.val(now.toISOString())),
        updated_at: now.toISOString(),
        updated_by: writer.userId,
      }))
      .where("id", "=", postId)
      .where("status", "<>", "published")
      .execute();
    return handToNewsletter(trx, postId, now);
  });
  return { ok: true, emailed };
}

/**
 * The owner has a draft (or an already scheduled post) published by itself at `publishAt`, an
 * instant in the future (the pages read it in the teacher's time zone). Any server process's
 * scheduler then publishes it (core/blog/post-schedule.server.ts). A published post is unpublished
 * first.
 */
export async function schedulePost(
  db: DB,
  { writer, postId, publishAt }: { writer: Writer; postId: string; publishAt: Date },
  now = new Date(),
): Promise<{ ok: true } | PostRefusal | WriteLimited> {
  if (!writer.isOwner) return NOT_ALLOWED;
  const current = await findRow(db, postId);
  if (!current) return NOT_FOUND;
  if (!(publishAt.getTime() > now.getTime())) {
    return { ok: false, reason: "not-in-future", message: "Please choose a time in the future." };
  }
  const limited = await countWrite(db, writer);
  if (limited) return limited;
  const updated = await db
    .updateTable("posts")
    .set({
      status: "scheduled",
      publish_at: publishAt.toISOString(),
      updated_at: now.toISOString(),
      updated_by: writer.userId,
    })
    .where("id", "=", postId)
    .where("status", "<>", "published")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    return {
      ok: false,
      reason: "already-published",
      message: "This post is published. Unpublish it first to schedule it.",
    };
  }
  return { ok: true };
}

/** The owner takes a post off the blog (back to a draft, with nothing scheduled). */
export async function unpublishPost(
  db: DB,
  { writer, postId }: { writer: Writer; postId: string },
  now = new Date(),
): Promise<{ ok: true } | PostRefusal | WriteLimited> {
  if (!writer.isOwner) return NOT_ALLOWED;
  if (!(await findRow(db, postId))) return NOT_FOUND;
  const limited = await countWrite(db, writer);
  if (limited) return limited;
  await db
    .updateTable("posts")
    .set({
      status: "draft",
      publish_at: null,
      updated_at: now.toISOString(),
      updated_by: writer.userId,
    })
    .where("id", "=", postId)
    .execute();
  return { ok: true };
}

/**
 * The owner deletes a post with its revisions and tags. Its address answers 410 Gone from then
 * on (until a new post takes it), so search engines drop it rather than retry.
 */
export async function deletePost(
  db: DB,
  { writer, postId }: { writer: Writer; postId: string },
  now = new Date(),
): Promise<{ ok: true } | PostRefusal | WriteLimited> {
  if (!writer.isOwner) return NOT_ALLOWED;
  const current = await findRow(db, postId);
  if (!current) return NOT_FOUND;
  const limited = await countWrite(db, writer);
  if (limited) return limited;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("posts").where("id", "=", postId).execute();
    await trx
      .insertInto("deleted_post_slugs")
      .values({ slug: current.slug, deleted_at: now.toISOString() })
      .onConflict((conflict) =>
        conflict.column("slug").doUpdateSet({ deleted_at: now.toISOString() }),
      )
      .execute();
    await deleteUnusedTags(trx);
  });
  return { ok: true };
}

/** A post as the owner edits it; undefined for anyone else or an unknown id. */
export async function getPostForOwner(
  db: DB,
  { actor, postId }: { actor: Pick<Writer, "isOwner">; postId: string },
): Promise<OwnerPost | undefined> {
  if (!actor.isOwner) return undefined;
  const row = await findRow(db, postId);
  if (!row) return undefined;
  const tags = (await tagsOfPosts(db, [row.id])).get(row.id) ?? [];
  return {
    id: row.id,
    ...contentFromColumns(
      row,
      tags.map((tag) => tag.name),
    ),
    status: row.status,
    sendByEmail: Boolean(row.send_by_email),
    publishAt: row.publish_at === null ? null : toDate(row.publish_at),
    publishedAt: row.published_at === null ? null : toDate(row.published_at),
    emailedAt: row.emailed_at === null ? null : toDate(row.emailed_at),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

export interface OwnerPostSummary extends PostSummary {
  status: PostStatus;
  publishAt: Date | null;
}

/** How many posts /admin/posts lists at most. */
export const OWNER_POSTS_LIMIT = 200;

/**
 * Every post for /admin/posts, whatever its status, the last changed first; `search` keeps
 * those whose title holds it (any case).
 */
export async function listPostsForOwner(
  db: DB,
  { actor, search = "" }: { actor: Pick<Writer, "isOwner">; search?: string },
): Promise<OwnerPostSummary[] | undefined> {
  if (!actor.isOwner) return undefined;
  const words = search.trim().slice(0, 100).toLowerCase();
  const rows = await db
    .selectFrom("posts")
    .selectAll()
    .$if(words !== "", (query) =>
      query.where(
        sql<boolean>`lower(title) like ${`%${words.replace(/[\\%_]/g, "\\$&")}%`} escape '\\'`,
      ),
    )
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(inlineLimit(OWNER_POSTS_LIMIT))
    .execute();
  const tags = await tagsOfPosts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...toPostSummary(row, tags.get(row.id) ?? []),
    status: row.status,
    publishAt: row.publish_at === null ? null : toDate(row.publish_at),
  }));
}
