// Which kind of file a coordinator gave, and reading a JSON one, for the cohort page and `npm run agreement` alike: the
// same decision and the same reader in both. Pure and browser-safe.
import {RatingsCollector} from "./ratings.js";
import {readJudgeRun} from "./ratings-judge.js";
import {readTraineeFile} from "./ratings-progress.js";

/** A ratings CSV (rater, item, phase, score), a trainee's progress file, or a judge's run file (both JSON). */
export type InputKind = "csv" | "trainee" | "judge";

/** How a file is read before its content says more: as CSV, or as JSON (a trainee's record or a judge run). */
export type TextKind = "csv" | "json";

/** Each kind as a coordinator reads it in a list of files. */
export const inputKindNames: Record<InputKind, string> = {
  csv: "CSV",
  trainee: "trainee's record",
  judge: "judge run",
};

/**
 * A .csv file is CSV and a .json file JSON, whatever they hold; any other name is judged by the first character of
 * `start` (the file's first bytes as text): a JSON object is JSON, anything else CSV.
 */
export function textKindOf(name: string, start: string): TextKind {
  return textKindByName(name) ?? (start.trimStart().startsWith("{") ? "json" : "csv");
}

/** The kind a file's name alone decides, before a byte is read; null when its first bytes must decide. */
export function textKindByName(name: string): TextKind | null {
  if (/\.csv$/i.test(name)) return "csv";
  if (/\.json$/i.test(name)) return "json";
  return null;
}

/** What a file that is not UTF-8 text is told, on the cohort page and by `npm run agreement` alike. */
export const notUtf8Text = "not UTF-8 text: give a CSV file, a trainee's .json file or a judge's run file";

/**
 * The one check that a coordinator's file is UTF-8 text, on the page and in the command: a decoder fed the file's
 * bytes a chunk at a time (`last` for the end of the file), which gives each chunk's text, or null from the first
 * byte that is not UTF-8 on. A character split between two chunks is decoded whole.
 */
export function utf8Decoder(): (bytes: Uint8Array, last?: boolean) => string | null {
  const decoder = new TextDecoder("utf-8", {fatal: true});
  let broken = false;
  return (bytes, last = false) => {
    if (broken) return null;
    try {
      return decoder.decode(bytes, {stream: !last});
    } catch {
      broken = true;
      return null;
    }
  };
}

/** A JSON file parsed, and what it is. */
export type JsonFile =
  | {kind: "judge"; run: Record<string, unknown>}
  /** Read by the trainee's reader, from its text, which also says what is wrong when it is no record at all. */
  | {kind: "trainee"};

/**
 * What a JSON file is, from its content: a judge run says so (`"kind": "judge-run"` at its top level); anything else,
 * JSON or not, is read as a trainee's record, whose reader names what is wrong with it.
 */
export function jsonFileOf(text: string): JsonFile {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return {kind: "trainee"};
  }
  const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
  return isObject && (value as {kind?: unknown}).kind === "judge-run"
    ? {kind: "judge", run: value as Record<string, unknown>}
    : {kind: "trainee"};
}

/** Reads a JSON file (already told apart by jsonFileOf) into the collector, by its kind's reader. */
export function readJsonFile(
  json: JsonFile,
  text: string,
  file: string,
  itemIds: readonly string[],
  collector: RatingsCollector = new RatingsCollector(),
): RatingsCollector {
  return json.kind === "judge"
    ? readJudgeRun(json.run, file, itemIds, collector)
    : readTraineeFile(text, file, itemIds, collector);
}
