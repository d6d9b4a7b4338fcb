import type { DB } from "../../db/index.ts";
import type { SignedInUser } from "../accounts/signed-in-user.ts";
import { findVisibleReview } from "./reviews.server.ts";

export type VoteRefusal = { ok: false; reason: "not-found" | "own-review" };
export type VoteResult = { ok: true; helpful: number } | VoteRefusal;

type Voter = Pick<SignedInUser, "id">;

/**
 * Marks someone else's review helpful, once: the vote's primary key (review, user) makes a second
 * vote, even one racing the first, insert nothing, and the review's count moves only with a row
 * that was inserted, in the same transaction.
 */
export async function markHelpful(
  db: DB,
  { voter, reviewId }: { voter: Voter; reviewId: string },
  now = new Date(),
): Promise<VoteResult> {
  return changeVote(db, voter, reviewId, async (trx) => {
    const inserted = await trx
      .insertInto("review_votes")
      .values({ review_id: reviewId, user_id: voter.id, created_at: now.toISOString() })
      .onConflict((conflict) => conflict.columns(["review_id", "user_id"]).doNothing())
      .returning("review_id")
      .executeTakeFirst();
    return inserted ? 1 : 0;
  });
}

/** Takes the user's vote back, if they gave one. */
export async function withdrawHelpful(
  db: DB,
  { voter, reviewId }: { voter: Voter; reviewId: string },
): Promise<VoteResult> {
  return changeVote(db, voter, reviewId, async (trx) => {
    const deleted = await trx
      .deleteFrom("review_votes")
      .where("review_id", "=", reviewId)
      .where("user_id", "=", voter.id)
      .returning("review_id")
      .executeTakeFirst();
    return deleted ? -1 : 0;
  });
}

async function changeVote(
  db: DB,
  voter: Voter,
  reviewId: string,
  change: (trx: DB) => Promise<1 | 0 | -1>,
): Promise<VoteResult> {
  const review = await findVisibleReview(db, reviewId);
  if (!review) return { ok: false, reason: "not-found" };
  if (review.user_id === voter.id) return { ok: false, reason: "own-review" };
  const helpful = await db.transaction().execute(async (trx) => {
    const delta = await change(trx);
    if (delta !== 0) {
      await trx
        .updateTable("reviews")
        .set((eb) => ({ helpful_count: eb("helpful_count", "+", delta) }))
        .where("id", "=", reviewId)
        .execute();
    }
    const { helpful_count } = await trx
      .selectFrom("reviews")
      .select("helpful_count")
      .where("id", "=", reviewId)
      .executeTakeFirstOrThrow();
    return Number(helpful_count);
  });
  return { ok: true, helpful };
}

/** Which of these reviews the user marked helpful (for the page's pressed buttons). */
export async function reviewsMarkedHelpfulBy(
  db: DB,
  userId: string,
  reviewIds: string[],
): Promise<Set<string>> {
  if (reviewIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("review_votes")
    .select("review_id")
    .where("user_id", "=", userId)
    .where("review_id", "in", reviewIds)
    .execute();
  return new Set(rows.map((row) => row.review_id));
}
