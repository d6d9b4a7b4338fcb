import type { DB } from "../../db/index.ts";
import { MAX_TAG_LENGTH } from "../limits/field-limits.ts";
import { slugify } from "./post-rules.ts";

/** A tag as the blog shows it: its name, and its page /blog/tag/{slug}. */
export interface Tag {
  slug: string;
  name: string;
}

/** A tag's address, made from its name as a post's is from its title. */
export function tagSlug(name: string): string {
  return slugify(name, MAX_TAG_LENGTH);
}

/**
 * Gives a post exactly these tags, in this order, making the ones that do not exist yet (the
 * first spelling of a tag names it), and deletes tags no post carries any more. Runs inside the
 * caller's transaction.
 */
export async function setPostTags(trx: DB, postId: string, names: string[]): Promise<void> {
  const wanted = new Map<string, string>();
  for (const name of names) {
    const slug = tagSlug(name);
    if (slug !== "" && !wanted.has(slug)) wanted.set(slug, name);
  }
  await trx.deleteFrom("post_tags").where("post_id", "=", postId).execute();
  if (wanted.size > 0) {
    await trx
      .insertInto("tags")
      .values([...wanted].map(([slug, name]) => ({ id: crypto.randomUUID(), slug, name })))
      .onConflict((conflict) => conflict.column("slug").doNothing())
      .execute();
    const tags = await trx
      .selectFrom("tags")
      .select(["id", "slug"])
      .where("slug", "in", [...wanted.keys()])
      .execute();
    const order = [...wanted.keys()];
    await trx
      .insertInto("post_tags")
      .values(
        tags.map((tag) => ({
          post_id: postId,
          tag_id: tag.id,
          position: order.indexOf(tag.slug),
        })),
      )
      .execute();
  }
  await deleteUnusedTags(trx);
}

export async function deleteUnusedTags(trx: DB): Promise<void> {
  await trx
    .deleteFrom("tags")
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom("post_tags").select("post_id").whereRef("tag_id", "=", "tags.id")),
      ),
    )
    .execute();
}

/** The tags of each of these posts, in the order their owner gave them. */
export async function tagsOfPosts(db: DB, postIds: string[]): Promise<Map<string, Tag[]>> {
  const byPost = new Map<string, Tag[]>(postIds.map((id) => [id, []]));
  if (postIds.length === 0) return byPost;
  const rows = await db
    .selectFrom("post_tags")
    .innerJoin("tags", "tags.id", "post_tags.tag_id")
    .select(["post_tags.post_id", "tags.slug", "tags.name"])
    .where("post_tags.post_id", "in", postIds)
    .orderBy("post_tags.position")
    .execute();
  for (const row of rows) byPost.get(row.post_id)?.push({ slug: row.slug, name: row.name });
  return byPost;
}

export async function findTag(db: DB, slug: string): Promise<Tag | undefined> {
  if (slug.length > MAX_TAG_LENGTH) return undefined;
  return db.selectFrom("tags").select(["slug", "name"]).where("slug", "=", slug).executeTakeFirst();
}
