// Which kind of file a coordinator gave, and reading a JSON one: one decision for /cohort and `npm run agreement`.
import {RatingsCollector} from "./ratings.js";
import {readJudgeRun} from "./ratings-judge.js";
import {readTraineeFile} from "./ratings-progress.js";

export type InputKind = "csv" | "trainee" | "judge";

export type TextKind = "csv" | "json";

export const inputKindNames: Record<InputKind, string> = {
  csv: "CSV",
  trainee: "trainee's record",
  judge: "judge run",
};

/** By extension, whatever they hold; any other name by its first character: a JSON object is JSON, else CSV. */
export function textKindOf(name: string, start: string): TextKind {
  return textKindByName(name) ?? (start.trimStart().startsWith("{") ? "json" : "csv");
}

export function textKindByName(name: string): TextKind | null {
  if (/\.csv$/i.test(name)) return "csv";
  if (/\.json$/i.test(name)) return "json";
  return null;
}

/** Said of bytes that are not UTF-8: most often a CSV a spreadsheet saved in its own encoding (a "José" in Latin-1). */
export const notUtf8Text =
  "not UTF-8 text: from a spreadsheet, save the ratings as “CSV UTF-8”; or give a trainee's .json file or a judge's " +
  "run file";

export type JsonFile =
  | {kind: "judge"; run: Record<string, unknown>}
  /** The trainee's reader says what is wrong when it is no record at all. */
  | {kind: "trainee"};

/** A judge run says so (`"kind": "judge-run"`); anything else is read as a trainee's record, whose reader names what
 *  is wrong. */
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
