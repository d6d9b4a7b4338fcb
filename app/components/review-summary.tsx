import { formatOutcomeSummary, type OutcomeSummary } from "../../core/reviews/review-outcomes.ts";
import { StarIcon } from "./icons.tsx";
import { Link } from "./links.tsx";

interface Summary {
  average: number | null;
  ratingCount: number;
  reviewCount: number;
  histogram: Record<"1" | "2" | "3" | "4" | "5", number>;
  outcomes: OutcomeSummary | null;
}

/**
 * The top of a course's reviews: the average, the counts, and a bar per star that filters the list
 * to it (`hrefFor(stars)`), with the way back to all when a filter is on.
 */
export function ReviewSummary({
  summary,
  activeStars,
  hrefFor,
}: {
  summary: Summary;
  activeStars: number | undefined;
  hrefFor: (stars: number | undefined) => string;
}) {
  const { average, ratingCount, reviewCount, histogram, outcomes } = summary;
  return (
    <div className="mt-4 grid gap-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[auto_1fr]">
      <div>
        <p className="flex items-center gap-2 text-4xl font-extrabold text-slate-900">
          <StarIcon className="size-8 text-accent-500" />
          {average === null ? "–" : average.toFixed(1)}
          <span className="sr-only"> out of 5 stars</span>
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {`${ratingCount} ${ratingCount === 1 ? "rating" : "ratings"} · ${reviewCount} ${reviewCount === 1 ? "review" : "reviews"}`}
        </p>
      </div>
      <ul className="space-y-1" aria-label="Ratings by stars">
        {([5, 4, 3, 2, 1] as const).map((stars) => {
          const count = histogram[String(stars) as keyof typeof histogram];
          const percent = ratingCount === 0 ? 0 : Math.round((count / ratingCount) * 100);
          return (
            <li key={stars}>
              <Link
                to={hrefFor(stars)}
                preventScrollReset
                aria-current={activeStars === stars ? "true" : undefined}
                className={`grid grid-cols-[3rem_1fr_5rem] items-center gap-2 rounded px-1 text-sm hover:bg-slate-50 ${activeStars === stars ? "font-bold text-slate-900" : "text-slate-700"}`}
              >
                {/* Its name is what it shows, with words for a screen reader in between ("5 stars:
                    5 reviews (38%)"), never words in place of it: a person who says what they
                    see reaches it (WCAG 2.5.3). */}
                <span>
                  {stars}
                  <span aria-hidden="true"> ★</span>
                  <span className="sr-only">{` ${stars === 1 ? "star" : "stars"}: `}</span>
                </span>
                <span className="h-2 overflow-hidden rounded-full bg-slate-200">
                  <span
                    className="block h-full rounded-full bg-accent-500"
                    style={{ width: `${percent}%` }}
                  />
                </span>
                <span>
                  {count}
                  <span className="sr-only">{` ${count === 1 ? "review" : "reviews"}`}</span>
                  {` (${percent}%)`}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {activeStars !== undefined && (
        <p className="sm:col-span-2">
          <Link to={hrefFor(undefined)} preventScrollReset className="link">
            {`Showing ${activeStars}-star reviews: show all reviews`}
          </Link>
        </p>
      )}
      {outcomes && (
        <p className="font-medium text-slate-800 sm:col-span-2">{formatOutcomeSummary(outcomes)}</p>
      )}
    </div>
  );
}
