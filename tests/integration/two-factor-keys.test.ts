import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runTwoFactorCommand } from "../../scripts/two-factor.ts";
import { waitForSite } from "../../scripts/wait-for-site.ts";
import { cookieHeader, postForm, signUp } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { freePort } from "../support/free-port.ts";
import { createTestApp, testSiteOn } from "../support/test-app.ts";
import { startTwoFactorSetup, turnOnTwoFactor } from "../support/two-factor.ts";

const root = join(import.meta.dirname, "..", "..");
/** The AUTH_SECRET that replaced the test app's own (as after a leak). */
const NEW_SECRET = "a-new-secret-after-a-leak-".padEnd(48, "n");

/** Starts the built server on the database; resolves with its exit code, or "serving". */
async function startServer(databaseUrl: string, port: number) {
  let errors = "";
  const server = spawn(process.execPath, [join(root, "server/index.ts")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      SHUTDOWN_GRACE_MS: "0",
      BASE_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: NEW_SECRET,
      NODE_ENV: "",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  server.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
  const outcome = await Promise.race([
    exited,
    // Generous: a start-up on PostgreSQL while the whole suite runs on two cores; what the
    // server wrote says why, should it still not come up.
    waitForSite(`http://127.0.0.1:${port}/api/`, { seconds: 25, server }).then(
      () => "serving",
      (error: Error) => {
        server.kill("SIGKILL");
        throw new Error(`${error.message}\nThe server wrote:\n${errors}`);
      },
    ),
  ]);
  if (outcome === "serving") {
    server.kill("SIGTERM");
    await exited;
  }
  return { outcome, errors };
}

describe.each(engines)("two-factor sign-in after AUTH_SECRET changed, on %s", (engine) => {
  const site = testSiteOn(engine);

  it("stops the server at start, naming the way out; the reset turns it off for those accounts and mails who had it on", async () => {
    const on = await turnOnTwoFactor(site.app);
    const started = await signUp(site.app);
    await startTwoFactorSetup(site.app, started);

    // Started with another AUTH_SECRET, every sign-in of these accounts would have failed with a
    // 500 (the secret cannot be decrypted): the server says so and does not start.
    const port = await freePort();
    const refused = await startServer(site.database.url, port);
    expect(refused.outcome).toBe(1);
    expect(refused.errors).toContain(
      "AUTH_SECRET cannot open the two-factor sign-in of 2 accounts",
    );
    expect(refused.errors).toContain("npm run two-factor -- reset-unreadable");

    const environment = { DATABASE_URL: site.database.url, PORT: "3000", AUTH_SECRET: NEW_SECRET };
    expect(await runTwoFactorCommand(["reset"], environment)).toMatchObject({ code: 2 });
    const reset = await runTwoFactorCommand(["reset-unreadable"], environment);
    expect(reset.code).toBe(0);
    expect(reset.output).toContain(`  ${on.email}\n`);
    expect(reset.output).toContain(`  ${started.email} (was being set up)`);
    const users = await site.database.db
      .selectFrom("users")
      .leftJoin("two_factors", "two_factors.user_id", "users.id")
      .select(["users.two_factor_enabled", "two_factors.id"])
      .where("users.email", "in", [on.email, started.email])
      .execute();
    expect(users.map((user) => [Boolean(user.two_factor_enabled), user.id])).toEqual([
      [false, null],
      [false, null],
    ]);
    const mails = await site.database.db
      .selectFrom("mail_outbox")
      .select(["recipient", "payload"])
      .where("recipient", "in", [on.email, started.email])
      .where("payload", "like", "%replace the security key%")
      .execute();
    expect(mails.map((mail) => mail.recipient)).toEqual([on.email]);
    expect(mails[0]?.payload).toContain("/account/two-factor");

    // The password alone signs in now, with the new secret; nothing is left for the server to refuse.
    const newSite = await createTestApp(site.database, { AUTH_SECRET: NEW_SECRET });
    const login = await postForm(newSite, "/login", { email: on.email, password: on.password });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/");
    expect(cookieHeader(login)).toContain("session_token=");
    expect((await runTwoFactorCommand(["reset-unreadable"], environment)).output).toContain(
      "nothing to do",
    );
    expect((await startServer(site.database.url, await freePort())).outcome).toBe("serving");
  }, 60_000);
});
