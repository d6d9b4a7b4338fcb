import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fiveStarsMarkup, StarIcon } from "./icons.tsx";

describe("fiveStarsMarkup", () => {
  it("is five small StarIcons, the first ones filled, as React renders them", () => {
    const star = (filled: boolean) =>
      renderToStaticMarkup(<StarIcon className="size-4" filled={filled} />);
    for (const filled of [0, 1, 2, 3, 4, 5]) {
      const icons = [1, 2, 3, 4, 5].map((position) => star(position <= filled)).join("");
      expect(fiveStarsMarkup(filled)).toBe(icons);
    }
    expect(fiveStarsMarkup(7)).toBe(fiveStarsMarkup(5));
    expect(fiveStarsMarkup(-1)).toBe(fiveStarsMarkup(0));
  });
});
