import { sql } from "kysely";
import {
  DEFAULT_MIGRATION_TABLE,
  type Migration,
  type MigrationResultSet,
  Migrator,
} from "kysely/migration";
import type { DB } from "./index.ts";
import * as usersServicesReviews from "./migrations/2026-11-21T10-00_users-services-reviews.ts";
import * as accounts from "./migrations/2026-11-21T11-00_accounts.ts";
import * as reviewsWithoutRating from "./migrations/2026-11-22T10-00_reviews-without-rating.ts";
import * as mailOutbox from "./migrations/2026-11-22T11-00_mail-outbox.ts";
import * as owners from "./migrations/2026-11-22T12-00_owners.ts";
import * as servicePublication from "./migrations/2026-11-22T13-00_service-publication.ts";
import * as contactMessages from "./migrations/2026-11-22T14-00_contact-messages.ts";
import * as reviewReplies from "./migrations/2026-11-22T15-00_review-replies.ts";
import * as reviewModeration from "./migrations/2026-11-22T16-00_review-moderation.ts";
import * as enrollments from "./migrations/2026-11-22T17-00_enrollments.ts";
import * as newsletterSubscribers from "./migrations/2026-11-22T18-00_newsletter-subscribers.ts";
import * as newsletterIssues from "./migrations/2026-11-23T10-00_newsletter-issues.ts";
import * as reviewOutcomesAndVotes from "./migrations/2026-11-23T11-00_review-outcomes-and-votes.ts";
import * as reviewTallies from "./migrations/2026-11-23T12-00_review-tallies.ts";
import * as reviewSortIndexes from "./migrations/2026-11-23T13-00_review-sort-indexes.ts";
import * as courseDetails from "./migrations/2026-11-23T14-00_course-details.ts";
import * as courseRatingColumns from "./migrations/2026-11-23T15-00_course-rating-columns.ts";
import * as catalogueSearch from "./migrations/2026-11-23T16-00_catalogue-search.ts";
import * as uploadedImages from "./migrations/2026-11-23T17-00_uploaded-images.ts";
import * as twoFactor from "./migrations/2026-11-24T10-00_two-factor.ts";
import * as mailAboutUser from "./migrations/2026-11-24T11-00_mail-about-user.ts";
import * as contentChanges from "./migrations/2026-11-24T12-00_content-changes.ts";
import * as catalogueTallies from "./migrations/2026-11-25T10-00_catalogue-tallies.ts";
import * as rateLimitAccountKeys from "./migrations/2026-11-25T15-00_rate-limit-account-keys.ts";
import * as blogPosts from "./migrations/2026-11-25T16-00_blog-posts.ts";
import * as blogContentChanges from "./migrations/2026-11-25T17-00_blog-content-changes.ts";
import * as siteWordChanges from "./migrations/2026-11-25T18-00_site-word-changes.ts";
import * as webhooks from "./migrations/2026-11-25T19-00_webhooks.ts";
import * as writingTasks from "./migrations/2026-11-28T10-00_writing-tasks.ts";
import * as writingContentChanges from "./migrations/2026-11-28T10-10_writing-content-changes.ts";
import * as writingMarking from "./migrations/2026-11-28T11-00_writing-marking.ts";

/**
 * Listed by hand, in order, so the migrations travel inside any bundle and need no directory
 * scan at run time. Names are timestamps: add new ones at the end.
 */
const migrations: Record<string, Migration> = {
  "2026-11-21T10-00_users-services-reviews": usersServicesReviews,
  "2026-11-21T11-00_accounts": accounts,
  "2026-11-22T10-00_reviews-without-rating": reviewsWithoutRating,
  "2026-11-22T11-00_mail-outbox": mailOutbox,
  "2026-11-22T12-00_owners": owners,
  "2026-11-22T13-00_service-publication": servicePublication,
  "2026-11-22T14-00_contact-messages": contactMessages,
  "2026-11-22T15-00_review-replies": reviewReplies,
  "2026-11-22T16-00_review-moderation": reviewModeration,
  "2026-11-22T17-00_enrollments": enrollments,
  "2026-11-22T18-00_newsletter-subscribers": newsletterSubscribers,
  "2026-11-23T10-00_newsletter-issues": newsletterIssues,
  "2026-11-23T11-00_review-outcomes-and-votes": reviewOutcomesAndVotes,
  "2026-11-23T12-00_review-tallies": reviewTallies,
  "2026-11-23T13-00_review-sort-indexes": reviewSortIndexes,
  "2026-11-23T14-00_course-details": courseDetails,
  "2026-11-23T15-00_course-rating-columns": courseRatingColumns,
  "2026-11-23T16-00_catalogue-search": catalogueSearch,
  "2026-11-23T17-00_uploaded-images": uploadedImages,
  "2026-11-24T10-00_two-factor": twoFactor,
  "2026-11-24T11-00_mail-about-user": mailAboutUser,
  "2026-11-24T12-00_content-changes": contentChanges,
  "2026-11-25T10-00_catalogue-tallies": catalogueTallies,
  "2026-11-25T15-00_rate-limit-account-keys": rateLimitAccountKeys,
  "2026-11-25T16-00_blog-posts": blogPosts,
  "2026-11-25T17-00_blog-content-changes": blogContentChanges,
  "2026-11-25T18-00_site-word-changes": siteWordChanges,
  "2026-11-25T19-00_webhooks": webhooks,
  "2026-11-28T10-00_writing-tasks": writingTasks,
  "2026-11-28T10-10_writing-content-changes": writingContentChanges,
  "2026-11-28T11-00_writing-marking": writingMarking,
};

/** Every migration this code has, oldest first. */
export function migrationNames(): string[] {
  return Object.keys(migrations);
}

function migratorFor(db: DB): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

function orThrow(result: MigrationResultSet): MigrationResultSet {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`Migration ${failed ?? "(unknown)"} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}

export async function migrateToLatest(db: DB): Promise<MigrationResultSet> {
  return orThrow(await migratorFor(db).migrateToLatest());
}

export async function migrateDown(db: DB): Promise<MigrationResultSet> {
  return orThrow(await migratorFor(db).migrateDown());
}

/** Migrates up or down to the named migration (everything after it is reverted). */
export async function migrateTo(db: DB, name: string): Promise<MigrationResultSet> {
  return orThrow(await migratorFor(db).migrateTo(name));
}

/**
 * The migrations this code has that the database has not applied: none means its schema is the
 * one the code expects. One small read (the readiness check asks it every few seconds).
 */
export async function unappliedMigrations(db: DB): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(
    DEFAULT_MIGRATION_TABLE,
  )}`.execute(db);
  const applied = new Set(rows.map((row) => row.name));
  return Object.keys(migrations).filter((name) => !applied.has(name));
}
