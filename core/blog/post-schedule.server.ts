import type { DB } from "../../db/index.ts";
import { inlineLimit } from "../../db/inline-limit.ts";
import { handToNewsletter } from "./post-newsletter.server.ts";

/**
 * Publishes every scheduled post whose time has come, dated its scheduled time, and hands those
 * to be sent by e-mail to the newsletter. Each server process runs it about once a second; the
 * update only takes posts still scheduled, so when several processes run it at once each post is
 * published (and mailed) by exactly one of them. Returns the posts it published, with whether
 * each went to the newsletter (then wake the mail worker).
 */
export async function publishDuePosts(
  db: DB,
  now = new Date(),
): Promise<{ id: string; slug: string; emailed: boolean }[]> {
  // Almost always nothing is due: a read answers that without a write transaction (on SQLite
  // every write transaction takes the database's one write lock, twice a second per process).
  const due = await db
    .selectFrom("posts")
    .select("id")
    .where("status", "=", "scheduled")
    .where("publish_at", "<=", now.toISOString())
    .limit(inlineLimit(1))
    .executeTakeFirst();
  if (!due) return [];
  return db.transaction().execute(async (trx) => {
    const published = await trx
      .updateTable("posts")
      .set((eb) => ({
        status: "published",
        published_at: eb.ref("publish_at"),
        publish_at: null,
        updated_at: now.toISOString(),
      }))
      .where("status", "=", "scheduled")
      .where("publish_at", "<=", now.toISOString())
      .returning(["id", "slug"])
      .execute();
    const outcome = [];
    for (const post of published) {
      outcome.push({ ...post, emailed: await handToNewsletter(trx, post.id, now) });
    }
    return outcome;
  });
}
