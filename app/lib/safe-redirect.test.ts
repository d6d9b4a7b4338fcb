import { describe, expect, it } from "vitest";
import { hostileRedirectTargets } from "../../tests/support/hostile-redirects.ts";
import { safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("keeps paths on this site, with their query, normalised", () => {
    expect(safeRedirect("/my-reviews")).toBe("/my-reviews");
    expect(safeRedirect("/services/abc?page=2")).toBe("/services/abc?page=2");
    expect(safeRedirect("/services/x/../abc")).toBe("/services/abc");
  });

  it.each([
    ...hostileRedirectTargets,
    null,
    undefined,
    "/login",
    "/LOGIN/",
    "/x/../login",
    "/register?redirectTo=/x",
    "/reset-password?token=abc",
  ])("sends %j home", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });

  it("uses the fallback given", () => {
    expect(safeRedirect("//evil.example", "/my-reviews")).toBe("/my-reviews");
  });
});
