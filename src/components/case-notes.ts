// The likely wrong scores in the case editor: each note's label ("Why raters give 3"), the score it answers, its
// text and the cases it points to, with a button to add one and one to remove each. Built whole from the case and
// patched into the page; its controls carry data-* attributes the editor's one listener reads (case-edits.ts).
import {el} from "./dom.js";
import {choiceOf, fieldId, labelled} from "./case-field.js";
import {idsText} from "./case-details.js";

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const scores: [string, string][] = [
  ["1", "1"],
  ["2", "2"],
  ["3", "3"],
  ["4", "4"],
  ["5", "5"],
  ["n/a", "not applicable"],
];

function Note(
  note: Record<string, unknown>,
  {index, problems}: {index: number; problems: ReadonlyMap<string, string>},
) {
  const path = (name: string) => `notes[${index}].${name}`;
  const edit = (name: string) => ({"data-edit": "note", "data-note": index, "data-name": name});
  const field = (name: string, label: string, control: HTMLElement, hint?: string) =>
    labelled(label, {id: fieldId(path(name)), control, hint, error: problems.get(path(name)) ?? null});
  return el(
    "li",
    {
      "class": "case-editor-note",
      "id": fieldId(`notes[${index}]`),
      "tabindex": -1,
      "aria-label": `Likely wrong score ${index + 1}`,
    },
    el(
      "div",
      {class: "case-grid"},
      field(
        "label",
        "Label",
        el("input", {id: fieldId(path("label")), type: "text", value: text(note.label), ...edit("label")}),
        "Why raters give 3, Why not 5…",
      ),
      field(
        "score",
        "The score it answers",
        choiceOf(scores, {
          id: fieldId(path("score")),
          value: note.score === undefined ? "" : String(note.score),
          empty: "None",
          edit: edit("score"),
        }),
      ),
    ),
    field(
      "text",
      "Why (the note)",
      el("textarea", {id: fieldId(path("text")), rows: 3, ...edit("text")}, text(note.text)),
    ),
    field(
      "compare",
      "Cases it points to",
      el("input", {
        id: fieldId(path("compare")),
        type: "text",
        value: idsText(note.compare),
        list: "case-known-ids",
        ...edit("compare"),
      }),
      "Ids separated by commas.",
    ),
    el(
      "button",
      {"type": "button", "class": "button secondary small", "data-action": "note-remove", "data-note": index},
      "Remove this note",
    ),
  );
}

export function CaseNotes(
  notes: readonly Record<string, unknown>[],
  {problems}: {problems: ReadonlyMap<string, string>} = {problems: new Map()},
): HTMLElement {
  return el(
    "section",
    {"class": "case-notes", "aria-labelledby": "case-notes-title", "id": fieldId("notes"), "tabindex": -1},
    el("h2", {id: "case-notes-title"}, "Likely wrong scores"),
    el(
      "p",
      {class: "muted"},
      "The scores raters are likely to give instead, each with why: a trainee who gives one reads its note.",
    ),
    notes.length
      ? el(
          "ol",
          {class: "case-note-list"},
          notes.map((note, index) => Note(note, {index, problems})),
        )
      : null,
    el(
      "button",
      {"type": "button", "class": "button secondary", "data-action": "note-add"},
      "Add a likely wrong score",
    ),
  );
}
