import { type SelectQueryBuilder, sql } from "kysely";
import { z } from "zod";
import type { DB } from "../../db/index.ts";
import { inlineLimit } from "../../db/inline-limit.ts";
import { precompiled } from "../../db/precompiled.ts";
import type { Database } from "../../db/schema.ts";
import {
  MAX_REVIEWS_PAGE_SIZE,
  REVIEW_SORTS,
  REVIEWS_PAGE_SIZE,
  type ReviewFilters,
} from "./review-list.ts";
import { IELTS_MODULE_IDS, MIN_REPORTED_OUTCOMES, type OutcomeSummary } from "./review-outcomes.ts";
import { countMatching, type ReviewTally, readReviewTallies } from "./review-tallies.server.ts";
import { type PublicReview, reviewsWithDetails, toPublicReview } from "./reviews.server.ts";

/** Past this a page is refused rather than looked for. */
const MAX_PAGE = 100_000;

/** The list's choices, from a URL's query: each one optional, each one checked. */
export const reviewQuerySchema = z.object({
  sort: z
    .enum(REVIEW_SORTS, { error: `sort is one of ${REVIEW_SORTS.join(", ")}.` })
    .default("newest"),
  stars: z.coerce
    .number({ error: "stars is a whole number from 1 to 5." })
    .int("stars is a whole number from 1 to 5.")
    .min(1, "stars is a whole number from 1 to 5.")
    .max(5, "stars is a whole number from 1 to 5.")
    .optional(),
  module: z.enum(IELTS_MODULE_IDS, { error: "module is academic or general." }).optional(),
  page: z.coerce
    .number({ error: `page is a whole number from 1 to ${MAX_PAGE}.` })
    .int(`page is a whole number from 1 to ${MAX_PAGE}.`)
    .min(1, `page is a whole number from 1 to ${MAX_PAGE}.`)
    .max(MAX_PAGE, `page is a whole number from 1 to ${MAX_PAGE}.`)
    .default(1),
  size: z.coerce
    .number({ error: `size is a whole number from 1 to ${MAX_REVIEWS_PAGE_SIZE}.` })
    .int(`size is a whole number from 1 to ${MAX_REVIEWS_PAGE_SIZE}.`)
    .min(1, `size is a whole number from 1 to ${MAX_REVIEWS_PAGE_SIZE}.`)
    .max(MAX_REVIEWS_PAGE_SIZE, `size is a whole number from 1 to ${MAX_REVIEWS_PAGE_SIZE}.`)
    .default(REVIEWS_PAGE_SIZE),
});
export type ReviewQuery = z.infer<typeof reviewQuerySchema>;

/**
 * A review's stars with "none" turned into a number that sorts last: the very expressions the
 * indexes reviews_by_service_highest and _lowest hold (migration 2026-11-23T13-00), written as
 * literals so that both engines match them to the index.
 */
const NO_STARS_HIGHEST = 0;
const NO_STARS_LOWEST = 6;
const starsOr = (none: typeof NO_STARS_HIGHEST | typeof NO_STARS_LOWEST) =>
  sql<number>`coalesce(reviews.rating, ${sql.lit(none)})`;

type ReviewsQuery<O> = SelectQueryBuilder<Database, "reviews", O>;

/** Only what the public sees: hidden reviews never count, and the filters narrow it down. */
function visibleMatching<O>(
  query: ReviewsQuery<O>,
  serviceId: string,
  { stars, module }: ReviewFilters,
): ReviewsQuery<O> {
  let narrowed = query
    .where("reviews.service_id", "=", serviceId)
    .where("reviews.hidden_at", "is", null);
  if (stars !== undefined) narrowed = narrowed.where(starsOr(NO_STARS_HIGHEST), "=", stars);
  if (module !== undefined) narrowed = narrowed.where("reviews.ielts_module", "=", module);
  return narrowed;
}

/**
 * A stretch of a course's visible reviews in the chosen order and filter, and how many match in
 * all. Reviews without stars come last in both star orders; ties go newest first.
 */
export async function listCourseReviews(
  db: DB,
  serviceId: string,
  query: ListChoices,
  range: Range,
): Promise<{ reviews: PublicReview[]; count: number }> {
  const [reviews, tallies] = await Promise.all([
    readListedReviews(db, serviceId, query, range),
    readReviewTallies(db, serviceId),
  ]);
  return { reviews, count: countMatching(tallies, query) };
}

/** The course page: a stretch of the list, its count and the summary, from one read of the tallies. */
export async function listCourseReviewsWithSummary(
  db: DB,
  serviceId: string,
  query: ListChoices,
  range: Range,
): Promise<{ reviews: PublicReview[]; count: number; summary: ReviewSummary }> {
  const [reviews, tallies] = await Promise.all([
    readListedReviews(db, serviceId, query, range),
    readReviewTallies(db, serviceId),
  ]);
  return { reviews, count: countMatching(tallies, query), summary: summaryOf(tallies) };
}

