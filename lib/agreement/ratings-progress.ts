// Ratings from a trainee's file: the first attempt at each item in the walk (not the blind self-check), in its phase.
// Read here only, by the site's own import checks: the results page's export file, or a plain saved record with or
// without a top-level `rater`. The rater is the record's name, else the file's. A new export format is added here
// and nowhere else.
import {utf8Length} from "../text/format.js";
import {checkImportSize, readImport, readImportedValue, type ImportResult} from "../trainee/transfer.js";
import {checkRater, itemChecker, RatingsCollector, type ScaleScore} from "./ratings.js";

/** The last path segment without its extension. */
export function raterFromFileName(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.[^.]*$/, "") || base;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A plain record's top-level `rater` is set aside first and returned as `named`. */
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
  collector.exportedAt.set(file, imported.exportedAt);
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
