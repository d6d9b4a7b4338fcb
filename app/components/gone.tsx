import { Link } from "./links.tsx";

/** The 410 page: a blog post that was here and was deleted (its address is kept for this). */
export function Gone() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-700">410</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">This post has been removed.</h1>
      <p className="mt-2 text-slate-600">It is no longer on the blog; the other posts are.</p>
      <Link to="/blog" className="btn-primary mt-8">
        Go to the blog
      </Link>
    </section>
  );
}
