import { data, Link, useLocation } from "react-router";
import { formatLongDate, formatPrice, previewDescription } from "../../core/format.ts";
import { listReviewsForService } from "../../core/reviews.ts";
import { findService } from "../../core/services.ts";
import { Avatar } from "../components/avatar.tsx";
import { RatingBadge, Stars } from "../components/rating.tsx";
import { appContext } from "../context.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/service-details";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const service = params.id.length <= 64 ? await findService(db, params.id) : undefined;
  if (!service) throw data(null, { status: 404 });
  const reviews = await listReviewsForService(db, service.id);
  return { service, reviews };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta(loaderData.service.name, previewDescription(loaderData.service.description, 155))
    : [];

export default function ServiceDetails({ loaderData }: Route.ComponentProps) {
  const { service, reviews } = loaderData;
  const location = useLocation();
  const loginHref = `/login?redirectTo=${encodeURIComponent(location.pathname)}`;

  return (
    <div className="container-page py-12">
      <article className="grid gap-10 lg:grid-cols-2">
        <img
          src={service.imageUrl}
          alt={service.name}
          width={1200}
          height={800}
          className="aspect-[3/2] w-full rounded-2xl object-cover shadow-sm ring-1 ring-slate-200"
        />
        <div>
          <h1 className="text-3xl font-extrabold leading-tight text-slate-900">{service.name}</h1>
          <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2">
            <RatingBadge rating={service.rating} size="lg" />
            <p className="text-xl font-bold text-brand-800">
              Price: $ {formatPrice(service.price)}
            </p>
          </div>
          <p className="mt-6 whitespace-pre-line leading-relaxed text-slate-700">
            {service.description}
          </p>
          <Link to="/contact" className="btn-primary mt-8">
            Enroll Today
          </Link>
        </div>
      </article>

      <section aria-labelledby="reviews-heading" className="mt-16">
        <h2 id="reviews-heading" className="text-2xl font-bold text-slate-900">
          Reviews
        </h2>

        <div className="mt-4 rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100">
          <p className="text-slate-800">
            Took this course?{" "}
            <Link to={loginHref} className="link">
              Log in to add a review
            </Link>
            .
          </p>
        </div>

        {reviews.length === 0 ? (
          <p className="mt-6 text-slate-700">No reviews yet: please add a review.</p>
        ) : (
          <ul className="mt-6 space-y-4">
            {reviews.map((review) => (
              <li
                key={review.id}
                className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
              >
                <Avatar photoUrl={review.userPhoto} name={review.userName} size="sm" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold text-slate-900">{review.userName}</p>
                    <p className="text-sm text-slate-600">
                      <time dateTime={review.createdAt.toISOString()}>
                        {formatLongDate(review.createdAt)}
                      </time>
                    </p>
                  </div>
                  <Stars value={review.rating} />
                  <p className="mt-2 whitespace-pre-line break-words text-slate-700">
                    {review.message}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
