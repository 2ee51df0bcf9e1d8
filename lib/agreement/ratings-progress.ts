// Ratings from a trainee's file: the first attempt at each item in the walk (not the blind self-check), in its phase.
// Read here only, by the site's own import checks: the results page's export file, or a plain saved record with or
// without a top-level `rater`. The rater is the record's name, else the file's. A new export format is added here
// and nowhere else.
import {utf8Length} from "../text/format.js";
import {checkImportSize, readImport, readImportedValue, type ImportResult} from "../trainee/transfer.js";
import {beforeAnswer, type Progress} from "../trainee/progress.js";
import {
  checkRater,
  itemChecker,
  RatingsCollector,
  sameRecordProblem,
  type FileRecord,
  type InputProblem,
  type ScaleScore,
} from "./ratings.js";

/** The last path segment without its extension. */
export function raterFromFileName(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.[^.]*$/, "") || base;
}

/**
 * A trainee's saved record as its answers, each whole (its time to the millisecond with it): what tells one browser's
 * record from another's, since a record only grows there. Two files hold the same record when one's answers begin
 * the other's (`sameRecord`): an early and a final export of one trainee.
 */
export type RecordAnswers = readonly string[];

export const recordOf = (progress: Progress): RecordAnswers => progress.answers.map((answer) => JSON.stringify(answer));

/** How many answers two records share from the first, when one's answers begin the other's; 0 otherwise. */
export function sameRecord(a: RecordAnswers, b: RecordAnswers): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) if (a[i] !== b[i]) return 0;
  return shared;
}

/**
 * The problem of `mine` where it holds `earlier`'s record under other raters' names (the same names are the
 * collector's, or scoredAgain's, to count score by score); null otherwise. One rule for /cohort and the command.
 */
export function recordAgain(mine: FileRecord, earlier: FileRecord): InputProblem | null {
  if (mine.file === earlier.file || !mine.answers || !earlier.answers) return null;
  if (earlier.raters.some((rater) => mine.raters.includes(rater))) return null;
  const answers = sameRecord(earlier.answers, mine.answers);
  const exported = {file: mine.exportedAt, first: earlier.exportedAt};
  return answers ? sameRecordProblem({file: mine.file, first: earlier.file, answers, exported}) : null;
}

/**
 * The rater of a file that names none: the file's name, numbered "(2)" when a file read before goes by it (two
 * trainees' unnamed exports of one day, from two folders), as the cohort page lists a second file of a kept name.
 */
function unnamedRater(file: string, collector: RatingsCollector): string {
  const base = raterFromFileName(file);
  for (let number = 1; ; number++) {
    const name = number === 1 ? base : `${base} (${number})`;
    if (!collector.unnamed.has(name)) return name;
  }
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
  const record = recordOf(imported.progress);
  const given = named ?? imported.rater ?? undefined;
  const rater = checkRater(given ?? unnamedRater(file, collector));
  if (!rater.ok) {
    const message = `rater name ${rater.message}`;
    collector.problem(given === undefined ? {file, message} : {file, field: "rater", message});
    return collector;
  }
  // The same record under another name (one unnamed export, or renamed): the later file is left out.
  const mine: FileRecord = {file, raters: [rater.value], answers: record, exportedAt: imported.exportedAt};
  for (const earlier of collector.records.values()) {
    const again = recordAgain(mine, earlier);
    if (again) {
      collector.problem(again);
      return collector;
    }
  }
  collector.records.set(file, mine);
  // Taken once the file counts: a file left out names no rater.
  if (given === undefined) collector.unnamed.add(rater.value);
  const item = itemChecker(itemIds);
  imported.progress.answers.forEach((answer, index) => {
    if (answer.attempt !== 1 || answer.mode !== undefined) return;
    // A "before" score given after the example's ruling was read is not one (lib/trainee/progress.ts beforeAnswer).
    if (answer.phase === "vague" && beforeAnswer(imported.progress, answer.item) !== answer) return;
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
