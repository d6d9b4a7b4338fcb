const DAY = 24 * 60 * 60;

/** A remembered session ends after 30 days without use ('Remember me' checked). */
export const SESSION_INACTIVITY_SECONDS = 30 * DAY;
/** …and after 90 days whatever happens; then the student logs in again (and its tokens stop). */
export const SESSION_ABSOLUTE_SECONDS = 90 * DAY;
