import type { ReactNode } from "react";

/** A page that says how following a link turned out: a heading, a sentence, maybe a way on. */
export function OutcomePage({
  heading,
  message,
  children,
}: {
  heading: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <div className="container-page max-w-2xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">{heading}</h1>
      <p className="mt-4 text-slate-700">{message}</p>
      {children}
    </div>
  );
}
