import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("keeps paths on this site, with their query", () => {
    expect(safeRedirect("/my-reviews")).toBe("/my-reviews");
    expect(safeRedirect("/services/abc?page=2")).toBe("/services/abc?page=2");
  });

  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "",
    null,
    undefined,
    "/login",
    "/register?redirectTo=/x",
    "relative/path",
  ])("sends %s home", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });
});
