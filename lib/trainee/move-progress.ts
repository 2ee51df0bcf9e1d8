// "Move your progress" on the results page, decided here and shown by src/components/transfer.ts: the download (the
// name checked first, with what is wrong said beside the field) and the import (refused with what is wrong, or a
// preview of what it would add, replace and keep; nothing saved until the trainee confirms, and a preview redone if
// the saved record changes meanwhile). Everything from the file is text the component shows as text.
import {itemLabel, type NumberedItem} from "../site/links.js";
import {plural} from "../text/format.js";
import {confirmImport, planImport, type ImportPlan} from "./import-plan.js";
import type {Answer, Progress} from "./progress.js";
import {exportFileName, raterNameProblem, type ImportedFile, type ImportRefusal} from "./transfer.js";

export interface ExportState {
  /** The name field as typed. */
  name: string;
  /** Why the name cannot go in the file: said until the trainee types again; the field stays marked invalid. */
  error: string | null;
  invalid: boolean;
  answers: number;
  downloaded: {fileName: string; rater: string; at: string} | null;
}

export type ExportAction =
  {kind: "type"; name: string} | {kind: "saved"; answers: number} | {kind: "download"; at: string};

export const exportStart = (answers: number): ExportState => ({
  name: "",
  error: null,
  invalid: false,
  answers,
  downloaded: null,
});

/** A download asked for at `at`: the file's name with the trainee's, or why their name cannot go in it. */
export function exportStep(state: ExportState, action: ExportAction): ExportState {
  if (action.kind === "type")
    return action.name === state.name && state.error === null ? state : {...state, name: action.name, error: null};
  if (action.kind === "saved") return action.answers === state.answers ? state : {...state, answers: action.answers};
  const rater = state.name.trim();
  const problem = raterNameProblem(rater);
  if (problem) return {...state, error: `Your name can't go in the file: ${problem}.`, invalid: true};
  return {
    ...state,
    error: null,
    invalid: false,
    downloaded: {fileName: exportFileName({rater, now: action.at}), rater, at: action.at},
  };
}

/** What the download says it holds. */
export const exportCountText = (answers: number): string =>
  answers
    ? `The file will hold your ${plural(answers, "answer")}, retries included.`
    : "You have no answers to download yet.";

export type ImportShown =
  | {kind: "none"}
  | {kind: "refused"; refusal: ImportRefusal; fileName: string}
  /** `changedSince`: the saved record changed after the file was chosen, and this is what the import would do now. */
  | {kind: "preview"; file: ImportedFile; fileName: string; plan: ImportPlan; changedSince: boolean}
  | {kind: "imported"; plan: ImportPlan; result: Progress}
  | {kind: "closed"};

export interface ImportState {
  /** The site's cases, to spot those a file has that this site lacks. */
  known: ReadonlySet<string>;
  shown: ImportShown;
}

/** `current` is the saved record as the trainee acts. */
export type ImportAction =
  | {kind: "refuse"; refusal: ImportRefusal; fileName: string}
  | {kind: "read"; file: ImportedFile; fileName: string; current: Progress}
  | {kind: "confirm"; current: Progress}
  | {kind: "cancel"}
  | {kind: "saved"; current: Progress};

const previewOf = (
  known: ReadonlySet<string>,
  {
    file,
    fileName,
    current,
    changedSince,
  }: {file: ImportedFile; fileName: string; current: Progress; changedSince: boolean},
): ImportShown => ({kind: "preview", file, fileName, plan: planImport(current, file.progress, known), changedSince});

/**
 * What the import shows next. A confirmation whose preview the saved record has since made untrue shows the new one
 * first; a confirmed one is `imported`, with the record to save.
 */
export function importStep(state: ImportState, action: ImportAction): ImportState {
  const {shown, known} = state;
  if (action.kind === "refuse")
    return {known, shown: {kind: "refused", refusal: action.refusal, fileName: action.fileName}};
  if (action.kind === "read") return {known, shown: previewOf(known, {...action, changedSince: false})};
  if (shown.kind !== "preview") return state;
  if (action.kind === "cancel") return {known, shown: {kind: "closed"}};
  if (action.kind === "saved")
    return {known, shown: previewOf(known, {...shown, current: action.current, changedSince: true})};
  const decision = confirmImport(action.current, shown.file.progress, shown.plan.preview);
  if (decision.kind === "changed")
    return {known, shown: previewOf(known, {...shown, current: action.current, changedSince: true})};
  return {
    known,
    shown: {kind: "imported", plan: {...shown.plan, preview: decision.preview}, result: decision.preview.result},
  };
}

const refusalTitles: Record<ImportRefusal["reason"], string> = {
  "too-large": "This file is too large",
  "empty": "This file is empty",
  "truncated": "This file is cut short",
  "malformed": "This file is not a readable progress file",
  "foreign": "This is not a Rater Notebook progress file",
  "wrong-version": "This file is from another version of Rater Notebook",
  "invalid": "This file is damaged",
};

export const refusalTitle = (refusal: ImportRefusal): string => refusalTitles[refusal.reason];

/** The sentence said once an import is saved. */
export const importedText = ({preview}: ImportPlan): string =>
  `Imported: ${plural(preview.added.length, "answer")} added, ${preview.replaced.length} replaced. ` +
  "Your results above now include them.";

export const nothingImported = "Nothing was imported.";

const withDetail = ({detail}: ImportRefusal, before: string): string => (detail === null ? "" : `${before}${detail}`);

/** The short sentence a screen reader hears each time the import shows something; what is shown holds the detail. */
export function importStatus(shown: ImportShown): string {
  switch (shown.kind) {
    case "none":
      return "";
    case "refused":
      return `${refusalTitle(shown.refusal)}${withDetail(shown.refusal, ": ")}. ${nothingImported}`;
    case "preview": {
      const {preview} = shown.plan;
      return (
        `Importing this file would add ${plural(preview.added.length, "answer")}, replace ${preview.replaced.length} ` +
        `and keep ${preview.kept.length}. Nothing changes until you import.`
      );
    }
    case "imported":
      return importedText(shown.plan);
    case "closed":
      return nothingImported;
  }
}

/** A saved answer in words: its case (a case this site lacks by its id, quoted), phase, mode and attempt. */
export function answerWords(answer: Answer, items: ReadonlyMap<string, NumberedItem>): string {
  const item = items.get(answer.item);
  return (
    `${item ? itemLabel(item) : `a case this site does not have (“${answer.item}”)`}, ` +
    `${answer.phase === "vague" ? "before the guideline" : "with the guideline"}` +
    `${answer.mode === "self-check" ? " in the self-check" : ""}` +
    `${answer.attempt === 1 ? "" : `, attempt ${answer.attempt}`}`
  );
}
