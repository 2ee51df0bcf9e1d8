// Which edit of the case a control of the case editor makes. Every control carries data-* attributes saying what it
// edits (data-edit="fact" data-line="2" data-fact="limit"); the editor listens once, on itself, and hands the control
// here, so a part of the page patched in place (src/components/patch.ts) needs no listeners of its own. Each edit is
// one of lib/authoring/case-editor.ts; a fact goes through readFactInput first, so a value its schema refuses is never
// written to the case.
import {
  linesOf,
  setCompare,
  setField,
  setFact,
  setGloss,
  setLanguage,
  setLineField,
  setMainLine,
  setNote,
  setRule,
  setSet,
  setText,
  toggleFlag,
  type CaseRecord,
  type TextName,
} from "../lib/authoring/case-editor.js";
import {readFactInput, type FactField} from "../lib/authoring/fact-fields.js";
import type {ChecklistRuleId, Flag} from "../lib/authored/schemas/item.js";
import type {PlacedCase} from "../lib/authoring/case-places.js";

/** What a control's change does: a new case, a refused value (kept in its field with the message), or nothing. */
export type ControlEdit =
  | {kind: "record"; record: CaseRecord; control: string}
  | {kind: "refused"; control: string; raw: string; message: string}
  | {kind: "none"};

/** The ids a field holds, as typed: "example-3, calibration-d" (commas or spaces between them). */
const idsOf = (raw: string): string[] => raw.split(/[\s,]+/).filter(Boolean);

function noteScore(raw: string): number | "n/a" | undefined {
  if (raw === "") return undefined;
  return raw === "n/a" ? "n/a" : Number(raw);
}

/** The fact a control edits, read from what it holds now; the number field of a count-or-word reads its choice too. */
function factEdit(
  control: HTMLInputElement | HTMLSelectElement,
  record: CaseRecord,
  fields: readonly FactField[],
): ControlEdit {
  const line = Number(control.dataset.line);
  const name = control.dataset.fact!;
  const field = fields.find((each) => each.name === name);
  if (!field) return {kind: "none"};
  // The word chosen beside a count ("more than the limit"), or "" for a number, read from the number field.
  const countField =
    control.dataset.edit === "fact-kind"
      ? control.ownerDocument.getElementById(control.id.replace(/-kind$/, ""))
      : control;
  const raw =
    control.dataset.edit === "fact-kind" && control.value !== ""
      ? control.value
      : ((countField as HTMLInputElement | null)?.value ?? "");
  const id = (countField ?? control).id;
  // An emptied field leaves the fact out: the case's problems then say it is missing, where the schema needs it.
  if (raw.trim() === "") return {kind: "record", record: setFact(record, line, name, undefined), control: id};
  const read = readFactInput(field, raw);
  if (!read.ok) return {kind: "refused", control: id, raw, message: read.message};
  return {kind: "record", record: setFact(record, line, name, read.value), control: id};
}

/**
 * The edit a control makes with the value it holds now. `fieldsOf` gives a rule's fact fields (from its schema), for
 * the control of a line's fact.
 */
export function controlEdit(
  control: HTMLElement,
  record: CaseRecord,
  fieldsOf: (rule: string) => readonly FactField[],
  cases: readonly PlacedCase[] = [],
): ControlEdit {
  if (!(
    control instanceof HTMLInputElement ||
    control instanceof HTMLSelectElement ||
    control instanceof HTMLTextAreaElement
  ))
    return {kind: "none"};
  const {edit, which, name, line, note} = control.dataset;
  const value = control.value;
  const done = (next: CaseRecord): ControlEdit => ({kind: "record", record: next, control: control.id});
  const index = Number(line);
  switch (edit) {
    case "text":
      return done(setText(record, which as TextName, value));
    case "language":
      return done(setLanguage(record, which as TextName, value));
    case "gloss":
      return done(setGloss(record, which as TextName, value));
    case "field":
      if (control.dataset.kind === "ids") return done(setCompare(record, idsOf(value)));
      if (control.dataset.kind === "number")
        return done(setField(record, name!, value.trim() === "" ? undefined : Number(value)));
      if (name === "set") return done(setSet(record, value, cases));
      return done(setField(record, name!, value));
    case "flag":
      return done(toggleFlag(record, control.dataset.flag as Flag));
    case "note": {
      const at = Number(note);
      if (name === "score") return done(setNote(record, at, "score", noteScore(value)));
      if (name === "compare") return done(setNote(record, at, "compare", idsOf(value)));
      return done(setNote(record, at, name as "label" | "text", value));
    }
    case "line-text":
    case "line-note":
    case "line-unquoted":
      return done(setLineField(record, index, edit.slice("line-".length), value));
    case "line-role":
      return done(value === "main" ? setMainLine(record, index) : setLineField(record, index, "role", value));
    case "line-rule":
      return value ? done(setRule(record, index, value as ChecklistRuleId)) : {kind: "none"};
    case "fact":
    case "fact-kind": {
      const rule = linesOf(record)[index]?.rule;
      if (typeof rule !== "string" || control instanceof HTMLTextAreaElement) return {kind: "none"};
      return factEdit(control, record, fieldsOf(rule));
    }
    default:
      return {kind: "none"};
  }
}
