// lib/text/format.ts: the one way a count and a size are written. Expected texts worked out by hand from the rule in
// its comment: a whole number of MiB (1,048,576 bytes) in MiB; else bytes below 1,000, kB below 1,000 kB, MB to a
// tenth.
import {describe, expect, it} from "vitest";
import {
  endedSentence,
  formatBytes,
  listWords,
  ordinalWord,
  plural,
  thousands,
  utf8Length,
} from "../../../lib/text/format.js";

describe("formatBytes", () => {
  it.each([
    [0, "0 bytes"],
    [4, "4 bytes"],
    [999, "999 bytes"],
    [1000, "1 kB"],
    [9999, "10 kB"],
    [64_000, "64 kB"],
    [199_936, "200 kB"], // a response cap: 1,400 × 16 × 6 + 65,536
    [999_499, "999 kB"],
    [999_500, "1 MB"],
    [1_048_576, "1 MiB"],
    [1_048_577, "1 MB"],
    [2_000_000, "2 MB"],
    [3_500_000, "3.5 MB"],
    [9_437_197, "9.4 MB"],
    [8 * 1_048_576, "8 MiB"],
    [50 * 1_048_576, "50 MiB"],
    [50 * 1_048_576 + 1, "52.4 MB"],
    [256 * 1_048_576, "256 MiB"],
  ])("%d bytes: %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe("thousands", () => {
  it("sets off every three digits from the right", () => {
    expect([0, 999, 1000, 2_000_001, 1_234_567_890].map(thousands)).toEqual([
      "0",
      "999",
      "1,000",
      "2,000,001",
      "1,234,567,890",
    ]);
  });
});

describe("utf8Length", () => {
  it("counts UTF-8 bytes: 1 for ASCII, 2 for é, 3 for 漢, 4 for an emoji", () => {
    expect([utf8Length("a"), utf8Length("é"), utf8Length("漢"), utf8Length("😀"), utf8Length("")]).toEqual([
      1, 2, 3, 4, 0,
    ]);
  });
});

describe("plural", () => {
  it.each([
    [0, "item", undefined, "0 items"],
    [1, "item", undefined, "1 item"],
    [2, "rating", undefined, "2 ratings"],
    [1200, "rating", undefined, "1,200 ratings"],
    [1, "item moves", "items move", "1 item moves"],
    [3, "item has", "items have", "3 items have"],
    [0, "item has", "items have", "0 items have"],
  ])("plural(%d, %s, %s) is %s", (count, noun, many, expected) => {
    expect(plural(count, noun, many)).toBe(expected);
  });
});

describe("listWords", () => {
  it("joins a list with commas and a last 'and', and says how many more of a list named in part", () => {
    expect([[], ["a"], ["a", "b"], ["a", "b", "c"]].map((words) => listWords(words))).toEqual([
      "",
      "a",
      "a and b",
      "a, b and c",
    ]);
    expect(listWords(["a", "b", "c"], {count: 5})).toBe("a, b, c and 2 more");
    expect(listWords(["a"], {count: 1201})).toBe("a and 1,200 more");
    expect(listWords(["a", "b"], {count: 2})).toBe("a and b");
  });

  it("joins a choice with a last 'or'", () => {
    expect(listWords(["1", "2", "3"], {conjunction: "or"})).toBe("1, 2 or 3");
    expect(listWords(["most-missed"], {conjunction: "or"})).toBe("most-missed");
  });
});

describe("ordinalWord", () => {
  it("names a place in words up to the tenth, in figures with English's suffix beyond", () => {
    expect([1, 2, 3, 10].map(ordinalWord)).toEqual(["first", "second", "third", "tenth"]);
    expect([11, 12, 13, 21, 22, 23, 101, 111, 1002].map(ordinalWord)).toEqual([
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
      "1,002nd",
    ]);
  });
});

describe("endedSentence", () => {
  it("ends a fragment with a full stop, and leaves a sentence that has its end as it is", () => {
    // Edge case 9's and 8's line notes (data/items), and notes that end in a quotation or a question.
    expect(endedSentence("formality was never requested")).toBe("formality was never requested.");
    expect(endedSentence("The email's request isn't on the checklist ")).toBe(
      "The email's request isn't on the checklist.",
    );
    expect(endedSentence("Without such wording, brief relevant additions are not a violation.")).toBe(
      "Without such wording, brief relevant additions are not a violation.",
    );
    expect(endedSentence("It asked “why?”")).toBe("It asked “why?”");
    expect(endedSentence('"Short" is met')).toBe('"Short" is met.');
  });
});
