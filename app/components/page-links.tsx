import { pageItems } from "../lib/pagination.ts";
import { Link } from "./links.tsx";

/** The numbered links under a paged list (the catalogue's look): the current page marked. */
export function PageLinks({
  label,
  page,
  pageCount,
  hrefOf,
}: {
  /** What the navigation is called to a screen reader: "Pages of the blog". */
  label: string;
  page: number;
  pageCount: number;
  hrefOf: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap justify-center gap-2">
      {pageItems(page, pageCount).map((item, index, items) => {
        if (item === "gap") {
          return (
            <span
              key={`gap-after-${items[index - 1]}`}
              className="inline-flex size-11 items-center justify-center text-slate-600"
              aria-hidden="true"
            >
              …
            </span>
          );
        }
        const current = item === page;
        return (
          <Link
            key={item}
            to={hrefOf(item)}
            // Named by the number it shows (label in name: "click 2" reaches it); the
            // navigation's own name says what the numbers are.
            aria-current={current ? "page" : undefined}
            className={`inline-flex size-11 items-center justify-center rounded-lg text-sm font-semibold ring-1 ${
              current
                ? "bg-brand-700 text-white ring-brand-700"
                : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-100"
            }`}
          >
            {item}
          </Link>
        );
      })}
    </nav>
  );
}
