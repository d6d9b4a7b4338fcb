import { describe, expect, it } from "vitest";
import { accountPasswordGuessKey, accountVerificationMailKey } from "./rate-limit.server.ts";

describe("per-account counter keys", () => {
  const secret = "a-secret-of-forty-characters-for-tests!!";

  it("name no one: a keyed hash of the address, the same however the address is typed", () => {
    const key = accountPasswordGuessKey(secret, "Ann.Lee@Example.com");
    expect(key).toMatch(/^password:account:[0-9a-f]{64}$/);
    expect(key.toLowerCase()).not.toContain("ann");
    expect(key.toLowerCase()).not.toContain("example");
    expect(accountPasswordGuessKey(secret, " ann.lee@example.com ")).toBe(key);
    expect(accountPasswordGuessKey(secret, "ann.lee@example.org")).not.toBe(key);
    expect(accountVerificationMailKey(secret, "ann.lee@example.com")).toBe(
      key.replace("password:", "verification-mail:"),
    );
  });

  it("cannot be made without the secret: another secret gives another key", () => {
    expect(accountPasswordGuessKey(`${secret}?`, "ann.lee@example.com")).not.toBe(
      accountPasswordGuessKey(secret, "ann.lee@example.com"),
    );
  });
});
