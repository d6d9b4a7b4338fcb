import { sql } from "kysely";
import type { DB } from "../../db/index.ts";

/**
 * A published post its owner chose to send by e-mail becomes a newsletter issue being sent
 * (decision 0024's worker mails it to every confirmed subscriber). The post is marked as handed
 * over in the same statement that checks it never was, so of two processes, or a publish, an
 * unpublish and a publish again, exactly one hands it over, once ever. Runs inside the caller's
 * transaction; says whether it handed the post over (then wake the mail worker).
 */
export async function handToNewsletter(trx: DB, postId: string, now: Date): Promise<boolean> {
  const claimed = await trx
    .updateTable("posts")
    .set({ emailed_at: now.toISOString() })
    .where("id", "=", postId)
    .where("status", "=", "published")
    .where("send_by_email", "=", sql<boolean>`true`)
    .where("emailed_at", "is", null)
    .returning(["title", "body", "updated_by", "created_by"])
    .executeTakeFirst();
  if (!claimed) return false;
  const issueId = crypto.randomUUID();
  await trx
    .insertInto("newsletter_issues")
    .values({
      id: issueId,
      subject: claimed.title,
      // The text as it was published: a later edit of the post does not change mail on its way.
      body: claimed.body,
      status: "sending",
      author_id: claimed.updated_by ?? claimed.created_by,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      send_started_at: now.toISOString(),
      sent_at: null,
      post_id: postId,
    })
    .execute();
  await trx
    .updateTable("posts")
    .set({ emailed_issue_id: issueId })
    .where("id", "=", postId)
    .execute();
  return true;
}
