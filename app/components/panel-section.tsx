import type { ReactNode } from "react";

/**
 * A section of a page on its own white panel (each part of /account, each of /admin), headed by
 * its title, which names it for assistive tech.
 */
export function PanelSection({
  id,
  title,
  className = "mt-8",
  children,
}: {
  /** The heading's id is `<id>-heading`. */
  id: string;
  title: string;
  /** Its place among its neighbours. */
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className={`form-card ${className}`}>
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
