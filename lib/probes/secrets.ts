// Keeping secrets out of everything the runner prints or records, and out of the run files the site ships:
// - the user's own key: any piece of it, plain or disguised (docs/probe-authors.md lists exactly what is read), so a
//   server that echoes the key can never get it into a message or a file;
// - any key: text shaped like a credential, so a run file holding one is refused even without the key at hand.
// Both search the readings below; secret-fields.ts runs them over every string of a JSON value.
// Every search is linear in the text: character classes with bounds, sets of fixed-length windows.

import {plural} from "../text/format.js";

/** What replaces the key (or a piece of it) in a message. */
export const redactedMark = "[redacted]";

/** The shortest key the checks can keep out of a run: a literal piece of it is 8 characters. */
export const keyMinLength = 8;

/** In words that never quote it. */
export function keyProblem(key: string): string | null {
  if (key === "") return "is empty";
  // A header value is visible ASCII; a newline would end the header and smuggle the rest into the request.
  if (!/^[\x21-\x7e]+$/.test(key))
    return "holds a space, a newline, a control or a non-ascii character, which cannot go in a header";
  // Its pieces are looked for in every reply and every field a run keeps: "1" is in "llama3.1", in any reply.
  if (key.length < keyMinLength)
    return (
      `is ${plural(key.length, "character")} long: fewer than ${keyMinLength} can't be told apart from ordinary ` +
      `text, so no run could be kept free of it; for a server that reads no key, set ${keyMinLength} or more random ` +
      "characters (like 5f8c1a9e7b), which no reply holds by chance"
    );
  return null;
}

/** Sorted, with overlapping and touching ranges merged. */
function merged(ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1])) {
    const last = out.at(-1);
    if (last && last[1] >= start) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/** 7 letters and digits: a real key's hex is random, and 7 of its characters are 28 bits, all but never in a reply by
 *  chance. */
export const keyPieceLength = 7;

const toHex = (text: string) =>
  [...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, "0")).join("");
const toBase64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const reversedText = (text: string) => [...text].reverse().join("");

/** 7 characters of the key are 14 of its hex and about 10 of its base64; %-encoding is hex once the % are gone. */
function keyForms(key: string): Map<number, Set<string>> {
  const read = (text: string) => lettersAndDigits(codePoints(text)).text;
  const forms: [string, number][] = [
    [read(key), keyPieceLength],
    [read(reversedText(key)), keyPieceLength],
    [toHex(key), 2 * keyPieceLength],
    [reversedText(toHex(key)), 2 * keyPieceLength],
    [toHex(reversedText(key)), 2 * keyPieceLength],
    [read(toBase64(key)), Math.ceil((keyPieceLength * 4) / 3)],
    [read(reversedText(toBase64(key))), Math.ceil((keyPieceLength * 4) / 3)],
    [read(toBase64(reversedText(key))), Math.ceil((keyPieceLength * 4) / 3)],
  ];
  const windows = new Map<number, Set<string>>();
  for (const [form, length] of forms) {
    if (form === "") continue;
    const size = Math.min(length, form.length);
    const set = windows.get(size) ?? new Set<string>();
    for (let i = 0; i + size <= form.length; i++) set.add(form.slice(i, i + size));
    windows.set(size, set);
  }
  return windows;
}

let cachedForms: {key: string; windows: Map<number, Set<string>>} | null = null;
function formsOf(key: string): Map<number, Set<string>> {
  if (cachedForms?.key !== key) cachedForms = {key, windows: keyForms(key)};
  return cachedForms.windows;
}

