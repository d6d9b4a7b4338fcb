import { data, type MetaDescriptor } from "react-router";
import { getPublishedPost } from "../../core/blog/blog.server.ts";
import { absoluteUrl } from "../../core/site/site.ts";
import { getSiteSettings } from "../../core/site/site-settings.server.ts";
import { BlogFooter } from "../components/blog/blog-footer.tsx";
import { FeatureImage } from "../components/blog/feature-image.tsx";
import { PostDateLine, PostTags } from "../components/blog/post-facts.tsx";
import { Link } from "../components/links.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta, publicPageMeta, SHARE_IMAGE, shareableImage, siteUrlOf } from "../lib/meta.ts";
import { getSessionUser } from "../lib/session.server.ts";
import { blogPostingJsonLd } from "../lib/structured-data.ts";
import type { Route } from "./+types/blog-article";

/**
 * A post on its own page. A draft or scheduled post is there only for the owners, as a preview
 * that says so; to anyone else it does not exist (404). A deleted post's address is 410 Gone.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { user } = getSessionUser(context);
  const found = await getPublishedPost(db, params.slug, user);
  if (!found.found) throw data(null, { status: found.gone ? 410 : 404 });
  const { post, previous, next } = found;
  return {
    post,
    previous,
    next,
    // Only an owner's preview of a scheduled post reads the teacher's time zone.
    scheduledFor: post.publishAt
      ? scheduledTime(post.publishAt, (await getSiteSettings(db)).timeZone)
      : null,
  };
}

/** When a scheduled post goes out, as the teacher typed it: their time zone, named. */
function scheduledTime(moment: Date, timeZone: string): string {
  const time = new Intl.DateTimeFormat("en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone,
  }).format(moment);
  return `${time} (${timeZone})`;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { post } = loaderData;
  // An owner's preview: never indexed, never given an address to share.
  if (post.status !== "published") {
    return [
      ...pageMeta(post.metaTitle, post.metaDescription),
      { name: "robots", content: "noindex" },
    ];
  }
  const path = `/blog/${post.slug}`;
  const tags = publicPageMeta(matches, {
    page: post.metaTitle,
    description: post.metaDescription,
    path,
    type: "article",
    image: post.featureImage ?? undefined,
  });
  const siteUrl = siteUrlOf(matches);
  if (siteUrl === null) return tags;
  const image = post.featureImage ? shareableImage(post.featureImage) : SHARE_IMAGE;
  const article: MetaDescriptor[] = [
    ...(post.publishedAt
      ? [{ property: "article:published_time", content: post.publishedAt.toISOString() }]
      : []),
    { property: "article:modified_time", content: post.updatedAt.toISOString() },
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag.name })),
    // Twitter reads Open Graph's too, but not every card reader does: the post's own words.
    { name: "twitter:title", content: post.metaTitle },
    { name: "twitter:description", content: post.metaDescription },
    { name: "twitter:image", content: absoluteUrl(image.url, siteUrl) },
    { name: "twitter:image:alt", content: image.alt },
  ];
  return [
    ...tags,
    ...article,
    { "script:ld+json": blogPostingJsonLd(post, siteUrl, `${siteUrl}${path}`) },
  ];
};

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { post, previous, next, scheduledFor } = loaderData;
  return (
    <div className="container-page max-w-3xl py-12">
      {post.status !== "published" && (
        <p className="mb-6 rounded-xl bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-300">
          <strong className="font-semibold">
            {scheduledFor ? `Scheduled for ${scheduledFor}` : "Draft"}
          </strong>
          : only the owners see this post until it is published.
        </p>
      )}
      <Link to="/blog" className="link text-sm">
        All posts
      </Link>
      <article className="mt-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <header className="space-y-3">
          <h1 className="text-3xl font-bold text-slate-900">{post.title}</h1>
          <PostDateLine publishedAt={post.publishedAt} readingMinutes={post.readingMinutes} />
          <PostTags tags={post.tags} />
        </header>
        {post.featureImage && (
          <div className="mt-6">
            <FeatureImage
              image={post.featureImage}
              sizes="(min-width: 48rem) 42rem, calc(100vw - 5rem)"
              priority
            />
          </div>
        )}
        <div
          className="prose-article mt-6 max-w-prose text-slate-700"
          // Rendered from Markdown with raw HTML off and only harmless links (core/markdown.server.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the post's body, made safe on the server
          dangerouslySetInnerHTML={{ __html: post.bodyHtml }}
        />
      </article>
      {(previous || next) && (
        <nav aria-label="More posts" className="mt-8 grid gap-4 sm:grid-cols-2">
          {previous && (
            <Link
              to={`/blog/${previous.slug}`}
              rel="prev"
              className="block rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-600"
            >
              <span className="block text-sm text-slate-600">Previous post</span>
              <span className="font-semibold text-brand-800">{previous.title}</span>
            </Link>
          )}
          {next && (
            <Link
              to={`/blog/${next.slug}`}
              rel="next"
              className="block rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-600 sm:col-start-2 sm:text-right"
            >
              <span className="block text-sm text-slate-600">Next post</span>
              <span className="font-semibold text-brand-800">{next.title}</span>
            </Link>
          )}
        </nav>
      )}
      <BlogFooter />
    </div>
  );
}
