import type { ReactNode } from "react";

/**
 * Text a person wrote, inside a sentence or a line of the page's own words (a name, a course's
 * name): it reads in its own direction (`dir="auto"`: an Arabic or Hebrew name right to left,
 * without turning the sentence around it), and a long unbroken word breaks rather than widen
 * the page. A paragraph that is all someone's text carries the same two: `dir="auto"` and
 * `wrap-anywhere`.
 */
export function UserText({
  children,
  className = "",
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <span dir="auto" className={`wrap-anywhere ${className}`.trim()}>
      {children}
    </span>
  );
}