type ListChoices = Pick<ReviewQuery, "sort" | "stars" | "module">;
type Range = { offset: number; limit: number };

async function readListedReviews(
  db: DB,
  serviceId: string,
  query: ListChoices,
  { offset, limit }: Range,
): Promise<PublicReview[]> {
  const byStars = query.stars !== undefined;
  const byModule = query.module !== undefined;
  const shape = `${query.sort} ${byStars} ${byModule} ${limit}`;
  let list = listQueries.get(shape);
  if (!list) {
    list = compileList(query.sort, byStars, byModule, limit);
    listQueries.set(shape, list);
  }
  // A filter the shape does not have ignores its argument.
  const rows = await list(db, serviceId, query.stars ?? 0, query.module ?? "academic", offset);
  return rows.map(toPublicReview);
}

/**
 * The list's query of one shape (its order, which filters it has, and its page size, written into
 * the text: db/inline-limit.ts), built and compiled once (db/precompiled.ts): every course page
 * reads it. There are sixteen shapes at most per page size.
 */
function compileList(
  sort: ListChoices["sort"],
  byStars: boolean,
  byModule: boolean,
  limit: number,
) {
  return precompiled(
    (
      db: DB,
      serviceId: string,
      stars: number,
      module: NonNullable<ListChoices["module"]>,
      offset: number,
    ) => {
      let list = visibleMatching(reviewsWithDetails(db), serviceId, {
        stars: byStars ? stars : undefined,
        module: byModule ? module : undefined,
      });
      if (sort === "highest") {
        list = list.orderBy(starsOr(NO_STARS_HIGHEST), "desc");
      } else if (sort === "lowest") {
        list = list.orderBy(starsOr(NO_STARS_LOWEST), "asc");
      } else if (sort === "helpful") {
        list = list.orderBy("reviews.helpful_count", "desc");
      }
      return list
        .orderBy("reviews.created_at", "desc")
        .orderBy("reviews.id", "desc")
        .limit(inlineLimit(limit))
        .offset(offset);
    },
  );
}

const listQueries = new Map<string, ReturnType<typeof compileList>>();

/** What the top of a course's reviews says: stars, their spread, and the reported bands. */
export interface ReviewSummary {
  /** Mean of the visible rated reviews, to one decimal; null when none is rated. */
  average: number | null;
  ratingCount: number;
  reviewCount: number;
  /** Visible rated reviews per star. */
  histogram: Record<"1" | "2" | "3" | "4" | "5", number>;
  outcomes: OutcomeSummary | null;
}

/** The summary from the course's tallies, never from its reviews one by one. */
export async function summarizeCourseReviews(db: DB, serviceId: string): Promise<ReviewSummary> {
  return summaryOf(await readReviewTallies(db, serviceId));
}

function summaryOf(tallies: ReviewTally[]): ReviewSummary {
  const histogram = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  const reportedBands = new Map<number, number>();
  let reviewCount = 0;
  let ratingCount = 0;
  let starTotal = 0;
  let gainSum = 0;
  let gainCount = 0;
  for (const tally of tallies) {
    reviewCount += tally.reviews;
    if (tally.stars !== null) {
      histogram[String(tally.stars) as keyof typeof histogram] += tally.reviews;
      ratingCount += tally.reviews;
      starTotal += tally.stars * tally.reviews;
    }
    if (tally.bandAchieved !== null) {
      reportedBands.set(
        tally.bandAchieved,
        (reportedBands.get(tally.bandAchieved) ?? 0) + tally.reviews,
      );
    }
    gainSum += tally.gainSum;
    gainCount += tally.gainCount;
  }
  return {
    average: ratingCount === 0 ? null : Math.round((starTotal / ratingCount) * 10) / 10,
    ratingCount,
    reviewCount,
    histogram,
    outcomes: outcomeSummary(
      [...reportedBands].sort(([a], [b]) => a - b).map(([band, count]) => ({ band, count })),
      gainCount === 0 ? null : gainSum / gainCount,
    ),
  };
}

/** The median band achieved from the count of each band, in ascending order. */
function outcomeSummary(
  bands: { band: number; count: number }[],
  averageGain: number | null,
): OutcomeSummary | null {
  const reported = bands.reduce((sum, { count }) => sum + count, 0);
  if (reported < MIN_REPORTED_OUTCOMES) return null;
  const bandAt = (position: number) => {
    let seen = 0;
    for (const { band, count } of bands) {
      seen += count;
      if (position < seen) return band;
    }
    return bands[bands.length - 1]?.band ?? 0;
  };
  const middle = Math.floor(reported / 2);
  const median = reported % 2 === 1 ? bandAt(middle) : (bandAt(middle - 1) + bandAt(middle)) / 2;
  return {
    reported,
    // Between two half-bands the median falls on a quarter: rounded up to the half, as IELTS
    // rounds an overall band.
    medianAchieved: Math.ceil(median * 2) / 2,
    averageGain: averageGain === null ? null : Math.round(averageGain * 10) / 10,
  };
}
