// Ratings from a trainee's saved progress record (lib/trainee/progress.ts), the file a trainee exports: the first
// attempt at each item in the walk through the parts (not the blind self-check), in the phase it was scored in.
// The rater is named by the record when it carries a name, else by the file's name.
//
// One function reads a trainee's file, so a new export format (a record with the trainee's name, several records in
// one file) is added here and nowhere else. Two are read, both by the site's own import (lib/trainee/transfer.ts,
// readImport: the same size, JSON, number, shape and attempt checks): the results page's export file (an envelope
// with kind "progress-export", the record and the name the trainee gave), and a plain saved record, with or without
// a top-level `rater`.
import {utf8Length} from "../text/format.js";
import {checkImportSize, readImport, readImportedValue, type ImportResult} from "../trainee/transfer.js";
import {checkRater, itemChecker, RatingsCollector, type ScaleScore} from "./ratings.js";

/** The rater's name from a file's name: the last path segment without its extension. */
export function raterFromFileName(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.[^.]*$/, "") || base;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The file read as the site's import reads it (size, JSON, version, numbers, shape, attempts), or refused with
 * why; a plain record's top-level `rater` is set aside first and returned as `named`.
 */
function readRecord(text: string): {imported: ImportResult; named?: unknown} {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return {imported: readImport(text)}; // which says what is wrong with the JSON
  }
  if (!isRecord(value) || "kind" in value || !("rater" in value)) return {imported: readImport(text)};
  const size = checkImportSize(utf8Length(text));
  if (size) return {imported: size};
  const {rater, ...record} = value;
  return {imported: readImportedValue(record), named: rater};
}

/**
 * Reads a trainee's file into the collector: the results page's export file (with the name the trainee gave, if
 * any), or a plain saved record, with or without a top-level string `rater` (the trainee's name).
 */
export function readTraineeFile(
  text: string,
  file: string,
  itemIds: readonly string[],
  collector: RatingsCollector = new RatingsCollector(),
): RatingsCollector {
  // An empty file holds no answers, as an empty CSV holds no ratings: neither is a problem.
  if (text.replace(/^\uFEFF/, "").trim() === "") return collector;
  const {imported, named} = readRecord(text);
  if (named !== undefined && typeof named !== "string") {
    collector.problem({file, field: "rater", message: "expected the trainee's name as text"});
    return collector;
  }
  if (!imported.ok) {
    collector.problem({file, message: imported.message});
    return collector;
  }
  const given = named ?? imported.rater ?? undefined;
  const rater = checkRater(given ?? raterFromFileName(file));
  if (!rater.ok) {
    const message = `rater name ${rater.message}`;
    collector.problem(given === undefined ? {file, message} : {file, field: "rater", message});
    return collector;
  }
  const item = itemChecker(itemIds);
  imported.progress.answers.forEach((answer, index) => {
    if (answer.attempt !== 1 || answer.mode !== undefined) return;
    const known = item(answer.item);
    if (!known.ok) {
      collector.problem({file, field: `answers[${index}].item`, message: known.message});
      return;
    }
    collector.add(
      {
        rater: rater.value,
        item: known.value,
        phase: answer.phase,
        score: answer.score as ScaleScore,
        file,
        answer: index,
      },
      `answers[${index}]`,
    );
  });
  return collector;
}
