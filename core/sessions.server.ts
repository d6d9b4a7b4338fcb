import type { DB } from "../db/index.ts";
import { toDate } from "../db/schema.ts";

const DAY = 24 * 60 * 60;

/** A remembered session ends after 30 days without use ('Remember me' checked). */
export const SESSION_INACTIVITY_SECONDS = 30 * DAY;
/** …and after 90 days whatever happens; then the student logs in again (and its tokens stop). */
export const SESSION_ABSOLUTE_SECONDS = 90 * DAY;

/**
 * Better Auth renews a session while it is used, so on its own a session could live for ever:
 * the session with this token is deleted (and with it its API tokens) once it began more than
 * SESSION_ABSOLUTE_SECONDS ago. Returns whether it was.
 */
export async function endSessionIfOverAge(db: DB, token: string, now = new Date()) {
  const session = await db
    .selectFrom("sessions")
    .select(["id", "created_at"])
    .where("token", "=", token)
    .executeTakeFirst();
  if (!session) return false;
  if (now.getTime() - toDate(session.created_at).getTime() <= SESSION_ABSOLUTE_SECONDS * 1000)
    return false;
  await db.deleteFrom("sessions").where("id", "=", session.id).execute();
  return true;
}
