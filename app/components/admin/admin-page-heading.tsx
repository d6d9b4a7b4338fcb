import type { ReactNode } from "react";
import { Link } from "../links.tsx";

/** The top of an owner's page under /admin: the way back to Admin, the title, what it is for. */
export function AdminPageHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <p className="text-sm">
        <Link to="/admin" className="link">
          Admin
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 max-w-3xl text-slate-600">{children}</p>
    </>
  );
}
