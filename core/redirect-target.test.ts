import { describe, expect, it } from "vitest";
import { hostileRedirectTargets } from "../tests/support/hostile-redirects.ts";
import { removeDotSegments, sameSitePath } from "./redirect-target.ts";

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

describe("removeDotSegments (RFC 3986 §5.2.4)", () => {
  it("resolves the RFC's examples", () => {
    expect(removeDotSegments("/a/b/c/./../../g")).toBe("/a/g");
    expect(removeDotSegments("/mid/content=5/../6")).toBe("/mid/6");
  });

  it("keeps the folder a last dot segment names, and never climbs above the root", () => {
    expect(removeDotSegments("/a/b/..")).toBe("/a/");
    expect(removeDotSegments("/a/.")).toBe("/a/");
    expect(removeDotSegments("/a/./b")).toBe("/a/b");
    expect(removeDotSegments("/..")).toBe("/");
    expect(removeDotSegments("/../../a")).toBe("/a");
    expect(removeDotSegments("/a/../../b/")).toBe("/b/");
    expect(removeDotSegments("/..//evil.example")).toBe("//evil.example");
    expect(removeDotSegments("/services/abc")).toBe("/services/abc");
  });
});

describe("sameSitePath's edges", () => {
  it("strips spaces and control characters around the target", () => {
    expect(sameSitePath("  /account")).toBe("/account");
    expect(sameSitePath("\u0000\u0001 /account")).toBe("/account");
  });

  it("reads a scheme only at the start: one in the query is part of the path", () => {
    expect(sameSitePath("/search?next=https://evil.example")).toBe(
      "/search?next=https://evil.example",
    );
  });

  it("accepts a full http or https URL on the site's own origin, written out in full", () => {
    expect(
      sameSitePath("http://localhost:3000/account?tab=1", { origin: "http://localhost:3000" }),
    ).toBe("/account?tab=1");
    expect(sameSitePath("https://ielts.example/blog", { origin: "https://ielts.example" })).toBe(
      "/blog",
    );
    expect(
      sameSitePath("http:/localhost:3000/x?u=http://a.example", {
        origin: "http://localhost:3000",
      }),
    ).toBeUndefined();
  });

  it("keeps a path that ends in two slashes", () => {
    expect(sameSitePath("/a//")).toBe("/a//");
  });
});
