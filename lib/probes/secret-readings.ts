// How the secret search reads a text (lib/probes/secrets.ts): as code points, with its escapes decoded (%XX,
// \uXXXX, &#N; ...), and in two normalised readings, letters and digits only (where a key is matched in any
// disguise) and as shown (where credential shapes are matched). Every character of a reading keeps the stretch
// of the original text it came from, so a find can be cut out of the original. Pure and linear in the text.

/**
 * A reading of a text: the characters kept, each (UTF-16 unit) with the stretch [from, to) of the original text
 * it came from, so a find in the reading can be cut out of the original.
 */
export interface Reading {
  text: string;
  from: number[];
  to: number[];
}

/** The text's characters (code points), each with its stretch of the text. */
export interface Units {
  chars: string[];
  from: number[];
  to: number[];
}

export function codePoints(text: string): Units {
  const units: Units = {chars: [], from: [], to: []};
  for (let i = 0; i < text.length;) {
    const code = text.codePointAt(i)!;
    const size = code > 0xffff ? 2 : 1;
    units.chars.push(text.slice(i, i + size));
    units.from.push(i);
    units.to.push(i + size);
    i += size;
  }
  return units;
}

/**
 * Escapes an endpoint may hide text in: %XX (a run of them read as UTF-8), \uXXXX, \u{X}, \xXX, JSON's and
 * JavaScript's one-letter escapes (\n, \t, \", \\ ...: a reply that is JSON text keeps them as written), HTML's
 * &#N; and &#xH;, and HTML tags (read as a space: markup between a key's letters). Each alternative is a fixed shape
 * with a bound: matching stays linear.
 */
const escapePattern = new RegExp(
  [
    "%[0-9a-f]{2}",
    String.raw`\\u\{[0-9a-f]{1,6}\}`,
    String.raw`\\u[0-9a-f]{4}`,
    String.raw`\\x[0-9a-f]{2}`,
    String.raw`\\[nrtbfv0"'/\\]`,
    "&#x[0-9a-f]{1,6};?",
    "&#[0-9]{1,7};?",
    "</?[a-z][^<>]{0,64}>",
  ].join("|"),
  "gi",
);

const oneLetterEscapes: Record<string, string> = {n: "\n", r: "\r", t: "\t", b: "\b", f: "\f", v: "\v", 0: "\0"};

/** What one escape stands for (a tag stands for a space). */
function unescaped(escape: string): string {
  if (escape[0] === "<") return " ";
  if (escape.length === 2 && escape[0] === "\\") return oneLetterEscapes[escape[1]!.toLowerCase()] ?? escape[1]!;
  const digits = /[0-9a-f]+(?=\}?;?$)/i.exec(escape.slice(2))?.[0] ?? "";
  const code = parseInt(digits, escape.startsWith("&#") && !/^&#x/i.test(escape) ? 10 : 16);
  return code <= 0x10ffff ? String.fromCodePoint(code) : "";
}

/**
 * The units with their escapes decoded once, each decoded character spanning the original stretch of its escape;
 * null when they hold none. Works on units, not text, so a second pass (an escape escaped again: %2573, \\n)
 * still points into the original text.
 */
function decodedOnce(units: Units): Units | null {
  const text = units.chars.join("");
  if (!/[%\\&<]/.test(text)) return null;
  // Where each UTF-16 position of the joined text came from: its unit. Escapes are ASCII, so they start and end
  // on units' boundaries.
  const unitAt: number[] = [];
  units.chars.forEach((char, i) => {
    for (let j = 0; j < char.length; j++) unitAt.push(i);
  });
  const decoded: Units = {chars: [], from: [], to: []};
  const push = (char: string, first: number, last: number) => {
    decoded.chars.push(char);
    decoded.from.push(units.from[first]!);
    decoded.to.push(units.to[last]!);
  };
  /** Copies the units from text position `from` to `to` as they are. */
  const copy = (from: number, to: number) => {
    if (from >= to) return;
    for (let i = unitAt[from]!; i <= unitAt[to - 1]!; i++) push(units.chars[i]!, i, i);
  };
  // A run of %XX escapes is UTF-8 bytes: ASCII bytes keep their own stretch, anything else spans the run.
  let bytes: number[] = [];
  let bytesFrom = 0;
  const flush = () => {
    if (bytes.length === 0) return;
    const unit = (at: number) => unitAt[at]!;
    if (bytes.every((b) => b < 0x80))
      bytes.forEach((b, i) => push(String.fromCharCode(b), unit(bytesFrom + 3 * i), unit(bytesFrom + 3 * i + 2)));
    else
      for (const char of new TextDecoder().decode(new Uint8Array(bytes)))
        push(char, unit(bytesFrom), unit(bytesFrom + 3 * bytes.length - 1));
    bytes = [];
  };
  let found = false;
  let at = 0;
  for (const match of text.matchAll(escapePattern)) {
    found = true;
    const escape = match[0];
    const start = match.index;
    if (escape[0] === "%") {
      if (bytes.length === 0 || bytesFrom + 3 * bytes.length !== start) {
        flush();
        copy(at, start);
        bytesFrom = start;
      }
      bytes.push(parseInt(escape.slice(1), 16));
      at = start + 3;
      continue;
    }
    flush();
    copy(at, start);
    for (const char of unescaped(escape)) push(char, unitAt[start]!, unitAt[start + escape.length - 1]!);
    at = start + escape.length;
  }
  if (!found) return null;
  flush();
  copy(at, text.length);
  return decoded;
}

/** How many times escapes are decoded, one pass on another: %-encoded three times is read as plain text. */
const decodingPasses = 3;

