import { describe, expect, it } from "vitest";
import { namesPerson } from "./account-deletion.server.ts";

describe("namesPerson: which rows a deleted account's id or address is found in", () => {
  const person = { id: "0b6c2f6e-3d2a-4a1e-9f0e-1c2d3e4f5a6b", email: "ann@example.co" };

  it("finds the id anywhere, and the address as a whole address, whatever its case", () => {
    expect(namesPerson(`{"link":{"userId":"${person.id}"}}`, person)).toBe(true);
    for (const text of [
      '{"replyTo":"ann@example.co","subject":"Hello"}',
      "Ann <ANN@Example.CO> wrote:",
      "password:account:ann@example.co",
      "Write to ann@example.co.",
    ])
      expect(namesPerson(text, person), text).toBe(true);
  });

  it("does not take a longer address for theirs", () => {
    for (const text of [
      "joann@example.co",
      "ann@example.com",
      "ann@example.co.uk",
      "anna.ann@example.co-op.org",
      "a literal annXexample.co",
    ])
      expect(namesPerson(text, person), text).toBe(false);
  });
});
