import { formatLongDate } from "../../../core/format.ts";
import { useSiteTimeZone } from "../../lib/site-time-zone.ts";
import { Link } from "../links.tsx";

/** A post's date and reading time, as one line under its title. */
export function PostDateLine({
  publishedAt,
  readingMinutes,
}: {
  publishedAt: Date | null;
  readingMinutes: number;
}) {
  const timeZone = useSiteTimeZone();
  return (
    <p className="text-sm text-slate-600">
      {publishedAt && (
        <>
          <time dateTime={publishedAt.toISOString()}>{formatLongDate(publishedAt, timeZone)}</time>
          <span aria-hidden="true"> · </span>
        </>
      )}
      {`${readingMinutes} min read`}
    </p>
  );
}

/** A post's tags, each leading to the posts that carry it. */
export function PostTags({ tags }: { tags: { slug: string; name: string }[] }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link
            to={`/blog/tag/${tag.slug}`}
            className="inline-flex min-h-8 items-center rounded-full bg-brand-50 px-3 text-sm font-medium text-brand-800 ring-1 ring-brand-100 hover:bg-brand-100"
          >
            {tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
