import { Link } from "./links.tsx";

/** The 404 page, for unknown paths, unknown ids and route errors. */
export function NotFound() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Sorry, we couldn't find this page.</h1>
      <p className="mt-2 text-slate-600">The link may be old, or the page may have moved.</p>
      <Link to="/" className="btn-primary mt-8">
        Back to homepage
      </Link>
    </section>
  );
}
