// Typed text quoted on one line, with what would not show as itself escaped as \u{...}: a right-to-left override
// (U+202E) reorders a line in a terminal or page, U+2028 breaks it, and U+200B makes two names look alike.

/** Controls, format characters (zero-width, bidi), line and paragraph separators, default-ignorables (Hangul
 *  fillers, variation selectors), private-use or lone surrogates, and every space but the plain one. */
export const unsafeCharacter =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Default_Ignorable_Code_Point}\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/u;
const unsafeCharacters = new RegExp(unsafeCharacter.source, "gu");

export const codePointName = (character: string): string =>
  `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** The text with each character that would not show as itself written as \u{...}; the rest as it is. */
export function escapeUnsafe(text: string): string {
  return text.replace(unsafeCharacters, (character) => `\\u{${character.codePointAt(0)!.toString(16).toUpperCase()}}`);
}

/** The first `length` characters (code points, so an emoji is never cut in half), and "…" when there were more. */
function cut(text: string, length: number): string {
  const characters = Array.from(text.length > 4 * length ? text.slice(0, 4 * length) : text);
  return characters.length > length ? `${characters.slice(0, length).join("")}…` : text;
}

/** A string typed by someone else, quoted on one line (JSON's escapes, then \u{...}) and cut short. */
export function quoteText(text: string, length = 60): string {
  return escapeUnsafe(JSON.stringify(cut(text, length)));
}

/**
 * A name already held to its length where it was read (a rater's), quoted whole: cut, a judge's run's name loses the
 * start that tells two runs of one model apart ("openai/gpt-5-mini (judge, 2026-08-10 12:00:41.500 UTC)").
 */
export const quoteName = (name: string): string => quoteText(name, Infinity);

/**
 * Any value read from a file, for a message: a string quoted as quoteText does, a number as it is (a number too
 * large to hold, such as 1e400, reads as Infinity: said so, where JSON would print null), anything else as JSON.
 */
export function quoteValue(value: unknown, length = 40): string {
  if (typeof value === "string") return quoteText(value, length);
  if (typeof value === "number" && !Number.isFinite(value))
    return Number.isNaN(value)
      ? "NaN"
      : value > 0
        ? "a number too large to hold (such as 1e400)"
        : "a negative number too large to hold (such as -1e400)";
  let text: string | undefined;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    // A value JSON cannot write: a cycle, a BigInt, or nesting deeper than the stack (String() would recurse too).
    text = typeof value === "bigint" ? String(value) : Array.isArray(value) ? "[…]" : "{…}";
  }
  return escapeUnsafe(cut(text, length));
}

/**
 * One wording wherever one choice is given twice (a command's flag, the authors' page address's `base`, `candidate`
 * or a parameter it sets): the two values typed, quoted, and the fix. Only one could win, so neither is taken.
 */
export const setTwice = (name: string, first: string, second: string): string =>
  `${name} is set twice (${quoteText(first)} and ${quoteText(second)}): set it once`;
