// Rules are written in JavaScript syntax and run on re2js: the translation must keep what each pattern means.
// Differential tests against JavaScript's own RegExp, exhaustive over the BMP where a class is involved.
import {describe, expect, it} from "vitest";
import {compilePattern, patternProblem, translatePattern} from "../../../lib/probes/pattern.js";

/** Every BMP character that is not a surrogate half, as a one-character string. */
const bmp = Array.from({length: 0x10000}, (_, code) => code)
  .filter((code) => code < 0xd800 || code > 0xdfff)
  .map((code) => String.fromCharCode(code));

/** The characters on which JavaScript and the linear-time engine disagree, as hex code points. */
function disagreements(pattern: string, flags = ""): string[] {
  const js = new RegExp(pattern, flags);
  const re2 = compilePattern({pattern, flags});
  return bmp.filter((c) => js.test(c) !== re2.test(c)).map((c) => c.charCodeAt(0).toString(16));
}

/** The first match as [index, text], or null, from JavaScript and from the linear-time engine. */
function both(pattern: string, flags: string, text: string) {
  const js = new RegExp(pattern, flags).exec(text);
  const matcher = compilePattern({pattern, flags}).matcher(text);
  const re2 = matcher.find() ? [matcher.start(), matcher.group()] : null;
  return {js: js ? [js.index, js[0]] : null, re2};
}

describe("classes read as JavaScript reads them, on every BMP character", () => {
  it.each([
    ["\\s", ""],
    ["\\S", ""],
    ["[\\s]", ""],
    ["[^\\s]", ""],
    ["[\\S]", ""],
    ["[^\\S]", ""],
    ["[\\s\\d]", ""],
    ["[^\\sa-z]", ""],
    ["\\s", "u"],
    [".", ""],
    [".", "s"],
    [".", "u"],
    ["\\w", ""],
    ["\\W", ""],
    ["\\d", ""],
    ["[\\b]", ""],
    ["[^]", ""],
    ["[]", ""],
    ["[a-z]", "iu"],
    ["é", "i"],
    ["[[]", ""],
    ["\\p{Lu}", "u"],
  ])("/%s/%s", (pattern, flags) => {
    expect(disagreements(pattern, flags)).toEqual([]);
  });

  it("with i and no u, RE2 folds the long s and the Kelvin sign like JavaScript's iu (a known difference)", () => {
    expect(disagreements("[a-z]", "i")).toEqual(["17f", "212a"]);
    expect(disagreements("[a-z]", "iu")).toEqual([]);
  });
});

describe("escapes and syntax that differ between the two engines", () => {
  it.each([
    ["\\u00e9t\\u00e9", "", "un été chaud"],
    ["\\x41\\cJ", "", "xA\ny"],
    ["a\\0b", "", "a\0b"],
    ["a\\c-", "", "a\\c-"],
    ["x{,3}", "", "x{,3}"],
    ["a\\/b", "", "x a/b"],
    ["\\e\\q\\y", "", "eqy"], // identity escapes: the letter itself (RE2 would read \e as an error)
    ["\\a", "", "a\u0007"], // JavaScript's \a is the letter a, RE2's is the bell
    ["\\p{L}", "", "1p{L}"], // without u, \p is the letter p
    ["\\p{L}+", "u", "12 Grüße"],
    ["\\u{1F600}", "u", "ok 😀"],
    ["\\uD83D\\uDE00", "", "ok 😀"],
    ["(?<year>\\d{4})-(\\d{2})", "", "on 2026-01-02"],
    ["a{2,3}?", "", "aaaa"],
    ["x|y+?", "", "yyy"],
    ["^x$", "m", "a\nx\nb"],
    ["b.$", "", "a\nb\r"],
    ["a.c", "s", "a\nc"],
    ["[.]", "", "a.b"],
    ["[\\]\\-]+", "", "x]-]"],
    ["k", "i", "K"],
    ["]}", "", "]}"],
    ["\\bwörd", "", "a wörd"],
    ["\\s+$", "", "end \u00a0\u2028"],
  ])("/%s/%s on %j: same first match", (pattern, flags, text) => {
    const {js, re2} = both(pattern, flags, text);
    expect(re2).toEqual(js);
  });

  it("with m, only \\n ends a line (a known difference: JavaScript also ends one at \\r)", () => {
    expect(both("^b", "m", "a\rb")).toEqual({js: [2, "b"], re2: null});
  });

  it("translates only where the syntaxes differ", () => {
    const space =
      "\\x{9}-\\x{D}\\x{20}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}-\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}";
    expect(translatePattern("COUNT:\\s*3\\b", "")).toBe(`COUNT:[${space}]*3\\b`);
    expect(translatePattern("pluto", "i")).toBe("pluto");
    expect(translatePattern("a.b", "")).toBe("a[^\\n\\r\\x{2028}\\x{2029}]b");
    expect(translatePattern("a.b", "s")).toBe("a.b");
  });
});

describe("patternProblem", () => {
  it("passes every pattern the engine can run", () => {
    expect(patternProblem({pattern: "-\\s*Jupiter[\\s\\S]*-\\s*Saturn[\\s\\S]*-\\s*Uranus", flags: "i"})).toBeNull();
    expect(patternProblem({pattern: "COUNT:(\\s*\\w+\\s?)*$", flags: ""})).toBeNull(); // exponential in JavaScript
  });

  it.each([
    ["(a)\\1", "", "not supported by the linear-time engine (RE2 syntax): backreference \\1"],
    ["(?<n>a)\\k<n>", "", "not supported by the linear-time engine (RE2 syntax): named backreference \\k"],
    ["a(?=b)", "", "not supported by the linear-time engine (RE2 syntax): lookahead (?="],
    ["a(?!b)", "", "not supported by the linear-time engine (RE2 syntax): lookahead (?!"],
    ["(?<=a)b", "", "not supported by the linear-time engine (RE2 syntax): lookbehind (?<="],
    ["(?<!a)b", "", "not supported by the linear-time engine (RE2 syntax): lookbehind (?<!"],
    ["a\\01", "", "not supported by the linear-time engine (RE2 syntax): octal escape \\0"],
    ["a{1001}", "", "not supported by the linear-time engine (RE2 syntax): invalid repeat count: `{1001}`"],
    [
      "\\p{Letter}",
      "u",
      "not supported by the linear-time engine (RE2 syntax): invalid character class range: `\\p{Letter}`",
    ],
    ["pluto(", "i", "invalid regular expression: /pluto(/i: unterminated group"],
    ["Pluto: (", "", "invalid regular expression: /Pluto: (/: unterminated group"],
  ])("/%s/%s: %s", (pattern, flags, message) => {
    expect(patternProblem({pattern, flags})).toBe(message);
  });

  it("refuses a pattern written between slashes, as a JavaScript literal: the slashes would be matched as text", () => {
    const slashes = "written between slashes, which would be matched as text: write the pattern bare";
    const slash = "a slash to match at either end is written \\/";
    expect(patternProblem({pattern: "/\\bblue\\b/i", flags: ""})).toBe(
      `${slashes}, "\\\\bblue\\\\b" and put "i" in flags; ${slash}`,
    );
    expect(patternProblem({pattern: "/[A-Z]/", flags: ""})).toBe(`${slashes}, "[A-Z]"; ${slash}`);
    // A slash inside, or at one end only, is a pattern's own.
    expect(patternProblem({pattern: "and/or", flags: ""})).toBeNull();
    expect(patternProblem({pattern: "^/usr", flags: ""})).toBeNull();
    expect(patternProblem({pattern: "\\/usr\\/", flags: ""})).toBeNull();
  });
});
