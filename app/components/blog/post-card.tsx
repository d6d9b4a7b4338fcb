import type { PostSummary } from "../../../core/blog/blog.server.ts";
import { Link } from "../links.tsx";
import { FeatureImage } from "./feature-image.tsx";
import { PostDateLine, PostTags } from "./post-facts.tsx";

/** A post in the blog's list: picture, title, date, reading time, tags and excerpt. */
export function PostCard({ post, priorityImage }: { post: PostSummary; priorityImage: boolean }) {
  const headingId = `post-${post.slug}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[minmax(0,16rem)_1fr]"
    >
      {post.featureImage && (
        <FeatureImage
          image={post.featureImage}
          sizes="(min-width: 640px) 16rem, calc(100vw - 5rem)"
          priority={priorityImage}
        />
      )}
      <div className={`space-y-3 ${post.featureImage ? "" : "sm:col-span-2"}`}>
        <h2 id={headingId} className="text-2xl font-bold text-slate-900">
          <Link to={`/blog/${post.slug}`} className="hover:underline">
            {post.title}
          </Link>
        </h2>
        <PostDateLine publishedAt={post.publishedAt} readingMinutes={post.readingMinutes} />
        <p className="text-slate-700">{post.excerpt}</p>
        <PostTags tags={post.tags} />
      </div>
    </article>
  );
}
