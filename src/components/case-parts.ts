// The parts of the case editor drawn from each new case and its view: the checklist's lines, the case's fields, its
// likely wrong scores and what the engine derives. Each is built whole and patched in place (keptParts in
// src/components/patch.ts) only when what it shows changes, so a fact changed in one line rebuilds that line and the
// derivation, and the control in use keeps its focus. A controller: the editor keeps it.
import type {CaseEditorData} from "../lib/authoring/case-editor-data.node.js";
import {caseFileName, linesOf, nextFreeOrder, type CaseRecord, type EditorView} from "../lib/authoring/case-editor.js";
import type {FactField} from "../lib/authoring/fact-fields.js";
import type {GuidelineRule} from "../lib/authored/schemas/guideline.js";
import type {LogicRule} from "../lib/authored/schemas/logic.js";
import type {Problem} from "../lib/authored/problems.js";
import {el} from "./dom.js";
import {keptParts} from "./patch.js";
import {fieldId} from "./case-field.js";
import {problemInWords} from "../lib/authored/problem-words.js";
import {CaseDerivationPanel} from "./case-derivation.js";
import {CaseDetails} from "./case-details.js";
import type {RefusedInput} from "./case-facts.js";
import {CaseLine} from "./case-line.js";
import {CaseNotes} from "./case-notes.js";

/** What the editor holds besides the case: the view, the line waiting for a stretch, refused inputs, touched fields. */
export interface EditorState {
  record: CaseRecord;
  view: EditorView;
  addingTo: number | null;
  refused: ReadonlyMap<string, RefusedInput>;
  /** The fields whose problems show at their controls: the ones edited, or every one after a download was refused. */
  shows(field: string): boolean;
}

export interface PartsSetup {
  data: CaseEditorData;
  rules: readonly {id: string; rule: GuidelineRule | null; logic: LogicRule | null}[];
  fieldsOf(rule: string): readonly FactField[];
  current: string;
  /** The candidate in words, or null. */
  candidate: string | null;
  authorsHref: string;
  /** Whether the editor has a control with this id, for a problem's link. */
  has(id: string): boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The first problem at each field that shows at its control. */
export function shownProblems(problems: readonly Problem[], shows: (field: string) => boolean): Map<string, string> {
  const found = new Map<string, string>();
  for (const problem of problems)
    if (shows(problem.field) && !found.has(problem.field)) found.set(problem.field, problemInWords(problem).message);
  return found;
}

export function caseParts(setup: PartsSetup): {
  checklist: HTMLElement;
  work: HTMLElement;
  side: HTMLElement;
  update(state: EditorState): void;
} {
  const keep = keptParts();
  const lines = el("ol", {class: "case-lines"});
  const checklist = el(
    "section",
    {"class": "case-lines-section", "id": fieldId("checklist"), "tabindex": -1, "aria-labelledby": "case-lines-title"},
    el("h2", {id: "case-lines-title"}, "The checklist"),
    el(
      "p",
      {class: "muted"},
      "For each line: its role (one is the main task), the rule that decides it and the facts that rule reads.",
    ),
    lines,
  );
  const work = el("div", {class: "case-work-more"});
  const side = el("div", {class: "case-side"});
  const rulesById = setup.rules.map(({id, rule}) => [id, `${rule?.title ?? id} (${id})`] as const);
  const knownIds = setup.data.cases.map((entry) => entry.id);

  const update = ({record, view, addingTo, refused, shows}: EditorState) => {
    const all = linesOf(record);
    const request = isRecord(record.request) ? record.request : {};
    const markable = request.form !== "described" && typeof request.text === "string" && request.text.trim() !== "";
    const problems = shownProblems(view.problems, shows);
    const nodes = all.map((line, index) => {
      const mine = [...refused].filter(([id]) => id.startsWith(`${fieldId(`checklist[${index}]`)}-`));
      const at = [...problems].filter(([field]) => field.startsWith(`checklist[${index}]`));
      const key = [line, view.lines[index], all.length, addingTo, markable, mine, at];
      return keep(`line-${index}`, key, () =>
        CaseLine(
          {
            line,
            index,
            count: all.length,
            view: view.lines[index],
            rules: setup.rules,
            fields: typeof line.rule === "string" ? setup.fieldsOf(line.rule) : [],
          },
          {
            candidate: setup.candidate,
            current: setup.current,
            refused,
            markable,
            addingTo,
            problems,
          },
        ),
      );
    });
    // Put in again only when the lines differ: taking a node out would drop the focus inside it.
    if (nodes.length !== lines.children.length || nodes.some((node, at) => lines.children[at] !== node))
      lines.replaceChildren(...nodes);

    const notes = Array.isArray(record.notes) ? record.notes.filter(isRecord) : [];
    const fields = Object.fromEntries(Object.entries(record).filter(([key]) => key !== "checklist" && key !== "notes"));
    const details = keep("details", [fields, [...problems]], () =>
      CaseDetails(record, {
        itemSchema: setup.data.itemSchema,
        rules: rulesById,
        knownIds,
        problems,
        setLabels: setup.data.setLabels,
        nextOrder: nextFreeOrder(record, setup.data.cases),
      }),
    );
    const notesPart = keep("notes", [notes, [...problems]], () => CaseNotes(notes, {problems}));
    if (details.parentNode !== work) work.append(details, notesPart);

    const lineTexts = all.map((line) => (typeof line.text === "string" ? line.text : ""));
    const fileName = caseFileName(record);
    const derivation = keep("derivation", [view, lineTexts, fileName], () =>
      CaseDerivationPanel(view, {
        current: setup.current,
        candidate: setup.candidate,
        authorsHref: setup.authorsHref,
        lineTexts,
        fileName,
        has: setup.has,
      }),
    );
    if (derivation.parentNode !== side) side.append(derivation);
  };
  return {checklist, work, side, update};
}
