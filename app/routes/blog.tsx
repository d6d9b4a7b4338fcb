import { Link } from "../components/links.tsx";
import { articles } from "../content/blog.ts";
import { sitePages } from "../content/site-pages.ts";
import { publicPageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    page: "Blog",
    description:
      "Questions and answers on web development: SQL versus NoSQL, JSON Web Tokens, JavaScript versus Node.js, and how Node.js handles concurrency.",
    path: sitePages.blog.path,
  });

export default function Blog() {
  return (
    <div className="container-page py-12">
      <h1 className="text-3xl font-bold text-slate-900">Blog</h1>
      <p className="mt-1 text-slate-600">Questions and answers, each with a link of its own.</p>

      <nav aria-label="Articles" className="mt-6">
        <ul className="grid gap-3 sm:grid-cols-2">
          {articles.map((article) => (
            <li key={article.slug}>
              <a
                href={`#${article.slug}`}
                className="block h-full rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-600"
              >
                <span className="font-semibold text-brand-800">{article.question}</span>
                <span className="mt-1 block text-sm text-slate-600">{article.summary}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-10 space-y-8">
        {articles.map((article) => (
          <article
            key={article.slug}
            id={article.slug}
            aria-labelledby={`${article.slug}-heading`}
            className="scroll-mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
          >
            <h2 id={`${article.slug}-heading`} className="text-2xl font-bold text-slate-900">
              {/* The article's own page: the address to share, with its own title and preview. */}
              <Link to={`/blog/${article.slug}`} className="hover:underline">
                {article.question}
              </Link>
            </h2>
            <div className="prose-article mt-4 max-w-prose text-slate-700">
              {article.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
