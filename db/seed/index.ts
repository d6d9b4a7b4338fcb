import { sql } from "kysely";
import type { DB } from "../index.ts";
import { seedPosts } from "./blog-posts.ts";
import { type CatalogueService, catalogue, coverPath } from "./catalogue.ts";
import { seedWritingTasks, writingPicturePath } from "./writing-tasks.ts";

const SEED_EPOCH = Date.UTC(2022, 0, 10, 9, 0, 0);
const ONE_DAY = 24 * 60 * 60 * 1000;

/**
 * Creates the teacher's catalogue when there is no service at all, so a fresh install shows a
 * real site; a database that already has services (or had them deleted by hand) is left alone.
 * Returns how many services were created.
 */
export async function seedCatalogueIfEmpty(db: DB): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("services").select("id").limit(1).executeTakeFirst();
    if (existing) return 0;
    await trx
      .insertInto("services")
      .values(
        catalogue.map((course, index) => ({
          id: crypto.randomUUID(),
          name: course.name,
          price_cents: course.priceCents,
          description: course.description,
          image_url: coverPath(course.slug),
          created_by: null,
          created_at: new Date(SEED_EPOCH + index * 7 * ONE_DAY).toISOString(),
          writing_answers_marked: course.writingAnswersMarked ?? 0,
          ...detailColumns(course.details),
        })),
      )
      .execute();
    return catalogue.length;
  });
}

function detailColumns(details: CatalogueService["details"]) {
  return {
    ielts_module: details.module,
    level_from: details.level?.from ?? null,
    level_to: details.level?.to ?? null,
    length_value: details.length?.value ?? null,
    length_unit: details.length?.unit ?? null,
    format: details.format,
    learning_points: JSON.stringify(details.learningPoints),
  };
}

/**
 * Gives the teacher's seeded courses their details on a database seeded before courses had any:
 * only a seeded course (no creator, its own name and cover) whose details are all still empty, so
 * nothing the teacher has set is overwritten. Returns how many courses were filled.
 */
export async function fillSeededCourseDetails(db: DB): Promise<number> {
  let filled = 0;
  for (const course of catalogue) {
    const result = await db
      .updateTable("services")
      .set(detailColumns(course.details))
      .where("created_by", "is", null)
      .where("name", "=", course.name)
      .where("image_url", "=", coverPath(course.slug))
      .where("ielts_module", "is", null)
      .where("level_from", "is", null)
      .where("length_value", "is", null)
      .where("format", "is", null)
      .where("learning_points", "=", "[]")
      .executeTakeFirst();
    filled += Number(result.numUpdatedRows);
  }
  return filled;
}

/**
 * Publishes the specification's four articles as the blog's first posts on a database that never
 * had a post (none, and no deleted one), so a fresh site's /blog has its content. Returns how many
 * posts were created.
 */
export async function seedBlogIfEmpty(db: DB): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const post = await trx.selectFrom("posts").select("id").limit(1).executeTakeFirst();
    const deleted = await trx
      .selectFrom("deleted_post_slugs")
      .select("slug")
      .limit(1)
      .executeTakeFirst();
    if (post || deleted) return 0;
    const tagIds = new Map<string, string>();
    for (const seed of seedPosts) {
      const id = crypto.randomUUID();
      const body = seed.paragraphs.join("\n\n");
      await trx
        .insertInto("posts")
        .values({
          id,
          slug: seed.slug,
          title: seed.title,
          body,
          excerpt: seed.excerpt,
          feature_image_url: null,
          feature_image_alt: null,
          meta_title: null,
          meta_description: null,
          status: "published",
          publish_at: null,
          published_at: seed.publishedAt,
          // Never mailed: subscribers did not ask for posts from before they signed up.
          send_by_email: sql<boolean>`false`,
          emailed_at: null,
          emailed_issue_id: null,
          created_at: seed.publishedAt,
          updated_at: seed.publishedAt,
          created_by: null,
          updated_by: null,
        })
        .execute();
      for (const [position, name] of seed.tags.entries()) {
        let tagId = tagIds.get(name);
        if (!tagId) {
          tagId = crypto.randomUUID();
          tagIds.set(name, tagId);
          await trx
            .insertInto("tags")
            .values({ id: tagId, slug: tagSlugOf(name), name })
            .execute();
        }
        await trx
          .insertInto("post_tags")
          .values({ post_id: id, tag_id: tagId, position })
          .execute();
      }
      await trx
        .insertInto("post_revisions")
        .values({
          id: crypto.randomUUID(),
          post_id: id,
          number: 1,
          title: seed.title,
          slug: seed.slug,
          body,
          excerpt: seed.excerpt,
          feature_image_url: null,
          feature_image_alt: null,
          meta_title: null,
          meta_description: null,
          tags: JSON.stringify(seed.tags),
          author_id: null,
          created_at: seed.publishedAt,
        })
        .execute();
    }
    return seedPosts.length;
  });
}

/** The seeded tags' addresses ("Node.js" → "node-js"), as core/blog/post-tags.server.ts makes them. */
function tagSlugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Publishes the six sample Writing tasks (db/seed/writing-tasks.ts) on a database that never had
 * a task: none, and none withdrawn, since a withdrawn task's row stays (decision 0057). A teacher
 * who deleted the samples does not get them back. Returns how many tasks were created.
 */
export async function seedWritingTasksIfEmpty(db: DB): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const task = await trx.selectFrom("writing_tasks").select("id").limit(1).executeTakeFirst();
    if (task) return 0;
    await trx
      .insertInto("writing_tasks")
      .values(
        seedWritingTasks.map((seed) => ({
          id: crypto.randomUUID(),
          kind: seed.kind,
          title: seed.title,
          prompt: seed.prompt,
          picture_url: seed.picture ? writingPicturePath(seed.picture.slug) : null,
          picture_alt: seed.picture?.alt ?? null,
          minutes: seed.minutes,
          minimum_words: seed.minimumWords,
          status: "published" as const,
          published_at: seed.publishedAt,
          withdrawn_at: null,
          created_at: seed.publishedAt,
          updated_at: seed.publishedAt,
          created_by: null,
          updated_by: null,
        })),
      )
      .execute();
    return seedWritingTasks.length;
  });
}
