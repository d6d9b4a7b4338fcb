import { describe, expect, it } from "vitest";
import { pageHeaders } from "./paging.ts";

const address = "https://ielts.example/api/reviews/abc";

/** The header's links as relation → target. */
const links = (header: string) =>
  Object.fromEntries(
    header.split(", <").map((part) => {
      const [, target, relation] = /^<?([^>]*)>; rel="([^"]+)"$/.exec(part) ?? [];
      return [relation, target];
    }),
  );

describe("pageHeaders", () => {
  it("leads from a middle page to every other one, keeping the choices given", () => {
    const headers = pageHeaders({
      address,
      page: 2,
      size: 10,
      total: 35,
      keep: { sort: "highest", stars: undefined, module: "academic" },
    });
    expect(headers["X-Total-Count"]).toBe("35");
    expect(links(headers.Link)).toEqual({
      prev: `${address}?page=1&size=10&sort=highest&module=academic`,
      next: `${address}?page=3&size=10&sort=highest&module=academic`,
      first: `${address}?page=1&size=10&sort=highest&module=academic`,
      last: `${address}?page=4&size=10&sort=highest&module=academic`,
    });
  });

  it("has one page, and no next or previous, for an empty or short list", () => {
    for (const total of [0, 1, 100]) {
      expect(links(pageHeaders({ address, page: 1, size: 100, total }).Link)).toEqual({
        first: `${address}?page=1&size=100`,
        last: `${address}?page=1&size=100`,
      });
    }
  });

  it("leads back from a page past the end to the last one", () => {
    expect(links(pageHeaders({ address, page: 9, size: 100, total: 250 }).Link)).toEqual({
      prev: `${address}?page=3&size=100`,
      first: `${address}?page=1&size=100`,
      last: `${address}?page=3&size=100`,
    });
  });
});
