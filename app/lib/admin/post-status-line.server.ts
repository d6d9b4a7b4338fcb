import type { PostStatus } from "../../../core/blog/posts.server.ts";
import { formatInTimeZone } from "../../../core/site/time-zones.ts";

/**
 * Where a post stands, in words, with its time in the teacher's zone: "Published 3 December
 * 2026 at 09:30", "Scheduled for …", "Draft, last saved …".
 */
export function postStatusLine(
  post: {
    status: PostStatus;
    publishAt: Date | null;
    publishedAt: Date | null;
    updatedAt: Date;
  },
  timeZone: string,
): string {
  if (post.status === "published" && post.publishedAt) {
    return `Published ${formatInTimeZone(post.publishedAt, timeZone)}`;
  }
  if (post.status === "scheduled" && post.publishAt) {
    return `Scheduled for ${formatInTimeZone(post.publishAt, timeZone)}`;
  }
  return `Draft, last saved ${formatInTimeZone(post.updatedAt, timeZone)}`;
}
