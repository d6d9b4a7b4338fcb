/**
 * How long what people type may be. Dependency-free, so the forms' `minLength`/`maxLength`,
 * Better Auth's options and the server's checks (the schemas in core) all read the same numbers
 * without bringing the checks' code into the browser.
 */
export const MIN_PASSWORD_LENGTH = 8;
/** Long passphrases are welcome; the cap only keeps hashing cheap for an attacker's megabyte. */
export const MAX_PASSWORD_LENGTH = 128;
/** A person's name: on an account, and in a contact message. */
export const MAX_NAME_LENGTH = 100;
/** The longest e-mail address the standards allow. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_REVIEW_LENGTH = 2000;
/** The teacher's answer to a review. */
export const MAX_REPLY_LENGTH = 2000;
/** The optional message with an enrollment request, and the owner's note on it. */
export const MAX_ENROLLMENT_MESSAGE_LENGTH = 1000;
/** The payment instructions the owner shows after an enrollment request. */
export const MAX_PAYMENT_INSTRUCTIONS_LENGTH = 2000;
/** The optional note with a report of a review. */
export const MAX_REPORT_NOTE_LENGTH = 500;
export const MAX_SERVICE_NAME_LENGTH = 120;
export const MAX_SERVICE_DESCRIPTION_LENGTH = 5000;
export const MAX_CONTACT_MESSAGE_LENGTH = 5000;
/** The teacher's About Me text (/admin). */
export const MAX_ABOUT_BIO_LENGTH = 5000;
/** A newsletter issue's subject line: what fits in a mailbox's list. */
export const MAX_NEWSLETTER_SUBJECT_LENGTH = 150;
/** A newsletter issue's text (plain or Markdown). */
export const MAX_NEWSLETTER_BODY_LENGTH = 20_000;
/** A blog post's title. */
export const MAX_POST_TITLE_LENGTH = 150;
/** A blog post's address, /blog/{slug}: lower-case letters, digits and hyphens. */
export const MAX_POST_SLUG_LENGTH = 100;
/** A blog post's Markdown. */
export const MAX_POST_BODY_LENGTH = 100_000;
/** The summary under a post's title in the lists (else the first paragraph, cut to this). */
export const MAX_POST_EXCERPT_LENGTH = 300;
/** A post's feature image's alternative text. */
export const MAX_POST_IMAGE_ALT_LENGTH = 200;
/** The title search engines show (else the post's title). */
export const MAX_POST_META_TITLE_LENGTH = 70;
/** The description search engines show (else the excerpt). */
export const MAX_POST_META_DESCRIPTION_LENGTH = 160;
/** Tags a post may carry, and a tag's name. */
export const MAX_POST_TAGS = 5;
export const MAX_TAG_LENGTH = 40;
/** The home page's hero: its heading and the line under it (/admin/site). */
export const MAX_HERO_TITLE_LENGTH = 120;
export const MAX_HERO_TEXT_LENGTH = 400;
/** The FAQ: how many questions it keeps, and each question's and answer's length. */
export const MIN_FAQ_ITEMS = 1;
export const MAX_FAQ_ITEMS = 20;
export const MAX_FAQ_QUESTION_LENGTH = 200;
export const MAX_FAQ_ANSWER_LENGTH = 2000;
/** The contact details on /contact and in the footer. */
export const MAX_PHONE_LENGTH = 40;
export const MAX_POSTAL_ADDRESS_LENGTH = 300;
export const MAX_OPENING_HOURS_LENGTH = 300;
/** The social links in the footer, and each one's address. */
export const MAX_SOCIAL_LINKS = 6;
export const MAX_SOCIAL_URL_LENGTH = 500;
/** A Writing task's title: the teacher's name for it in the lists (/writing, /admin/writing/tasks). */
export const MAX_WRITING_TASK_TITLE_LENGTH = 150;
/** A Writing task's prompt (Markdown): the instructions, and the situation or question. */
export const MAX_WRITING_TASK_PROMPT_LENGTH = 5000;
/**
 * The description of an Academic Task 1's picture: a student who cannot see the chart reads the
 * whole of it in words, its figures too, so it may be far longer than a post picture's.
 */
export const MAX_WRITING_TASK_PICTURE_ALT_LENGTH = 1500;
/** The minutes a Writing task gives (the test gives 20 and 40; a teacher may give more). */
export const MIN_WRITING_TASK_MINUTES = 1;
export const MAX_WRITING_TASK_MINUTES = 120;
/** The fewest words a Writing task asks for (the test asks 150 and 250). */
export const MIN_WRITING_TASK_MINIMUM_WORDS = 1;
export const MAX_WRITING_TASK_MINIMUM_WORDS = 1000;
/** How much of a search of the owner's Writing tasks is read (/admin/writing/tasks?q=). */
export const MAX_WRITING_TASK_SEARCH_LENGTH = 100;
/**
 * A Writing answer, submitted or kept as a draft: plain text, counted as the answer box counts
 * it (UTF-16 code units, a line break one). The test's answers are 150 to 400 words, about 2,500
 * characters; this leaves room for a student who writes far more, and no room for a book.
 */
export const MAX_WRITING_ANSWER_LENGTH = 15_000;
/** A teacher's comment on a passage of a Writing answer, and its suggested correction. */
export const MAX_COMMENT_LENGTH = 2000;
export const MAX_CORRECTION_LENGTH = 500;
/** A note on one criterion's band, and a marking's summary (Markdown). */
export const MAX_BAND_NOTE_LENGTH = 1000;
export const MAX_SUMMARY_LENGTH = 10_000;
/** The most Writing answers a course may include marking for, and an owner may add at once. */
export const MAX_WRITING_ANSWERS_MARKED = 100;
