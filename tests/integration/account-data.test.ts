import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DATA_TABLES } from "../../core/accounts/account-data-tables.ts";
import type { AccountExport } from "../../core/accounts/account-export.server.ts";
import { decideEnrollment } from "../../core/enrollments/enrollments.server.ts";
import { accountPasswordGuessKey } from "../../core/limits/rate-limit.server.ts";
import {
  cookieHeader,
  ORIGIN,
  postForm,
  postJson,
  signUp,
  signUpWithToken,
} from "../support/accounts.ts";
import { allRows, findText, listTables, personColumns } from "../support/database-catalogue.ts";
import { engines } from "../support/databases.ts";
import { insertService, insertWritingTask } from "../support/fixtures.ts";
import { turnOnTwoFactorDirectly } from "../support/owners.ts";
import { type TestApp, testSiteOn } from "../support/test-app.ts";
import { picture, postMultipart } from "../support/uploads.ts";

const GOODBYE_SUBJECT = "Your IELTS Hub account has been deleted";

/** A JSON API call as an API client makes it (a bearer token, no cookie). */
function api(app: TestApp, method: string, path: string, token: string, body?: unknown) {
  return app.request(`${ORIGIN}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The site's AUTH_SECRET, which per-account counters are keyed with. */
async function authSecretOf(app: TestApp): Promise<string> {
  return (await app.auth.$context).secret;
}

async function insertedId(response: Response): Promise<string> {
  const body = (await response.json()) as { insertedId?: string; message?: string };
  if (!body.insertedId) throw new Error(`${response.status}: ${body.message}`);
  return body.insertedId;
}

describe.each(engines)("download my data and delete my account on %s", (engine) => {
  const site = testSiteOn(engine);
  const db = () => site.database.db;
  const now = () => new Date().toISOString();

  /**
   * A student (and, here, an owner too) with a row in every table a person can have one in:
   * two sessions and an API token, a password and a Google sign-in, a photo, a course with an
   * uploaded picture, two reviews with outcomes, an enrollment, a contact message, a newsletter
   * subscription, a mistyped password, a password reset and an address change waiting, and a
   * newsletter issue written as the teacher.
   */
  async function person(name: string, courses: { first: string; second: string }) {
    const user = await signUpWithToken(site.app, db(), { name });
    const secondDevice = await site.app.auth.api.signInEmail({
      body: { email: user.email, password: user.password },
      returnHeaders: true,
    });
    const googleId = `google-${crypto.randomUUID()}`;
    // As Google sign-in leaves it, tokens and all.
    await db()
      .insertInto("accounts")
      .values({
        id: crypto.randomUUID(),
        user_id: user.id,
        account_id: googleId,
        provider_id: "google",
        access_token: `ya29.${crypto.randomUUID()}`,
        refresh_token: `1//${crypto.randomUUID()}`,
        id_token: `eyJhbGciOiJSUzI1NiJ9.${crypto.randomUUID()}`,
        access_token_expires_at: null,
        refresh_token_expires_at: null,
        scope: "openid email profile",
        password: null,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    await db().insertInto("owners").values({ user_id: user.id, granted_at: now() }).execute();
    // An owner's powers need two-factor sign-in (decision 0032): its switch and its secret.
    await turnOnTwoFactorDirectly(db(), user.email);
    await db()
      .insertInto("two_factors")
      .values({
        id: crypto.randomUUID(),
        user_id: user.id,
        secret: `encrypted-secret-${crypto.randomUUID()}`,
        backup_codes: `encrypted-codes-${crypto.randomUUID()}`,
        verified: sql<boolean>`true`,
        locked_until: null,
      })
      .execute();
    const square = { bytes: await picture("png", 500, 500), name: "me.png", type: "image/png" };
    const photoSaved = await postMultipart(
      site.app,
      "/account",
      { intent: "photo" },
      { photo: square },
      user.cookie,
    );
    expect(photoSaved.status).toBe(302);
    const courseName = `Speaking circle ${crypto.randomUUID().slice(0, 8)}`;
    const courseAdded = await postMultipart(
      site.app,
      "/add-service",
      {
        serviceName: courseName,
        price: "30",
        description: "Weekly speaking practice.",
        imageUrl: "",
      },
      { imageFile: { bytes: await picture("jpeg"), name: "cover.jpg", type: "image/jpeg" } },
      user.cookie,
    );
    expect(courseAdded.status).toBe(302);
    const { id: ownCourse, image_url: ownCourseImage } = await db()
      .selectFrom("services")
      .select(["id", "image_url"])
      .where("name", "=", courseName)
      .executeTakeFirstOrThrow();
    const { image: photo } = await db()
      .selectFrom("users")
      .select("image")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    const reviews = [
      await insertedId(
        await api(site.app, "POST", "/api/reviews", user.token, {
          serviceId: courses.first,
          userMessage: "Clear lessons and fair marking.",
          rating: 5,
          module: "academic",
          bandBefore: 5.5,
          bandAchieved: 7,
          testMonth: "2026-06",
        }),
      ),
      await insertedId(
        await api(site.app, "POST", "/api/reviews", user.token, {
          serviceId: courses.second,
          userMessage: "Too fast for me.",
          rating: 3,
        }),
      ),
    ];
    const enrollment = await insertedId(
      await api(site.app, "POST", "/api/enrollments", user.token, {
        serviceId: courses.first,
        message: "Evenings suit me best.",
      }),
    );
    expect(
      (
        await postForm(site.app, "/contact", {
          name,
          email: user.email,
          message: "When does the next course start?",
        })
      ).status,
    ).toBe(302);
    expect((await postForm(site.app, "/newsletter", { email: user.email })).status).toBe(302);
    // A mistyped password: counted against the account.
    const mistyped = await postJson(site.app, "/api/auth/sign-in/email", {
      email: user.email,
      password: "not the password at all",
    });
    expect(mistyped.status).toBe(401);
    // A reset link asked for: Better Auth keeps a one-time row naming the account.
    await site.app.auth.api.requestPasswordReset({
      body: { email: user.email, redirectTo: "/reset-password" },
    });
    // A new address asked for and not confirmed yet: its link waits in the outbox.
    const newEmail = `pending-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await site.app.auth.api.changeEmail({
      body: { newEmail, currentPassword: user.password } as { newEmail: string },
      headers: new Headers({ cookie: user.cookie }),
    });
    // A Writing answer and a draft of another (issue 38), written as the answer screens and the
    // API write them (decision 0059), and a task written as the teacher.
    const answered = await api(site.app, "POST", "/api/writing/submissions", user.token, {
      taskId: writingTasks.answered,
      text: `An essay written by ${name} about cars in cities.`,
      secondsTaken: 1980,
    });
    expect(answered.status).toBe(201);
    const { submission: writingSubmission } = (await answered.json()) as {
      submission: { _id: string; measures: unknown };
    };
    const writingAnswer = writingSubmission._id;
    const drafted = await api(
      site.app,
      "PUT",
      `/api/writing/drafts/${writingTasks.drafted}`,
      user.token,
      { text: `A draft begun by ${name}`, secondsLeft: 1200 },
    );
    expect(drafted.status).toBe(200);
    const taskWritten = await insertedId(
      await api(site.app, "POST", "/api/writing/tasks", user.token, {
        kind: "task-2",
        title: `Homework set by ${crypto.randomUUID().slice(0, 8)}`,
        prompt: "Discuss both views.",
      }),
    );
    const issueSubject = `News ${crypto.randomUUID().slice(0, 8)}`;
    await db()
      .insertInto("newsletter_issues")
      .values({
        id: crypto.randomUUID(),
        subject: issueSubject,
        body: "This month: Writing Task 2.",
        status: "draft",
        author_id: user.id,
        created_at: now(),
        updated_at: now(),
        send_started_at: null,
        sent_at: null,
      })
      .execute();
    return {
      ...user,
      name,
      secondCookie: cookieHeader(secondDevice.headers),
      googleId,
      photo: photo ?? "",
      ownCourse,
      ownCourseImage,
      reviews,
      enrollment,
      newEmail,
      issueSubject,
      writingAnswer,
      writingMeasures: writingSubmission.measures,
      taskWritten,
    };
  }

  type Person = Awaited<ReturnType<typeof person>>;
  let first: string;
  let second: string;
  const writingTasks = { answered: "", drafted: "" };
  let quillon: Person;
  let marisol: Person;

  beforeAll(async () => {
    first = await insertService(db(), { name: "Listening Lab" });
    second = await insertService(db(), { name: "Writing Workshop" });
    writingTasks.answered = await insertWritingTask(db(), { title: "Cars in the city" });
    writingTasks.drafted = await insertWritingTask(db(), { title: "Working from home" });
    await site.app.prepareWritingMeasures();
    quillon = await person("Quillon Vesperwood", { first, second });
    marisol = await person("Marisol Thackeray", { first, second });
    const [quillonsReview, quillonsOtherReview] = quillon.reviews as [string, string];
    const [marisolsReview] = marisol.reviews as [string];
    // Each marks the other's review helpful and reports it; Marisol's note names her.
    for (const [voter, review] of [
      [quillon, marisolsReview],
      [marisol, quillonsReview],
    ] as const) {
      expect(
        (await api(site.app, "POST", `/api/reviews/${review}/helpful`, voter.token)).status,
      ).toBe(200);
    }
    await insertedId(
      await api(site.app, "POST", `/api/reviews/${marisolsReview}/reports`, quillon.token, {
        reason: "off-topic",
        note: "It is about another course.",
      }),
    );
    await insertedId(
      await api(site.app, "POST", `/api/reviews/${quillonsReview}/reports`, marisol.token, {
        reason: "spam",
        note: `Reported by ${marisol.name}`,
      }),
    );
    // Each answers the other's review as the teacher; Marisol hides Quillon's other review.
    for (const [teacher, review, text] of [
      [marisol, quillonsReview, "Thank you, and well done on your band 7!"],
      [quillon, marisolsReview, "Glad it helped."],
    ] as const) {
      expect(
        (await api(site.app, "PUT", `/api/reviews/${review}/reply`, teacher.token, { text }))
          .status,
      ).toBe(200);
    }
    expect(
      (
        await api(site.app, "POST", `/api/reviews/${quillonsOtherReview}/hide`, marisol.token, {
          reason: "off-topic",
        })
      ).status,
    ).toBe(200);
    // Each marks the other's Writing answer as the teacher (issue 39): the course includes
    // marking, the enrollment is approved, the answer sent, commented on, marked and returned.
    await db()
      .updateTable("services")
      .set({ writing_answers_marked: 1 })
      .where("id", "=", first)
      .execute();
    for (const [student, teacher] of [
      [quillon, marisol],
      [marisol, quillon],
    ] as const) {
      expect(
        await decideEnrollment(db(), {
          actor: { isOwner: true },
          enrollmentId: student.enrollment,
          decision: "confirmed",
          note: undefined,
          siteUrl: ORIGIN,
        }),
      ).toEqual({ ok: true });
      const path = `/api/writing/submissions/${student.writingAnswer}`;
      expect((await api(site.app, "POST", `${path}/marking-request`, student.token)).status).toBe(
        201,
      );
      expect(
        (
          await api(site.app, "POST", `${path}/comments`, teacher.token, {
            criterion: "lexicalResource",
            text: "Say which cities: an example makes the point.",
            correction: "cars in large cities such as London",
            quote: "cars in cities",
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await api(site.app, "PUT", `${path}/marks`, teacher.token, {
            bands: {
              task: 4,
              coherenceCohesion: 5,
              lexicalResource: 5,
              grammaticalRangeAccuracy: 6,
            },
            notes: { task: "Too short to answer the question." },
            summary: "A start: write the whole essay next time.",
          })
        ).status,
      ).toBe(200);
      expect((await api(site.app, "POST", `${path}/return`, teacher.token)).status).toBe(200);
    }
  });

  /** What identifies Quillon: none of it may be left anywhere once the account is deleted. */
  const identifiersOf = (who: Person) => [
    who.id,
    who.email,
    who.name,
    who.photo,
    who.photo.replace(/^\/images\/uploads\/|-\d+\.webp$/g, ""),
    who.googleId,
    who.newEmail,
  ];
  const exportOf = async (who: Person) =>
    (await (await api(site.app, "GET", "/api/me/export", who.token)).json()) as AccountExport;
  const count = async (table: "sessions" | "api_tokens", userId: string) =>
    (await db().selectFrom(table).select("user_id").where("user_id", "=", userId).execute()).length;

  it("knows what export and deletion do with every table that points at a person", async () => {
    const tables = await listTables(db(), engine);
    expect(tables.map((table) => table.name)).toContain("users");
    const undecided = tables
      .filter((table) => personColumns(table).length > 0 && !(table.name in ACCOUNT_DATA_TABLES))
      .map((table) => `${table.name} (${personColumns(table).join(", ")})`);
    expect(undecided, "add these tables to core/accounts/account-data-tables.ts").toEqual([]);
  });

  it("exports every row about the person, table by table, and nothing about anyone else nor any secret", async () => {
    const download = await site.app.request("/account/data.json", {
      headers: { cookie: quillon.cookie },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="ielts-hub-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    const text = await download.text();
    const data = JSON.parse(text) as AccountExport;
    // The API's is the same document.
    const fromApi = await exportOf(quillon);
    expect({ ...fromApi, exportedAt: "", about: "" }).toEqual({
      ...data,
      exportedAt: "",
      about: "",
    });

    // users, owners and the second factor (on; its secret is never exported)
    expect(data.profile).toEqual({
      id: quillon.id,
      name: quillon.name,
      email: quillon.email,
      emailVerified: false,
      photo: quillon.photo,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      owner: { since: expect.any(String) },
      twoFactorEnabled: true,
    });
    // accounts
    expect(data.signInMethods.map((method) => method.provider).sort()).toEqual([
      "google",
      "password",
    ]);
    expect(data.signInMethods.find((method) => method.provider === "google")).toMatchObject({
      accountId: quillon.googleId,
      scope: "openid email profile",
    });
    // sessions, api_tokens
    expect(data.sessions).toHaveLength(await count("sessions", quillon.id));
    expect(data.sessions).toHaveLength(2);
    expect(data.apiTokens).toEqual([
      { createdAt: expect.any(String), expiresAt: expect.any(String) },
    ]);
    expect(data.apiTokens).toHaveLength(await count("api_tokens", quillon.id));
    // reviews, with review_replies, review_votes and review_reports received
    const [quillonsReview, quillonsOtherReview] = quillon.reviews;
    expect(data.reviews.map((review) => review.id).sort()).toEqual([...quillon.reviews].sort());
    expect(data.reviews.find((review) => review.id === quillonsReview)).toMatchObject({
      courseId: first,
      courseName: "Listening Lab",
      rating: 5,
      message: "Clear lessons and fair marking.",
      outcome: { module: "academic", bandBefore: 5.5, bandAchieved: 7, testMonth: "2026-06" },
      hidden: null,
      teachersReply: { text: "Thank you, and well done on your band 7!" },
      helpfulCount: 1,
      reportsReceived: [{ reason: "spam", reportedAt: expect.any(String), resolved: false }],
    });
    expect(data.reviews.find((review) => review.id === quillonsOtherReview)).toMatchObject({
      hidden: { reason: "off-topic", at: expect.any(String) },
      teachersReply: null,
      helpfulCount: 0,
    });
    // review_votes and review_reports given
    expect(data.helpfulVotes).toEqual([
      {
        reviewId: marisol.reviews[0],
        courseId: first,
        courseName: "Listening Lab",
        votedAt: expect.any(String),
      },
    ]);
    expect(data.reports).toEqual([
      expect.objectContaining({
        reviewId: marisol.reviews[0],
        reason: "off-topic",
        note: "It is about another course.",
      }),
    ]);
    // enrollments, contact_messages, newsletter_subscribers
    expect(data.enrollments).toEqual([
      expect.objectContaining({
        id: quillon.enrollment,
        courseId: first,
        message: "Evenings suit me best.",
        status: "confirmed",
      }),
    ]);
    expect(data.contactMessages).toEqual([
      expect.objectContaining({
        name: quillon.name,
        email: quillon.email,
        message: "When does the next course start?",
      }),
    ]);
    expect(data.newsletterSubscriptions).toEqual([
      expect.objectContaining({ email: quillon.email, status: "pending" }),
    ]);
    // services, image_variants
    expect(data.coursesCreated).toEqual([
      expect.objectContaining({ id: quillon.ownCourse, price: 30, image: quillon.ownCourseImage }),
    ]);
    expect(data.uploadedPictures.map((picture) => picture.address).sort()).toEqual(
      [`${ORIGIN}${quillon.photo}`, `${ORIGIN}${quillon.ownCourseImage}`].sort(),
    );
    // writing_submissions and writing_drafts: their answers and drafts, with their tasks
    expect(data.writingAnswers).toEqual([
      {
        id: quillon.writingAnswer,
        taskId: writingTasks.answered,
        taskTitle: "Cars in the city",
        taskKind: "task-2",
        text: `An essay written by ${quillon.name} about cars in cities.`,
        words: 10,
        secondsTaken: 1980,
        timed: false,
        timeRanOut: false,
        submittedAt: expect.any(String),
        // As measured on the server when it was submitted, and shown with the answer.
        measures: quillon.writingMeasures,
        revisionOf: null,
        fullTestSitting: null,
        // writing_markings and writing_comments: the teacher's returned marking is their data,
        // comments with the W3C selectors of their passages, and never who the teacher was.
        marking: {
          sentForMarkingAt: expect.any(String),
          returnedAt: expect.any(String),
          correctedAt: null,
          bands: { task: 4, coherenceCohesion: 5, lexicalResource: 5, grammaticalRangeAccuracy: 6 },
          taskBand: 5,
          notes: {
            task: "Too short to answer the question.",
            coherenceCohesion: null,
            lexicalResource: null,
            grammaticalRangeAccuracy: null,
          },
          summary: "A start: write the whole essay next time.",
          comments: [
            {
              criterion: "lexicalResource",
              text: "Say which cities: an example makes the point.",
              correction: "cars in large cities such as London",
              target: {
                selector: [
                  {
                    type: "TextQuoteSelector",
                    exact: "cars in cities",
                    prefix: `written by ${quillon.name} about `.slice(-32),
                    suffix: ".",
                  },
                  {
                    type: "TextPositionSelector",
                    start: `An essay written by ${quillon.name} about `.length,
                    end: `An essay written by ${quillon.name} about cars in cities`.length,
                  },
                ],
              },
            },
          ],
        },
      },
    ]);
    expect(data.writingDrafts).toEqual([
      {
        taskId: writingTasks.drafted,
        taskTitle: "Working from home",
        text: `A draft begun by ${quillon.name}`,
        secondsLeft: 1200,
        savedAt: expect.any(String),
      },
    ]);
    // review_replies and newsletter_issues written as the teacher
    expect(data.repliesWritten).toEqual([
      expect.objectContaining({ reviewId: marisol.reviews[0], text: "Glad it helped." }),
    ]);
    expect(data.newsletterIssuesWritten).toEqual([
      expect.objectContaining({ subject: quillon.issueSubject, status: "draft" }),
    ]);

    // Nothing that identifies Marisol: not her report's note, not who voted or replied.
    for (const identifier of identifiersOf(marisol))
      expect(text.toLowerCase(), identifier).not.toContain(identifier.toLowerCase());
    // No secret from any table: password hashes, OAuth, session and link tokens, token hashes,
    // a second factor's secret and backup codes once that table exists.
    const secrets: string[] = [quillon.token];
    for (const table of await listTables(db(), engine)) {
      const columns = table.columns.filter(
        (column) =>
          /password|token|secret|backup_codes/.test(column) && !column.endsWith("_expires_at"),
      );
      if (columns.length === 0) continue;
      for (const row of await allRows(db(), table.name))
        for (const column of columns) {
          const value = row[column];
          if (typeof value === "string" && value.length >= 8) secrets.push(value);
        }
    }
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(text.includes(secret), secret).toBe(false);
    expect(text).not.toContain(quillon.cookie.split("=")[1]?.split(".")[0] ?? "no cookie");
  });

  it("deletes the account and every row about the person; the courses, their counts and the other student stay right", async () => {
    const marisolBefore = await exportOf(marisol);
    const rowCounts = async () => {
      const counts: Record<string, number> = {};
      for (const table of await listTables(db(), engine))
        if (table.name !== "rate_limits")
          counts[table.name] = (await allRows(db(), table.name)).length;
      return counts;
    };

    // A wrong password deletes nothing, and says so beside the field.
    const guesses = async () =>
      Number(
        (
          await db()
            .selectFrom("rate_limits")
            .select("hits")
            .where("key", "=", accountPasswordGuessKey(await authSecretOf(site.app), quillon.email))
            .executeTakeFirst()
        )?.hits ?? 0,
      );
    const guessesBefore = await guesses();
    const before = await rowCounts();
    // The scan below reads every table, the attempt counters too: their reviews were counted
    // against the account.
    expect(
      (await findText(db(), engine, identifiersOf(quillon))).map((found) => found.table),
    ).toContain("rate_limits");
    const wrong = await postForm(
      site.app,
      "/account/delete",
      { password: "not my password at all" },
      { cookie: quillon.cookie },
    );
    expect(wrong.status).toBe(400);
    const wrongPage = await wrong.text();
    const field = /<input[^>]*name="password"[^>]*>/.exec(wrongPage)?.[0] ?? "";
    expect(field).toContain('aria-invalid="true"');
    expect(field).toContain('aria-describedby="field-password-error"');
    expect(wrongPage).toContain("This is not your password.");
    expect(await rowCounts()).toEqual(before);
    // …and counted as a guess at the account's password.
    expect(await guesses()).toBe(guessesBefore + 1);

    const deleted = await postForm(
      site.app,
      "/account/delete",
      { password: quillon.password },
      { cookie: quillon.cookie },
    );
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/");
    // This browser is signed out, and the home page says why.
    const cleared = deleted.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("ielts-hub.session_token="));
    expect(cleared).toMatch(/^ielts-hub\.session_token=;.*Max-Age=0/i);
    const home = await site.app.request("/", { headers: { cookie: cookieHeader(deleted) } });
    expect(await home.text()).toContain("Your account has been deleted.");
    expect(site.app.securityEvents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          event: "account-delete",
          outcome: "failure",
          reason: "wrong-password",
          userId: quillon.id,
        }),
        expect.objectContaining({
          event: "account-delete",
          outcome: "success",
          userId: quillon.id,
          route: "POST /account/delete",
        }),
      ]),
    );

    // No session or token of theirs authenticates any more.
    for (const cookie of [quillon.cookie, quillon.secondCookie])
      expect((await site.app.request("/api/me", { headers: { cookie } })).status).toBe(401);
    expect((await api(site.app, "GET", "/api/me", quillon.token)).status).toBe(401);

    // Every text column of every table: the goodbye mail is the one row left naming them…
    const left = await findText(db(), engine, identifiersOf(quillon));
    const goodbye = await db()
      .selectFrom("mail_outbox")
      .select(["id", "payload"])
      .where("recipient", "=", quillon.email)
      .execute();
    expect(goodbye).toHaveLength(1);
    expect(goodbye[0]?.payload).toContain(GOODBYE_SUBJECT);
    expect(left.filter((found) => found.table !== "mail_outbox")).toEqual([]);
    for (const found of left) expect([quillon.email, goodbye[0]?.payload]).toContain(found.value);
    // …until it is delivered.
    await site.app.deliverMail();
    expect(site.outbox).toContainEqual(
      expect.objectContaining({ to: quillon.email, subject: GOODBYE_SUBJECT }),
    );
    expect(await findText(db(), engine, identifiersOf(quillon))).toEqual([]);
    // Someone still signing in with the address afterwards (they, or a script guessing): the
    // counter of guesses at it names no one either.
    const lateGuess = await postJson(site.app, "/api/auth/sign-in/email", {
      email: quillon.email,
      password: "not the password at all",
    });
    expect(lateGuess.status).toBe(401);
    expect(await findText(db(), engine, identifiersOf(quillon))).toEqual([]);

    // The courses they reviewed still show, with the counts of the reviews that are left.
    for (const course of [first, second]) {
      expect((await site.app.request(`/services/${course}`)).status).toBe(200);
      const visible = await db()
        .selectFrom("reviews")
        .select(["rating"])
        .where("service_id", "=", course)
        .where("hidden_at", "is", null)
        .execute();
      expect(visible).toHaveLength(1);
      const answer = (await (await site.app.request(`/api/services/${course}`)).json()) as {
        reviewCount: number;
        ratingCount: number;
        rating: number | null;
      };
      expect(answer.reviewCount).toBe(visible.length);
      expect(answer.ratingCount).toBe(visible.length);
      expect(answer.rating).toBe(Number(visible[0]?.rating));
      const tallied = await db()
        .selectFrom("review_tallies")
        .select((eb) => eb.fn.sum<number>("review_count").as("count"))
        .where("service_id", "=", course)
        .executeTakeFirstOrThrow();
      expect(Number(tallied.count)).toBe(visible.length);
    }
    // The course they made stays in the catalogue, with its picture, no longer theirs.
    const ownCourse = await site.app.request(`/api/services/${quillon.ownCourse}`);
    expect(ownCourse.status).toBe(200);
    expect((await site.app.request(`/services/${quillon.ownCourse}`)).status).toBe(200);
    expect((await site.app.request(quillon.ownCourseImage)).status).toBe(200);
    expect((await site.app.request(quillon.photo)).status).toBe(404);
    const kept = await db()
      .selectFrom("services")
      .select("created_by")
      .where("id", "=", quillon.ownCourse)
      .executeTakeFirstOrThrow();
    expect(kept.created_by).toBeNull();
    // The reply they wrote as the teacher and their newsletter issue stay, unsigned.
    const reply = await db()
      .selectFrom("review_replies")
      .select(["text", "author_id"])
      .where("review_id", "=", marisol.reviews[0] as string)
      .executeTakeFirstOrThrow();
    expect(reply).toEqual({ text: "Glad it helped.", author_id: null });
    const issue = await db()
      .selectFrom("newsletter_issues")
      .select("author_id")
      .where("subject", "=", quillon.issueSubject)
      .executeTakeFirstOrThrow();
    expect(issue.author_id).toBeNull();
    // Their Writing answers and drafts went; the task they wrote as the teacher stays, unsigned.
    for (const table of ["writing_submissions", "writing_drafts"] as const)
      expect(
        await db()
          .selectFrom(table)
          .select("task_id")
          .where("author_id", "=", quillon.id)
          .execute(),
        table,
      ).toEqual([]);
    expect(
      await db()
        .selectFrom("writing_tasks")
        .select(["created_by", "updated_by"])
        .where("id", "=", quillon.taskWritten)
        .executeTakeFirstOrThrow(),
    ).toEqual({ created_by: null, updated_by: null });
    // The marking of their answer and its comments went with it; the marking they did as the
    // teacher of Marisol's answer stays hers, unsigned.
    for (const table of ["writing_markings", "writing_comments"] as const)
      expect(
        await db()
          .selectFrom(table)
          .select("submission_id")
          .where("submission_id", "=", quillon.writingAnswer)
          .execute(),
        table,
      ).toEqual([]);
    expect(
      await db()
        .selectFrom("writing_markings")
        .select(["marked_by", "band_task"])
        .where("submission_id", "=", marisol.writingAnswer)
        .executeTakeFirstOrThrow(),
    ).toEqual({ marked_by: null, band_task: 4 });
    expect(
      await db()
        .selectFrom("writing_comments")
        .select(["author_id", "body"])
        .where("submission_id", "=", marisol.writingAnswer)
        .execute(),
    ).toEqual([{ author_id: null, body: "Say which cities: an example makes the point." }]);
    const herAnswer = (await (
      await api(site.app, "GET", `/api/writing/submissions/${marisol.writingAnswer}`, marisol.token)
    ).json()) as { submission: { status: string; marking: { comments: unknown[] } | null } };
    expect(herAnswer.submission.status).toBe("marked");
    expect(herAnswer.submission.marking?.comments).toHaveLength(1);
    // The review they found helpful counts one vote fewer, as many as it has.
    const helpful = await db()
      .selectFrom("reviews")
      .select("helpful_count")
      .where("id", "=", marisol.reviews[0] as string)
      .executeTakeFirstOrThrow();
    expect(Number(helpful.helpful_count)).toBe(0);

    // The other student is untouched, but for what went with Quillon: the vote and report he
    // gave her review, and the vote, report and reply she gave his.
    expect((await api(site.app, "GET", "/api/me", marisol.token)).status).toBe(200);
    expect(
      (await site.app.request("/api/me", { headers: { cookie: marisol.cookie } })).status,
    ).toBe(200);
    const marisolAfter = await exportOf(marisol);
    const withoutChanges = (data: AccountExport) => ({
      ...data,
      exportedAt: "",
      about: "",
      reviews: data.reviews.map(({ helpfulCount, reportsReceived, ...review }) => review),
      helpfulVotes: [],
      reports: [],
      repliesWritten: [],
    });
    expect(withoutChanges(marisolAfter)).toEqual(withoutChanges(marisolBefore));
    const herReview = (data: AccountExport) =>
      data.reviews.find((review) => review.id === marisol.reviews[0]);
    expect(herReview(marisolBefore)).toMatchObject({ helpfulCount: 1 });
    expect(herReview(marisolAfter)).toMatchObject({ helpfulCount: 0, reportsReceived: [] });
    expect(marisolBefore.helpfulVotes).toHaveLength(1);
    expect(marisolAfter.helpfulVotes).toEqual([]);
    expect(marisolAfter.reports).toEqual([]);
    // Her reply went with the review it answered; her own review's reply (his) stays.
    expect(marisolBefore.repliesWritten).toHaveLength(1);
    expect(marisolAfter.repliesWritten).toEqual([]);
    expect(herReview(marisolAfter)?.teachersReply).toMatchObject({ text: "Glad it helped." });
  });
});

describe.each(engines)("deleting an account through the API and the page on %s", (engine) => {
  const site = testSiteOn(engine);
  const db = () => site.database.db;
  const exists = async (userId: string) =>
    (await db().selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst()) !==
    undefined;

  it("sends a visitor to log in first, from the page and the download", async () => {
    for (const path of ["/account/delete", "/account/data.json"]) {
      const page = await site.app.request(path, { redirect: "manual" });
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const post = await postForm(site.app, "/account/delete", { password: "anything at all" });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("answers 401 without an identity, 400 without a password and 403 for a wrong one, deleting nothing", async () => {
    const user = await signUpWithToken(site.app, db());
    expect((await site.app.request("/api/me", { method: "DELETE" })).status).toBe(401);
    expect((await site.app.request("/api/me/export")).status).toBe(401);
    for (const body of [undefined, {}, { password: "" }, { password: 42 }]) {
      const refused = await api(site.app, "DELETE", "/api/me", user.token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(await refused.json()).toEqual({
        message: 'Send your password to confirm the deletion: {"password": "…"}.',
      });
    }
    const wrong = await api(site.app, "DELETE", "/api/me", user.token, {
      password: "not my password at all",
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({
      message: "This is not your password: nothing was deleted.",
    });
    expect(await exists(user.id)).toBe(true);
    expect((await api(site.app, "GET", "/api/me", user.token)).status).toBe(200);
    expect(site.app.securityEvents).toContainEqual(
      expect.objectContaining({
        event: "account-delete",
        outcome: "failure",
        reason: "wrong-password",
        userId: user.id,
        route: "DELETE /api/me",
      }),
    );
    expect(JSON.stringify(site.app.securityEvents)).not.toContain("not my password at all");
  });

  it("answers 429 past the account's password guesses, even for the right password", async () => {
    const user = await signUpWithToken(site.app, db());
    await db()
      .insertInto("rate_limits")
      .values({
        key: accountPasswordGuessKey(await authSecretOf(site.app), user.email),
        window_started_at: Date.now(),
        hits: 10,
      })
      .execute();
    const limited = await api(site.app, "DELETE", "/api/me", user.token, {
      password: user.password,
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()) as { message: string }).toEqual({
      message: expect.stringContaining("Too many password attempts for this account."),
    });
    expect(await exists(user.id)).toBe(true);
    const page = await postForm(
      site.app,
      "/account/delete",
      { password: user.password },
      { cookie: user.cookie },
    );
    expect(page.status).toBe(429);
    expect(await exists(user.id)).toBe(true);
  });

  it("deletes with the right password, by bearer token or by the site's cookie, and queues the goodbye mail", async () => {
    const byToken = await signUpWithToken(site.app, db());
    const deleted = await api(site.app, "DELETE", "/api/me", byToken.token, {
      password: byToken.password,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get("cache-control")).toBe("private, no-store");
    expect(await deleted.json()).toEqual({ deletedCount: 1 });
    expect(await exists(byToken.id)).toBe(false);
    expect((await api(site.app, "GET", "/api/me", byToken.token)).status).toBe(401);
    expect(
      (await site.app.request("/api/me", { headers: { cookie: byToken.cookie } })).status,
    ).toBe(401);

    const byCookie = await signUp(site.app);
    const fromSite = await site.app.request(`${ORIGIN}/api/me`, {
      method: "DELETE",
      headers: { cookie: byCookie.cookie, origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ password: byCookie.password }),
    });
    expect(fromSite.status).toBe(200);
    expect(
      (await site.app.request("/api/me", { headers: { cookie: byCookie.cookie } })).status,
    ).toBe(401);

    await site.app.deliverMail();
    for (const email of [byToken.email, byCookie.email])
      expect(site.outbox).toContainEqual(
        expect.objectContaining({ to: email, subject: GOODBYE_SUBJECT }),
      );
    expect(site.app.securityEvents).toContainEqual(
      expect.objectContaining({
        event: "account-delete",
        outcome: "success",
        userId: byToken.id,
        route: "DELETE /api/me",
      }),
    );
  });

  /** A signed-up account made Google-only: its password row removed, as Google sign-up leaves it. */
  const googleOnly = async () => {
    const user = await signUpWithToken(site.app, db());
    await db()
      .deleteFrom("accounts")
      .where("provider_id", "=", "credential")
      .where("user_id", "=", user.id)
      .execute();
    return user;
  };

  it("lets a Google account delete itself on the site just after signing in, never through the API", async () => {
    const user = await googleOnly();
    const refused = await api(site.app, "DELETE", "/api/me", user.token, { password: "anything" });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain(
      "Your account signs in with Google and has no password.",
    );
    expect(await exists(user.id)).toBe(true);

    const page = await (
      await site.app.request("/account/delete", { headers: { cookie: user.cookie } })
    ).text();
    expect(page).toContain("you signed in moments ago: no password is needed");
    expect(page).not.toContain('name="password"');
    const deleted = await postForm(site.app, "/account/delete", {}, { cookie: user.cookie });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/");
    expect(await exists(user.id)).toBe(false);
  });

  it("asks a Google account signed in long ago to sign in with Google again, and deletes nothing", async () => {
    const user = await googleOnly();
    await db()
      .updateTable("sessions")
      .set({ created_at: new Date(Date.now() - 20 * 60 * 1000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    const page = await (
      await site.app.request("/account/delete", { headers: { cookie: user.cookie } })
    ).text();
    expect(page).toContain("Your account signs in with Google and has no password here.");
    expect(page).toContain("Please sign in with Google again");
    const post = await postForm(site.app, "/account/delete", {}, { cookie: user.cookie });
    expect(post.status).toBe(403);
    expect(await post.text()).toContain("Please sign in with Google again");
    expect(await exists(user.id)).toBe(true);
    expect(site.app.securityEvents).toContainEqual(
      expect.objectContaining({
        event: "account-delete",
        outcome: "failure",
        reason: "sign-in-again",
        userId: user.id,
      }),
    );
  });

  it("explains on the page what happens before asking, and links to it and the download from /account", async () => {
    const user = await signUp(site.app);
    const account = await (
      await site.app.request("/account", { headers: { cookie: user.cookie } })
    ).text();
    expect(account).toMatch(
      /<a href="\/account\/data\.json" download="" class="link">Download my data<\/a>/,
    );
    expect(account).toContain('href="/account/delete"');
    expect(account).toContain("Delete my account");
    const page = await (
      await site.app.request("/account/delete", { headers: { cookie: user.cookie } })
    ).text();
    for (const words of [
      "Your reviews are removed",
      "so the average rating and the counts of those courses change",
      "Your enrollment requests are removed: open ones",
      "are cancelled, and the record of the courses you joined goes too",
      "newsletter subscription",
      "stay in the catalogue, no longer linked to you; the teacher may remove them",
      "This cannot be undone.",
    ])
      expect(page).toContain(words);
    expect(/<input[^>]*name="password"[^>]*>/.exec(page)?.[0]).toMatch(
      /autocomplete="current-password"/i,
    );
  });
});
