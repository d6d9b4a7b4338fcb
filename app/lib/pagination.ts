/** A page number to link to, or a gap standing for the pages left out. */
export type PageItem = number | "gap";

/**
 * The page links to show: every page while there are few (1..n, as the catalogue has always shown them); with
 * many, the first, the last and the two either side of the current one, with gaps between, so a
 * catalogue of thousands of pages stays a short row of links.
 */
export function pageItems(current: number, total: number, neighbours = 2): PageItem[] {
  const maxListed = 2 * neighbours + 5;
  if (total <= maxListed) return Array.from({ length: total }, (_, i) => i + 1);
  let start = Math.max(2, Math.min(current - neighbours, total - 2 * neighbours - 1));
  let end = Math.min(total - 1, Math.max(current + neighbours, 2 * neighbours + 2));
  // A gap never stands for a single page: show that page instead.
  if (start === 3) start = 2;
  if (end === total - 2) end = total - 1;
  const items: PageItem[] = [1];
  if (start > 2) items.push("gap");
  for (let page = start; page <= end; page++) items.push(page);
  if (end < total - 1) items.push("gap");
  items.push(total);
  return items;
}

/**
 * The page a list's address asks for, counted from 1 as people read it (`?page=2`; none is the
 * first); null for anything that is no page number.
 */
export function requestedPage(url: URL): number | null {
  const raw = url.searchParams.get("page");
  if (raw === null || raw === "") return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}
