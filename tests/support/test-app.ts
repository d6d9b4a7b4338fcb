import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle, Engine } from "../../db/index.ts";
import type { Mail, SendMail } from "../../server/mail.ts";
import type { SecurityEvent } from "../../server/security-log.ts";
import { type Contract, contractFor } from "./contract.ts";
import { createTestDatabase, type TestDatabase } from "./databases.ts";

const root = join(import.meta.dirname, "..", "..");

type ServerEntry = typeof import("../../server/entry.ts");
/** How the app looks webhook hosts up and times its retries (server/app.ts), for tests to change. */
export type WebhookTestOptions = NonNullable<Parameters<ServerEntry["createApp"]>[0]["webhooks"]>;
/** What /readyz asks of the Writing measures (server/health.ts), for a test to stand in for. */
export type WritingMeasuresTestOptions = NonNullable<
  Parameters<ServerEntry["createApp"]>[0]["writingMeasures"]
>;

/**
 * The built server (server/entry.ts bundled with the pages), as `npm start` runs it: the test
 * run's global set-up rebuilds it first whenever a source changed.
 */
export async function loadServerBuild(): Promise<ServerEntry> {
  const buildFile = join(root, "build", "server", "index.js");
  if (!existsSync(buildFile)) throw new Error("No build found: run `npm run build` first.");
  return (await import(buildFile)) as ServerEntry;
}

/**
 * The whole site as `npm start` serves it (API, built pages, files), bound to a test database,
 * answering requests in process. Mail waits in the outbox table until a test calls
 * `deliverMail()` (the server's background worker is not running); what was sent then lands in
 * `outbox`, or goes through `sendMail` when one is given. Webhooks wait likewise until a test
 * calls `deliverWebhooks()` or starts `webhookWorker` as server/serve.ts does; `webhooks` changes
 * how their hosts are looked up and their retries timed.
 */
export async function createTestApp(
  database: DatabaseHandle,
  environment: Record<string, string> = {},
  outbox: Mail[] = [],
  {
    sendMail,
    webhooks,
    writingMeasures,
  }: {
    sendMail?: SendMail;
    webhooks?: WebhookTestOptions;
    writingMeasures?: WritingMeasuresTestOptions;
  } = {},
) {
  const { createApp, loadConfig, createLogger, securityLogTo, prepareWritingMeasures } =
    await loadServerBuild();
  const securityEvents: SecurityEvent[] = [];
  // Every line the site logs, as the server would write them to stdout: tests read them.
  const logLines: string[] = [];
  const logger = createLogger({
    level: (environment.LOG_LEVEL ?? "info") as Parameters<typeof createLogger>[0]["level"],
    destination: {
      write: (line: string) => {
        logLines.push(line);
      },
    },
  });
  const writeSecurityLine = securityLogTo(logger);
  const { app, auth, mailOutbox, postScheduler, webhookWorker } = createApp({
    database,
    config: loadConfig({
      PORT: "3000",
      AUTH_SECRET: "test-secret-".padEnd(40, "x"),
      // Mail never leaves the test app (see sendMail below), in production mode too.
      ...(environment.SMTP_URL ? {} : { MAIL_OUTBOX_ONLY: "true" }),
      ...environment,
    }),
    sendMail:
      sendMail ??
      (async (mail) => {
        outbox.push(mail);
      }),
    logger,
    securityLog: (event) => {
      securityEvents.push(event);
      writeSecurityLine(event);
    },
    clientDirectory: join(root, "build", "client"),
    ...(webhooks ? { webhooks } : {}),
    ...(writingMeasures ? { writingMeasures } : {}),
  });
  // Every answer any test receives from the JSON API is checked against the OpenAPI document
  // the site serves (tests/support/contract.ts): an undocumented status, header or body fails
  // the test that received it.
  const request = app.request.bind(app);
  let contract: Contract | undefined;
  const checked: typeof app.request = async (input, init, ...rest) => {
    const response = await request(input, init, ...rest);
    const method = (input instanceof Request ? input.method : init?.method) ?? "GET";
    const url = input instanceof Request ? input.url : String(input);
    contract ??= contractFor(
      await (await request("http://localhost:3000/api/openapi.json")).text(),
    );
    await contract.check(method.toUpperCase(), url, response);
    return response;
  };
  app.request = checked;
  // Tests reach Better Auth directly for shortcuts such as creating a signed-in user, read the
  // security log the app wrote (as events, and as lines of its whole log), and run the mail
  // worker when they choose. The scheduler of posts is not running either: a test starts it (and
  // stops it) or publishes what is due.
  return Object.assign(app, {
    auth,
    securityEvents,
    logLines,
    deliverMail: (now?: Date) => mailOutbox.deliverDue(now),
    postScheduler,
    deliverWebhooks: (now?: Date) => webhookWorker.deliverDue(now),
    webhookWorker,
    /**
     * Loads the built server's Writing dictionaries, as server/serve.ts does before it listens:
     * a test that submits answers calls it first, so that no test's time pays for the load.
     */
    prepareWritingMeasures,
  });
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * For a `describe` block: a fresh database of this engine and the site on it, made before its
 * tests and dropped after them. Read `site.app`, `site.database` and `site.outbox` (the mail
 * sent once a test calls `site.app.deliverMail()`) inside the tests.
 */
export function testSiteOn(
  engine: Engine,
  environment: Record<string, string> = {},
  options: { webhooks?: WebhookTestOptions } = {},
) {
  const site = { outbox: [] as Mail[] } as { app: TestApp; database: TestDatabase; outbox: Mail[] };
  beforeAll(async () => {
    site.database = await createTestDatabase(engine);
    site.app = await createTestApp(site.database, environment, site.outbox, options);
  });
  afterAll(async () => {
    await site.app?.webhookWorker.stop();
    await site.database.drop();
  });
  return site;
}
