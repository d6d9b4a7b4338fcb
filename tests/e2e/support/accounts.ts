import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { e2eDataDirectory } from "../../../playwright.config.ts";

export const PASSWORD = "a long and unusual passphrase";

export function uniqueEmail(prefix = "student") {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** Signs up through Better Auth's endpoint; the session cookie lands in the page's context. */
export async function signUpDirectly(
  page: Page,
  { name = "Signed In Student", email = uniqueEmail() } = {},
) {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { name, email, password: PASSWORD },
  });
  if (!response.ok())
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  return { name, email };
}

/**
 * The newest mail in the test server's outbox sent to `to` (and holding `containing`, when given:
 * a new account's confirmation mail may be the newest until the awaited one is written). The
 * server's mail worker writes it just after answering the request, so this waits a little.
 */
export async function lastMailTo(
  to: string,
  timeoutMs = 5000,
  containing?: RegExp,
): Promise<string> {
  const outbox = join(e2eDataDirectory, "outbox");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(outbox) ? readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const message = readFileSync(join(outbox, file), "utf8");
      if (!message.includes(`To: ${to}`)) continue;
      const decoded = decodeBody(message);
      if (!containing || containing.test(decoded)) return decoded;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The message with its body decoded from quoted-printable (soft line breaks and =XX escapes);
 * the headers stay as they are (a "=" there is no escape).
 */
function decodeBody(message: string): string {
  const bodyStart = message.search(/\r?\n\r?\n/);
  const body = message
    .slice(bodyStart)
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return message.slice(0, bodyStart) + body;
}
