// Quoting text someone else typed in a message: nothing that would not show as itself reaches the terminal or the
// page raw. Expected escapes are written out by hand from the Unicode code charts.
import {describe, expect, it} from "vitest";
import {codePointName, escapeUnsafe, quoteText, quoteValue, unsafeCharacter} from "../../../lib/text/quote-text.js";

describe("quoteText", () => {
  it("quotes plain text as JSON does", () => {
    expect(quoteText("bob")).toBe('"bob"');
    expect(quoteText('say "hi"\\')).toBe('"say \\"hi\\"\\\\"');
    expect(quoteText("<b>Ana</b> ❤ Zoë 漢字")).toBe('"<b>Ana</b> ❤ Zoë 漢字"');
  });

  it.each([
    ["a right-to-left override", "evil\u202Egnp.exe", '"evil\\u{202E}gnp.exe"'],
    ["a line separator", "one\u2028two", '"one\\u{2028}two"'],
    ["a paragraph separator", "one\u2029two", '"one\\u{2029}two"'],
    ["a zero-width space", "ana\u200Blee", '"ana\\u{200B}lee"'],
    ["an Arabic letter mark", "ana\u061Clee", '"ana\\u{61C}lee"'],
    ["a left-to-right isolate", "\u2066x\u2069", '"\\u{2066}x\\u{2069}"'],
    ["a C1 control (next line)", "a\u0085b", '"a\\u{85}b"'],
    ["a no-break space", "a\u00A0b", '"a\\u{A0}b"'],
    ["a Hangul filler", "\u3164", '"\\u{3164}"'],
    ["a soft hyphen", "a\u00ADb", '"a\\u{AD}b"'],
    ["a byte order mark", "\uFEFFx", '"\\u{FEFF}x"'],
    ["a private-use character", "\uE000", '"\\u{E000}"'],
  ])("escapes %s", (_, text, quoted) => {
    expect(quoteText(text)).toBe(quoted);
  });

  it("keeps JSON's escapes for C0 controls and a lone surrogate", () => {
    expect(quoteText("a\nb\u001b[31m")).toBe('"a\\nb\\u001b[31m"');
    expect(quoteText("x\uD800")).toBe('"x\\ud800"');
  });

  it("cuts long text by characters, never inside one", () => {
    expect(quoteText("x".repeat(61))).toBe(`"${"x".repeat(60)}…"`);
    expect(quoteText("x".repeat(60))).toBe(`"${"x".repeat(60)}"`);
    expect(quoteText("😀".repeat(5), 3)).toBe('"😀😀😀…"');
  });
});

describe("escapeUnsafe and the character class", () => {
  it("escapes without quoting, and leaves ASCII alone", () => {
    expect(escapeUnsafe("/tmp/a\u202Eb.csv")).toBe("/tmp/a\\u{202E}b.csv");
    expect(escapeUnsafe('plain, "quoted" and \\ text')).toBe('plain, "quoted" and \\ text');
  });

  it("names a code point as U+XXXX", () => {
    expect(codePointName("\u202E")).toBe("U+202E");
    expect(codePointName("\u0007")).toBe("U+0007");
    expect(codePointName("\u{E0001}")).toBe("U+E0001");
  });

  it("matches what does not show as itself, not letters, marks or the plain space", () => {
    for (const character of ["\u0000", "\u007F", "\u200D", "\u2028", "\u061C", "\u00A0", "\u{E0041}"])
      expect(unsafeCharacter.test(character)).toBe(true);
    for (const character of ["a", " ", "é", "e\u0301", "漢", "😀", "-", "'"])
      expect(unsafeCharacter.test(character)).toBe(false);
  });
});

describe("quoteValue", () => {
  it("says a number too large to hold, where JSON would print null", () => {
    expect(quoteValue(JSON.parse("1e400"))).toBe("a number too large to hold (such as 1e400)");
    expect(quoteValue(JSON.parse("-1e400"))).toBe("a negative number too large to hold (such as -1e400)");
    expect(quoteValue(3.5)).toBe("3.5");
  });

  it("quotes strings and writes other values as JSON, escaped and cut", () => {
    expect(quoteValue("a\u202Eb")).toBe('"a\\u{202E}b"');
    expect(quoteValue({key: "a\u2028b"})).toBe('{"key":"a\\u{2028}b"}');
    expect(quoteValue(null)).toBe("null");
    expect(quoteValue([1, 2, 3], 4)).toBe("[1,2…");
  });
});

it("quotes a value nested deeper than the stack without overflowing it", () => {
  let deep: unknown = 1;
  for (let level = 0; level < 200_000; level++) deep = {a: deep};
  expect(quoteValue(deep)).toBe("{…}");
  expect(quoteValue([deep])).toBe("[…]");
});
