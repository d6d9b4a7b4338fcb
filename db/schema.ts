import type { Generated, Selectable } from "kysely";

/**
 * Table types for Kysely. Timestamps are ISO-8601 UTC strings when written; PostgreSQL hands
 * `timestamptz` back as Date and SQLite as the stored string, so readers go through `toDate`.
 */
export type Timestamp = Date | string;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: Generated<boolean | number>;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set by Better Auth once a code from the authenticator app confirmed the secret. */
  two_factor_enabled: Generated<boolean | number>;
}

/** An account's authenticator secret and backup codes (Better Auth's two-factor plugin). */
export interface TwoFactorsTable {
  id: string;
  user_id: string;
  /** Encrypted with AUTH_SECRET. */
  secret: string;
  /** A JSON list of the unused codes, encrypted with AUTH_SECRET. */
  backup_codes: string;
  verified: Generated<boolean | number>;
  failed_verification_count: Generated<number>;
  locked_until: Timestamp | null;
}

export interface ServicesTable {
  id: string;
  name: string;
  /** Whole cents: exact on both engines, shown as dollars. */
  price_cents: number;
  description: string;
  image_url: string;
  /** Null for the teacher's seeded catalogue; the creating user otherwise. */
  created_by: string | null;
  created_at: Timestamp;
  /** In the catalogue, waiting for the owner's approval, or taken out of it (restorable). */
  status: Generated<ServiceStatus>;
  /** What a buyer weighs (core/catalogue/course-details.ts), all optional. */
  ielts_module: Generated<"academic" | "general" | "both" | null>;
  level_from: Generated<number | null>;
  level_to: Generated<number | null>;
  length_value: Generated<number | null>;
  length_unit: Generated<"days" | "weeks" | null>;
  format: Generated<"video" | "live" | "one-to-one" | null>;
  /** A JSON array of up to 8 strings. */
  learning_points: Generated<string>;
  /**
   * The course's visible reviews, rated ones, and their stars' total: sums of its review_tallies,
   * kept by triggers (migration 2026-11-23T15-00), for sorting the catalogue.
   */
  review_count: Generated<number>;
  rating_count: Generated<number>;
  rating_sum: Generated<number>;
  /** How many of each student's Writing answers the teacher marks (0–100; decision 0062). */
  writing_answers_marked: Generated<number>;
}

export type ServiceStatus = "published" | "pending" | "unpublished";

export interface ReviewsTable {
  id: string;
  service_id: string;
  user_id: string;
  /** 1 to 5 stars, or null: an API client may post a review without stars. */
  rating: number | null;
  message: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set when an owner hid it: out of every public place; its author still sees it, marked. */
  hidden_reason: Generated<string | null>;
  hidden_at: Generated<Timestamp | null>;
  /** The student's IELTS outcome, all optional (core/reviews/review-outcomes.ts). */
  ielts_module: Generated<IeltsModule | null>;
  band_before: Generated<number | null>;
  band_achieved: Generated<number | null>;
  /** YYYY-MM */
  test_month: Generated<string | null>;
  /** How many users marked it helpful (the rows of review_votes), kept for sorting. */
  helpful_count: Generated<number>;
}

export type IeltsModule = "academic" | "general";

/** One user found someone else's review helpful. */
export interface ReviewVotesTable {
  review_id: string;
  user_id: string;
  created_at: Timestamp;
}

/**
 * How many visible reviews a course has of each kind, kept by triggers on `reviews` (migration
 * 2026-11-23T12-00). Sentinels stand for "none": stars 0, ielts_module '', band_achieved -1.
 */
export interface ReviewTalliesTable {
  service_id: string;
  stars: number;
  ielts_module: IeltsModule | "";
  band_achieved: number;
  review_count: number;
  /** Sum of (band achieved − band before) over `gain_count` reviews that report both. */
  gain_sum: number;
  gain_count: number;
}

