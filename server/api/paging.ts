/**
 * The headers of one page of a list (decision 0049): `X-Total-Count`, how many items the whole
 * list has, and `Link` (RFC 8288) to its first, previous, next and last pages, each the same
 * address with `page` and `size` set and the other parameters kept (`keep`, in that order).
 * There is always a first and a last page (the first, for an empty list); a page past the last
 * has no next one, and its previous one is the last.
 */
export function pageHeaders({
  address,
  page,
  size,
  total,
  keep = {},
}: {
  /** Absolute, without a query: `https://site/api/reviews/abc`. */
  address: string;
  page: number;
  size: number;
  total: number;
  keep?: Readonly<Record<string, string | number | undefined>>;
}): { Link: string; "X-Total-Count": string } {
  const last = Math.max(1, Math.ceil(total / size));
  const to = (target: number) => {
    const query = new URLSearchParams({ page: String(target), size: String(size) });
    for (const [name, value] of Object.entries(keep)) {
      if (value !== undefined) query.set(name, String(value));
    }
    return `${address}?${query}`;
  };
  const links: [string, number][] = [];
  if (page > 1) links.push(["prev", Math.min(page - 1, last)]);
  if (page < last) links.push(["next", page + 1]);
  links.push(["first", 1], ["last", last]);
  return {
    Link: links.map(([relation, target]) => `<${to(target)}>; rel="${relation}"`).join(", "),
    "X-Total-Count": String(total),
  };
}
