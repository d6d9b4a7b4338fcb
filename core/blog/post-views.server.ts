import type { Selectable } from "kysely";
import type { PostStatus, PostsTable } from "../../db/schema.ts";
import { toDate } from "../../db/schema.ts";
import { renderPostBody } from "./post-body.server.ts";
import { excerptFromBody, readingMinutes } from "./post-rules.ts";
import type { Tag } from "./post-tags.server.ts";

export type { PostStatus };
export type PostRow = Selectable<PostsTable>;

export interface FeatureImage {
  url: string;
  alt: string;
}

/** A post in a list: /blog, a tag's page, the API's list. */
export interface PostSummary {
  id: string;
  slug: string;
  title: string;
  /** The owner's summary, or the first paragraph cut at a word. */
  excerpt: string;
  featureImage: FeatureImage | null;
  tags: Tag[];
  /** Null only for a post never published (an owner's preview). */
  publishedAt: Date | null;
  updatedAt: Date;
  readingMinutes: number;
}

/** A post's own page. */
export interface PostView extends PostSummary {
  status: PostStatus;
  /** When a scheduled post goes out (its owners' preview says so); null otherwise. */
  publishAt: Date | null;
  /** The Markdown rendered: safe to put in the page as it is (core/markdown.server.ts). */
  bodyHtml: string;
  /** What search engines and link previews show: the owner's, else the title and excerpt. */
  metaTitle: string;
  metaDescription: string;
}

export function featureImageOf(row: PostRow): FeatureImage | null {
  return row.feature_image_url
    ? { url: row.feature_image_url, alt: row.feature_image_alt ?? "" }
    : null;
}

export function toPostSummary(row: PostRow, tags: Tag[]): PostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt ?? excerptFromBody(row.body),
    featureImage: featureImageOf(row),
    tags,
    publishedAt: row.published_at === null ? null : toDate(row.published_at),
    updatedAt: toDate(row.updated_at),
    readingMinutes: readingMinutes(row.body),
  };
}

export function toPostView(row: PostRow, tags: Tag[]): PostView {
  const summary = toPostSummary(row, tags);
  return {
    ...summary,
    status: row.status,
    publishAt:
      row.status === "scheduled" && row.publish_at !== null ? toDate(row.publish_at) : null,
    bodyHtml: renderPostBody(row.body),
    metaTitle: row.meta_title ?? row.title,
    metaDescription: row.meta_description ?? summary.excerpt,
  };
}
