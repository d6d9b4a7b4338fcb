/**
 * The catalogue's choices (`/services` and `GET /api/services`): their names in the URL and the
 * words the page shows. Dependency-free, so the page's form reads the same names the server checks.
 */
export const CATALOGUE_SORTS = {
  newest: "Newest",
  "price-low": "Price: low to high",
  "price-high": "Price: high to low",
  rating: "Highest rated",
  "most-reviewed": "Most reviewed",
} as const;
export type CatalogueSort = keyof typeof CATALOGUE_SORTS;
export const CATALOGUE_SORT_IDS = Object.keys(CATALOGUE_SORTS) as [
  CatalogueSort,
  ...CatalogueSort[],
];

/** "academic" finds courses for Academic, including those for both modules; "both" only those. */
export const CATALOGUE_MODULE_FILTERS = {
  academic: "Academic",
  general: "General Training",
  both: "Both modules",
} as const;

export const MAX_SEARCH_LENGTH = 100;
/** The most words a search uses: the rest are ignored. */
export const MAX_SEARCH_WORDS = 8;

/**
 * The words of a search, as both engines' indexes see words (migration 2026-11-23T16-00): runs of
 * letters and digits, lower case, accents kept.
 */
export function searchWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS);
}
