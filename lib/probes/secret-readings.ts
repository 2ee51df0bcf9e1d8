// How the secret search reads a text: escapes decoded (%XX, \uXXXX, &#N; ...), then letters and digits only (a key
// matched in any disguise) or as shown (credential shapes). Each character keeps its stretch of the original text.

/** Each kept UTF-16 unit with the stretch [from, to) of the original it came from, so a find can be cut out. */
export interface Reading {
  text: string;
  from: number[];
  to: number[];
}

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

/** Escapes an endpoint may hide text in; HTML tags read as a space (markup between a key's letters). Each
 *  alternative is a fixed shape with a bound: matching stays linear. */
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

function unescaped(escape: string): string {
  if (escape[0] === "<") return " ";
  if (escape.length === 2 && escape[0] === "\\") return oneLetterEscapes[escape[1]!.toLowerCase()] ?? escape[1]!;
  const digits = /[0-9a-f]+(?=\}?;?$)/i.exec(escape.slice(2))?.[0] ?? "";
  const code = parseInt(digits, escape.startsWith("&#") && !/^&#x/i.test(escape) ? 10 : 16);
  return code <= 0x10ffff ? String.fromCodePoint(code) : "";
}

/** Null when there is none. Works on units, not text, so a second pass (an escape escaped again: %2573, \\n) still
 *  points into the original text. */
function decodedOnce(units: Units): Units | null {
  const text = units.chars.join("");
  if (!/[%\\&<]/.test(text)) return null;
  // Escapes are ASCII, so they start and end on units' boundaries.
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

/** %-encoded three times is read as plain text. */
const decodingPasses = 3;

const letterOrDigit = /^[\p{L}\p{N}]$/u;
const invisible = /^[\p{Default_Ignorable_Code_Point}\p{M}]$/u;

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

/** Tag characters (U+E0020-U+E007E) show as nothing, so a key spelled in them is invisible yet readable. (Emoji flags
 *  use a few; decoded, they are short runs of letters, never a piece of a key.) */
function untagged(char: string): string | null {
  const code = char.codePointAt(0)!;
  return code >= 0xe0020 && code <= 0xe007e ? String.fromCharCode(code - 0xe0000) : null;
}

/** Look-alikes of an OpenRouter key's letters: NFKC leaves them, so a key spelled with them would pass as foreign
 *  words. Small on purpose: a Cyrillic or Greek word read through it is still not 7 characters of a random key. */
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

/** Where the key is matched: look-alikes and tags as ASCII, NFKC, lower case, letters and digits only, so separators
 *  and zero-width characters between a key's letters (or pieces) are gone. */
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

/** Where credential shapes are matched: tags as ASCII, NFKC, nothing invisible; case and punctuation kept. */
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

export function original(reading: Reading, start: number, end: number): [number, number] {
  const first = Math.min(reading.from[start]!, reading.from[end - 1]!);
  const last = Math.max(reading.to[start]!, reading.to[end - 1]!);
  return [first, last];
}

/** As written, and with escapes decoded up to three times while any remain. */
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
