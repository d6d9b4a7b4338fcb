import type { IeltsModule } from "./review-outcomes.ts";

/**
 * The choices of a course's review list, dependency-free so the page's controls and the server's
 * query read the same names.
 */
export const REVIEW_SORTS = ["newest", "highest", "lowest", "helpful"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REVIEWS_PAGE_SIZE = 10;
/** The most reviews one page of the JSON API holds, whatever it is asked (decision 0049). */
export const MAX_REVIEWS_PAGE_SIZE = 100;

/**
 * What narrows the list: one number of stars, one module. The query and the tallies that count
 * its matches both read it, so it lives here, below them both.
 */
export interface ReviewFilters {
  stars?: number | undefined;
  module?: IeltsModule | undefined;
}
