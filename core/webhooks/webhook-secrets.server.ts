import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * Endpoint secrets and signatures, as the Standard Webhooks specification has them
 * (https://www.standardwebhooks.com): a secret is `whsec_` and the base64 of random bytes; a
 * request is signed with HMAC-SHA256 under those bytes, over `<webhook-id>.<webhook-timestamp>.<body>`,
 * and the signature is sent as `v1,<base64>`.
 *
 * The site has to sign with the secret again on every attempt, so it keeps the secret itself, not
 * a hash: encrypted (AES-256-GCM) under a key of its own derived from AUTH_SECRET, as the
 * two-factor secrets are kept under AUTH_SECRET (decision 0032). A copy of the database alone
 * then signs nothing.
 */

export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** 32 random bytes: the specification asks for 24 to 64. */
const SECRET_BYTES = 32;

/** The key endpoint secrets are encrypted under; made once per process from AUTH_SECRET. */
export interface WebhookSecretKey {
  readonly bytes: Buffer;
}

export function webhookSecretKey(authSecret: string): WebhookSecretKey {
  return {
    bytes: Buffer.from(hkdfSync("sha256", authSecret, "", "ielts-hub webhook secrets", 32)),
  };
}

/** A new endpoint's secret, shown to the owner once. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;
}

const FORMAT = "v1";

/** `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
export function sealWebhookSecret(key: WebhookSecretKey, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.bytes, iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The secret, or undefined when this key cannot open it (it was sealed under another AUTH_SECRET). */
export function openWebhookSecret(key: WebhookSecretKey, sealed: string): string | undefined {
  const [format, iv, tag, data] = sealed.split(".");
  if (format !== FORMAT || !iv || !tag || data === undefined) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.bytes, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(data, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return undefined;
  }
}

/** The value of the `webhook-signature` header for one attempt. */
export function signWebhook(
  secret: string,
  { id, timestamp, body }: { id: string; timestamp: number; body: string },
): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return `v1,${signature}`;
}
