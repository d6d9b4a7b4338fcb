import { describe, expect, it } from "vitest";
import { optionalHttpUrl } from "./web-address.ts";

/** What the form shows beside the photo's or the course image's address, if anything. */
function messages(value: unknown) {
  const result = optionalHttpUrl.safeParse(value);
  return result.success ? undefined : result.error.issues.map((issue) => issue.message);
}

const NOT_HTTP = ["Please enter an address starting with http:// or https://."];

describe("optionalHttpUrl (a photo's or a course image's address)", () => {
  it("keeps an http or https address, trimmed", () => {
    expect(optionalHttpUrl.parse(" https://images.example/courses/writing-task-2.jpg\n")).toBe(
      "https://images.example/courses/writing-task-2.jpg",
    );
    expect(optionalHttpUrl.parse("http://images.example/me.png")).toBe(
      "http://images.example/me.png",
    );
  });

  it("reads empty, blank or missing as no address", () => {
    expect(optionalHttpUrl.parse("")).toBeUndefined();
    expect(optionalHttpUrl.parse("   ")).toBeUndefined();
    expect(optionalHttpUrl.parse(undefined)).toBeUndefined();
  });

  it("refuses any other scheme, so no script or data reaches a page", () => {
    for (const url of [
      "javascript:alert(document.cookie)",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "ftp://images.example/me.png",
      "file:///home/teacher/me.png",
      "git+https://images.example/me.png",
      "https+unix://images.example/me.png",
      "httpx://images.example/me.png",
    ]) {
      expect(messages(url), url).toEqual(NOT_HTTP);
    }
  });

  it("refuses an address that is not absolute", () => {
    for (const url of ["images.example/me.png", "/uploads/me.png", "me.png"]) {
      expect(messages(url), url).toEqual(NOT_HTTP);
    }
  });

  it("takes an address of 2000 characters and refuses 2001", () => {
    const base = "https://images.example/";
    const at = (length: number) => base + "a".repeat(length - base.length);
    expect(optionalHttpUrl.parse(at(1999))).toBe(at(1999));
    expect(optionalHttpUrl.parse(at(2000))).toBe(at(2000));
    expect(messages(at(2001))).toEqual(["This address is too long."]);
    expect(optionalHttpUrl.parse(` ${at(2000)} `)).toBe(at(2000));
  });
});