const letterOrDigit = /^[\p{L}\p{N}]$/u;
/** Characters that show as nothing (zero-width spaces and joiners, soft hyphens, byte order marks), and marks. */
const invisible = /^[\p{Default_Ignorable_Code_Point}\p{M}]$/u;

/** A reading of the units: each character replaced by what `keep` makes of it (nothing, itself, or more). */
function readingOf(units: Units, keep: (char: string) => string): Reading {
  const reading: Reading = {text: "", from: [], to: []};
  const parts: string[] = [];
  units.chars.forEach((char, i) => {
    const kept = keep(char);
    for (let j = 0; j < kept.length; j++) {
      reading.from.push(units.from[i]!);
      reading.to.push(units.to[i]!);
    }
    parts.push(kept);
  });
  reading.text = parts.join("");
  return reading;
}

/**
 * A Unicode tag character (U+E0020-U+E007E) as the ASCII character it spells (U+0020-U+007E), else null. Tag
 * characters show as nothing, so a key spelled in them is invisible on screen yet readable by anyone who decodes
 * them. (Emoji flags use a few of them; decoded, they are short runs of letters, never a piece of a key.)
 */
function untagged(char: string): string | null {
  const code = char.codePointAt(0)!;
  return code >= 0xe0020 && code <= 0xe007e ? String.fromCharCode(code - 0xe0000) : null;
}

/**
 * Cyrillic and Greek letters that look like the ASCII letters and digits of an OpenRouter key (sk-or-v1- and
 * hex: a b c e k o p r s v x, and digits), read as those. NFKC leaves them as they are, so without this table
 * a key spelled with them would pass as foreign words. Small on purpose: only the common look-alikes, upper and
 * lower case; a Cyrillic or Greek word read through it is still not 7 characters of a random key.
 */
const lookAlikes: Record<string, string> = {
  // Cyrillic: а б в г с е з к о р ѕ ѵ х ь, and capitals (б reads as 6, в and ь as b, г as r, з as 3)
  "\u0430": "a",
  "\u0410": "a",
  "\u0432": "b",
  "\u0412": "b",
  "\u044c": "b",
  "\u042c": "b",
  "\u0431": "6",
  "\u0441": "c",
  "\u0421": "c",
  "\u0435": "e",
  "\u0415": "e",
  "\u0437": "3",
  "\u0417": "3",
  "\u043a": "k",
  "\u041a": "k",
  "\u043e": "o",
  "\u041e": "o",
  "\u0440": "p",
  "\u0420": "p",
  "\u0433": "r",
  "\u0455": "s",
  "\u0405": "s",
  "\u0475": "v",
  "\u0474": "v",
  "\u0445": "x",
  "\u0425": "x",
  // Greek: α β ϲ ε κ ο ρ ν χ, and capitals Α Β Ϲ Ε Κ Ο Ρ Χ
  "\u03b1": "a",
  "\u0391": "a",
  "\u03b2": "b",
  "\u0392": "b",
  "\u03f2": "c",
  "\u03f9": "c",
  "\u03b5": "e",
  "\u0395": "e",
  "\u03ba": "k",
  "\u039a": "k",
  "\u03bf": "o",
  "\u039f": "o",
  "\u03c1": "p",
  "\u03a1": "p",
  "\u03bd": "v",
  "\u03c7": "x",
  "\u03a7": "x",
};

/**
 * The reading the key is matched in: tag characters as the ASCII they spell, Cyrillic and Greek look-alikes as
 * the ASCII they look like, NFKC (fullwidth and other compatibility forms read as ASCII), lower case, letters
 * and digits only: spaces, punctuation, zero-width and format characters between the key's letters are gone,
 * and so is the text between its pieces when that is only separators.
 */
export const lettersAndDigits = (units: Units): Reading =>
  readingOf(units, (original) => {
    const char = untagged(original) ?? lookAlikes[original] ?? original;
    const code = char.charCodeAt(0);
    if (char.length === 1 && code < 0x80) {
      if (code >= 0x41 && code <= 0x5a) return String.fromCharCode(code + 32);
      if ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39)) return char;
      return "";
    }
    let kept = "";
    for (const c of char.normalize("NFKC").toLowerCase()) if (letterOrDigit.test(c)) kept += c;
    return kept;
  });

/**
 * The reading credential shapes are matched in: tag characters as the ASCII they spell, NFKC, and nothing
 * invisible; case and punctuation kept.
 */
export const visible = (units: Units): Reading =>
  readingOf(units, (original) => {
    const char = untagged(original) ?? original;
    return char.length === 1 && char.charCodeAt(0) < 0x80 ? char : invisible.test(char) ? "" : char.normalize("NFKC");
  });

export const backwards = (reading: Reading): Reading => ({
  text: [...reading.text].reverse().join(""),
  from: [...reading.from].reverse(),
  to: [...reading.to].reverse(),
});

/** Where a find [start, end) in a reading came from in the original text. */
export function original(reading: Reading, start: number, end: number): [number, number] {
  const first = Math.min(reading.from[start]!, reading.from[end - 1]!);
  const last = Math.max(reading.to[start]!, reading.to[end - 1]!);
  return [first, last];
}

/**
 * The readings of a text a secret is looked for in: as written, and with its escapes decoded, once and again (up
 * to three times) while any remain.
 */
export function readings(text: string, read: (units: Units) => Reading): Reading[] {
  let units = codePoints(text);
  const out = [read(units)];
  for (let pass = 0; pass < decodingPasses; pass++) {
    const decoded = decodedOnce(units);
    if (!decoded) break;
    out.push(read(decoded));
    units = decoded;
  }
  return out;
}
