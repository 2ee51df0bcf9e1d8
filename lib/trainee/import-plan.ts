// What importing a progress file would do to the saved record, worked out before anything changes: the answers it
// would add, replace and keep, the cases in it this site lacks, and, when the trainee confirms, whether the saved
// record changed since the preview they read (another tab), so that the import would now do something else and the
// page shows that first. Pure: the page shows the preview and saves the record it is given.
import {listWords} from "../text/format.js";
import {slotOf, type Answer, type Progress} from "./progress.js";
import {scoreText} from "./words.js";

/** Two JSON values are the same (objects compared key by key, whatever their order). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

const keyOf = (answer: Answer) => `${slotOf(answer)} ${answer.attempt}`;

/** The same answer, given at whatever time: a file that differs only in when is no change to import. */
const sameAnswer = ({at: _here, ...here}: Answer, {at: _there, ...there}: Answer): boolean => sameJson(here, there);

export interface ImportPreview {
  /** In the file, not here: added. */
  added: Answer[];
  /** The same attempt at the same item, phase and mode on both sides, answered differently: the file's replaces
   *  this browser's. */
  replaced: {current: Answer; incoming: Answer}[];
  /** Here and in the file alike, whenever each was given: this browser's stays. */
  unchanged: Answer[];
  /** Here, not in the file: kept as they are. */
  kept: Answer[];
  /** The record an import would save. */
  result: Progress;
}

/**
 * What importing `incoming` into `current` would change, and the record it would leave. Attempt by attempt: an
 * attempt only in the file is added, one only here is kept, one on both sides is the file's. Attempts stay
 * 1, 2, 3 … at each item when both records keep them so.
 */
export function previewImport(current: Progress, incoming: Progress): ImportPreview {
  const fromFile = new Map(incoming.answers.map((answer) => [keyOf(answer), answer]));
  const here = new Set(current.answers.map(keyOf));
  const replaced: ImportPreview["replaced"] = [];
  const unchanged: Answer[] = [];
  const kept: Answer[] = [];
  const answers = current.answers.map((answer) => {
    const other = fromFile.get(keyOf(answer));
    if (!other) kept.push(answer);
    else if (sameAnswer(answer, other)) unchanged.push(answer);
    else {
      replaced.push({current: answer, incoming: other});
      return other;
    }
    return answer;
  });
  const added = incoming.answers.filter((answer) => !here.has(keyOf(answer)));
  return {added, replaced, unchanged, kept, result: {...current, answers: [...answers, ...added]}};
}

/**
 * What differs between this browser's answer and the file's that replaces it, in words: the two scores, or, where the
 * score is the same, what else is not ("5 in both; in the file, a different checklist and answered at another
 * time"), so a replacement never reads as "5 here, 5 in the file".
 */
export function replacementWords({current, incoming}: ImportPreview["replaced"][number]): string {
  if (current.score !== incoming.score)
    return `${scoreText(current.score)} here, ${scoreText(incoming.score)} in the file`;
  /** A part either side may lack: "no checklist" in the file, "a checklist", or "a different checklist". */
  const part = (here: unknown, there: unknown, noun: string, other: string) =>
    sameJson(here, there)
      ? null
      : there === undefined
        ? `no ${noun}`
        : here === undefined
          ? `a ${noun}`
          : `${other} ${noun}`;
  const differs = [
    part(current.checklist, incoming.checklist, "checklist", "a different"),
    part(current.decidingRule, incoming.decidingRule, "deciding rule", "another"),
    current.guideline === incoming.guideline ? null : "another version of the guideline",
    current.at === incoming.at ? null : "answered at another time",
  ].filter((words) => words !== null);
  return `${scoreText(current.score)} in both; in the file, ${listWords(differs)}`;
}

/** A preview as the page shows it. */
export interface ImportPlan {
  preview: ImportPreview;
  /** How many answers the import would write (added or replaced); none leaves only closing the preview. */
  changes: number;
  /** Cases the file answers that this site does not have: imported, but not shown. */
  unknownItems: string[];
}

/** The preview of importing `incoming` into `current`, with what the page says beside it. */
export function planImport(current: Progress, incoming: Progress, knownItems: ReadonlySet<string>): ImportPlan {
  const preview = previewImport(current, incoming);
  return {
    preview,
    changes: preview.added.length + preview.replaced.length,
    unknownItems: unknownItems(incoming, knownItems),
  };
}

/**
 * Whether the preview the trainee read no longer says what the import would do: the saved record changed meanwhile
 * and an import would now add, replace or keep a different number of answers. Only the counts are compared, as the
 * preview's headline states them.
 */
export function previewIsStale(shown: ImportPreview, now: ImportPreview): boolean {
  return (
    now.added.length !== shown.added.length ||
    now.replaced.length !== shown.replaced.length ||
    now.kept.length !== shown.kept.length
  );
}

/** What confirming an import does: save `preview.result`, or show `preview` again because it is not what was read. */
export type ImportConfirmation = {kind: "import"; preview: ImportPreview} | {kind: "changed"; preview: ImportPreview};

/** The trainee confirmed `shown`: import, unless the record `current` now holds makes the import something else. */
export function confirmImport(current: Progress, incoming: Progress, shown: ImportPreview): ImportConfirmation {
  const now = previewImport(current, incoming);
  return {kind: previewIsStale(shown, now) ? "changed" : "import", preview: now};
}

/**
 * The cases a record answers that this site does not have (a file from another version of it): the import says they
 * are imported but not shown, and the results page counts them nowhere. Ids of the cases `progress` answers that are
 * not in `known`, each once, in the order first answered.
 */
export function unknownItems(progress: Progress, known: ReadonlySet<string>): string[] {
  return [...new Set(progress.answers.map((answer) => answer.item))].filter((id) => !known.has(id));
}
