import type { DB } from "../../db/index.ts";
import type { IeltsModule } from "../../db/schema.ts";
import type { ReviewFilters } from "./review-list.ts";

/**
 * One kind of visible review on a course and how many there are: a row of `review_tallies`, which
 * triggers keep in step with `reviews` (migration 2026-11-23T12-00), with its sentinels read back.
 */
export interface ReviewTally {
  stars: number | null;
  module: IeltsModule | null;
  bandAchieved: number | null;
  reviews: number;
  gainSum: number;
  gainCount: number;
}

/** A course's tallies: a few rows, however many reviews it has. */
export async function readReviewTallies(db: DB, serviceId: string): Promise<ReviewTally[]> {
  const rows = await db
    .selectFrom("review_tallies")
    .select(["stars", "ielts_module", "band_achieved", "review_count", "gain_sum", "gain_count"])
    .where("service_id", "=", serviceId)
    .where("review_count", ">", 0)
    .execute();
  return rows.map((row) => ({
    stars: row.stars === 0 ? null : row.stars,
    module: row.ielts_module === "" ? null : row.ielts_module,
    bandAchieved: row.band_achieved === -1 ? null : Number(row.band_achieved),
    reviews: row.review_count,
    gainSum: Number(row.gain_sum),
    gainCount: row.gain_count,
  }));
}

/** How many visible reviews match the list's filters. */
export function countMatching(tallies: ReviewTally[], { stars, module }: ReviewFilters): number {
  let count = 0;
  for (const tally of tallies) {
    if (stars !== undefined && tally.stars !== stars) continue;
    if (module !== undefined && tally.module !== module) continue;
    count += tally.reviews;
  }
  return count;
}
