import type { DB } from "../db/index.ts";
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
