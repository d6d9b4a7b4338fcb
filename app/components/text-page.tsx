import type { ReactNode } from "react";
import { formatCalendarDay } from "../../core/format.ts";

/**
 * A page of reading (About, Privacy, Terms): its heading, the day its text last changed when that
 * matters to the reader, and sections of prose.
 */
export function TextPage({
  title,
  revised,
  children,
}: {
  title: string;
  /** YYYY-MM-DD, shown as "Last updated". */
  revised?: string;
  children: ReactNode;
}) {
  return (
    <div className="container-page max-w-3xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {revised && (
        <p className="mt-1 text-sm text-slate-600">
          Last updated <time dateTime={revised}>{formatCalendarDay(revised)}</time>
        </p>
      )}
      <div className="mt-6 space-y-8">{children}</div>
    </div>
  );
}

/** One titled part of a TextPage; `id` makes it a link target (`/privacy#cookies`). */
export function TextSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="prose-article mt-2 max-w-prose text-slate-700">{children}</div>
    </section>
  );
}
