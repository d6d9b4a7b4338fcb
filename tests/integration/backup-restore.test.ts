import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync, backup as sqliteBackup } from "node:sqlite";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "kysely";
import { afterAll, describe, expect, it, vi } from "vitest";
import { grantOwner } from "../../core/accounts/owners.server.ts";
import { listServices } from "../../core/catalogue/catalogue.server.ts";
import { prepareImage, storeImage } from "../../core/images/images.server.ts";
import { setPaymentInstructions } from "../../core/site/site-settings.server.ts";
import { saveHero } from "../../core/site/site-words.server.ts";
import { openBackup, writeBackup } from "../../db/backup.ts";
import { type DB, type Engine, openDatabase, sqlitePath } from "../../db/index.ts";
import { migrateDown, migrationNames, unappliedMigrations } from "../../db/migrate.ts";
import {
  BackupFileError,
  RestoreRefused,
  resetSequences,
  restoreBackup,
} from "../../db/restore.ts";
import {
  seedBlogIfEmpty,
  seedCatalogueIfEmpty,
  seedWritingTasksIfEmpty,
} from "../../db/seed/index.ts";
import { allRows, listTables } from "../support/database-catalogue.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/databases.ts";
import {
  insertReview,
  insertService,
  insertSubscribers,
  insertUser,
  insertWritingAnswer,
  insertWritingDraft,
} from "../support/fixtures.ts";
import { photo } from "../support/uploads.ts";

const root = join(import.meta.dirname, "..", "..");
const directory = mkdtempSync(join(tmpdir(), "ielts-hub-backups-"));
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
  rmSync(directory, { recursive: true, force: true });
});

async function newDatabase(engine: Engine, options: { migrate?: boolean } = {}) {
  const database = await createTestDatabase(engine, options);
  databases.push(database);
  return database;
}

let files = 0;
const newFile = (name = "backup") => join(directory, `${name}-${++files}`);

const REVIEWS_OF_ONE_COURSE = 3000;
/** Text that breaks naive quoting: quotes, backslashes, new lines, tabs, accents, emoji. */
const AWKWARD = `She said "it's worth it" \\ 100%;\n\tDéjà vu — 🎓 band 8.5 ✓`;

/**
 * Rows in every table of the site: the seeded catalogue and blog, an owner with a second factor,
 * sessions and a token, thousands of reviews of one course with outcomes, votes, a reply and a
 * report, a picture stored as the upload form stores it and a few hundred KB of random bytes,
 * the newsletter with an issue sent, the site's words, and the rest.
 */
