// Probe rules are written in JavaScript regex syntax and run on re2js (linear time, RE2 semantics), so no reply can
// make scoring backtrack. Where the syntaxes differ, the pattern is translated to keep its JavaScript meaning:
//   \s and \S       JavaScript's whitespace (with U+00A0, U+2028, U+FEFF, ...), not RE2's ASCII five
//   . without s     excludes \r, U+2028 and U+2029 too, not only \n
//   [ inside [...]  a literal, not the start of an RE2 [:alpha:] class
//   \b inside [...] backspace; \a, \e, \p (without u) ... are the letter itself, as in JavaScript
//   \uXXXX, \u{X}   written as RE2's \x{X}; [] never matches, [^] matches any character
// RE2's reading remains: with i, U+017F matches s and the Kelvin sign k; with m, only \n ends a line; a character
// outside the BMP is one character. Backreferences and lookaround are refused as an authoring error.
import {RE2JS} from "re2js";
import type {ProbeRule} from "./schema.node.js";
import {quoteValue} from "../text/quote-text.js";

/** The message says what and why, lowercase. */
export class PatternError extends Error {}

type Range = readonly [number, number];

/** WhiteSpace and LineTerminator (ECMA-262). */
const whitespace: Range[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

function complement(ranges: readonly Range[]): Range[] {
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

const hex = (code: number) => `\\x{${code.toString(16).toUpperCase()}}`;
/** Ranges as the inside of an RE2 character class. */
const classBody = (ranges: readonly Range[]) =>
  ranges.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`)).join("");

const space = classBody(whitespace);
const nonSpace = classBody(complement(whitespace));
const lineTerminators = "\\n\\r\\x{2028}\\x{2029}";
/** Escapes JavaScript and RE2 read alike, inside and outside a class. */
const sameEscapes = new Set(["d", "D", "w", "W", "n", "r", "t", "f", "v"]);
const isHex = (text: string) => /^[0-9a-fA-F]+$/.test(text);
const isSyntax = (char: string) => /^[\^$\\.*+?()[\]{}|/-]$/.test(char);

function refuse(what: string): never {
  throw new PatternError(what);
}

/**
 * The pattern in RE2 syntax, with its JavaScript meaning (see the top of this file). Throws PatternError for a
 * construct the linear-time engine cannot run. Assumes the pattern is valid JavaScript with these flags.
 */
export function translatePattern(pattern: string, flags: string): string {
  const unicode = flags.includes("u");
  const dotAll = flags.includes("s");
  let out = "";
  let inClass = false;
  let i = 0;
  /** One escape (the backslash at i); returns its RE2 text and advances i. */
  const escape = (): string => {
    const c = pattern[i + 1] ?? "";
    i += 2;
    if (sameEscapes.has(c)) return `\\${c}`;
    if (c === "s") return inClass ? space : `[${space}]`;
    if (c === "S") return inClass ? nonSpace : `[${nonSpace}]`;
    if (c === "b") return inClass ? "\\x{8}" : "\\b";
    if (c === "B") return inClass ? "B" : "\\B";
    if (/[1-9]/.test(c)) refuse(`backreference \\${c}`);
    if (c === "k" && (unicode || /\(\?<[^=!]/.test(pattern))) refuse("named backreference \\k");
    if (c === "0") {
      if (/[0-9]/.test(pattern[i] ?? "")) refuse("octal escape \\0");
      return "\\x{0}";
    }
    if (c === "c") {
      // \cJ is a control character; a \c without a letter is a backslash and a c, as JavaScript reads it.
      return /[a-zA-Z]/.test(pattern[i] ?? "") ? hex(pattern.charCodeAt(i++) % 32) : "\\\\c";
    }
    if (c === "x" && /^[0-9a-fA-F]{2}/.test(pattern.slice(i))) {
      i += 2;
      return `\\x{${pattern.slice(i - 2, i)}}`;
    }
    if (c === "u") {
      const braced = unicode ? /^\{([0-9a-fA-F]+)\}/.exec(pattern.slice(i)) : null;
      if (braced) {
        i += braced[0].length;
        return `\\x{${braced[1]}}`;
      }
      const code = pattern.slice(i, i + 4);
      if (code.length === 4 && isHex(code)) {
        i += 4;
        const high = parseInt(code, 16);
        const low = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(pattern.slice(i));
        // A surrogate pair written as two escapes is one character in the text.
        if (high >= 0xd800 && high <= 0xdbff && low) {
          i += low[0].length;
          return hex(0x10000 + ((high - 0xd800) << 10) + (parseInt(low[1]!, 16) - 0xdc00));
        }
        return hex(high);
      }
    }
    if (unicode && (c === "p" || c === "P")) {
      const property = /^\{[^}]*\}/.exec(pattern.slice(i))?.[0] ?? "";
      i += property.length;
      return `\\${c}${property}`;
    }
    // Any other escape is the character itself (JavaScript's identity escape).
    const char = String.fromCodePoint(pattern.codePointAt(i - 1) ?? 0);
    i += char.length - 1;
    return isSyntax(char) || char === "[" ? `\\${char}` : char;
  };
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === "\\") {
      out += escape();
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      out += c === "[" ? "\\[" : c;
      i += 1;
      continue;
    }
    if (c === "[") {
      if (pattern.startsWith("[]", i)) {
        out += "[^\\x{0}-\\x{10FFFF}]";
        i += 2;
      } else if (pattern.startsWith("[^]", i)) {
        out += "[\\x{0}-\\x{10FFFF}]";
        i += 3;
      } else {
        inClass = true;
        const negated = pattern[i + 1] === "^";
        out += negated ? "[^" : "[";
        i += negated ? 2 : 1;
        // A ] first in a class ends it in JavaScript ([]] is an empty class and a ]); handled above.
      }
      continue;
    }
    if (c === "(" && pattern[i + 1] === "?") {
      if (pattern.startsWith("(?=", i) || pattern.startsWith("(?!", i)) refuse(`lookahead ${pattern.slice(i, i + 3)}`);
      if (pattern.startsWith("(?<=", i) || pattern.startsWith("(?<!", i))
        refuse(`lookbehind ${pattern.slice(i, i + 4)}`);
    }
    if (c === "." && !dotAll) {
      out += `[^${lineTerminators}]`;
      i += 1;
      continue;
    }
    out += c;
    i += 1;
  }
  return out;
}

/** re2js flags for a rule's JavaScript flags; u needs none (RE2 always reads code points). */
export function engineFlags(flags: string): number {
  return (
    (flags.includes("i") ? RE2JS.CASE_INSENSITIVE : 0) |
    (flags.includes("m") ? RE2JS.MULTILINE : 0) |
    (flags.includes("s") ? RE2JS.DOTALL : 0)
  );
}

const compiled = new Map<string, RE2JS>();

/** The rule's pattern compiled for the linear-time engine, cached by pattern and flags. Throws PatternError. */
export function compilePattern(rule: Pick<ProbeRule, "pattern" | "flags">): RE2JS {
  const key = `${rule.flags}/${rule.pattern}`;
  let regex = compiled.get(key);
  if (!regex) {
    try {
      regex = RE2JS.compile(translatePattern(rule.pattern, rule.flags), engineFlags(rule.flags));
    } catch (thrown) {
      if (thrown instanceof PatternError) throw thrown;
      throw new PatternError((thrown as Error).message.replace(/^error parsing regexp: /, ""));
    }
    compiled.set(key, regex);
  }
  return regex;
}

/** A pattern written as a JavaScript literal, /pattern/flags: the field holds the pattern alone. */
const literal = /^\/(.+)\/([a-z]*)$/s;

/** Its slashes would be matched as text, and the only symptom would be worked examples scored otherwise. */
function slashedPattern(pattern: string): string | null {
  const [, bare, flags] = literal.exec(pattern) ?? [];
  if (bare === undefined) return null;
  const flagsToo = flags ? ` and put ${quoteValue(flags)} in flags` : "";
  return (
    `written between slashes, which would be matched as text: write the pattern bare, ${quoteValue(bare)}` +
    `${flagsToo}; a slash to match at either end is written \\/`
  );
}

/**
 * What is wrong with a rule's pattern, or null: not valid JavaScript (as the page shows it), or not runnable
 * by the linear-time engine. For the load step, which adds the file and the field.
 */
export function patternProblem(rule: Pick<ProbeRule, "pattern" | "flags">): string | null {
  const slashed = slashedPattern(rule.pattern);
  if (slashed) return slashed;
  try {
    new RegExp(rule.pattern, rule.flags);
  } catch (thrown) {
    // "Invalid regular expression: /pluto(/i: Unterminated group": keep the pattern as written, lowercase the rest.
    const message = (thrown as Error).message.replace(/^Invalid regular expression: /, "");
    const reason = message.lastIndexOf(": ") + 2;
    return `invalid regular expression: ${message.slice(0, reason)}${message.slice(reason).toLowerCase()}`;
  }
  try {
    compilePattern(rule);
    return null;
  } catch (thrown) {
    return `not supported by the linear-time engine (RE2 syntax): ${(thrown as Error).message}`;
  }
}
