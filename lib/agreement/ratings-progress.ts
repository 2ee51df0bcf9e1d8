// Ratings from a trainee's saved progress record (lib/trainee/progress.ts), the file a trainee exports: the first
// attempt at each item in the walk through the parts (not the blind self-check), in the phase it was scored in.
// The rater is named by the record when it carries a name, else by the file's name.
//
// One function reads a trainee's file, so a new export format (a record with the trainee's name, several records in
// one file) is added here and nowhere else. Two are read: the results page's export file (lib/trainee/transfer.ts:
// an envelope with kind "progress-export", the record and the name the trainee gave), and a plain saved record,
// with or without a top-level `rater`.
import {parseProgress, type Progress} from "../trainee/progress.js";
import {exportKind, readImport} from "../trainee/transfer.js";
import {checkRater, itemChecker, RatingsCollector, type Score} from "./ratings.js";

/** The rater's name from a file's name: the last path segment without its extension. */
export function raterFromFileName(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.[^.]*$/, "") || base;
}

/**
 * Reads a trainee's record into the collector. Today's format is the plain progress record; a top-level string
 * `rater` (the name the trainee gave) is taken as the rater's name and set aside before the record is validated.
 */
export function readTraineeFile(
  text: string,
  file: string,
  itemIds: readonly string[],
  collector: RatingsCollector = new RatingsCollector(),
): RatingsCollector {
  let record = text;
  let named: string | undefined;
  let progress: Progress | undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && !Array.isArray(value) && "kind" in value) {
      // The export file: read as the site's import reads it (size, version, shape, attempts), or refused with why.
      if ((value as {kind: unknown}).kind !== exportKind) {
        collector.problem({file, message: "this is not a Rater Notebook progress file (its kind is not an export's)"});
        return collector;
      }
      const imported = readImport(text);
      if (!imported.ok) {
        collector.problem({file, message: imported.message});
        return collector;
      }
      progress = imported.progress;
      named = imported.rater ?? undefined;
    } else if (typeof value === "object" && value !== null && !Array.isArray(value) && "rater" in value) {
      const {rater, ...rest} = value as {rater: unknown};
      if (typeof rater !== "string") {
        collector.problem({file, field: "rater", message: "expected the trainee's name as text"});
        return collector;
      }
      named = rater;
      record = JSON.stringify(rest);
    }
  } catch {
    // parseProgress says what is wrong with text that is not JSON.
  }
  if (!progress) {
    const parsed = parseProgress(record);
    if (!parsed.ok) {
      collector.problem({file, message: parsed.message});
      return collector;
    }
    progress = parsed.progress;
  }
  const rater = checkRater(named ?? raterFromFileName(file));
  if (!rater.ok) {
    const message = `rater name ${rater.message}`;
    collector.problem(named === undefined ? {file, message} : {file, field: "rater", message});
    return collector;
  }
  const item = itemChecker(itemIds);
  progress.answers.forEach((answer, index) => {
    if (answer.attempt !== 1 || answer.mode !== undefined) return;
    const known = item(answer.item);
    if (!known.ok) {
      collector.problem({file, field: `answers[${index}].item`, message: known.message});
      return;
    }
    collector.add(
      {rater: rater.value, item: known.value, phase: answer.phase, score: answer.score as Score, file, answer: index},
      `answers[${index}]`,
    );
  });
  return collector;
}
