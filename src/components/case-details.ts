// The case's own fields in the case editor: its id (the file's name), set, order and origin; the number and topic a
// trainee sees before Check and the case's name after it; what it teaches, the ruling in words, the rule it rests on,
// its flags and the cases it compares with. Built whole from the case and patched into the page; its controls carry
// data-* attributes the editor's one listener reads (case-edits.ts).
import type {JsonSchema} from "../lib/authoring/fact-fields.js";
import type {CaseSet} from "../lib/authored/schemas/item.js";
import {itemLabel} from "../lib/site/links.js";
import {el} from "./dom.js";
import {choiceOf, fieldId, labelled, schemaValues} from "./case-field.js";

export interface CaseDetailsOptions {
  itemSchema: JsonSchema;
  /** The rules a case may rest on: [id, "Title (id)"]. */
  rules: readonly (readonly [string, string])[];
  knownIds: readonly string[];
  problems: ReadonlyMap<string, string>;
  /** Each case set as the editor names it (CaseEditorData's setLabels). */
  setLabels: Readonly<Record<string, string>>;
  /** The next free order in the case's set, after its last case (as case:new orders one); null with no set. */
  nextOrder?: number | null;
}

const text = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";

const originLabels: Record<string, string> = {
  "case-study": "From the case study",
  "notebook": "Written for the notebook",
};

/** The case's label as a trainee sees it ("Edge case 15"), or "…" until its set, id and (for a case written for the
 *  notebook, numbered by it) its order are given. */
function traineeLabel(record: Record<string, unknown>, set: CaseSet | null): string {
  const origin = record.origin === "notebook" ? "notebook" : "case-study";
  const {id, order} = record;
  if (!set || typeof id !== "string" || !id || (origin === "notebook" && typeof order !== "number")) return "…";
  return itemLabel({id, set, origin, order: typeof order === "number" ? order : 0});
}

/** The ids a list field holds, as the author types them: "example-3, calibration-d". */
export const idsText = (value: unknown): string =>
  Array.isArray(value) ? value.filter((id) => typeof id === "string").join(", ") : "";

export function CaseDetails(
  record: Record<string, unknown>,
  {itemSchema, rules, knownIds, problems, setLabels, nextOrder = null}: CaseDetailsOptions = {
    itemSchema: {},
    rules: [],
    knownIds: [],
    problems: new Map(),
    setLabels: {},
  },
): HTMLElement {
  const input = (name: string, {kind = "text", type = "text"}: {kind?: string; type?: string} = {}) =>
    el("input", {
      "id": fieldId(name),
      type,
      "value": text(record[name]),
      "data-edit": "field",
      "data-name": name,
      "data-kind": kind,
    });
  const area = (name: string, rows = 2) =>
    el("textarea", {"id": fieldId(name), rows, "data-edit": "field", "data-name": name}, text(record[name]));
  const field = (name: string, label: string, control: HTMLElement, hint?: string) =>
    labelled(label, {id: fieldId(name), control, hint, error: problems.get(name) ?? null});
  const select = (name: string, values: readonly string[], labels: Record<string, string>, empty?: string) =>
    choiceOf(
      values.map((value) => [value, labels[value] ?? value] as const),
      {id: fieldId(name), value: text(record[name]), empty, edit: {"data-edit": "field", "data-name": name}},
    );

  const sets = schemaValues(itemSchema, ["set"]);
  const set = sets.includes(text(record.set)) ? (text(record.set) as CaseSet) : null;
  const id = text(record.id);
  const topic = text(record.topic);
  const flags = Array.isArray(record.flags) ? record.flags : [];
  const raised = (flag: string) => flags.some((entry) => (entry as {flag?: unknown} | null)?.flag === flag);

  return el(
    "section",
    {"class": "case-details", "aria-labelledby": "case-details-title"},
    el("h2", {id: "case-details-title"}, "The case"),
    el(
      "div",
      {class: "case-grid"},
      field("id", "Id", input("id"), `The file is data/items/${id || "<id>"}.md. Lowercase words joined by hyphens.`),
      field("set", "Set", select("set", sets, setLabels, text(record.set) ? undefined : "Choose…")),
      field(
        "order",
        "Order in its set",
        input("order", {kind: "number", type: "number"}),
        nextOrder === null
          ? "Choose the set first."
          : `${nextOrder} is the next free order in ${text(record.set)}, after its last case. A case written for the ` +
              "notebook is numbered by it.",
      ),
      field(
        "origin",
        "Origin",
        select("origin", schemaValues(itemSchema, ["origin"]), originLabels, "From the case study (unsaid)"),
      ),
      record.origin === "notebook" && record.caseStudyNumber === undefined
        ? null
        : field(
            "caseStudyNumber",
            "Case-study number",
            input("caseStudyNumber"),
            "The case study's own number or letter for it.",
          ),
      field("twistOf", "A twist of", input("twistOf"), "The id of the case this one varies, if any."),
    ),
    el(
      "div",
      {class: "case-grid"},
      field(
        "topic",
        "Topic",
        input("topic"),
        "Neutral words a trainee reads before Check: they must not give the answer away.",
      ),
      field("title", "Title", input("title"), "The case's name: the ruling's headline after Check."),
    ),
    el(
      "p",
      {class: "case-title-preview"},
      "Before Check a trainee sees ",
      el("q", {}, `${traineeLabel(record, set)}: ${topic || "…"}`),
      "; after Check, ",
      el("q", {}, text(record.title) || "…"),
      ".",
    ),
    field("teaches", "What it teaches", area("teaches")),
    field("ruling", "The ruling in words", area("ruling"), "Optional: the case's ruling as one sentence."),
    field(
      "decidingRule",
      "The rule the ruling rests on",
      select(
        "decidingRule",
        rules.map(([rule]) => rule),
        Object.fromEntries(rules),
        "None named",
      ),
      "Needed where every line is met: the trace then names no rule. guideline:check says when.",
    ),
    el(
      "fieldset",
      {class: "case-flags", id: fieldId("flags"), tabindex: -1},
      el("legend", {}, "Flags"),
      schemaValues(itemSchema, ["flags", "[]", "flag"]).map((flag) =>
        el(
          "label",
          {class: "case-check"},
          el("input", {"type": "checkbox", "checked": raised(flag), "data-edit": "flag", "data-flag": flag}),
          ` ${flag}`,
        ),
      ),
    ),
    field(
      "compare",
      "Cases it compares with",
      el("input", {
        "id": fieldId("compare"),
        "type": "text",
        "value": idsText(record.compare),
        "list": "case-known-ids",
        "data-edit": "field",
        "data-name": "compare",
        "data-kind": "ids",
      }),
      "Ids separated by commas, such as example-3, calibration-d.",
    ),
    el(
      "datalist",
      {id: "case-known-ids"},
      knownIds.map((known) => el("option", {value: known})),
    ),
  );
}
