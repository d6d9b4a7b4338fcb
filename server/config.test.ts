import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("runs with nothing set: port 3000 and the SQLite file under data/", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: "file:./data/ielts-hub.db",
      baseUrl: "http://localhost:3000",
      production: false,
      trustProxy: false,
    });
  });

  it("treats a variable set to the empty string as unset", () => {
    expect(loadConfig({ NODE_ENV: "", PORT: "", DATABASE_URL: "" })).toMatchObject({
      production: false,
      port: 3000,
      databaseUrl: "file:./data/ielts-hub.db",
    });
  });

  it("follows the port in the default BASE_URL and trims a trailing slash from a given one", () => {
    expect(loadConfig({ PORT: "8080" }).baseUrl).toBe("http://localhost:8080");
    expect(loadConfig({ BASE_URL: "https://ielts.example.com/" }).baseUrl).toBe(
      "https://ielts.example.com",
    );
  });

  it("accepts PostgreSQL URLs and TRUST_PROXY switches", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u:p@db:5432/hub", TRUST_PROXY: "true" });
    expect(config.databaseUrl).toBe("postgres://u:p@db:5432/hub");
    expect(config.trustProxy).toBe(true);
  });

  it("takes a METRICS_TOKEN of 32 characters or more, and none by default", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const token = "m".repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(
      /METRICS_TOKEN: must be at least 32/,
    );
  });

  it("sends webhooks to the loopback address only with WEBHOOKS_ALLOW_PRIVATE, never in production", () => {
    expect(loadConfig({}).webhooksAllowLoopback).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: "true" }).webhooksAllowLoopback).toBe(true);
    expect(() => loadConfig({ WEBHOOKS_ALLOW_PRIVATE: "yes please" })).toThrow(
      "WEBHOOKS_ALLOW_PRIVATE",
    );
    const production = {
      NODE_ENV: "production",
      AUTH_SECRET: "s".repeat(40),
      MAIL_OUTBOX_ONLY: "1",
    };
    expect(loadConfig(production).webhooksAllowLoopback).toBe(false);
    expect(() => loadConfig({ ...production, WEBHOOKS_ALLOW_PRIVATE: "true" })).toThrow(
      "WEBHOOKS_ALLOW_PRIVATE: is for tests and trials and never allowed in production",
    );
  });

  it("keeps serving 5 s after SIGTERM unless SHUTDOWN_GRACE_MS says otherwise (0 for none)", () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(5000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: "1500" }).shutdownGraceMs).toBe(1500);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: "0" }).shutdownGraceMs).toBe(0);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ BASE_URL: "ftp://example.com" }, "BASE_URL"],
    // Not an address at all (Vite sets BASE_URL=/ for what it runs): a message, not a crash.
    [{ BASE_URL: "/" }, "BASE_URL"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
    [{ WEB_CONCURRENCY: "many" }, "WEB_CONCURRENCY"],
    [{ WEB_CONCURRENCY: "0" }, "WEB_CONCURRENCY"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ SHUTDOWN_GRACE_MS: "soon" }, "SHUTDOWN_GRACE_MS"],
    [{ SHUTDOWN_GRACE_MS: "-1" }, "SHUTDOWN_GRACE_MS"],
    [{ SHUTDOWN_GRACE_MS: "1.5" }, "SHUTDOWN_GRACE_MS"],
    [{ SHUTDOWN_GRACE_MS: "600001" }, "SHUTDOWN_GRACE_MS"],
  ])("refuses %o and names %s", (environment, name) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(name);
  });

  it.each([
    ["BETTER_AUTH_SECRETS", "1:another-secret-of-at-least-thirty-two-chars", "AUTH_SECRET alone"],
    ["BETTER_AUTH_TRUSTED_ORIGINS", "https://elsewhere.example", "BASE_URL alone"],
  ])("refuses %s, which Better Auth would read behind the configuration", (name, value, why) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(`${name}: is read by Better Auth`);
    expect(() => loadConfig({ [name]: value })).toThrow(why);
    // Set to the empty string it counts as unset, as every other variable does.
    expect(loadConfig({ [name]: "" }).port).toBe(3000);
  });

  it("refuses production without SMTP_URL unless mail is explicitly kept in the outbox", () => {
    const production = { NODE_ENV: "production", AUTH_SECRET: "s".repeat(40) };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow("SMTP_URL: is required in production");
    expect(loadConfig({ ...production, SMTP_URL: "smtps://u:p@mail.example:465" })).toMatchObject({
      smtpUrl: "smtps://u:p@mail.example:465",
      mailOutboxOnly: false,
    });
    expect(loadConfig({ ...production, MAIL_OUTBOX_ONLY: "true" })).toMatchObject({
      smtpUrl: undefined,
      mailOutboxOnly: true,
    });
    expect(() => loadConfig({ ...production, MAIL_OUTBOX_ONLY: "false" })).toThrow("SMTP_URL");
    expect(() => loadConfig({ SMTP_URL: "smtp://localhost:25", MAIL_OUTBOX_ONLY: "true" })).toThrow(
      "set one or the other",
    );
    expect(() => loadConfig({ MAIL_OUTBOX_ONLY: "maybe" })).toThrow("MAIL_OUTBOX_ONLY");
  });
});
