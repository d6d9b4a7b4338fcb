import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config.ts";
import { dataDirectoryFailure } from "../start-up-failures.ts";

/**
 * AUTH_SECRET signs sessions and encrypts two-factor secrets. Production must set it (the
 * configuration refuses to start otherwise); elsewhere one is generated on first start and kept,
 * readable only by the owner, in the data folder, so sessions survive a restart without anyone
 * choosing a secret.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  const file = join(config.dataDirectory, "auth-secret");
  // A failure is said in one line at start-up, as the data folder's others (decision 0051).
  if (existsSync(file)) {
    try {
      return readFileSync(file, "utf8").trim();
    } catch (error) {
      throw dataDirectoryFailure(config.dataDirectory, error, "read");
    }
  }
  try {
    mkdirSync(config.dataDirectory, { recursive: true });
    const secret = randomBytes(48).toString("base64url");
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  } catch (error) {
    throw dataDirectoryFailure(config.dataDirectory, error);
  }
}
