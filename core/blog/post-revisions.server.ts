import type { DB } from "../../db/index.ts";
import { toDate } from "../../db/schema.ts";

/** How many saves of a post are kept to look back at and restore. */
export const KEPT_REVISIONS = 20;

/** What a save leaves of a post: everything the owner writes, not its status or dates. */
export interface PostContent {
  title: string;
  slug: string;
  body: string;
  excerpt: string | null;
  featureImageUrl: string | null;
  featureImageAlt: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  tags: string[];
}

/** The content's columns, as both `posts` and `post_revisions` store them (tags apart). */
export function contentColumns(content: PostContent) {
  return {
    title: content.title,
    slug: content.slug,
    body: content.body,
    excerpt: content.excerpt,
    feature_image_url: content.featureImageUrl,
    feature_image_alt: content.featureImageAlt,
    meta_title: content.metaTitle,
    meta_description: content.metaDescription,
  };
}

/** A row of either table, as far as the content goes. */
type ContentColumns = ReturnType<typeof contentColumns>;

/** The content read back from those columns, with its tags. */
export function contentFromColumns(row: ContentColumns, tags: string[]): PostContent {
  return {
    title: row.title,
    slug: row.slug,
    body: row.body,
    excerpt: row.excerpt,
    featureImageUrl: row.feature_image_url,
    featureImageAlt: row.feature_image_alt,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    tags,
  };
}

export interface PostRevision {
  id: string;
  /** 1 for the first save, counting up. */
  number: number;
  createdAt: Date;
  /** Who saved it; null once their account is gone. */
  authorName: string | null;
  content: PostContent;
}

/** Keeps this save of the post and lets the oldest beyond the last `KEPT_REVISIONS` go. */
export async function recordRevision(
  trx: DB,
  { postId, content, authorId }: { postId: string; content: PostContent; authorId: string | null },
  now: Date,
): Promise<void> {
  const last = await trx
    .selectFrom("post_revisions")
    .select((eb) => eb.fn.max("number").as("number"))
    .where("post_id", "=", postId)
    .executeTakeFirst();
  const number = Number(last?.number ?? 0) + 1;
  await trx
    .insertInto("post_revisions")
    .values({
      id: crypto.randomUUID(),
      post_id: postId,
      number,
      ...contentColumns(content),
      tags: JSON.stringify(content.tags),
      author_id: authorId,
      created_at: now.toISOString(),
    })
    .execute();
  await trx
    .deleteFrom("post_revisions")
    .where("post_id", "=", postId)
    .where("number", "<=", number - KEPT_REVISIONS)
    .execute();
}

/** The post's kept saves, newest first. */
export async function revisionsOf(db: DB, postId: string): Promise<PostRevision[]> {
  const rows = await db
    .selectFrom("post_revisions")
    .leftJoin("users", "users.id", "post_revisions.author_id")
    .selectAll("post_revisions")
    .select("users.name as author_name")
    .where("post_revisions.post_id", "=", postId)
    .orderBy("post_revisions.number", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    createdAt: toDate(row.created_at),
    authorName: row.author_name,
    content: contentFromColumns(row, tagList(row.tags)),
  }));
}

function tagList(json: string): string[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? parsed.filter((tag) => typeof tag === "string") : [];
  } catch {
    return [];
  }
}
