import { describe, expect, it } from "vitest";
import {
  CATALOGUE_MODULE_FILTERS,
  CATALOGUE_SORT_IDS,
  CATALOGUE_SORTS,
  MAX_SEARCH_WORDS,
  searchWords,
} from "./catalogue.ts";

describe("the catalogue's choices", () => {
  it("names the sorts /services?sort= takes, newest first, and the words the page shows", () => {
    expect(CATALOGUE_SORT_IDS).toEqual([
      "newest",
      "price-low",
      "price-high",
      "rating",
      "most-reviewed",
    ]);
    expect(CATALOGUE_SORT_IDS.map((id) => CATALOGUE_SORTS[id])).toEqual([
      "Newest",
      "Price: low to high",
      "Price: high to low",
      "Highest rated",
      "Most reviewed",
    ]);
  });

  it("names the module filters", () => {
    expect(CATALOGUE_MODULE_FILTERS).toEqual({
      academic: "Academic",
      general: "General Training",
      both: "Both modules",
    });
  });
});

describe("searchWords", () => {
  it("splits a search into lower-case runs of letters and digits", () => {
    expect(searchWords("IELTS Writing Task-2: band 7.5!")).toEqual([
      "ielts",
      "writing",
      "task",
      "2",
      "band",
      "7",
      "5",
    ]);
  });

  it("keeps accents and letters of other scripts", () => {
    expect(searchWords("Écriture académique")).toEqual(["écriture", "académique"]);
    expect(searchWords("Тест IELTS 雅思")).toEqual(["тест", "ielts", "雅思"]);
  });

  it("finds no words in an empty search or in punctuation only", () => {
    expect(searchWords("")).toEqual([]);
    expect(searchWords("  -- ?! ")).toEqual([]);
  });

  it("uses the first eight words and ignores the rest", () => {
    expect(MAX_SEARCH_WORDS).toBe(8);
    const seven = "one two three four five six seven";
    expect(searchWords(seven)).toHaveLength(7);
    expect(searchWords(`${seven} eight`)).toEqual(seven.split(" ").concat("eight"));
    expect(searchWords(`${seven} eight nine ten`)).toEqual(seven.split(" ").concat("eight"));
  });
});
