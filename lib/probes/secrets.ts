// Keeping secrets out of everything the runner prints or records, and out of the run files the site ships:
// - the user's own key: any piece of it, plain or disguised (docs/probe-authors.md lists exactly what is read), so a
//   server that echoes the key can never get it into a message or a file;
// - any key: text shaped like a credential, so a run file holding one is refused even without the key at hand.
// Every search is linear in the text: character classes with bounds, sets of fixed-length windows.
import {backwards, codePoints, lettersAndDigits, original, readings, visible} from "./secret-readings.js";

/** What replaces the key (or a piece of it) in a message. */
export const redactedMark = "[redacted]";

/** In words that never quote it. */
export function keyProblem(key: string): string | null {
  if (key === "") return "is empty";
  // A header value is visible ASCII; a newline would end the header and smuggle the rest into the request.
  if (!/^[\x21-\x7e]+$/.test(key))
    return "holds a space, a newline, a control or a non-ascii character, which cannot go in a header";
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
  const n = Math.min(8, key.length);
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
