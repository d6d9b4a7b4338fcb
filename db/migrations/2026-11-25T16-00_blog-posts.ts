import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * The blog (decision 0039): posts the owner writes, their tags, the last revisions of each, and
 * the addresses of deleted posts (answered 410 Gone). A post is a draft, scheduled (published by
 * the scheduler of whichever process first sees `publish_at` pass) or published. A post sent to
 * the newsletter's subscribers records the issue that carried it, so it is never sent twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .alterTable("newsletter_issues")
    // The post a newsletter issue carries, when it is one: its copies link to it on the site.
    .addColumn("post_id", "text")
    .execute();
  await db.schema
    .createTable("posts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    /** Markdown, as the owner wrote it. */
    .addColumn("body", "text", (c) => c.notNull())
    /** Null: the first paragraph stands in. */
    .addColumn("excerpt", "text")
    .addColumn("feature_image_url", "text")
    .addColumn("feature_image_alt", "text")
    .addColumn("meta_title", "text")
    .addColumn("meta_description", "text")
    /** draft | scheduled | published */
    .addColumn("status", "text", (c) => c.notNull())
    /** When a scheduled post goes out. */
    .addColumn("publish_at", type.timestamp)
    /** The date a published post shows and sorts by. */
    .addColumn("published_at", type.timestamp)
    .addColumn("send_by_email", type.boolean, (c) => c.notNull().defaultTo(type.falseValue))
    /** Set once, when the post was handed to the newsletter: never sent again. */
    .addColumn("emailed_at", type.timestamp)
    .addColumn("emailed_issue_id", "text", (c) =>
      c.references("newsletter_issues.id").onDelete("set null"),
    )
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .addColumn("updated_at", type.timestamp, (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  // The blog's list and its previous/next links: published posts, newest first.
  await db.schema
    .createIndex("posts_published_newest_first")
    .on("posts")
    .columns(["status", "published_at desc", "id desc"])
    .execute();
  // The scheduler's question, asked every second by every process.
  await db.schema
    .createIndex("posts_scheduled_by_time")
    .on("posts")
    .columns(["status", "publish_at"])
    .execute();

  await db.schema
    .createTable("tags")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("post_tags")
    .addColumn("post_id", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("tag_id", "text", (c) => c.notNull().references("tags.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("post_tags_key", ["post_id", "tag_id"])
    .execute();
  await db.schema
    .createIndex("post_tags_by_tag")
    .on("post_tags")
    .columns(["tag_id", "post_id"])
    .execute();

  await db.schema
    .createTable("post_revisions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("post_id", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    /** 1, 2, 3… per post: the order of saves, which two saves in one millisecond keep too. */
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("excerpt", "text")
    .addColumn("feature_image_url", "text")
    .addColumn("feature_image_alt", "text")
    .addColumn("meta_title", "text")
    .addColumn("meta_description", "text")
    /** A JSON array of the tags' names. */
    .addColumn("tags", "text", (c) => c.notNull())
    .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .addUniqueConstraint("post_revisions_in_order", ["post_id", "number"])
    .execute();

  await db.schema
    .createTable("deleted_post_slugs")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("deleted_at", type.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("deleted_post_slugs").execute();
  await db.schema.dropTable("post_revisions").execute();
  await db.schema.dropTable("post_tags").execute();
  await db.schema.dropTable("tags").execute();
  await db.schema.dropTable("posts").execute();
  await db.schema.alterTable("newsletter_issues").dropColumn("post_id").execute();
}
