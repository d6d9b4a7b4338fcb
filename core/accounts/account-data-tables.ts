/**
 * Every table that can hold a row about a person, and what "Download my data"
 * (core/accounts/account-export.server.ts) and "Delete my account" (core/accounts/account-deletion.server.ts) do
 * with it. tests/integration/account-data.test.ts lists the tables from the database's own
 * catalogue and fails when one with a column that points at a person (a user id, a `*_by`, an
 * e-mail address, a recipient) is missing here: a new table has to be decided on, not forgotten.
 * Decision 0033 says why each is handled as it is.
 */
export const ACCOUNT_DATA_TABLES: Record<string, { export: string; deletion: string }> = {
  users: {
    export: "profile (name, e-mail, whether confirmed, photo, dates, two-factor on or off)",
    deletion: "deleted",
  },
  accounts: {
    export:
      "signInMethods: the provider, its account id and dates; never the password hash or OAuth tokens",
    deletion: "deleted",
  },
  sessions: {
    export: "sessions: device, address, dates; never the session token",
    deletion: "deleted (every device is signed out)",
  },
  api_tokens: {
    export: "apiTokens: created and expires only; never the hash",
    deletion: "deleted",
  },
  two_factors: {
    export:
      "profile.twoFactorEnabled only (users.two_factor_enabled); never the secret or backup codes",
    deletion: "deleted with the account's row (its foreign key cascades)",
  },
  owners: { export: "profile.owner (since when)", deletion: "deleted" },
  reviews: {
    export:
      "reviews, with their outcome, hidden state and reason, the teacher's reply, helpful count and the reasons of reports received (never who reported)",
    deletion: "deleted (the triggers on reviews correct the course's tallies)",
  },
  review_votes: {
    export: "helpfulVotes given; votes received only as each review's count",
    deletion: "deleted, given and received; the reviews voted on count one fewer",
  },
  review_reports: {
    export: "reports made; reports of their reviews by others as reasons only, in reviews",
    deletion: "deleted, made and received (with the reviews)",
  },
  review_replies: {
    export: "the reply under each of their reviews; repliesWritten as the teacher",
    deletion:
      "replies to their reviews deleted with them; author_id of replies they wrote set to null",
  },
  enrollments: { export: "enrollments", deletion: "deleted, open requests and past ones" },
  contact_messages: {
    export: "contactMessages sent from their address",
    deletion: "deleted when sent from their address",
  },
  newsletter_subscribers: {
    export: "newsletterSubscriptions of their address, without the link token",
    deletion: "deleted (the subscription ends; its deliveries go with it)",
  },
  newsletter_issues: {
    export: "newsletterIssuesWritten as the teacher",
    deletion: "kept (the site's own content); author_id set to null",
  },
  posts: {
    export: "not exported: the site's blog, written as its owner",
    deletion: "kept (the site's own content); created_by and updated_by set to null",
  },
  post_revisions: {
    export: "not exported: earlier saves of the site's blog posts",
    deletion: "kept; author_id set to null",
  },
  site_word_changes: {
    export: "not exported: the history of the site's words, saved as its owner",
    deletion: "kept (the site's own history); changed_by set to null",
  },
  services: {
    export: "coursesCreated",
    deletion: "kept in the catalogue; created_by set to null",
  },
  image_variants: {
    export: "uploadedPictures: their addresses",
    deletion:
      "their pictures nothing else shows (the profile photo among them) deleted; the rest kept, created_by set to null",
  },
  webhook_endpoints: {
    export: "not exported: the site's webhook endpoints, added as its owner",
    deletion: "kept (the site's own settings); created_by set to null",
  },
  webhook_deliveries: {
    export:
      "not exported: copies of events sent to the teacher's own systems (a review, an enrollment, a message), removed 30 days after",
    deletion:
      "deleted when about them (about_user_id) or naming their address or id, waiting or sent; what a receiver already took is outside the site",
  },
  writing_tasks: {
    export: "not exported: the site's Writing tasks, written as its owner",
    deletion: "kept (the site's own content); created_by and updated_by set to null",
  },
  writing_submissions: {
    export:
      "writingAnswers: every answer they submitted, its task, text, words, time, whether timed and its measures",
    deletion: "deleted (their answers are their personal data, decision 0057)",
  },
  writing_drafts: {
    export: "writingDrafts: the answer they are writing to each task, as last saved",
    deletion: "deleted",
  },
  writing_markings: {
    export:
      "writingAnswers[].marking: when sent for marking; once returned, the bands, notes, summary and dates (the teacher's marking of a student's answer is the student's data, decision 0062)",
    deletion:
      "deleted with the student's answers (the foreign key cascades); marked_by set to null when the teacher's account goes",
  },
  writing_comments: {
    export:
      "writingAnswers[].marking.comments once returned: criterion, text, correction and the W3C selectors of the passage; not in the teacher's own export",
    deletion:
      "deleted with the student's answers (the foreign key cascades); author_id set to null when the teacher's account goes",
  },
  mail_outbox: {
    export: "not exported: mail waiting to be sent, gone once sent, may hold one-time links",
    deletion:
      "deleted when addressed to them, about them (about_user_id) or naming their address or id; the goodbye mail is queued afterwards",
  },
  verifications: {
    export: "not exported: one-time tokens (password reset, Google sign-in state)",
    deletion: "deleted when naming their id or address",
  },
  rate_limits: {
    export: "not exported: attempt counters, deleted a day after the last attempt",
    deletion:
      "deleted when the key ends in their id or the keyed hash of their address (decision 0038)",
  },
};
