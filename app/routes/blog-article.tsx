import { data } from "react-router";
import { Link } from "../components/links.tsx";
import { findArticle } from "../content/blog.ts";
import { publicPageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/blog-article";

/** An article on a page of its own: the address to share or find it by (the blog page shows all). */
export function loader({ params }: Route.LoaderArgs) {
  const article = findArticle(params.slug);
  if (!article) throw data(null, { status: 404 });
  return { article };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? publicPageMeta(matches, {
        page: loaderData.article.question,
        description: loaderData.article.summary,
        path: `/blog/${loaderData.article.slug}`,
        type: "article",
      })
    : [];

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  return (
    <div className="container-page max-w-3xl py-12">
      <Link to="/blog" className="link text-sm">
        All articles
      </Link>
      <article className="mt-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-3xl font-bold text-slate-900">{article.question}</h1>
        <p className="mt-2 text-lg text-slate-600">{article.summary}</p>
        <div className="prose-article mt-4 max-w-prose text-slate-700">
          {article.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
      </article>
    </div>
  );
}
