// Keeping secrets out of everything the runner prints or records, and out of the run files the site ships.
// Pure: no node: imports. Two tools:
// - the user's own key: find (and redact) any piece of 8 or more characters of it, in any case, so a server
//   that echoes the key (or part of it) can never get it into a message or a file;
// - any key: find text shaped like a credential (provider prefixes, a Bearer header, a long random token),
//   so a run file that holds one is refused even when the key that produced it is not at hand.
import {fieldPath} from "../problems.js";

/** The shortest piece of the key that counts as the key: a leak of 8 characters is a leak. */
export const keyPieceLength = 8;

/** What replaces the key (or a piece of it) in a message. */
export const redactedMark = "[redacted]";

/** Why a key cannot be used, in words that never quote it; null when it is usable. */
export function keyProblem(key: string): string | null {
  if (key === "") return "is empty";
  // A header value is visible ASCII; a newline would end the header and smuggle the rest into the request.
  if (!/^[\x21-\x7e]+$/.test(key))
    return "holds a space, a newline, a control or a non-ascii character, which cannot go in a header";
  return null;
}

/** ASCII-only lower case: same length, so offsets stay valid (String#toLowerCase can change the length). */
function foldCase(text: string): string {
  return text.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

/** [start, end) ranges of text covered by pieces of the key (8+ characters, any case), merged. Linear in text. */
export function keyPieceRanges(text: string, key: string): [number, number][] {
  const n = Math.min(keyPieceLength, key.length);
  if (n === 0) return [];
  const folded = foldCase(key);
  const windows = new Set<string>();
  for (let i = 0; i + n <= folded.length; i++) windows.add(folded.slice(i, i + n));
  const haystack = foldCase(text);
  const ranges: [number, number][] = [];
  // Every piece of 8+ characters is a chain of overlapping 8-character windows of the key: mark each window.
  for (let i = 0; i + n <= haystack.length; i++) {
    if (!windows.has(haystack.slice(i, i + n))) continue;
    const last = ranges.at(-1);
    if (last && last[1] >= i) last[1] = i + n;
    else ranges.push([i, i + n]);
  }
  return ranges;
}

/** Whether text holds the key or any piece of it. */
export function containsKeyPiece(text: string, key: string): boolean {
  return keyPieceRanges(text, key).length > 0;
}

/** Text with the key and every piece of it replaced. Call it first, before cutting or changing the text. */
export function redactKey(text: string, key: string): string {
  let out = "";
  let at = 0;
  for (const [start, end] of keyPieceRanges(text, key)) {
    out += text.slice(at, start) + redactedMark;
    at = end;
  }
  return out + text.slice(at);
}

export interface KeyShaped {
  /** What it looks like, e.g. "an sk- key" or "a long random token". */
  kind: string;
  /** Its first few characters and an ellipsis: enough to find it, never enough to use it. */
  hint: string;
  start: number;
  end: number;
}

/**
 * Credential shapes. Each is a flat character class with a bound, so matching stays linear. The generic
 * random-token shape is one unbroken run of 24+ letters and digits, with upper case, lower case, digits and a
 * high entropy: model slugs and prose (words joined by - / . _), UUIDs and lowercase hex hashes (a run's
 * versionHash) never match.
 */
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

/** Shannon entropy of the characters of text, in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / text.length) * Math.log2(n / text.length);
  return bits;
}

/**
 * Random base62: both cases, digits scattered among the letters (identifiers keep theirs in one place, like
 * "Name2024"), and about 4.2 bits a character over 24 characters.
 */
function looksRandom(token: string): boolean {
  const digitRuns = token.match(/[0-9]+/g)?.length ?? 0;
  return /[A-Z]/.test(token) && /[a-z]/.test(token) && digitRuns >= 2 && entropy(token) >= 3.8;
}

/** Every key-shaped token in text, in order of position; overlapping finds are kept once. */
export function findKeyShaped(text: string): KeyShaped[] {
  const found: KeyShaped[] = [];
  for (const {kind, pattern, prefix, random} of shapes) {
    for (const match of text.matchAll(pattern)) {
      if (random && !looksRandom(match[0])) continue;
      const start = match.index;
      const end = start + match[0].length;
      if (found.some((f) => f.start < end && start < f.end)) continue;
      found.push({kind, hint: `${match[0].slice(0, prefix)}…`, start, end});
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

/** Every string in a JSON value (object keys included) that holds a key-shaped token, with its field path. */
export function keyShapedFields(value: unknown, path: PropertyKey[] = []): {field: string; found: KeyShaped}[] {
  if (typeof value === "string") {
    const [found] = findKeyShaped(value);
    return found ? [{field: fieldPath(path), found}] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => keyShapedFields(item, [...path, i]));
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => {
      const [inKey] = findKeyShaped(k);
      // A key-shaped object key: name its parent, not the key itself.
      return inKey ? [{field: fieldPath(path), found: inKey}] : keyShapedFields(v, [...path, k]);
    });
  return [];
}
