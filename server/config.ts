import { z } from "zod";

/** DESIGN §4. Every variable is checked at start-up; a bad one stops the server and is named. */
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
  BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", "on", "off"])
    .default("off")
    .transform((value) => ["true", "1", "on"].includes(value)),
});

export interface Config {
  production: boolean;
  port: number;
  databaseUrl: string;
  baseUrl: string;
  trustProxy: boolean;
}

export class ConfigError extends Error {}

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
  return {
    production: env.NODE_ENV === "production",
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    baseUrl: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    trustProxy: env.TRUST_PROXY,
  };
}
