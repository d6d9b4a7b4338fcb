import { describe, expect, it } from "vitest";
import { chosenEncoding } from "./page-compression.ts";

describe("chosenEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0.5, gzip;q=1", "br"],
    ["br;q=0, gzip", "gzip"],
    ["BR", "br"],
    ["gzip;q=0", undefined],
    ["*", "gzip"],
    ["identity", undefined],
    ["deflate", undefined],
    ["", undefined],
    [undefined, undefined],
  ])("%s → %s", (accepted, encoding) => {
    expect(chosenEncoding(accepted)).toBe(encoding);
  });
});
