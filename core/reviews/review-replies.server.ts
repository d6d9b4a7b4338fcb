import { z } from "zod";
import type { DB } from "../../db/index.ts";
import type { SignedInUser } from "../accounts/signed-in-user.ts";
import { isPlausibleId } from "../ids.ts";
import { MAX_REPLY_LENGTH } from "../limits/field-limits.ts";
import { queueMail } from "../mail/mail-outbox.server.ts";
import { requiredText } from "../required-text.ts";
import { SITE_NAME } from "../site/site.ts";

export const replyInputSchema = z.object({
  text: requiredText(
    "Please write your reply.",
    MAX_REPLY_LENGTH,
    `Please keep your reply under ${MAX_REPLY_LENGTH} characters.`,
  ),
});

/** Only an owner answers reviews: anyone else is refused (403); a missing review is 404. */
export type ReplyRefusal = { ok: false; reason: "not-found" | "not-owner" };

async function reviewAndAuthor(db: DB, reviewId: string) {
  if (!isPlausibleId(reviewId)) return undefined;
  return db
    .selectFrom("reviews")
    .innerJoin("users", "users.id", "reviews.user_id")
    .innerJoin("services", "services.id", "reviews.service_id")
    .select([
      "reviews.id",
      "users.email",
      "users.name",
      "services.id as service_id",
      "services.name as service_name",
    ])
    .where("reviews.id", "=", reviewId)
    .executeTakeFirst();
}

/**
 * Whether this user may answer the review or take the answer away: an owner, of a review that
 * exists. Asked before the reply's text is read, so anyone else is refused whatever they sent;
 * `replyToReview` and `deleteReply` ask again.
 */
export async function mayAnswerReview(
  db: DB,
  { actor, reviewId }: { actor: Pick<SignedInUser, "isOwner">; reviewId: string },
): Promise<{ ok: true } | ReplyRefusal> {
  if (!(await reviewAndAuthor(db, reviewId))) return { ok: false, reason: "not-found" };
  if (!actor.isOwner) return { ok: false, reason: "not-owner" };
  return { ok: true };
}

/**
 * The owner's public answer under a review: written, or rewritten. The review's author is told by
 * e-mail when the answer first appears (through the outbox, in the same transaction).
 */
export async function replyToReview(
  db: DB,
  {
    actor,
    reviewId,
    text,
    siteUrl,
  }: {
    actor: Pick<SignedInUser, "id" | "isOwner">;
    reviewId: string;
    text: string;
    siteUrl: string;
  },
  now = new Date(),
): Promise<{ ok: true; created: boolean } | ReplyRefusal> {
  const review = await reviewAndAuthor(db, reviewId);
  if (!review) return { ok: false, reason: "not-found" };
  if (!actor.isOwner) return { ok: false, reason: "not-owner" };
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("review_replies")
      .select("review_id")
      .where("review_id", "=", reviewId)
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable("review_replies")
        .set({ text, author_id: actor.id, updated_at: at })
        .where("review_id", "=", reviewId)
        .execute();
      return { ok: true, created: false } as const;
    }
    await trx
      .insertInto("review_replies")
      .values({ review_id: reviewId, text, author_id: actor.id, created_at: at, updated_at: at })
      .execute();
    await queueMail(
      trx,
      {
        to: review.email,
        subject: `${SITE_NAME}: the teacher answered your review of ${review.service_name}`,
        text: `Hello ${review.name},\n\nThe teacher answered your review of ${review.service_name}:\n\n${text}\n\nSee it under your review: ${siteUrl}/services/${review.service_id}\n`,
      },
      now,
    );
    return { ok: true, created: true } as const;
  });
}

/** Takes the owner's answer away from under a review. */
export async function deleteReply(
  db: DB,
  { actor, reviewId }: { actor: Pick<SignedInUser, "isOwner">; reviewId: string },
): Promise<{ ok: true; deleted: boolean } | ReplyRefusal> {
  const review = await reviewAndAuthor(db, reviewId);
  if (!review) return { ok: false, reason: "not-found" };
  if (!actor.isOwner) return { ok: false, reason: "not-owner" };
  const deleted = await db
    .deleteFrom("review_replies")
    .where("review_id", "=", reviewId)
    .executeTakeFirst();
  return { ok: true, deleted: Number(deleted.numDeletedRows) > 0 };
}
