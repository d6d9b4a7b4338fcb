import { z } from "zod";
import { DEFAULT_MAX_IN_FLIGHT } from "./load-shedding.ts";
import { LOG_LEVELS, type LogLevel } from "./logger.ts";

/** Every variable is checked at start-up; a bad one stops the server and is named. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .trim()
    .min(1)
    .default("file:./data/ielts-hub.db")
    .refine((url) => /^(file:|postgres(ql)?:\/\/)/.test(url), {
      message: "must start with file: (SQLite) or postgres:// (PostgreSQL)",
    }),
  BASE_URL: z
    .url({ protocol: /^https?$/ })
    // zod runs the refinement on what `url()` refused as well: only a parsable address is read.
    .refine(
      (url) =>
        !URL.canParse(url) || (["", "/"].includes(new URL(url).pathname) && !/[?#]/.test(url)),
      {
        message: "must be an origin only, such as https://ielts.example (no path or query)",
      },
    )
    .optional(),
  AUTH_SECRET: z
    .string()
    .min(32, "must be at least 32 characters (e.g. openssl rand -base64 48)")
    .optional(),
  DATA_DIR: z.string().default("./data"),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().default("IELTS Hub <no-reply@localhost>"),
  MAIL_OUTBOX_ONLY: z
    .enum(["true", "false", "1", "0", "on", "off"])
    .default("off")
    .transform((value) => ["true", "1", "on"].includes(value)),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_OAUTH_STAND_IN: z.url({ protocol: /^https?$/ }).optional(),
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_MAX_IN_FLIGHT),
  SHUTDOWN_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000, "must be at most 600000 (ten minutes)")
    .default(5000),
  /** Server processes sharing the port (server/index.ts reads it before anything starts). */
  WEB_CONCURRENCY: z
    .union([z.literal("auto"), z.coerce.number().int().min(1).max(64)], {
      error: "must be a number of processes from 1 to 64, or auto (one per core)",
    })
    .default(1),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", "on", "off"])
    .default("off")
    .transform((value) => ["true", "1", "on"].includes(value)),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((list, context) => {
      const origins = list
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const entry of origins) {
        const problem = originProblem(entry);
        if (problem) context.addIssue({ code: "custom", message: `${entry}: ${problem}` });
      }
      return origins;
    }),
  METRICS_TOKEN: z
    .string()
    .min(32, "must be at least 32 characters (e.g. openssl rand -base64 48)")
    .optional(),
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(["true", "false", "1", "0", "on", "off"])
    .default("off")
    .transform((value) => ["true", "1", "on"].includes(value)),
});

/**
 * Why an entry of CORS_ORIGINS is no origin a browser sends: `*` and patterns are refused (every
 * allowed origin is named), as are paths, which a browser's Origin never has.
 */
function originProblem(entry: string): string | undefined {
  if (entry.includes("*")) return "must be an exact origin such as https://app.example (no *)";
  if (!URL.canParse(entry)) return "must be an origin such as https://app.example";
  const url = new URL(entry);
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must be http:// or https://";
  if (url.origin !== entry)
    return `must be exactly an origin, as browsers send it (${url.origin}), with no path or trailing slash`;
  return undefined;
}

/** The variables the server reads, for the test that keeps the README's table true. */
export const CONFIGURATION_VARIABLES = Object.keys(environmentSchema.shape);

export interface Config {
  production: boolean;
  port: number;
  databaseUrl: string;
  baseUrl: string;
  trustProxy: boolean;
  /** Requests worked on at once; more are answered 503 at once (server/load-shedding.ts). */
  maxInFlight: number;
  /**
   * After SIGTERM, how long the process keeps serving while /readyz says 503, so that a load
   * balancer stops sending it visitors before it stops accepting them (decision 0041).
   */
  shutdownGraceMs: number;
  /** Where generated secrets and the mail outbox are kept. */
  dataDirectory: string;
  /** Unset outside production: one is then generated and kept in the data folder. */
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Mail is only written to DATA_DIR/outbox, even in production (trials only). */
  mailOutboxOnly: boolean;
  google: { clientId: string; clientSecret: string } | undefined;
  /** Tests only: the origin of a local stand-in for Google's OAuth endpoints. */
  googleStandIn: string | undefined;
  /** Origins whose pages may call the JSON API with a bearer token (server/cors.ts). */
  corsOrigins: ReadonlySet<string>;
  /** The least severe log lines written (server/logger.ts); `silent` writes none. */
  logLevel: LogLevel;
  /** The bearer token Prometheus scrapes /metrics with; without one /metrics is not there. */
  metricsToken: string | undefined;
  /**
   * WEBHOOKS_ALLOW_PRIVATE: webhooks may go to the loopback address (over http too), for tests
   * and trials on one machine; every other non-public address stays refused (decision 0047).
   */
  webhooksAllowLoopback: boolean;
}

