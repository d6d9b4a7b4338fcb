import type { DB } from "../../db/index.ts";
import type { ServiceStatus, SubscriberStatus } from "../../db/schema.ts";

/**
 * Rows put straight into the database, for tests about reading and ownership that need data
 * without going through sign-up or the forms (those have tests of their own).
 */
export async function insertUser(
  db: DB,
  overrides: { name?: string; email?: string; image?: string | null } = {},
) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("users")
    .values({
      id,
      name: overrides.name ?? "Test Student",
      email: overrides.email ?? `${id}@example.com`,
      image: overrides.image ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function insertService(
  db: DB,
  overrides: {
    name?: string;
    priceCents?: number;
    description?: string;
    createdAt?: Date;
    createdBy?: string;
    status?: ServiceStatus;
    module?: "academic" | "general" | "both";
  } = {},
) {
  const id = crypto.randomUUID();
  await db
    .insertInto("services")
    .values({
      id,
      name: overrides.name ?? "Test course",
      price_cents: overrides.priceCents ?? 1000,
      description: overrides.description ?? "A course used by the tests.",
      image_url: "/images/services/listening.svg",
      created_by: overrides.createdBy ?? null,
      created_at: (overrides.createdAt ?? new Date()).toISOString(),
      status: overrides.status ?? "published",
      ielts_module: overrides.module ?? null,
    })
    .execute();
  return id;
}

export async function insertReview(
  db: DB,
  {
    id = crypto.randomUUID(),
    serviceId,
    userId,
    rating,
    message = "Helpful.",
    createdAt = new Date(),
  }: {
    id?: string;
    serviceId: string;
    userId: string;
    /** Stars from 1 to 5, or null for a review posted without them. */
    rating: number | null;
    message?: string;
    createdAt?: Date;
  },
) {
  await db
    .insertInto("reviews")
    .values({
      id,
      service_id: serviceId,
      user_id: userId,
      rating,
      message,
      created_at: createdAt.toISOString(),
      updated_at: createdAt.toISOString(),
    })
    .execute();
  return id;
}

/**
 * Newsletter subscribers as they are after the double opt-in (or not), many at once: returns
 * their tokens by address.
 */
export async function insertSubscribers(
  db: DB,
  subscribers: { email: string; status: SubscriberStatus }[],
): Promise<Map<string, string>> {
  const now = new Date().toISOString();
  const rows = subscribers.map(({ email, status }) => ({
    id: crypto.randomUUID(),
    email,
    status,
    token: crypto.randomUUID(),
    created_at: now,
    confirmed_at: status === "confirmed" ? now : null,
    unsubscribed_at: status === "unsubscribed" ? now : null,
  }));
  // In slices: PostgreSQL takes at most 65,535 parameters in one statement.
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto("newsletter_subscribers")
      .values(rows.slice(start, start + 500))
      .execute();
  }
  return new Map(rows.map((row) => [row.email, row.token]));
}

/** A Writing task, published unless told otherwise. */
export async function insertWritingTask(
  db: DB,
  overrides: {
    kind?: "academic-task-1" | "general-task-1" | "task-2";
    title?: string;
    prompt?: string;
    status?: "draft" | "published";
    pictureUrl?: string | null;
    pictureAlt?: string | null;
    createdBy?: string | null;
  } = {},
) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const status = overrides.status ?? "published";
  await db
    .insertInto("writing_tasks")
    .values({
      id,
      kind: overrides.kind ?? "task-2",
      title: overrides.title ?? "A test task",
      prompt: overrides.prompt ?? "Discuss both views and give your own opinion.",
      picture_url: overrides.pictureUrl ?? null,
      picture_alt: overrides.pictureAlt ?? null,
      minutes: 40,
      minimum_words: 250,
      status,
      published_at: status === "published" ? now : null,
      withdrawn_at: null,
      created_at: now,
      updated_at: now,
      created_by: overrides.createdBy ?? null,
      updated_by: overrides.createdBy ?? null,
    })
    .execute();
  return id;
}

/**
 * A student's submitted answer and their draft of another answer as bare rows, for tests of what
 * the site keeps (a backup, a withdrawn task); the measures are a stand-in. An answer as the site
 * makes it comes from `submitWritingAnswer` or `POST /api/writing/submissions` (decision 0059).
 */
export async function insertWritingAnswer(
  db: DB,
  {
    taskId,
    authorId,
    text = "Cities are changing quickly, and cars are part of that change.",
  }: { taskId: string; authorId: string; text?: string },
) {
  const id = crypto.randomUUID();
  await db
    .insertInto("writing_submissions")
    .values({
      id,
      task_id: taskId,
      author_id: authorId,
      text,
      words: text.split(/\s+/).length,
      seconds_taken: 1980,
      submitted_at: new Date().toISOString(),
      measures: JSON.stringify({ words: text.split(/\s+/).length }),
    })
    .execute();
  return id;
}

export async function insertWritingDraft(
  db: DB,
  {
    taskId,
    authorId,
    text = "Some people say",
  }: { taskId: string; authorId: string; text?: string },
) {
  await db
    .insertInto("writing_drafts")
    .values({
      author_id: authorId,
      task_id: taskId,
      text,
      seconds_left: 1200,
      updated_at: new Date().toISOString(),
    })
    .execute();
}

/** An enrollment of `userId` in `serviceId`, approved unless said otherwise; its id. */
export async function insertEnrollment(
  db: DB,
  {
    serviceId,
    userId,
    status = "confirmed",
  }: { serviceId: string; userId: string; status?: "requested" | "confirmed" },
): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("enrollments")
    .values({
      id,
      service_id: serviceId,
      user_id: userId,
      start_date: null,
      message: null,
      status,
      owner_note: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