/** Same length, so offsets stay valid (String#toLowerCase can change the length). */
function foldCase(text: string): string {
  return text.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

/** Any 8 characters in any case: a key with few letters and digits is still found. */
function literalPieceRanges(text: string, key: string): [number, number][] {
  const n = Math.min(keyMinLength, key.length);
  if (n === 0) return [];
  const folded = foldCase(key);
  const windows = new Set<string>();
  for (let i = 0; i + n <= folded.length; i++) windows.add(folded.slice(i, i + n));
  const haystack = foldCase(text);
  const ranges: [number, number][] = [];
  for (let i = 0; i + n <= haystack.length; i++) if (windows.has(haystack.slice(i, i + n))) ranges.push([i, i + n]);
  return ranges;
}

/** Merged [start, end) ranges: the key as written (8+ characters), and 7 of its letters and digits in a row in every
 *  reading of secret-readings.ts, reversed, hex- or base64-encoded too. Linear in the text. */
export function keyPieceRanges(text: string, key: string): [number, number][] {
  const ranges = literalPieceRanges(text, key);
  const forms = formsOf(key);
  for (const reading of readings(text, lettersAndDigits)) {
    for (const [size, windows] of forms) {
      for (let i = 0; i + size <= reading.text.length; i++)
        if (windows.has(reading.text.slice(i, i + size))) ranges.push(original(reading, i, i + size));
    }
  }
  return merged(ranges);
}

export function containsKeyPiece(text: string, key: string): boolean {
  return key !== "" && keyPieceRanges(text, key).length > 0;
}

/** Call it first, before cutting or changing the text. */
export function redactKey(text: string, key: string): string {
  if (key === "") return text;
  let out = "";
  let at = 0;
  for (const [start, end] of keyPieceRanges(text, key)) {
    out += text.slice(at, start) + redactedMark;
    at = end;
  }
  return out + text.slice(at);
}

export interface KeyShaped {
  /** e.g. "an sk- key" or "a long random token". */
  kind: string;
  /** Enough to find it, never enough to use it. */
  hint: string;
  start: number;
  end: number;
}

/** Flat character classes with bounds, so matching stays linear. The random-token shape (24+ letters and digits of
 *  both cases and high entropy) never matches slugs, prose, UUIDs or lowercase hex hashes (a run's versionHash). */
const shapes: {kind: string; pattern: RegExp; prefix: number; random?: boolean}[] = [
  {kind: "an sk- key", pattern: /(?<![A-Za-z0-9])sk-[A-Za-z0-9_-]{12,}/g, prefix: 6},
  {kind: "a stripe key", pattern: /(?<![A-Za-z0-9])[rsp]k_(?:live|test)_[A-Za-z0-9]{16,}/g, prefix: 8},
  {kind: "an aws access key", pattern: /(?<![A-Za-z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9])/g, prefix: 4},
  {kind: "a github token", pattern: /(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{30,}/g, prefix: 4},
  {kind: "a slack token", pattern: /(?<![A-Za-z0-9])xox[abprs]-[A-Za-z0-9-]{10,}/g, prefix: 5},
  {kind: "a google api key", pattern: /(?<![A-Za-z0-9])AIza[0-9A-Za-z_-]{30,}/g, prefix: 4},
  {kind: "a hugging face token", pattern: /(?<![A-Za-z0-9])hf_[A-Za-z0-9]{30,}/g, prefix: 3},
  {kind: "a gitlab token", pattern: /(?<![A-Za-z0-9])glpat-[A-Za-z0-9_-]{20,}/g, prefix: 6},
  // "Bearer abc123xyz": a token after the word, with a digit or 20+ characters ("Bearer authentication" is prose).
  {
    kind: "a bearer token",
    pattern: /\bbearer[ \t]+(?=[A-Za-z0-9._~+/=-]{0,200}[0-9]|[A-Za-z0-9._~+/=-]{20})[A-Za-z0-9._~+/=-]{8,}/gi,
    prefix: 7,
  },
  {kind: "a long random token", pattern: /(?<![A-Za-z0-9])[A-Za-z0-9]{24,}(?![A-Za-z0-9])/g, prefix: 4, random: true},
];

function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / text.length) * Math.log2(n / text.length);
  return bits;
}

/** Digits scattered among letters (identifiers keep theirs in one place: "Name2024"), about 4.2 bits a character. */
function looksRandom(token: string): boolean {
  const digitRuns = token.match(/[0-9]+/g)?.length ?? 0;
  return /[A-Z]/.test(token) && /[a-z]/.test(token) && digitRuns >= 2 && entropy(token) >= 3.8;
}

/** An OpenRouter key in disguise, in the letters-and-digits reading and backwards. Each needs its prefix and 16 more
 *  characters (64 bits), so words run together ("ask or v1 added a bead") never match. */
const disguisedShapes: {forwards: string; backwards: string; pattern: RegExp}[] = [
  {forwards: "spaced out or disguised", backwards: "reversed", pattern: /skorv1[0-9a-f]{16}/g},
  {forwards: "hex-encoded", backwards: "hex-encoded and reversed", pattern: /736b2d6f722d76312d(?:3[0-9]|6[1-6]){16}/g},
  {
    forwards: "reversed and hex-encoded",
    backwards: "hex-encoded and reversed",
    pattern: /(?:3[0-9]|6[1-6]){16}2d31762d726f2d6b73/g,
  },
  {forwards: "base64-encoded", backwards: "base64-encoded and reversed", pattern: /c2stb3itdjet[a-z0-9]{16}/g},
];
const disguisedHint = "sk-or-…";

/** Overlapping finds are kept once. */
export function findKeyShaped(text: string): KeyShaped[] {
  const found: KeyShaped[] = [];
  const add = (kind: string, hint: string, [start, end]: [number, number]) => {
    if (!found.some((f) => f.start < end && start < f.end)) found.push({kind, hint, start, end});
  };
  // As shown: NFKC, nothing invisible (a fullwidth key, or one with zero-width characters in it, is still a key).
  for (const reading of readings(text, visible)) {
    for (const {kind, pattern, prefix, random} of shapes) {
      for (const match of reading.text.matchAll(pattern)) {
        if (random && !looksRandom(match[0])) continue;
        add(kind, `${match[0].slice(0, prefix)}…`, original(reading, match.index, match.index + match[0].length));
      }
    }
  }
  for (const forwards of readings(text, lettersAndDigits)) {
    for (const [reading, reversed] of [
      [forwards, false],
      [backwards(forwards), true],
    ] as const) {
      for (const shape of disguisedShapes) {
        for (const match of reading.text.matchAll(shape.pattern)) {
          const kind = `an sk-or-v1- key, ${reversed ? shape.backwards : shape.forwards}`;
          add(kind, disguisedHint, original(reading, match.index, match.index + match[0].length));
        }
      }
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Text with every key-shaped token replaced by its hint, for messages about files that may hold one. */
export function maskKeyShaped(text: string): string {
  let out = "";
  let at = 0;
  for (const {start, end, hint} of findKeyShaped(text)) {
    out += text.slice(at, start) + hint;
    at = end;
  }
  return out + text.slice(at);
}

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
