import { Link } from "react-router";
import { formatLongDate } from "../../core/format.ts";
import { listReviewsByUser } from "../../core/reviews.ts";
import { Stars } from "../components/rating.tsx";
import { appContext } from "../context.ts";
import { pageMeta } from "../lib/meta.ts";
import { requireUser } from "../lib/session.server.ts";
import type { Route } from "./+types/my-reviews";

export const meta: Route.MetaFunction = () =>
  pageMeta("My Reviews", "The reviews you have written on IELTS Hub.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { reviews: await listReviewsByUser(context.get(appContext).db, user.id) };
}

export default function MyReviews({ loaderData }: Route.ComponentProps) {
  const { reviews } = loaderData;
  return (
    <div className="container-page py-12">
      <h1 className="text-3xl font-bold text-slate-900">My Reviews</h1>
      {reviews.length === 0 ? (
        <p className="mt-6 text-slate-700">No reviews were added</p>
      ) : (
        <>
          {/* Wide screens: a table. */}
          <table className="mt-6 hidden w-full overflow-hidden rounded-2xl bg-white text-left shadow-sm ring-1 ring-slate-200 md:table">
            <thead className="bg-slate-100 text-sm text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Service
                </th>
                <th scope="col" className="px-4 py-3">
                  Rating
                </th>
                <th scope="col" className="px-4 py-3">
                  Review
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {reviews.map((review) => (
                <tr key={review.id}>
                  <td className="px-4 py-3 font-semibold text-slate-900">{review.serviceName}</td>
                  <td className="px-4 py-3">
                    <Stars value={review.rating} />
                  </td>
                  <td className="px-4 py-3 text-slate-700">
                    <p className="whitespace-pre-line break-words">{review.message}</p>
                  </td>
                  <td className="px-4 py-3">
                    <Link
                      to={`/update/${review.id}`}
                      className="link"
                      aria-label={`Edit your review of ${review.serviceName}`}
                    >
                      Edit
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {/* Small screens: cards. */}
          <ul className="mt-6 space-y-4 md:hidden">
            {reviews.map((review) => (
              <li
                key={review.id}
                className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
              >
                <p className="font-semibold text-slate-900">{review.serviceName}</p>
                <Stars value={review.rating} />
                <p className="mt-2 whitespace-pre-line break-words text-slate-700">
                  {review.message}
                </p>
                <p className="mt-2 text-sm text-slate-600">{formatLongDate(review.createdAt)}</p>
                <Link
                  to={`/update/${review.id}`}
                  className="link mt-3 inline-block"
                  aria-label={`Edit your review of ${review.serviceName}`}
                >
                  Edit
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
