import { describe, expect, it } from "vitest";
import { isBuiltFromContext, newPasswordFor, profileUpdateSchema } from "./accounts.server.ts";

describe("isBuiltFromContext (ASVS 6.2.11)", () => {
  const email = "maria.lopez+ielts@example.com";

  it("refuses passwords that are the site's name or the e-mail with a little added", () => {
    for (const password of [
      "IELTS Hub 2026",
      "ieltshub!!",
      "maria.lopez+ielts@example.com",
      "Maria.Lopez2026",
      "lopez-maria-1",
      "hubpassword",
    ]) {
      expect(isBuiltFromContext(password, email), password).toBe(true);
    }
  });

  it("accepts passphrases that merely mention a context word, and unrelated passwords", () => {
    for (const password of [
      "my ielts exam went really well",
      "maria learns english every morning",
      "a long and unusual passphrase",
      "correct horse battery staple",
    ]) {
      expect(isBuiltFromContext(password, email), password).toBe(false);
    }
  });

  it("checks only the site's words when the account is unknown", () => {
    expect(isBuiltFromContext("ielts2026", undefined)).toBe(true);
    expect(isBuiltFromContext("maria.lopez1", undefined)).toBe(false);
  });
});

describe("the password and profile policy", () => {
  it("gives the form's first message", () => {
    const first = (password: unknown) =>
      newPasswordFor("x@example.com").safeParse(password).error?.issues[0]?.message;
    expect(first("short")).toMatch(/at least 8/);
    expect(first("p".repeat(129))).toMatch(/at most 128/);
    expect(first("password")).toMatch(/too common/);
    expect(first(42)).toMatch(/choose a password/);
    expect(first("a fine long passphrase")).toBeUndefined();
  });

  it("takes a trimmed name of 1-100 characters and an http(s) photo or none", () => {
    expect(profileUpdateSchema.parse({ name: "  Ada  ", image: null })).toEqual({
      name: "Ada",
      image: null,
    });
    for (const body of [
      { name: ["a"] },
      { name: 123 },
      { name: " " },
      { name: "n".repeat(101) },
      { image: "javascript:alert(1)" },
      { image: "data:text/html,hi" },
    ]) {
      expect(profileUpdateSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
