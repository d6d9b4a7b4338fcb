import type { Rating } from "../../core/catalogue/services.server.ts";
import { fiveStarsMarkup, StarIcon } from "./icons.tsx";

/** The average with a star and the count, or a plain 'No ratings yet'. */
export function RatingBadge({
  rating,
  size = "sm",
}: {
  rating: Rating | null;
  size?: "sm" | "lg";
}) {
  const text = size === "lg" ? "text-base" : "text-sm";
  if (!rating) return <p className={`${text} text-slate-600`}>No ratings yet</p>;
  const reviews = rating.count === 1 ? "1 review" : `${rating.count} reviews`;
  return (
    <p className={`inline-flex items-center gap-1 ${text} font-semibold text-slate-800`}>
      <StarIcon className={size === "lg" ? "size-6 text-accent-500" : "size-5 text-accent-500"} />
      <span>
        {rating.average.toFixed(1)}
        <span className="sr-only"> out of 5 stars</span>
      </span>
      <span className="font-normal text-slate-600">({reviews})</span>
    </p>
  );
}

/**
 * Five stars, filled up to the given whole rating, read out as 'N out of 5 stars'; a review
 * posted without stars (through the API) shows none.
 */
export function Stars({ value }: { value: number | null }) {
  if (value === null) return <span className="text-sm text-slate-600">No stars given</span>;
  return (
    <span
      role="img"
      aria-label={`${value} out of 5 stars`}
      className="inline-flex text-accent-500"
      // Fixed markup of our own (no text from anyone), the same on the server and in the browser.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
      dangerouslySetInnerHTML={{ __html: fiveStarsMarkup(value) }}
    />
  );
}
