import { existsSync } from "node:fs";
import { join } from "node:path";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { DatabaseHandle } from "../../db/index.ts";
import { createApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import type { Mail } from "../../server/mail.ts";
import type { SecurityEvent } from "../../server/security-log.ts";

const root = join(import.meta.dirname, "..", "..");

/**
 * The whole site as `npm start` serves it (API, built pages, files), bound to a test database,
 * answering requests in process.
 */
export async function createTestApp(
  database: DatabaseHandle,
  environment: Record<string, string> = {},
  outbox: Mail[] = [],
) {
  const buildFile = join(root, "build", "server", "index.js");
  if (!existsSync(buildFile)) throw new Error("No build found: run `npm run build` first.");
  const build = (await import(buildFile)) as ServerBuild;
  const securityEvents: SecurityEvent[] = [];
  const { app, auth } = createApp({
    database,
    config: loadConfig({
      PORT: "3000",
      AUTH_SECRET: "test-secret-".padEnd(40, "x"),
      ...environment,
    }),
    sendMail: async (mail) => {
      outbox.push(mail);
    },
    securityLog: (event) => securityEvents.push(event),
    handlePage: createRequestHandler(build, "production"),
    clientDirectory: join(root, "build", "client"),
  });
  // Tests reach Better Auth directly for shortcuts such as creating a signed-in user, and read
  // the security log the app wrote.
  return Object.assign(app, { auth, securityEvents });
}
