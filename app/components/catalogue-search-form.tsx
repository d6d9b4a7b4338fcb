import { useEffect, useRef } from "react";
import { useSubmit } from "react-router";
import {
  CATALOGUE_MODULE_FILTERS,
  CATALOGUE_SORTS,
  MAX_SEARCH_LENGTH,
} from "../../core/catalogue/catalogue.ts";
import { FieldForm, PriceField, SelectField, TextField } from "./form-field.tsx";
import { ChevronIcon } from "./icons.tsx";
import { Link } from "./links.tsx";

/** The catalogue's choices as the address has them (each one optional, possibly wrong). */
export type CatalogueChoices = Partial<
  Record<"q" | "sort" | "module" | "minPrice" | "maxPrice", string>
>;

const FIELD_DEFAULTS = [
  ["q", ""],
  ["sort", "newest"],
  ["module", ""],
  ["minPrice", ""],
  ["maxPrice", ""],
] as const;

/** The fields behind "Filters" on a phone: everything but the search words. */
const FILTER_FIELDS = ["sort", "module", "minPrice", "maxPrice"] as const;

/**
 * How many of the filters are in use: chosen other than their default, or refused with an error
 * (which must be seen beside its field).
 */
export function filtersInUse(
  chosen: CatalogueChoices,
  errors: Partial<Record<string, string>>,
): number {
  return FILTER_FIELDS.filter((name) => {
    const value = chosen[name];
    const given = name === "sort" ? value !== undefined && value !== "newest" : Boolean(value);
    return given || errors[name] !== undefined;
  }).length;
}

/** The address of a page of the catalogue with these choices: only what is given. */
export function catalogueHref(chosen: CatalogueChoices, page: number): string {
  const params = new URLSearchParams();
  for (const [name] of FIELD_DEFAULTS) {
    const value = chosen[name];
    if (value) params.set(name, value);
  }
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/services?${search}` : "/services";
}

/**
 * Search, sort and filter as one GET form, so every choice is in the address and works without
 * JavaScript; with it, a changed sort or module applies at once (typing waits for the button).
 * On a phone the search box stays in sight and the other fields fold into a "Filters"
 * disclosure (a native <details>, so it opens without JavaScript), open while one of them is in
 * use; from the `sm` width up the disclosure gives way and the fields stand in the form's grid
 * as they always did (app.css, `catalogue-filters`).
 */
export function CatalogueSearchForm({
  chosen,
  errors,
  filtered,
}: {
  chosen: CatalogueChoices;
  errors: Partial<Record<string, string>>;
  filtered: boolean;
}) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  // A new address (a link, Clear, Back) shows its own choices. The fields are set in place rather
  // than the form remounted, so a select that was just changed keeps the focus.
  const shown = JSON.stringify(chosen);
  const inUse = filtersInUse(chosen, errors);
  useEffect(() => {
    const choices = JSON.parse(shown) as CatalogueChoices;
    for (const [name, fallback] of FIELD_DEFAULTS) {
      const field = form.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) {
        field.value = choices[name] ?? fallback;
      }
    }
  }, [shown]);
  return (
    <FieldForm
      state={{ values: chosen, fieldErrors: errors }}
      ref={form}
      method="get"
      action="/services"
      role="search"
      aria-label="Search the courses"
      className="mt-6 grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_0.7fr_0.7fr_auto] lg:items-end"
      onChange={(event) => {
        const target = event.target as HTMLElement;
        if (target instanceof HTMLSelectElement) submit(event.currentTarget);
      }}
    >
      <TextField
        label="Search courses"
        name="q"
        type="search"
        maxLength={MAX_SEARCH_LENGTH}
        placeholder="Writing, speaking, band 7…"
      />
      <details className="catalogue-filters group" open={inUse > 0}>
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-lg border border-slate-400 px-3 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
          <span>
            Filters
            {inUse > 0 && <span className="font-normal text-slate-600"> ({inUse} in use)</span>}
          </span>
          <ChevronIcon className="size-5 shrink-0 transition-transform group-open:rotate-180" />
        </summary>
        <div className="mt-4 grid gap-4">
          <SelectField
            label="Sort by"
            name="sort"
            options={CATALOGUE_SORTS}
            defaultValue="newest"
          />
          <SelectField
            label="IELTS module"
            name="module"
            options={[["", "Any module"], ...Object.entries(CATALOGUE_MODULE_FILTERS)]}
          />
          <PriceField label="Price from ($)" name="minPrice" />
          <PriceField label="Price to ($)" name="maxPrice" />
        </div>
      </details>
      <div className="flex items-center gap-3">
        <button type="submit" className="btn-primary">
          Search
        </button>
        {filtered && (
          <Link to="/services" className="link text-sm">
            Clear
          </Link>
        )}
      </div>
    </FieldForm>
  );
}