/**
 * Better Auth reads these from the environment itself when they are set, behind this
 * configuration: BETTER_AUTH_SECRETS replaces the secret it is given (sessions would be signed and
 * new two-factor secrets encrypted with another key than AUTH_SECRET, the one
 * `npm run two-factor` uses), and BETTER_AUTH_TRUSTED_ORIGINS adds origins it trusts beyond
 * BASE_URL. A server started with either would not be the server its configuration describes.
 */
const BETTER_AUTH_OWN_VARIABLES: Record<string, string> = {
  BETTER_AUTH_SECRETS:
    "is read by Better Auth and would replace AUTH_SECRET behind this site's back; the site's secret is AUTH_SECRET alone (unset BETTER_AUTH_SECRETS)",
  BETTER_AUTH_TRUSTED_ORIGINS:
    "is read by Better Auth and would make it trust origins beyond BASE_URL; the site trusts BASE_URL alone (unset BETTER_AUTH_TRUSTED_ORIGINS)",
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  // A variable set to the empty string counts as unset, as shells and .env files often leave them.
  const given = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ""));
  const parsed = environmentSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const env = parsed.data;
  const problems: string[] = [];
  for (const [name, problem] of Object.entries(BETTER_AUTH_OWN_VARIABLES)) {
    if (given[name] !== undefined) problems.push(`${name}: ${problem}`);
  }
  if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
    problems.push("AUTH_SECRET: is required in production");
  }
  if (env.NODE_ENV === "production" && env.GOOGLE_OAUTH_STAND_IN) {
    problems.push("GOOGLE_OAUTH_STAND_IN: is for tests and never allowed in production");
  }
  // A production site that cannot mail cannot reset passwords: say so at start-up, not later.
  if (env.NODE_ENV === "production" && !env.SMTP_URL && !env.MAIL_OUTBOX_ONLY) {
    problems.push(
      "SMTP_URL: is required in production (for a trial without mail, MAIL_OUTBOX_ONLY=true keeps every message in DATA_DIR/outbox)",
    );
  }
  // On a public server the loopback address reaches what must stay private (decision 0047).
  if (env.NODE_ENV === "production" && env.WEBHOOKS_ALLOW_PRIVATE) {
    problems.push(
      "WEBHOOKS_ALLOW_PRIVATE: is for tests and trials and never allowed in production",
    );
  }
  if (env.SMTP_URL && env.MAIL_OUTBOX_ONLY) {
    problems.push("SMTP_URL and MAIL_OUTBOX_ONLY: set one or the other");
  }
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    problems.push("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither");
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  return {
    production: env.NODE_ENV === "production",
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    // As browsers write it in the Origin header: lower-case host, no default port, no slash.
    baseUrl: new URL(env.BASE_URL ?? `http://localhost:${env.PORT}`).origin,
    trustProxy: env.TRUST_PROXY,
    maxInFlight: env.MAX_IN_FLIGHT,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    dataDirectory: env.DATA_DIR,
    authSecret: env.AUTH_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailOutboxOnly: env.MAIL_OUTBOX_ONLY,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    googleStandIn: env.GOOGLE_OAUTH_STAND_IN?.replace(/\/$/, ""),
    metricsToken: env.METRICS_TOKEN,
    logLevel: env.LOG_LEVEL,
    corsOrigins: new Set(env.CORS_ORIGINS),
    webhooksAllowLoopback: env.WEBHOOKS_ALLOW_PRIVATE,
  };
}
