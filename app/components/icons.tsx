/** Small inline icons: no icon font and no extra request. Decorative unless labelled. */
export function UserIcon({ className = "size-6" }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z" />
    </svg>
  );
}

const STAR_PATH =
  "m12 2.5 2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9L12 2.5Z";

export function StarIcon({
  className = "size-5",
  filled = true,
}: {
  className?: string;
  filled?: boolean;
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={filled ? 0 : 1.5}
      aria-hidden="true"
    >
      <path d={STAR_PATH} />
    </svg>
  );
}

/**
 * Five small stars, the first `filled` of them filled, as markup: the same drawing as five
 * `StarIcon`s, made once per count instead of as ten elements on every review of every page.
 */
export const fiveStarsMarkup = (() => {
  const star = (filled: boolean) =>
    `<svg class="size-4" viewBox="0 0 24 24" fill="${filled ? "currentColor" : "none"}" stroke="currentColor" stroke-width="${filled ? 0 : 1.5}" aria-hidden="true"><path d="${STAR_PATH}"></path></svg>`;
  const byCount = [0, 1, 2, 3, 4, 5].map((filled) =>
    [1, 2, 3, 4, 5].map((position) => star(position <= filled)).join(""),
  );
  return (filled: number) => byCount[Math.max(0, Math.min(5, Math.floor(filled)))] ?? "";
})();

export function ChevronIcon({ className = "size-5" }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}

export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <span
      role="status"
      className="inline-flex items-center gap-2 text-sm font-medium text-brand-800"
    >
      <svg className="size-5 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity=".25" strokeWidth="4" />
        <path
          d="M22 12a10 10 0 0 0-10-10"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
        />
      </svg>
      {label}…
    </span>
  );
}

/** Three bars: the phone menu's button. */
export function MenuIcon({ className = "size-5" }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
    </svg>
  );
}

/** The site's mark (public/favicon.svg), drawn in the page: no request before the first paint. */
export function LogoIcon({ className = "size-8" }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#1747ad" />
      <path d="M14 18h7v28h-7Zm13 0h7v11h12V18h7v28h-7V35H34v11h-7Z" fill="#fff" />
    </svg>
  );
}
