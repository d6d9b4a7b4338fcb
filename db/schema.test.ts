import { describe, expect, it } from "vitest";
import { toIsoTimestamp } from "./schema.ts";

describe("toIsoTimestamp", () => {
  it("keeps a timestamp SQLite hands back as it was written", () => {
    expect(toIsoTimestamp("2026-11-28T10:56:41.242Z")).toBe("2026-11-28T10:56:41.242Z");
  });

  it("gives PostgreSQL's Date, and any other way of writing a time, as ISO 8601 UTC", () => {
    expect(toIsoTimestamp(new Date(Date.UTC(2026, 10, 28, 10, 56, 41, 242)))).toBe(
      "2026-11-28T10:56:41.242Z",
    );
    expect(toIsoTimestamp("2026-11-28T12:56:41+02:00")).toBe("2026-11-28T10:56:41.000Z");
    expect(toIsoTimestamp("2026-11-28T10:56:41Z")).toBe("2026-11-28T10:56:41.000Z");
  });
});
