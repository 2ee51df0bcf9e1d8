// A checklist line's fact form in the case editor: one control per fact its rule reads, made from the fields
// lib/authoring/fact-fields.ts reads off the rule's fact schema (a yes-no or a fixed list is a select, a count a number
// field, a count or a word both). What the author enters is read back by readFactInput in case-edits.ts: a value the
// schema refuses is never written to the case, and its message shows here beside what was typed.
import {factInputText, type FactField} from "../lib/authoring/fact-fields.js";
import {yesNoLabels} from "../lib/authoring/case-words.js";
import {el} from "./dom.js";
import {choiceOf, fieldId, labelled, type EditData} from "./case-field.js";

/** What the author typed into a fact that the schema refused: the text, kept in its field, and why. */
export interface RefusedInput {
  raw: string;
  message: string;
}

export interface FactFormOptions {
  line: number;
  /** The line's facts as the case holds them. */
  facts: Record<string, unknown>;
  /** Refused inputs by control id, and the case's own problems with the facts by field. */
  refused?: ReadonlyMap<string, RefusedInput>;
  problems?: ReadonlyMap<string, string>;
}

/** What a fact left out means: its default when the schema has one. */
function unsaid(field: FactField): string {
  if (field.required) return "Choose…";
  if (field.default === undefined) return yesNoLabels.unsaid;
  const shown = typeof field.default === "boolean" ? (field.default ? yesNoLabels.yes : yesNoLabels.no) : field.default;
  return `${yesNoLabels.unsaid} (${String(shown)})`;
}

function control(field: FactField, id: string, value: string, edit: EditData) {
  switch (field.kind) {
    case "yes-no":
      return choiceOf(
        [
          [yesNoLabels.yes, yesNoLabels.yes],
          [yesNoLabels.no, yesNoLabels.no],
        ],
        {id, value, empty: unsaid(field), edit},
      );
    case "choice":
      return choiceOf(
        field.options!.map((option) => [option.value, `${option.label} (${option.value})`] as const),
        {id, value, empty: unsaid(field), edit},
      );
    case "text":
      return el("input", {id, type: "text", value, ...edit});
    default:
      return countInput(id, value, edit);
  }
}

/**
 * A count's field: text, not a number field, so what the author types reaches readFactInput as typed ("1.5", "-1",
 * "two") and is refused with why, where a number field would hand over an empty value.
 */
const countInput = (id: string, value: string, edit: EditData, disabled = false) =>
  el("input", {id, type: "text", inputmode: "numeric", autocomplete: "off", value, disabled, ...edit});

/** One fact's field: its control, and for a count that may be a word instead, the choice between them. */
function FactControl(field: FactField, {line, facts, refused, problems}: FactFormOptions): HTMLElement {
  const path = `checklist[${line}].facts.${field.name}`;
  const id = fieldId(path);
  const edit = {"data-edit": "fact", "data-line": line, "data-fact": field.name};
  const value = facts[field.name];
  const typed = refused?.get(id);
  const error = typed?.message ?? problems?.get(path) ?? null;
  if (field.kind !== "count-or-choice")
    return labelled(field.label, {
      id,
      control: control(field, id, typed?.raw ?? factInputText(field, value), edit),
      hint: field.hint,
      error,
    });
  // A count, or one of the words the schema allows in its place ("more than the limit").
  const word = typeof value === "string" ? value : "";
  const kind = choiceOf(
    field.options!.map((option) => [option.value, option.label] as const),
    {id: `${id}-kind`, value: word, empty: "a number", edit: {...edit, "data-edit": "fact-kind"}},
  );
  const count = countInput(id, typed?.raw ?? (typeof value === "number" ? String(value) : ""), edit, word !== "");
  return el(
    "div",
    {class: "case-field case-count-or-word"},
    labelled(field.label, {id: `${id}-kind`, control: kind}),
    labelled(`${field.label}: how many`, {id, control: count, hint: field.hint, error}),
  );
}

/** The facts of a line's rule, as a group named for them; a rule that reads none says so. */
export function FactForm(fields: readonly FactField[], options: FactFormOptions = {line: 0, facts: {}}): HTMLElement {
  const id = fieldId(`checklist[${options.line}].facts`);
  return el(
    "fieldset",
    {class: "case-facts", id, tabindex: -1},
    el("legend", {}, "Facts the rule reads"),
    fields.length
      ? fields.map((field) => FactControl(field, options))
      : el("p", {class: "muted"}, "This rule reads no facts."),
  );
}
