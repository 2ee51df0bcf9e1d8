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
 * Escapes an endpoint may hide text in: %XX (a run of them read as UTF-8), \uXXXX, \u{X}, \xXX and HTML's
 * &#N; and &#xH;. Each alternative is a fixed shape: matching stays linear.
 */
const escapePattern =
  /%[0-9a-f]{2}|\\u\{[0-9a-f]{1,6}\}|\\u[0-9a-f]{4}|\\x[0-9a-f]{2}|&#x[0-9a-f]{1,6};?|&#[0-9]{1,7};?/gi;

/** The text with its escapes decoded, each decoded character spanning its escape; null when it has none. */
function decodedEscapes(text: string): Units | null {
  if (!/[%\\&]/.test(text)) return null;
  const units: Units = {chars: [], from: [], to: []};
  const push = (char: string, from: number, to: number) => {
    units.chars.push(char);
    units.from.push(from);
    units.to.push(to);
  };
  const copy = (from: number, to: number) => {
    const part = codePoints(text.slice(from, to));
    part.chars.forEach((char, i) => push(char, from + part.from[i]!, from + part.to[i]!));
  };
  // A run of %XX escapes is UTF-8 bytes: ASCII bytes keep their own stretch, anything else spans the run.
  let bytes: number[] = [];
  let bytesFrom = 0;
  const flush = () => {
    if (bytes.length === 0) return;
    if (bytes.every((b) => b < 0x80))
      bytes.forEach((b, i) => push(String.fromCharCode(b), bytesFrom + 3 * i, bytesFrom + 3 * i + 3));
    else
      for (const char of new TextDecoder().decode(new Uint8Array(bytes)))
        push(char, bytesFrom, bytesFrom + 3 * bytes.length);
    bytes = [];
  };
  let at = 0;
  for (const match of text.matchAll(escapePattern)) {
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
    const digits = /[0-9a-f]+(?=\}?;?$)/i.exec(escape.slice(2))?.[0] ?? "";
    const code = parseInt(digits, escape.startsWith("&#") && !/^&#x/i.test(escape) ? 10 : 16);
    push(code <= 0x10ffff ? String.fromCodePoint(code) : "", start, start + escape.length);
    at = start + escape.length;
  }
  flush();
  copy(at, text.length);
  return units;
}

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

/** The readings of a text a secret is looked for in: as written, and with its escapes decoded. */
export function readings(text: string, read: (units: Units) => Reading): Reading[] {
  const decoded = decodedEscapes(text);
  return decoded ? [read(codePoints(text)), read(decoded)] : [read(codePoints(text))];
}
