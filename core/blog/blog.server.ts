import type { DB } from "../../db/index.ts";
import { inlineLimit } from "../../db/inline-limit.ts";
import { toDate } from "../../db/schema.ts";
import type { SignedInUser } from "../accounts/signed-in-user.ts";
import { MAX_POST_SLUG_LENGTH } from "../limits/field-limits.ts";
import { renderPostBodyAbsolute } from "./post-body.server.ts";
import { findTag, type Tag, tagsOfPosts } from "./post-tags.server.ts";
import {
  type FeatureImage,
  type PostRow,
  type PostSummary,
  type PostView,
  toPostSummary,
  toPostView,
} from "./post-views.server.ts";

export type { FeatureImage, PostSummary, PostView, Tag };

/** /blog shows ten posts a page; pages are counted from 0 here (decision 0004). */
export const POSTS_PAGE_SIZE = 10;

export interface PostPage {
  posts: PostSummary[];
  /** How many published posts there are in all (with the tag, when one is asked for). */
  count: number;
  /** The tag asked for; undefined when none was, or no tag has that address. */
  tag?: Tag;
}

function published(db: DB) {
  return db.selectFrom("posts").where("posts.status", "=", "published");
}

/**
 * Published posts, newest first, `POSTS_PAGE_SIZE` a page; with `tag` (its address), only those
 * carrying it. An unknown tag is an empty page without a `tag`.
 */
export async function listPublishedPosts(
  db: DB,
  { page = 0, tag, size = POSTS_PAGE_SIZE }: { page?: number; tag?: string; size?: number } = {},
): Promise<PostPage> {
  let tagged: Tag | undefined;
  if (tag !== undefined) {
    tagged = await findTag(db, tag);
    if (!tagged) return { posts: [], count: 0 };
  }
  const withTag = <Q extends ReturnType<typeof published>>(query: Q): Q =>
    tagged
      ? (query.where((eb) =>
          eb.exists(
            eb
              .selectFrom("post_tags")
              .innerJoin("tags", "tags.id", "post_tags.tag_id")
              .select("post_tags.post_id")
              .whereRef("post_tags.post_id", "=", "posts.id")
              .where("tags.slug", "=", (tagged as Tag).slug),
          ),
        ) as Q)
      : query;
  const [rows, total] = await Promise.all([
    withTag(published(db))
      .selectAll("posts")
      .orderBy("posts.published_at", "desc")
      .orderBy("posts.id", "desc")
      .limit(inlineLimit(size))
      .offset(page * size)
      .execute(),
    withTag(published(db))
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  const tags = await tagsOfPosts(
    db,
    rows.map((row) => row.id),
  );
  return {
    posts: rows.map((row) => toPostSummary(row, tags.get(row.id) ?? [])),
    count: Number(total.count),
    ...(tagged ? { tag: tagged } : {}),
  };
}

/** A neighbour of a post on the blog, for its "previous" and "next" links. */
export interface PostLink {
  slug: string;
  title: string;
}

export type PostLookup =
  | {
      found: true;
      post: PostView;
      /** The published post just older than this one, and just newer (none for a draft). */
      previous: PostLink | null;
      next: PostLink | null;
    }
  /** A post was deleted from this address: 410 Gone. */
  | { found: false; gone: true }
  | { found: false; gone: false };

/**
 * The post at /blog/{slug}: a published one for anyone; a draft or scheduled one for the owners
 * only (their preview), as if it did not exist for everyone else (404).
 */
export async function getPublishedPost(
  db: DB,
  slug: string,
  viewer: Pick<SignedInUser, "isOwner"> | null = null,
): Promise<PostLookup> {
  if (slug.length === 0 || slug.length > MAX_POST_SLUG_LENGTH) return { found: false, gone: false };
  const row = await db.selectFrom("posts").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!row || (row.status !== "published" && !viewer?.isOwner)) {
    const deleted = row
      ? undefined
      : await db
          .selectFrom("deleted_post_slugs")
          .select("slug")
          .where("slug", "=", slug)
          .executeTakeFirst();
    return { found: false, gone: deleted !== undefined };
  }
  const tags = (await tagsOfPosts(db, [row.id])).get(row.id) ?? [];
  const [previous, next] = row.status === "published" ? await neighboursOf(db, row) : [null, null];
  return { found: true, post: toPostView(row, tags), previous, next };
}

/** The published posts either side of `row` in the blog's order (newest first). */
async function neighboursOf(db: DB, row: PostRow): Promise<[PostLink | null, PostLink | null]> {
  const at = row.published_at as NonNullable<PostRow["published_at"]>;
  const [older, newer] = await Promise.all([
    published(db)
      .select(["slug", "title"])
      .where((eb) =>
        eb.or([
          eb("published_at", "<", at),
          eb.and([eb("published_at", "=", at), eb("id", "<", row.id)]),
        ]),
      )
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .limit(inlineLimit(1))
      .executeTakeFirst(),
    published(db)
      .select(["slug", "title"])
      .where((eb) =>
        eb.or([
          eb("published_at", ">", at),
          eb.and([eb("published_at", "=", at), eb("id", ">", row.id)]),
        ]),
      )
      .orderBy("published_at", "asc")
      .orderBy("id", "asc")
      .limit(inlineLimit(1))
      .executeTakeFirst(),
  ]);
  return [older ?? null, newer ?? null];
}

/** Every published post's address and last change, newest first: the sitemap and the feed. */
export async function listPublishedPostDates(
  db: DB,
  limit: number,
): Promise<{ slug: string; title: string; publishedAt: Date; updatedAt: Date }[]> {
  const rows = await published(db)
    .select(["slug", "title", "published_at", "updated_at"])
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(inlineLimit(limit))
    .execute();
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    publishedAt: new Date(row.published_at as string | Date),
    updatedAt: new Date(row.updated_at),
  }));
}