/** How many courses are in each status, kept by triggers on `services` (migration 2026-11-25T10-00). */
export interface CatalogueTalliesTable {
  status: ServiceStatus;
  course_count: number;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Better Auth's sign-in methods of a user: `credential` (a password) or `google`. */
export interface AccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Timestamp | null;
  refresh_token_expires_at: Timestamp | null;
  scope: string | null;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ApiTokensTable {
  /** SHA-256 of the token: a stolen database does not yield usable tokens. */
  token_hash: string;
  session_id: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  /** Milliseconds since the epoch. */
  window_started_at: number | string;
  hits: number;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MailOutboxTable {
  id: string;
  kind: "mail" | "password-reset" | "newsletter";
  recipient: string;
  /** JSON, shaped by `kind` (core/mail/mail-outbox.server.ts). */
  payload: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  claimed_until: Timestamp | null;
  failed_at: Timestamp | null;
  created_at: Timestamp;
  /**
   * The account the mail is about when that is not just its recipient's (migration
   * 2026-11-24T11-00): deleting the account removes it while it waits.
   */
  about_user_id: string | null;
}

/** Who may run the site (granted from the shell only: `npm run owner`). */
export interface OwnersTable {
  user_id: string;
  granted_at: Timestamp;
}

/** The owner's settings, one row each (core/site/site-settings.server.ts says which). */
export interface SiteSettingsTable {
  key: string;
  value: string;
}

/** One save of a section of the site's words on /admin/site (decision 0040). */
export interface SiteWordChangesTable {
  id: string;
  /** hero, about, faq, contact or social. */
  section: string;
  /** The section as saved, as JSON. */
  snapshot: string;
  /** Null once the owner who saved it deleted their account. */
  changed_by: string | null;
  changed_at: Timestamp;
}

/** One width of an uploaded picture, as WebP (decision 0028). */
export interface ImageVariantsTable {
  image_id: string;
  width: number;
  height: number;
  /** node:sqlite reads a blob as a Uint8Array, pg a bytea as a Buffer (a Uint8Array too). */
  bytes: Uint8Array;
  created_by: string | null;
  created_at: Timestamp;
}

/** A message sent through the contact form. */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  message: string;
  created_at: Timestamp;
  handled_at: Timestamp | null;
}

/** The teacher's public answer to a review (one at most). */
export interface ReviewRepliesTable {
  review_id: string;
  text: string;
  author_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A student's report of someone else's review. */
export interface ReviewReportsTable {
  id: string;
  review_id: string;
  reporter_id: string;
  reason: string;
  note: string | null;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
}

export type EnrollmentStatus = "requested" | "confirmed" | "declined" | "cancelled";

/** A student's request to join a course, and what became of it. */
export interface EnrollmentsTable {
  id: string;
  service_id: string;
  user_id: string;
  start_date: string | null;
  message: string | null;
  status: EnrollmentStatus;
  owner_note: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Writing answers marked that the owner added for this student, beyond the course's own. */
  writing_answers_added: Generated<number>;
}

export type SubscriberStatus = "pending" | "confirmed" | "unsubscribed";

/** An address on the newsletter list (double opt-in). */
export interface NewsletterSubscribersTable {
  id: string;
  email: string;
  status: SubscriberStatus;
  token: string;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
}

export type IssueStatus = "draft" | "sending" | "sent";

/** A newsletter the owner writes, and sends once. */
export interface NewsletterIssuesTable {
  id: string;
  subject: string;
  body: string;
  status: IssueStatus;
  author_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  send_started_at: Timestamp | null;
  sent_at: Timestamp | null;
  /** The blog post this issue carries (migration 2026-11-25T16-00); null for one the owner wrote. */
  post_id: Generated<string | null>;
}

export type DeliveryStatus = "queued" | "sent" | "failed" | "skipped";

/** One issue on its way to one subscriber (at most one per pair). */
export interface NewsletterDeliveriesTable {
  id: string;
  issue_id: string;
  subscriber_id: string;
  status: DeliveryStatus;
  failure: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export type PostStatus = "draft" | "scheduled" | "published";

/** A blog post (decision 0039). */
export interface PostsTable {
  id: string;
  slug: string;
  title: string;
  /** Markdown. */
  body: string;
  /** Null: the first paragraph of the body stands in. */
  excerpt: string | null;
  feature_image_url: string | null;
  feature_image_alt: string | null;
  meta_title: string | null;
  meta_description: string | null;
  status: PostStatus;
  /** When a scheduled post is published. */
  publish_at: Timestamp | null;
  /** The date a published post shows and sorts by. */
  published_at: Timestamp | null;
  send_by_email: Generated<boolean | number>;
  /** When the post was handed to the newsletter (once, ever). */
  emailed_at: Timestamp | null;
  emailed_issue_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  updated_by: string | null;
}

export interface TagsTable {
  id: string;
  /** The tag's address, /blog/tag/{slug}. */
  slug: string;
  name: string;
}

export interface PostTagsTable {
  post_id: string;
  tag_id: string;
  /** The tag's place in the post's list, as the owner wrote it. */
  position: number;
}

/** A post as one save left it (the last 20 per post are kept). */
export interface PostRevisionsTable {
  id: string;
  post_id: string;
  /** 1, 2, 3… per post, in the order of saves. */
  number: number;
  title: string;
  slug: string;
  body: string;
  excerpt: string | null;
  feature_image_url: string | null;
  feature_image_alt: string | null;
  meta_title: string | null;
  meta_description: string | null;
  /** A JSON array of the tags' names. */
  tags: string;
  author_id: string | null;
  created_at: Timestamp;
}

/** The address of a deleted post: answered 410 Gone until a new post takes it. */
export interface DeletedPostSlugsTable {
  slug: string;
  deleted_at: Timestamp;
}

export type WebhookEndpointState = "on" | "off" | "failing";
export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/** Where the teacher's webhooks go (decision 0047). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  /** A JSON array of event types. */
  events: string;
  /** The `whsec_` secret, encrypted (core/webhooks/webhook-secrets.server.ts). */
  secret: string;
  /** `off`: turned off by an owner; `failing`: turned off after 3 days of failed deliveries. */
  state: Generated<WebhookEndpointState>;
  state_changed_at: Timestamp | null;
  failing_since: Timestamp | null;
  created_by: string | null;
  created_at: Timestamp;
}

/** One event on its way to one endpoint, and how its attempts went. */
export interface WebhookDeliveriesTable {
  /** Also its `webhook-id`. */
  id: string;
  endpoint_id: string;
  event_type: string;
  /** The JSON body as signed and sent. */
  payload: string;
  status: Generated<WebhookDeliveryStatus>;
  /** 1: a test event or a "Send again", sent even while the endpoint is off. */
  manual: Generated<number>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  claimed_until: Timestamp | null;
  retry_until: Timestamp;
  last_attempt_at: Timestamp | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  about_user_id: string | null;
  created_at: Timestamp;
}

export type WritingTaskKind = "academic-task-1" | "general-task-1" | "task-2";
export type WritingTaskStatus = "draft" | "published";

/** A Writing task the teacher wrote (decision 0057). */
export interface WritingTasksTable {
  id: string;
  kind: WritingTaskKind;
  title: string;
  /** Markdown. */
  prompt: string;
  /** An Academic Task 1's picture: an upload's address, or a seeded sample's; null for none. */
  picture_url: string | null;
  picture_alt: string | null;
  minutes: number;
  minimum_words: number;
  status: WritingTaskStatus;
  /** When it was first published (kept when unpublished and published again); the lists' order. */
  published_at: Timestamp | null;
  /** Set when the owner deleted it: out of every list and page, kept for the answers written to it. */
  withdrawn_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  updated_by: string | null;
}

/** A student's answer to a Writing task, as submitted: its text never changes. */
export interface WritingSubmissionsTable {
  id: string;
  task_id: string;
  author_id: string;
  text: string;
  /** The words as the server counted them when it was submitted. */
  words: number;
  /** How long the student took; null when the screen could not tell (no JavaScript). */
  seconds_taken: number | null;
  timed: Generated<boolean | number>;
  /** Submitted by the screen because the time ran out, as it stood. */
  time_ran_out: Generated<boolean | number>;
  submitted_at: Timestamp;
  /** The instant measures (words, spelling, linking words…), as JSON. */
  measures: string;
  /** The earlier answer this one revises ("Write a revised draft"); null for a first attempt. */
  revision_of: Generated<string | null>;
  /** The same for both answers of one full Writing test (/writing/test); null otherwise. */
  sitting_id: Generated<string | null>;
}

/** An answer sent for marking, and the teacher's marking of it (decision 0062). */
export interface WritingMarkingsTable {
  submission_id: string;
  requested_at: Timestamp;
  /** Whole bands 0–9, null until set. */
  band_task: number | null;
  band_coherence_cohesion: number | null;
  band_lexical_resource: number | null;
  band_grammatical_range_accuracy: number | null;
  note_task: string | null;
  note_coherence_cohesion: string | null;
  note_lexical_resource: string | null;
  note_grammatical_range_accuracy: string | null;
  /** Markdown. */
  summary: string | null;
  marked_by: string | null;
  returned_at: Timestamp | null;
  corrected_at: Timestamp | null;
  updated_at: Timestamp;
}

/** The teacher's comment on a passage of an answer, placed by W3C Web Annotation selectors. */
export interface WritingCommentsTable {
  id: string;
  submission_id: string;
  criterion: string;
  body: string;
  correction: string | null;
  quote_exact: string;
  quote_prefix: string;
  quote_suffix: string;
  position_start: number;
  position_end: number;
  author_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The answer a student is writing to a task, saved as they type: one per student and task. */
export interface WritingDraftsTable {
  author_id: string;
  task_id: string;
  text: string;
  /** The countdown's seconds left, for a timed sitting; null when untimed. */
  seconds_left: number | null;
  updated_at: Timestamp;
}

/** Every table, as our queries see it (Better Auth also reads and writes users, sessions, accounts and verifications). */
export interface Database {
  users: UsersTable;
  services: ServicesTable;
  reviews: ReviewsTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  api_tokens: ApiTokensTable;
  rate_limits: RateLimitsTable;
  verifications: VerificationsTable;
  mail_outbox: MailOutboxTable;
  owners: OwnersTable;
  site_settings: SiteSettingsTable;
  site_word_changes: SiteWordChangesTable;
  image_variants: ImageVariantsTable;
  contact_messages: ContactMessagesTable;
  review_replies: ReviewRepliesTable;
  review_reports: ReviewReportsTable;
  enrollments: EnrollmentsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_issues: NewsletterIssuesTable;
  review_votes: ReviewVotesTable;
  review_tallies: ReviewTalliesTable;
  catalogue_tallies: CatalogueTalliesTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  two_factors: TwoFactorsTable;
  posts: PostsTable;
  tags: TagsTable;
  post_tags: PostTagsTable;
  post_revisions: PostRevisionsTable;
  deleted_post_slugs: DeletedPostSlugsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  writing_tasks: WritingTasksTable;
  writing_submissions: WritingSubmissionsTable;
  writing_drafts: WritingDraftsTable;
  writing_markings: WritingMarkingsTable;
  writing_comments: WritingCommentsTable;
}

export type ServiceRow = Selectable<ServicesTable>;

export function toDate(value: Timestamp): Date {
  return value instanceof Date ? value : new Date(value);
}

/** How a timestamp is written: `new Date().toISOString()`. */
const AS_WRITTEN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A timestamp as ISO 8601 UTC, as the JSON API and the pages give it. SQLite hands back the string
 * as it was written, which is kept as it is (parsing and printing it again cost 2 µs, 0.2 ms for
 * a marked answer's 40 comments); PostgreSQL hands back a Date; anything else is read as a date.
 */
export function toIsoTimestamp(value: Timestamp): string {
  return typeof value === "string" && AS_WRITTEN.test(value) ? value : toDate(value).toISOString();
}
