// The limits on the files authors write (docs/guideline-authors.md states them). The YAML and Markdown parsers
// recurse and some of their work grows faster than the input, so a file past these is refused, naming the file,
// before it reaches them. Measured when set: the largest item 2.4 kB, YAML file 11 kB, probe file 8.5 kB; YAML nests
// at most 5 levels, an item's sections 1.
import {formatBytes, utf8Length} from "../text/format.js";
import {AuthoredFileError} from "./problems.js";

export const authoredLimits = {
  /** Front matter and sections together. */
  itemBytes: 64_000,
  yamlBytes: 256_000,
  probeBytes: 256_000,
  /** The front matter's mapping is the first level. */
  yamlDepth: 32,
  /** The yaml package's maxAliasCount (a bomb makes millions). */
  yamlAliases: 100,
  markdownDepth: 16,
  /** The Markdown lexer's work grows with their square (60 kB of "_a" took 8.6 s), and no item holds one. */
  emphasisMarks: 1_000,
} as const;

export type AuthoredKind = "item" | "yaml" | "probe";

const sizeLimits: Record<AuthoredKind, {bytes: number; name: string}> = {
  item: {bytes: authoredLimits.itemBytes, name: "an item file"},
  yaml: {bytes: authoredLimits.yamlBytes, name: "a YAML file"},
  probe: {bytes: authoredLimits.probeBytes, name: "a probe file"},
};

export const byteLimit = (kind: AuthoredKind): number => sizeLimits[kind].bytes;

const problem = (file: string, message: string) => new AuthoredFileError([{file, field: "", message}]);

export const tooLarge = (file: string, kind: AuthoredKind): AuthoredFileError =>
  problem(
    file,
    `larger than ${formatBytes(sizeLimits[kind].bytes)}, the most ${sizeLimits[kind].name} may hold: shorten it`,
  );

/** The line (from 1) that an offset into a text falls on. */
const lineAt = (text: string, offset: number): number => text.slice(0, offset).split("\n").length;

/**
 * Checks an authored text before it is parsed: within its size limit and free of NUL bytes. Throws AuthoredFileError
 * naming the file. Cheap on a huge text: its length alone is over the limit, since UTF-8 never takes fewer bytes.
 */
export function checkAuthoredText(text: string, file: string, kind: AuthoredKind): void {
  const limit = byteLimit(kind);
  if (text.length > limit || utf8Length(text) > limit) throw tooLarge(file, kind);
  const nul = text.indexOf("\0");
  if (nul >= 0) throw problem(file, `holds a NUL byte (line ${lineAt(text, nul)}): remove it`);
}

const utf8 = new TextDecoder("utf-8", {fatal: true});

/**
 * An authored file's bytes as text: UTF-8 only (a byte that is not, as in a file saved as Latin-1, is refused with
 * its line, never read as a replacement character), then checked as checkAuthoredText does.
 */
export function decodeAuthoredFile(bytes: Uint8Array, file: string, kind: AuthoredKind): string {
  if (bytes.byteLength > byteLimit(kind)) throw tooLarge(file, kind);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw problem(file, `not valid UTF-8 (line ${firstInvalidLine(bytes)}): save it as UTF-8`);
  }
  checkAuthoredText(text, file, kind);
  return text;
}

/** The first line (from 1) that is not UTF-8. A newline byte is never part of a longer UTF-8 sequence. */
function firstInvalidLine(bytes: Uint8Array): number {
  let line = 1;
  let start = 0;
  for (;;) {
    const end = bytes.indexOf(0x0a, start);
    try {
      utf8.decode(bytes.subarray(start, end < 0 ? bytes.byteLength : end));
    } catch {
      return line;
    }
    if (end < 0) return line;
    line += 1;
    start = end + 1;
  }
}