/** How many posts the blog's feed carries: enough for a reader who looks in once a month or so. */
export const FEED_POSTS = 20;

/** A post as the feed carries it: the whole text, every address on the site absolute. */
export interface FeedPost {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  featureImage: FeatureImage | null;
  tags: Tag[];
  publishedAt: Date;
  updatedAt: Date;
  contentHtml: string;
}

/** The newest published posts, whole, for /blog/feed.xml (`siteUrl`: BASE_URL). */
export async function listFeedPosts(
  db: DB,
  siteUrl: string,
  limit = FEED_POSTS,
): Promise<FeedPost[]> {
  const rows = await published(db)
    .selectAll()
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(inlineLimit(limit))
    .execute();
  const tags = await tagsOfPosts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const summary = toPostSummary(row, tags.get(row.id) ?? []);
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      excerpt: summary.excerpt,
      featureImage: summary.featureImage,
      tags: summary.tags,
      publishedAt: summary.publishedAt as Date,
      updatedAt: summary.updatedAt,
      contentHtml: renderPostBodyAbsolute(row.body, siteUrl),
    };
  });
}

/**
 * Every tag some published post carries, with the last change of those posts: the tags' pages
 * in the sitemap (a tag only drafts carry has no page).
 */
export async function listPublishedTagDates(
  db: DB,
  limit: number,
): Promise<{ slug: string; updatedAt: Date }[]> {
  const rows = await db
    .selectFrom("tags")
    .innerJoin("post_tags", "post_tags.tag_id", "tags.id")
    .innerJoin("posts", "posts.id", "post_tags.post_id")
    .where("posts.status", "=", "published")
    .groupBy("tags.slug")
    .select((eb) => ["tags.slug", eb.fn.max("posts.updated_at").as("updated_at")])
    .orderBy("tags.slug")
    .limit(inlineLimit(limit))
    .execute();
  return rows.map((row) => ({ slug: row.slug, updatedAt: toDate(row.updated_at) }));
}
