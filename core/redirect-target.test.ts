import { describe, expect, it } from "vitest";
import { hostileRedirectTargets } from "../tests/support/hostile-redirects.ts";
import { sameSitePath } from "./redirect-target.ts";

describe("sameSitePath", () => {
  it.each(hostileRedirectTargets)("refuses %j", (target) => {
    expect(sameSitePath(target)).toBeUndefined();
    expect(sameSitePath(target, { origin: "http://localhost:3000" })).toBeUndefined();
  });

  it.each([
    ["/my-reviews", "/my-reviews"],
    ["/services/abc?page=2", "/services/abc?page=2"],
    ["/services/abc#reviews", "/services/abc#reviews"],
    ["/a/b/../c", "/a/c"],
    ["/a/%2e%2e/c", "/c"],
    ["/../services", "/services"],
    ["/\t/services", undefined],
    ["/serv\tices", "/services"],
    ["/\\services", undefined],
    ["\\services", "/services"],
    ["/services/", "/services/"],
    ["/?x=//evil.example", "/?x=//evil.example"],
  ])("reads %j as %j", (target, expected) => {
    expect(sameSitePath(target)).toBe(expected);
  });

  it("refuses what is not text", () => {
    for (const target of [null, undefined, 42, ["/x"], { path: "/x" }]) {
      expect(sameSitePath(target)).toBeUndefined();
    }
  });

  it("accepts a full URL on the given origin, as its path, and no other origin", () => {
    const origin = "https://ielts.example";
    expect(sameSitePath("https://ielts.example/my-reviews?x=1", { origin })).toBe(
      "/my-reviews?x=1",
    );
    expect(sameSitePath("https://ielts.example/..//evil.example", { origin })).toBeUndefined();
    expect(sameSitePath("http://ielts.example/my-reviews", { origin })).toBeUndefined();
    expect(sameSitePath("https://ielts.example.evil.example/", { origin })).toBeUndefined();
    expect(sameSitePath("https://ielts.example@evil.example/", { origin })).toBeUndefined();
    expect(sameSitePath("https://ielts.example/my-reviews")).toBeUndefined();
  });
});
