/**
 * The marking pages' budget (issue 39): the CPU a server spends to render the teacher's marking
 * page of a 400-word answer carrying 40 comments, under 5 ms. Measured through a running site,
 * one request at a time, as the page's own `Server-Timing` gives it: the CPU of the thread that
 * renders while React Router made the page (the route's middleware, the loaders and their
 * queries, React's render, the page's data; server/app.ts), the median of many requests. Beside it, what
 * the whole answer cost the server (with reading the request and the session, compressing and
 * writing the page: the CPU its process used over all the requests divided by their number),
 * and the median time each took. Also the student's reading of that marking once returned, a
 * revised draft's page, where the 40 comments are placed again in the revised text, and a plain
 * signed-in page measured the same way (decision 0063). Printed by `npm run bench`, never asserted.
 */
import type { ChildProcess } from "node:child_process";
import { sql } from "kysely";
import { grantOwner } from "../../core/accounts/owners.server.ts";
import { sendForMarking } from "../../core/writing/marking-allowance.server.ts";
import { addMarkingComment, returnMarking, saveMarks } from "../../core/writing/markings.server.ts";
import { submitWritingAnswer } from "../../core/writing/submissions.server.ts";
import { wordSpans } from "../../core/writing/word-count.ts";
import { openDatabase } from "../../db/index.ts";
import { median } from "../median.ts";
import { cpuSecondsOfTree } from "./process-cpu.ts";
import { realisticAnswer } from "./writing-measures.ts";

export const MARKING_PAGE_WORDS = 400;
export const MARKING_PAGE_COMMENTS = 40;
const WARM_UP_REQUESTS = 30;
const TIMED_REQUESTS = 300;

export interface MarkingPageFigures {
  page: string;
  /** The median CPU of the page's render, in ms, as its Server-Timing says. */
  renderCpuMs: number;
  /** The server's CPU per answer, in ms; undefined where /proc does not tell. */
  cpuMs: number | undefined;
  medianMs: number;
}

/** The `cpu` entry of a page's Server-Timing (server/app.ts), in ms. */
function renderCpuOf(response: Response): number {
  const timing = response.headers.get("server-timing") ?? "";
  const cpu = /(?:^|,\s*)cpu;[^,]*\bdur=([\d.]+)/.exec(timing)?.[1];
  if (cpu === undefined) throw new Error(`No render CPU in Server-Timing: "${timing}"`);
  return Number(cpu);
}

interface Visitor {
  cookie: string;
  userId: string;
  email: string;
}

/** Signs a person up through the site, as a browser would, and keeps their session cookie. */
async function signUp(origin: string, name: string): Promise<Visitor> {
  const own = origin.replace("127.0.0.1", "localhost");
  const email = `bench-${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@example.com`;
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: own },
    body: JSON.stringify({ name, email, password: "a long bench passphrase" }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const body = (await response.json()) as { user: { id: string } };
  return { cookie, userId: body.user.id, email };
}

/**
 * A student's 400-word answer sent for marking in a course that includes marking, 40 comments on
 * passages spread through it (one to four words each, as a teacher marks), its bands and summary;
 * and a revised draft of it with sentences corrected, one added and one deleted.
 */
