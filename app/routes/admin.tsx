import { formatLongDate } from "../../core/format.ts";
import { listOwners } from "../../core/owners.server.ts";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { requireOwner } from "../lib/session.server.ts";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () =>
  pageMeta("Admin", "Running IELTS Hub: the owners of the site.");

/** The owner's page; anyone else gets the 404 page, as if it did not exist. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, context);
  return { owners: await listOwners(context.get(appContext).db) };
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { owners } = loaderData;
  return (
    <div className="container-page py-12">
      <h1 className="text-3xl font-bold text-slate-900">Admin</h1>
      <p className="mt-1 text-slate-600">Running the site.</p>

      <section aria-labelledby="owners-heading" className="form-card mt-8">
        <h2 id="owners-heading" className="text-xl font-bold text-slate-900">
          Owners
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Owners run the site. The role is given and taken on the server only:{" "}
          <code>npm run owner -- grant &lt;email&gt;</code> and{" "}
          <code>npm run owner -- revoke &lt;email&gt;</code>.
        </p>
        <ul className="mt-4 divide-y divide-slate-200">
          {owners.map((owner) => (
            <li key={owner.email} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                <span className="font-semibold text-slate-900">{owner.name}</span>{" "}
                <span className="text-slate-600">{owner.email}</span>
              </span>
              <span className="text-sm text-slate-600">
                since {formatLongDate(owner.grantedAt)}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
