import { Form, useSubmit } from "react-router";
import { REVIEW_SORTS, type ReviewSort } from "../../core/reviews/review-list.ts";
import { IELTS_MODULES, type IeltsModule } from "../../core/reviews/review-outcomes.ts";
import { SelectField } from "./form-field.tsx";

export type ListQuery = {
  sort: ReviewSort;
  stars?: number | undefined;
  module?: IeltsModule | undefined;
  page: number;
};

/** The course page's address for a list choice: only what differs from the defaults. */
export function listHref({ sort, stars, module, page }: ListQuery): string {
  const params = new URLSearchParams();
  if (sort !== "newest") params.set("sort", sort);
  if (stars !== undefined) params.set("stars", String(stars));
  if (module !== undefined) params.set("module", module);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${search ? `?${search}` : "?"}#reviews-heading`;
}

const SORT_LABELS: Record<ReviewSort, string> = {
  newest: "Newest",
  highest: "Highest rated",
  lowest: "Lowest rated",
  helpful: "Most helpful",
};

/**
 * Sort and module filter as a plain GET form (the star filter rides along hidden): it works
 * without JavaScript through its button, and with JavaScript a change applies at once.
 */
export function ReviewListControls({ query }: { query: ListQuery }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      preventScrollReset
      className="mt-6 flex flex-wrap items-end gap-4"
      aria-label="Sort and filter the reviews"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      {query.stars !== undefined && <input type="hidden" name="stars" value={query.stars} />}
      <SelectField
        label="Sort by"
        id="reviews-sort"
        name="sort"
        options={REVIEW_SORTS.map((sort) => [sort, SORT_LABELS[sort]] as const)}
        defaultValue={query.sort}
      />
      <SelectField
        label="IELTS module"
        id="reviews-module"
        name="module"
        options={[["", "All modules"], ...Object.entries(IELTS_MODULES)]}
        defaultValue={query.module ?? ""}
      />
      <noscript>
        <button type="submit" className="btn-secondary">
          Apply
        </button>
      </noscript>
    </Form>
  );
}