async function markedAnswer(databaseUrl: string, origin: string) {
  const teacher = await signUp(origin, "Bench Teacher");
  const student = await signUp(origin, "Bench Student");
  const { db } = openDatabase(databaseUrl);
  try {
    await grantOwner(db, teacher.email);
    await db
      .updateTable("users")
      .set({ two_factor_enabled: sql<boolean>`true` })
      .where("id", "=", teacher.userId)
      .execute();
    const course = await db
      .selectFrom("services")
      .select("id")
      .where("writing_answers_marked", ">", 0)
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await db
      .insertInto("enrollments")
      .values({
        id: crypto.randomUUID(),
        service_id: course.id,
        user_id: student.userId,
        start_date: null,
        message: null,
        status: "confirmed",
        owner_note: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const task = await db
      .selectFrom("writing_tasks")
      .select("id")
      .where("kind", "=", "task-2")
      .where("status", "=", "published")
      .executeTakeFirstOrThrow();
    const { text } = realisticAnswer(MARKING_PAGE_WORDS);
    const writer = { userId: student.userId, address: "192.0.2.10", isOwner: false };
    const submitted = await submitWritingAnswer(db, { writer, taskId: task.id, text });
    if (!submitted.ok) throw new Error(`submit: ${submitted.message}`);
    const id = submitted.submission.id;
    const sent = await sendForMarking(db, { writer, submissionId: id, siteUrl: origin });
    if (!sent.ok) throw new Error(`send for marking: ${sent.message}`);

    const marker = { userId: teacher.userId, address: "192.0.2.11", isOwner: true };
    const words = wordSpans(text);
    const criteria = [
      "grammaticalRangeAccuracy",
      "lexicalResource",
      "coherenceCohesion",
      "task",
      "general",
    ];
    for (let n = 0; n < MARKING_PAGE_COMMENTS; n++) {
      const first = Math.floor((n * words.length) / MARKING_PAGE_COMMENTS);
      const last = Math.min(first + (n % 4), words.length - 1);
      const comment = await addMarkingComment(db, {
        writer: marker,
        submissionId: id,
        place: { passage: { start: words[first]?.start ?? 0, end: words[last]?.end ?? 1 } },
        criterion: criteria[n % criteria.length],
        text: `Comment ${n + 1}: look again at this choice; a more precise word or structure would make the point clearer to the examiner.`,
        correction: n % 3 === 0 ? "a suggested correction" : null,
      });
      if (!comment.ok) throw new Error(`comment ${n + 1}: ${comment.message}`);
    }
    const marks = await saveMarks(db, {
      writer: marker,
      submissionId: id,
      marks: {
        bands: { task: 6, coherenceCohesion: 6, lexicalResource: 5, grammaticalRangeAccuracy: 6 },
        notes: { lexicalResource: "Some words are repeated; collocations need work." },
        summary:
          "## Overall\n\nA clear position, but the paragraphs repeat ideas.\n\n- Vary your linking words\n- Check articles",
      },
    });
    if (!marks.ok) throw new Error(`marks: ${marks.message}`);
    return { id, text, teacher, student, db, marker, taskId: task.id, writer };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/**
 * The median render CPU, the server's CPU per answer and the median time of TIMED_REQUESTS
 * requests for one page, one at a time, after a warm-up.
 */
async function measurePage(
  site: ChildProcess,
  page: string,
  url: string,
  cookie: string,
): Promise<MarkingPageFigures> {
  const get = async () => {
    const response = await fetch(url, { headers: { cookie, "accept-encoding": "gzip, br" } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    return renderCpuOf(response);
  };
  for (let i = 0; i < WARM_UP_REQUESTS; i++) await get();
  const cpuBefore = site.pid === undefined ? undefined : cpuSecondsOfTree(site.pid);
  const times: number[] = [];
  const renders: number[] = [];
  for (let i = 0; i < TIMED_REQUESTS; i++) {
    const started = performance.now();
    renders.push(await get());
    times.push(performance.now() - started);
  }
  const cpuAfter = site.pid === undefined ? undefined : cpuSecondsOfTree(site.pid);
  return {
    page,
    renderCpuMs: median(renders),
    cpuMs:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : ((cpuAfter - cpuBefore) * 1000) / TIMED_REQUESTS,
    medianMs: median(times),
  };
}

/**
 * The three pages, on a running site whose database is `databaseUrl` (SQLite: this process
 * writes the answer and its marking beside the server).
 */
export async function timeMarkingPages(
  site: ChildProcess,
  origin: string,
  databaseUrl: string,
): Promise<MarkingPageFigures[]> {
  const answer = await markedAnswer(databaseUrl, origin);
  try {
    const figures = [
      await measurePage(
        site,
        `marking page, ${MARKING_PAGE_COMMENTS} comments on ${MARKING_PAGE_WORDS} words (teacher)`,
        `${origin}/admin/writing/submissions/${answer.id}`,
        answer.teacher.cookie,
      ),
    ];
    const returned = await returnMarking(answer.db, {
      writer: answer.marker,
      submissionId: answer.id,
      siteUrl: origin,
    });
    if (!returned.ok) throw new Error(`return: ${returned.message}`);
    figures.push(
      await measurePage(
        site,
        `returned marking, ${MARKING_PAGE_COMMENTS} comments (student)`,
        `${origin}/writing/submissions/${answer.id}`,
        answer.student.cookie,
      ),
    );
    // A revision as students write them: a sentence added at the start, one deleted, words fixed.
    const paragraphs = answer.text.split("\n\n");
    const revisedText = [
      `In recent decades this question has been debated widely. ${paragraphs[0] ?? ""}`,
      ...paragraphs
        .slice(1)
        .map((paragraph, index) =>
          index === 1 ? paragraph.replace(/^[^.]*\.\s*/, "") : paragraph,
        ),
    ]
      .join("\n\n")
      .replaceAll("enviroment", "environment")
      .replaceAll(" alot ", " a lot ");
    const revision = await submitWritingAnswer(answer.db, {
      writer: answer.writer,
      taskId: answer.taskId,
      text: revisedText,
      revisionOf: answer.id,
    });
    if (!revision.ok) throw new Error(`revision: ${revision.message}`);
    figures.push(
      await measurePage(
        site,
        `revised draft, ${MARKING_PAGE_COMMENTS} earlier comments placed again (student)`,
        `${origin}/writing/submissions/${revision.submission.id}`,
        answer.student.cookie,
      ),
      // What any signed-in page costs the same way, to read the others against.
      await measurePage(
        site,
        "for comparison: /my-reviews (signed in, no reviews)",
        `${origin}/my-reviews`,
        answer.student.cookie,
      ),
    );
    return figures;
  } finally {
    await answer.db.destroy();
  }
}
