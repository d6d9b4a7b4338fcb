import type { DB } from "../../db/index.ts";
import { parseUploadedImagePath } from "../images/uploaded-images.ts";
import {
  deleteOldWebhookDeliveries,
  forgetDeliveriesOfDeletedAccounts,
} from "../webhooks/webhooks.server.ts";
import { deleteStaleWritingDrafts } from "../writing/drafts.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes rows that can no longer mean anything: expired API tokens, sessions and verification
 * tokens, rate-limit windows that ended over a day ago, mail the outbox gave up on over a week ago
 * (kept that long so an operator can see what failed), webhook deliveries finished over 30 days
 * ago (the owner's recent history on /admin/webhooks) or finished and about a deleted account
 * (decision 0051), Writing drafts untouched for 30 days (decision 0059), and uploaded pictures
 * nothing has shown for a day. Run at start-up and every hour, so the tables stay the size of the site's real use.
 */
export async function deleteExpiredRows(db: DB, now = new Date()): Promise<void> {
  const moment = now.toISOString();
  await db.deleteFrom("api_tokens").where("expires_at", "<=", moment).execute();
  await db.deleteFrom("sessions").where("expires_at", "<=", moment).execute();
  await db.deleteFrom("verifications").where("expires_at", "<=", moment).execute();
  await db
    .deleteFrom("rate_limits")
    .where("window_started_at", "<", now.getTime() - DAY_MS)
    .execute();
  await db
    .deleteFrom("mail_outbox")
    .where("failed_at", "<=", new Date(now.getTime() - 7 * DAY_MS).toISOString())
    .execute();
  await deleteOldWebhookDeliveries(db, now);
  await forgetDeliveriesOfDeletedAccounts(db);
  await deleteStaleWritingDrafts(db, now);
  await deleteUnusedImages(db, now);
}

/**
 * Deletes the uploaded pictures (every width) that no course, account, site setting, blog post
 * (its feature picture, a kept revision's, or its text) or Writing task (its picture or prompt) names any more and that are over a day old: the image a course or the teacher replaced, or the course
 * deleted. The day's grace covers a page still open on an old picture, and an upload stored
 * just before the row naming it is written.
 */
export async function deleteUnusedImages(db: DB, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - DAY_MS).toISOString();
  const candidates = await db
    .selectFrom("image_variants")
    .select("image_id")
    .distinct()
    .where("created_at", "<", cutoff)
    .execute();
  if (candidates.length === 0) return;
  const UPLOADED = "/images/uploads/%";
  const [services, users, settings, posts, postBodies, writingTasks, prompts] = await Promise.all([
    db
      .selectFrom("services")
      .select("image_url as url")
      .where("image_url", "like", UPLOADED)
      .execute(),
    db.selectFrom("users").select("image as url").where("image", "like", UPLOADED).execute(),
    db
      .selectFrom("site_settings")
      .select("value as url")
      .where("value", "like", UPLOADED)
      .execute(),
    db
      .selectFrom("posts")
      .select("feature_image_url as url")
      .where("feature_image_url", "like", UPLOADED)
      .union(
        db
          .selectFrom("post_revisions")
          .select("feature_image_url as url")
          .where("feature_image_url", "like", UPLOADED),
      )
      .execute(),
    // A post's Markdown may show an upload anywhere in its text.
    db.selectFrom("posts").select("body").where("body", "like", "%/images/uploads/%").execute(),
    // A Writing task's picture, withdrawn tasks' too: the answers written to them show it.
    db
      .selectFrom("writing_tasks")
      .select("picture_url as url")
      .where("picture_url", "like", UPLOADED)
      .execute(),
    // …and its prompt's Markdown may show an upload, as a post's may.
    db
      .selectFrom("writing_tasks")
      .select("prompt as body")
      .where("prompt", "like", "%/images/uploads/%")
      .execute(),
  ]);
  const inUse = new Set(
    [...services, ...users, ...settings, ...posts, ...writingTasks].flatMap(
      ({ url }) => parseUploadedImagePath(url ?? "")?.imageId ?? [],
    ),
  );
  for (const { body } of [...postBodies, ...prompts]) {
    for (const match of body.matchAll(/\/images\/uploads\/[0-9a-f-]{36}-\d{1,5}\.webp/g)) {
      const imageId = parseUploadedImagePath(match[0])?.imageId;
      if (imageId) inUse.add(imageId);
    }
  }
  const unused = candidates.map(({ image_id }) => image_id).filter((id) => !inUse.has(id));
  if (unused.length > 0)
    await db.deleteFrom("image_variants").where("image_id", "in", unused).execute();
}