async function fillSite(db: DB): Promise<void> {
  await seedCatalogueIfEmpty(db);
  await seedBlogIfEmpty(db);
  const ownerEmail = `owner-${crypto.randomUUID()}@example.com`;
  const ownerId = await insertUser(db, { name: `Owner ${AWKWARD}`, email: ownerEmail });
  await db
    .updateTable("users")
    .set({ email_verified: sql<boolean>`true`, two_factor_enabled: sql<boolean>`true` })
    .where("id", "=", ownerId)
    .execute();
  const now = new Date("2026-11-25T10:11:12.345Z");
  const later = new Date("2026-12-25T10:11:12.345Z");
  await db
    .insertInto("accounts")
    .values({
      id: crypto.randomUUID(),
      user_id: ownerId,
      account_id: ownerId,
      provider_id: "credential",
      access_token: null,
      refresh_token: null,
      id_token: null,
      access_token_expires_at: null,
      refresh_token_expires_at: null,
      scope: null,
      password: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo",
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  await db
    .insertInto("two_factors")
    .values({
      id: crypto.randomUUID(),
      user_id: ownerId,
      secret: "encrypted-secret",
      backup_codes: "encrypted-codes",
      verified: sql<boolean>`true`,
      failed_verification_count: 2,
      locked_until: null,
    })
    .execute();
  await grantOwner(db, ownerEmail, now);
  const sessionId = crypto.randomUUID();
  await db
    .insertInto("sessions")
    .values(
      [sessionId, crypto.randomUUID()].map((id) => ({
        id,
        user_id: ownerId,
        token: crypto.randomUUID(),
        expires_at: later.toISOString(),
        ip_address: "203.0.113.7",
        user_agent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })),
    )
    .execute();
  await db
    .insertInto("api_tokens")
    .values({
      token_hash: "a".repeat(64),
      session_id: sessionId,
      user_id: ownerId,
      expires_at: later.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  await db
    .insertInto("verifications")
    .values({
      id: crypto.randomUUID(),
      identifier: `email-verification:${ownerEmail}`,
      value: crypto.randomUUID(),
      expires_at: later.toISOString(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  await db
    .insertInto("rate_limits")
    .values([
      { key: "sign-in:203.0.113.7", window_started_at: 1_764_065_472_345, hits: 3 },
      { key: "account:hmac", window_started_at: 1_764_065_000_000, hits: 1 },
    ])
    .execute();
  await db
    .insertInto("mail_outbox")
    .values({
      id: crypto.randomUUID(),
      kind: "mail",
      recipient: ownerEmail,
      payload: JSON.stringify({ subject: "Hello", text: AWKWARD }),
      attempts: 1,
      next_attempt_at: later.toISOString(),
      claimed_until: null,
      failed_at: null,
      created_at: now.toISOString(),
      about_user_id: ownerId,
    })
    .execute();
  const endpointId = crypto.randomUUID();
  await db
    .insertInto("webhook_endpoints")
    .values({
      id: endpointId,
      url: "https://hooks.example/ielts?token=abc",
      events: JSON.stringify(["review.created", "contact.received"]),
      secret: "v1.aXY.dGFn.c2VhbGVk",
      state: "failing",
      state_changed_at: later.toISOString(),
      failing_since: now.toISOString(),
      created_by: ownerId,
      created_at: now.toISOString(),
    })
    .execute();
  await db
    .insertInto("webhook_deliveries")
    .values({
      id: crypto.randomUUID(),
      endpoint_id: endpointId,
      event_type: "contact.received",
      payload: JSON.stringify({ type: "contact.received", data: { message: AWKWARD } }),
      status: "failed",
      manual: 1,
      attempts: 9,
      next_attempt_at: null,
      claimed_until: null,
      retry_until: later.toISOString(),
      last_attempt_at: later.toISOString(),
      last_status_code: 503,
      last_error: "HTTP 503",
      delivered_at: null,
      about_user_id: ownerId,
      created_at: now.toISOString(),
    })
    .execute();
  await setPaymentInstructions(db, `Pay by bank transfer.\n${AWKWARD}`);
  await saveHero(db, ownerId, { title: "Band 7, for real", text: AWKWARD });

  const prepared = await prepareImage(await photo("jpeg"));
  if (!prepared.ok) throw new Error(prepared.message);
  await storeImage(db, prepared.image, ownerId);
  await db
    .insertInto("image_variants")
    .values({
      image_id: crypto.randomUUID(),
      width: 1600,
      height: 900,
      // Every byte value, zeros included, as a picture may hold them.
      bytes: new Uint8Array(randomBytes(400 * 1024)),
      created_by: ownerId,
      created_at: now.toISOString(),
    })
    .execute();

  // Writing practice (issue 38): the sample tasks, an answer and a draft.
  await seedWritingTasksIfEmpty(db);
  const tasks = await db.selectFrom("writing_tasks").select("id").orderBy("id").execute();
  const answerId = await insertWritingAnswer(db, {
    taskId: tasks[0]?.id ?? "",
    authorId: ownerId,
    text: `An essay. ${AWKWARD}`,
  });
  // The teacher's marking of it (issue 39), with a comment on its first words.
  await db
    .insertInto("writing_markings")
    .values({
      submission_id: answerId,
      requested_at: now.toISOString(),
      band_task: 6,
      band_coherence_cohesion: 7,
      band_lexical_resource: 5,
      band_grammatical_range_accuracy: 6,
      note_task: `A note. ${AWKWARD}`,
      note_coherence_cohesion: null,
      note_lexical_resource: null,
      note_grammatical_range_accuracy: null,
      summary: `## Summary\n\n${AWKWARD}`,
      marked_by: ownerId,
      returned_at: now.toISOString(),
      corrected_at: null,
      updated_at: now.toISOString(),
    })
    .execute();
  await db
    .insertInto("writing_comments")
    .values({
      id: crypto.randomUUID(),
      submission_id: answerId,
      criterion: "lexicalResource",
      body: `A comment. ${AWKWARD}`,
      correction: "An essay",
      quote_exact: "An essay",
      quote_prefix: "",
      quote_suffix: ". ",
      position_start: 0,
      position_end: 8,
      author_id: ownerId,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  await insertWritingDraft(db, {
    taskId: tasks[1]?.id ?? "",
    authorId: ownerId,
    text: `A draft. ${AWKWARD}`,
  });

  const courseId = await insertService(db, { name: `Speaking ${AWKWARD}`, module: "academic" });
  const studentIds = Array.from({ length: REVIEWS_OF_ONE_COURSE }, () => crypto.randomUUID());
  for (let start = 0; start < studentIds.length; start += 500) {
    await db
      .insertInto("users")
      .values(
        studentIds.slice(start, start + 500).map((id, index) => ({
          id,
          name: `Student ${start + index} ${index % 7 === 0 ? AWKWARD : ""}`,
          email: `${id}@example.com`,
          image: index % 5 === 0 ? `/uploads/${id}-400.webp` : null,
          created_at: new Date(now.getTime() - (start + index) * 60_000).toISOString(),
          updated_at: now.toISOString(),
        })),
      )
      .execute();
    await db
      .insertInto("reviews")
      .values(
        studentIds.slice(start, start + 500).map((userId, index) => {
          const n = start + index;
          const created = new Date(now.getTime() - n * 3_600_000).toISOString();
          return {
            id: crypto.randomUUID(),
            service_id: courseId,
            user_id: userId,
            rating: n % 11 === 0 ? null : (n % 5) + 1,
            message: `Review ${n}: ${n % 3 === 0 ? AWKWARD : "clear and useful"}`,
            created_at: created,
            updated_at: created,
            hidden_reason: n % 97 === 0 ? "Off topic" : null,
            hidden_at: n % 97 === 0 ? now.toISOString() : null,
            ielts_module: n % 4 === 0 ? null : n % 2 === 0 ? "academic" : "general",
            band_before: n % 3 === 0 ? null : 5 + (n % 4) * 0.5,
            band_achieved: n % 4 === 0 ? null : 6 + (n % 5) * 0.5,
            test_month: n % 2 === 0 ? "2026-10" : null,
            helpful_count: n % 3,
          };
        }),
      )
      .execute();
  }
  const firstReviews = await db
    .selectFrom("reviews")
    .select(["id", "user_id"])
    .where("service_id", "=", courseId)
    .orderBy("id")
    .limit(3)
    .execute();
  const [first, second] = firstReviews;
  if (!first || !second) throw new Error("no reviews");
  await db
    .insertInto("review_votes")
    .values([
      { review_id: first.id, user_id: second.user_id, created_at: now.toISOString() },
      { review_id: second.id, user_id: first.user_id, created_at: now.toISOString() },
    ])
    .execute();
  await db
    .insertInto("review_replies")
    .values({
      review_id: first.id,
      text: `Thank you! ${AWKWARD}`,
      author_id: ownerId,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  await db
    .insertInto("review_reports")
    .values({
      id: crypto.randomUUID(),
      review_id: second.id,
      reporter_id: first.user_id,
      reason: "spam",
      note: AWKWARD,
      created_at: now.toISOString(),
      resolved_at: null,
    })
    .execute();
  await db
    .insertInto("enrollments")
    .values(
      (["requested", "confirmed"] as const).map((status, index) => ({
        id: crypto.randomUUID(),
        service_id: courseId,
        user_id: studentIds[index] ?? "",
        start_date: "2027-01-15",
        message: index === 0 ? AWKWARD : null,
        status,
        owner_note: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })),
    )
    .execute();
  await insertService(db, {
    name: "A student's course",
    createdBy: first.user_id,
    status: "pending",
  });
  await db
    .insertInto("contact_messages")
    .values({
      id: crypto.randomUUID(),
      name: "Visitor",
      email: "visitor@example.com",
      message: AWKWARD,
      created_at: now.toISOString(),
      handled_at: null,
    })
    .execute();

  const tokens = await insertSubscribers(
    db,
    Array.from({ length: 60 }, (_, index) => ({
      email: `reader${index}@example.com`,
      status: index % 3 === 0 ? "unsubscribed" : "confirmed",
    })),
  );
  const post = await db.selectFrom("posts").select("id").limit(1).executeTakeFirstOrThrow();
  const issueId = crypto.randomUUID();
  await db
    .insertInto("newsletter_issues")
    .values({
      id: issueId,
      subject: "New post",
      body: AWKWARD,
      status: "sent",
      author_id: ownerId,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      send_started_at: now.toISOString(),
      sent_at: later.toISOString(),
      post_id: post.id,
    })
    .execute();
  await db
    .updateTable("posts")
    .set({ emailed_issue_id: issueId, emailed_at: now.toISOString() })
    .where("id", "=", post.id)
    .execute();
  const subscribers = await db
    .selectFrom("newsletter_subscribers")
    .select("id")
    .where("token", "in", [...tokens.values()])
    .execute();
  await db
    .insertInto("newsletter_deliveries")
    .values(
      subscribers.map(({ id }, index) => ({
        id: crypto.randomUUID(),
        issue_id: issueId,
        subscriber_id: id,
        status: index % 10 === 0 ? "failed" : "sent",
        failure: index % 10 === 0 ? "550 no such mailbox" : null,
        created_at: now.toISOString(),
        finished_at: later.toISOString(),
      })),
    )
    .execute();
  await db
    .insertInto("deleted_post_slugs")
    .values({ slug: "an-old-post", deleted_at: now.toISOString() })
    .execute();
}

/** A filled database of each engine, made once and only read. */
const filled = new Map<Engine, Promise<TestDatabase>>();
function filledSite(engine: Engine): Promise<TestDatabase> {
  let site = filled.get(engine);
  if (!site) {
    site = newDatabase(engine).then(async (database) => {
      await fillSite(database.db);
      return database;
    });
    filled.set(engine, site);
  }
  return site;
}

/**
 * Tables the comparison leaves out, each for its reason: SQLite's stamps for the response cache
 * (a restore starts them afresh) and the insides of its full-text index (compared through the
 * index itself, which a restore rebuilds); migrations are compared by name, since a restore
 * applies them anew.
 */
async function leftOut(database: { db: DB; engine: Engine }): Promise<string[]> {
  if (database.engine !== "sqlite") return ["kysely_migration"];
  const { rows } = await sql<{ name: string }>`
    select name from pragma_table_list where type = 'shadow'`.execute(database.db);
  return ["kysely_migration", "content_changes", ...rows.map((row) => row.name)];
}

type Snapshot = Record<string, string[]>;

/**
 * Every row of every table the database has (listed from its own catalogue), each as sorted
 * text. `portable` compares across engines: booleans as 0 or 1, times and big integers as
 * values rather than as each driver writes them.
 */
async function snapshot(
  database: { db: DB; engine: Engine },
  { portable = false }: { portable?: boolean } = {},
): Promise<Snapshot> {
  const skipped = await leftOut(database);
  const result: Snapshot = {};
  for (const table of await listTables(database.db, database.engine)) {
    if (skipped.includes(table.name)) continue;
    const rows = await allRows(database.db, table.name);
    result[table.name] = rows
      .map((row) =>
        JSON.stringify(
          Object.keys(row)
            .sort()
            .map((column) => [column, comparable(row[column], portable)]),
        ),
      )
      .sort();
  }
  result.kysely_migration = (await appliedNames(database.db)).sort();
  return result;
}

async function appliedNames(db: DB): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.map((row) => row.name);
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

function comparable(value: unknown, portable: boolean): unknown {
  if (value instanceof Uint8Array) return `bytes:${Buffer.from(value).toString("base64")}`;
  if (value instanceof Date) return value.toISOString();
  if (!portable) return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string" && ISO_TIME.test(value)) return new Date(value).toISOString();
  if (typeof value === "string" && /^-?\d{10,}$/.test(value)) return Number(value);
  return value;
}

/**
 * The rows of `actual` with only the columns `expected`'s rows of each table have: columns a later
 * migration added (with their defaults) left out, so the rows that were restored can be compared.
 */
function onlyColumnsOf(actual: Snapshot, expected: Snapshot): Snapshot {
  return Object.fromEntries(
    Object.entries(actual).map(([table, rows]) => {
      const [first] = expected[table] ?? [];
      // kysely_migration is a list of names, compared on its own.
      if (first === undefined || table === "kysely_migration") return [table, rows];
      const columns = new Set((JSON.parse(first) as [string, unknown][]).map(([column]) => column));
      return [
        table,
        rows
          .map((row) =>
            JSON.stringify(
              (JSON.parse(row) as [string, unknown][]).filter(([column]) => columns.has(column)),
            ),
          )
          .sort(),
      ];
    }),
  );
}

function expectSameRows(actual: Snapshot, expected: Snapshot) {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const [table, rows] of Object.entries(expected)) {
    expect(actual[table]?.length, `rows of ${table}`).toBe(rows.length);
    expect(actual[table], `rows of ${table}`).toEqual(rows);
  }
}

describe.each(engines)("backup and restore on %s", (engine) => {
  it("fills every table of the site before backing up (so the comparisons cover every table)", async () => {
    const source = await filledSite(engine);
    const rows = await snapshot(source);
    const empty = Object.entries(rows)
      .filter(([, tableRows]) => tableRows.length === 0)
      .map(([table]) => table);
    expect(empty).toEqual([]);
    expect(rows.reviews?.length).toBeGreaterThanOrEqual(REVIEWS_OF_ONE_COURSE);
    const biggest = await source.db.selectFrom("image_variants").select("bytes").execute();
    expect(Math.max(...biggest.map((row) => row.bytes.byteLength))).toBeGreaterThan(300 * 1024);
  }, 120_000);

  it("restores a backup into a new database with every table's rows as they were", async () => {
    const source = await filledSite(engine);
    const file = newFile();
    const made = await writeBackup(source, file);
    expect(made).toMatchObject({ engine, migration: migrationNames().at(-1) });
    // Readable by its owner alone: it holds password hashes and sessions.
    expect(statSync(file).mode & 0o077).toBe(0);
    const target = await newDatabase(engine, { migrate: false });
    const heard: string[] = [];
    if (engine === "postgres") {
      target.changes.subscribe((tags) => heard.push(...tags));
      await vi.waitFor(() => expect(target.changes.watching).toBe(true));
      heard.length = 0;
    }
    const restored = await restoreBackup(target, file);
    // No trigger announced the rows: the restore tells every process's response cache itself.
    if (engine === "postgres") expect(heard).toEqual(["site"]);
    expect(restored).toMatchObject({
      engine,
      migration: migrationNames().at(-1),
      migratedForward: [],
      tables: made.tables,
      rows: made.rows,
    });
    expect(await unappliedMigrations(target.db)).toEqual([]);
    expectSameRows(await snapshot(target), await snapshot(source));

    // The triggers work again: a new course and its review are counted and found.
    const published = async () =>
      Number(
        (
          await target.db
            .selectFrom("catalogue_tallies")
            .select("course_count")
            .where("status", "=", "published")
            .executeTakeFirstOrThrow()
        ).course_count,
      );
    const publishedBefore = await published();
    const course = await insertService(target.db, { name: "Zyzzyva pronunciation clinic" });
    await insertReview(target.db, {
      serviceId: course,
      userId: await insertUser(target.db),
      rating: 4,
    });
    expect(await published()).toBe(publishedBefore + 1);
    const counts = await target.db
      .selectFrom("services")
      .select(["review_count", "rating_sum"])
      .where("id", "=", course)
      .executeTakeFirstOrThrow();
    expect(counts).toEqual({ review_count: 1, rating_sum: 4 });
    const found = await listServices(target.db, { page: 0, size: 10, q: "zyzzyva" });
    expect(found.services.map((service) => service.id)).toEqual([course]);
  }, 120_000);

  it("refuses a database with accounts unless forced, changing nothing; forced, replaces everything", async () => {
    const source = await filledSite(engine);
    const file = newFile();
    await writeBackup(source, file);
    const target = await newDatabase(engine);
    await seedCatalogueIfEmpty(target.db);
    await insertUser(target.db, { email: "someone@example.com" });
    const before = await snapshot(target);

    const refusal = restoreBackup(target, file);
    await expect(refusal).rejects.toBeInstanceOf(RestoreRefused);
    await expect(refusal).rejects.toThrow(/1 account.*--force/);
    expectSameRows(await snapshot(target), before);

    await restoreBackup(target, file, { force: true });
    expectSameRows(await snapshot(target), await snapshot(source));
  }, 120_000);

  it("restores into a database that has content but no accounts (a site started once) without --force", async () => {
    const source = await filledSite(engine);
    const file = newFile();
    await writeBackup(source, file);
    const target = await newDatabase(engine);
    await seedCatalogueIfEmpty(target.db);
    await seedBlogIfEmpty(target.db);
    await restoreBackup(target, file);
    expectSameRows(await snapshot(target), await snapshot(source));
  }, 120_000);

  it("restores a backup two migrations old into a new database, which ends on the latest migration", async () => {
    const source = await newDatabase(engine);
    await fillSite(source.db);
    await migrateDown(source.db);
    await migrateDown(source.db);
    const file = newFile();
    await writeBackup(source, file);
    const backup = await openBackup(file);
    await backup.close();
    expect(backup.header.migrations).toEqual(migrationNames().slice(0, -2));

    const target = await newDatabase(engine, { migrate: false });
    const restored = await restoreBackup(target, file);
    expect(restored.migration).toBe(migrationNames().at(-3));
    expect(restored.migratedForward).toEqual(migrationNames().slice(-2));
    expect(await unappliedMigrations(target.db)).toEqual([]);

    const expected = await snapshot(source);
    const actual = await snapshot(target);
    // The tables of the two later migrations are there, and empty; every other row is as it was.
    const added = Object.keys(actual).filter((table) => !(table in expected));
    expect(added.length).toBeGreaterThan(0);
    for (const table of added) expect(actual[table], table).toEqual([]);
    for (const table of added) delete actual[table];
    expectSameRows(
      {
        ...onlyColumnsOf(actual, expected),
        kysely_migration: actual.kysely_migration?.slice(0, -2) ?? [],
      },
      expected,
    );
  }, 120_000);

  it("refuses what is not a backup, a damaged one and one from a newer version, changing nothing", async () => {
    const source = await filledSite(engine);
    const good = newFile();
    await writeBackup(source, good);
    const target = await newDatabase(engine);
    await seedCatalogueIfEmpty(target.db);
    const before = await snapshot(target);
    const lines = gunzipSync(readFileSync(good)).toString("utf8").trimEnd().split("\n");
    const header = JSON.parse(lines[0] ?? "");
    const lastRow = lines.findLastIndex((line) => line.startsWith("["));
    const variants: [string, Buffer, RegExp][] = [
      [
        "plain text",
        Buffer.from("hello, I am not a backup\n"),
        /is not a backup made by npm run backup/,
      ],
      ["gzipped text", gzipSync("not JSON at all\n"), /is not a backup made by npm run backup/],
      [
        "cut short",
        readFileSync(good).subarray(0, Math.floor(statSync(good).size / 2)),
        /is damaged: it does not unzip/,
      ],
      [
        "without its last line",
        gzipSync(`${lines.slice(0, -1).join("\n")}\n`),
        /is damaged: it ends after line/,
      ],
      [
        "a row that lost a column",
        gzipSync(
          `${lines.map((line, index) => (index === lastRow ? JSON.stringify(JSON.parse(line).slice(1)) : line)).join("\n")}\n`,
        ),
        /is damaged: line \d+ is a row that fits no table's columns/,
      ],
      [
        "a newer version's migration",
        gzipSync(
          `${[JSON.stringify({ ...header, migrations: [...header.migrations, "2099-01-01T00-00_future"] }), ...lines.slice(1)].join("\n")}\n`,
        ),
        /newer version of the site: this one does not know its migration 2099-01-01T00-00_future/,
      ],
      [
        "a newer format",
        gzipSync(`${[JSON.stringify({ ...header, version: 2 }), ...lines.slice(1)].join("\n")}\n`),
        /written by a newer version of the site \(backup format 2/,
      ],
    ];
    for (const [what, bytes, message] of variants) {
      const file = newFile(what.replaceAll(" ", "-"));
      writeFileSync(file, bytes);
      const attempt = restoreBackup(target, file, { force: true });
      await expect(attempt, what).rejects.toBeInstanceOf(BackupFileError);
      await expect(attempt, what).rejects.toThrow(message);
      expectSameRows(await snapshot(target), before);
    }
  }, 120_000);

  it("refuses a database migrated by a newer version of the site, changing nothing", async () => {
    const source = await filledSite(engine);
    const file = newFile();
    await writeBackup(source, file);
    const target = await newDatabase(engine);
    await sql`insert into kysely_migration (name, timestamp)
      values ('2099-01-01T00-00_future', '2099-01-01T00:00:00.000Z')`.execute(target.db);
    const before = await snapshot(target);
    await expect(restoreBackup(target, file, { force: true })).rejects.toThrow(
      /migrations this version of the site does not know \(2099-01-01T00-00_future\)/,
    );
    expectSameRows(await snapshot(target), before);
  });

  it("takes a backup of one moment while reviews are being written", async () => {
    const source = await newDatabase(engine);
    await fillSite(source.db);
    const course = await insertService(source.db, { name: "Written during the backup" });
    const writer = openDatabase(source.url);
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        await writer.db.transaction().execute(async (trx) => {
          const userId = await insertUser(trx);
          const at = new Date().toISOString();
          await trx
            .insertInto("reviews")
            .values({
              id: crypto.randomUUID(),
              service_id: course,
              user_id: userId,
              rating: (written % 5) + 1,
              message: "Written while the backup ran.",
              created_at: at,
              updated_at: at,
            })
            .execute();
        });
        written++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const file = newFile();
    const writtenBefore = written;
    await writeBackup(source, file);
    const writtenDuring = written - writtenBefore;
    writing = false;
    await writes;
    await writer.db.destroy();
    expect(writtenDuring).toBeGreaterThan(0);

    const target = await newDatabase(engine, { migrate: false });
    await restoreBackup(target, file);
    const reviews = await target.db
      .selectFrom("reviews")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("service_id", "=", course)
      .executeTakeFirstOrThrow();
    const counts = await target.db
      .selectFrom("services")
      .select("review_count")
      .where("id", "=", course)
      .executeTakeFirstOrThrow();
    const tallied = await target.db
      .selectFrom("review_tallies")
      .select((eb) => eb.fn.sum<number | string>("review_count").as("sum"))
      .where("service_id", "=", course)
      .executeTakeFirstOrThrow();
    const authors = await target.db
      .selectFrom("reviews")
      .innerJoin("users", "users.id", "reviews.user_id")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("service_id", "=", course)
      .executeTakeFirstOrThrow();
    // Reviews, their authors, the tallies and the course's count are all of the same moment.
    expect(Number(counts.review_count)).toBe(Number(reviews.count));
    expect(Number(tallied.sum ?? 0)).toBe(Number(reviews.count));
    expect(Number(authors.count)).toBe(Number(reviews.count));
  }, 120_000);

  it("npm run backup and npm run restore work from the shell, the refusal with exit code 2", async () => {
    const source = await filledSite(engine);
    const file = newFile();
    const backup = await run("backup.ts", [file], source.url);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(new RegExp(`Backed up \\d+ rows of \\d+ tables \\(${engine}`));

    const target = await newDatabase(engine, { migrate: false });
    const restore = await run("restore.ts", [file], target.url);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/Restored \d+ rows of \d+ tables/);
    expectSameRows(await snapshot(target), await snapshot(source));

    const refused = await run("restore.ts", [file], target.url);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /accounts: a restore would replace them.*Nothing was changed.*--force/,
    );
    const forced = await run("restore.ts", [file, "--force"], target.url);
    expect(forced.code, forced.stderr).toBe(0);
    expectSameRows(await snapshot(target), await snapshot(source));

    const damaged = newFile();
    writeFileSync(damaged, "not a backup");
    const refusedFile = await run("restore.ts", [damaged, "--force"], target.url);
    expect(refusedFile.code).toBe(1);
    expect(refusedFile.stderr).toMatch(/is not a backup made by npm run backup/);
    expect((await run("restore.ts", [], target.url)).code).toBe(2);
  }, 120_000);
});

describe("PostgreSQL's sequences after a restore", () => {
  it("continue after the highest value restored, for serial and identity columns", async () => {
    const database = await newDatabase("postgres");
    await sql`create table numbered (
      serial_id serial primary key,
      identity_id integer generated always as identity,
      label text)`.execute(database.db);
    await sql`insert into numbered (serial_id, identity_id, label) overriding system value
      values (7, 41, 'restored'), (3, 12, 'restored')`.execute(database.db);
    await resetSequences(database.db);
    const { rows } = await sql<{ serial_id: number; identity_id: number }>`
      insert into numbered (label) values ('new') returning serial_id, identity_id`.execute(
      database.db,
    );
    expect(rows).toEqual([{ serial_id: 8, identity_id: 42 }]);
  });
});

describe("backups across engines", () => {
  it("a SQLite backup restores into PostgreSQL, and a PostgreSQL one into SQLite", async () => {
    for (const [from, to] of [
      ["sqlite", "postgres"],
      ["postgres", "sqlite"],
    ] as const) {
      const source = await filledSite(from);
      const file = newFile(`${from}-to-${to}`);
      await writeBackup(source, file);
      const target = await newDatabase(to, { migrate: false });
      await restoreBackup(target, file);
      const expected = await snapshot(source, { portable: true });
      const actual = await snapshot(target, { portable: true });
      // The full-text index is SQLite's own table (PostgreSQL indexes the column instead); a
      // restore into SQLite rebuilds it from the courses.
      const index = from === "sqlite" ? expected : actual;
      expect(index.services_search?.length).toBe(expected.services?.length);
      delete expected.services_search;
      delete actual.services_search;
      expectSameRows(actual, expected);
    }
  }, 180_000);

  it("restores a SQLite database file, as npm run backup wrote on SQLite before, into either engine", async () => {
    const source = await filledSite("sqlite");
    const file = newFile("sqlite-file");
    const live = new DatabaseSync(sqlitePath(source.url), { readOnly: true });
    await sqliteBackup(live, file);
    live.close();
    for (const engine of engines) {
      const target = await newDatabase(engine, { migrate: false });
      const restored = await restoreBackup(target, file);
      expect(restored.engine).toBe("sqlite");
      const expected = await snapshot(source, { portable: true });
      const actual = await snapshot(target, { portable: true });
      if (engine === "postgres") delete expected.services_search;
      expectSameRows(actual, expected);
    }
  }, 180_000);
});

function run(
  script: string,
  args: string[],
  databaseUrl: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, "scripts", script), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "", BASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
