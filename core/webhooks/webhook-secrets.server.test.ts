import { describe, expect, it } from "vitest";
import {
  newWebhookSecret,
  openWebhookSecret,
  sealWebhookSecret,
  signWebhook,
  webhookSecretKey,
} from "./webhook-secrets.server.ts";

describe("webhook secrets and signatures", () => {
  it("sign the Standard Webhooks test vector exactly as its reference libraries do", () => {
    // The vector the specification's libraries (and Svix's) test against.
    expect(
      signWebhook("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", {
        id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
        timestamp: 1614265330,
        body: '{"test": 2432232314}',
      }),
    ).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("are whsec_ and 32 random bytes, different each time", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it("are kept sealed: only a key from the same AUTH_SECRET opens them", () => {
    const key = webhookSecretKey("a-secret-of-forty-characters-for-tests!!");
    const secret = newWebhookSecret();
    const sealed = sealWebhookSecret(key, secret);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(secret.slice(6));
    expect(sealWebhookSecret(key, secret)).not.toBe(sealed);
    expect(openWebhookSecret(key, sealed)).toBe(secret);
    expect(
      openWebhookSecret(webhookSecretKey("another-secret-of-forty-characters-here"), sealed),
    ).toBeUndefined();
    const [format, iv, tag, data] = sealed.split(".");
    const flipped = `${format}.${iv}.${tag}.${data?.startsWith("A") ? "B" : "A"}${data?.slice(1)}`;
    expect(openWebhookSecret(key, flipped)).toBeUndefined();
    expect(openWebhookSecret(key, "not sealed at all")).toBeUndefined();
  });
});
