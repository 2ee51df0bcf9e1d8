// Where a case in the editor starts: a blank case, any case of the notebook, or an uploaded case file; and Undo, which
// brings back the draft a load replaced. An upload is checked by its size before it is read, then read as the build
// reads a case file: a broken one is refused with each field and its fix, as text, and the draft is left as it was.
// A controller: the editor keeps it and says what to show after each load.
import {caseFromFile, type CaseRecord} from "../lib/authoring/case-editor.js";
import type {ItemSchema} from "../lib/authored/schemas/facts.js";
import {byteLimit, decodeAuthoredFile, tooLarge} from "../lib/authored/limits.js";
import {AuthoredFileError, formatProblem, type Problem} from "../lib/authored/problems.js";
import {problemInWords} from "../lib/authored/problem-words.js";
import {formatBytes} from "../lib/text/format.js";
import {el} from "./dom.js";
import {labelled} from "./case-field.js";

export interface StartCase {
  id: string;
  set: string;
  topic: string;
}

export interface StartHandlers {
  /** Load a case by id, or the blank case for "". */
  onLoad(id: string): void;
  onUpload(file: File): void;
  onUndo(): void;
  /** Each case set as the editor names it (CaseEditorData's setLabels). */
  setLabels: Readonly<Record<string, string>>;
}

export interface CaseStart {
  node: HTMLElement;
  /** What happened: a loaded case (with Undo offered), a refused upload with its problems, or nothing. */
  show(state: {said: string; problems?: readonly Problem[]; canUndo: boolean}): void;
}

/**
 * An uploaded case file read as the build reads one: refused by its size before a byte is read, then as UTF-8 and
 * against the item schema. The record only when nothing is wrong with it.
 */
export async function readUpload(
  file: File,
  schema: ItemSchema,
): Promise<{record: CaseRecord | null; problems: Problem[]}> {
  try {
    if (file.size > byteLimit("item")) throw tooLarge(file.name, "item");
    const text = decodeAuthoredFile(new Uint8Array(await file.arrayBuffer()), file.name, "item");
    const read = caseFromFile(text, file.name, schema);
    return read.problems.length ? {record: null, problems: read.problems} : read;
  } catch (error) {
    if (error instanceof AuthoredFileError) return {record: null, problems: error.problems};
    return {
      record: null,
      problems: [{file: file.name, field: "", message: "could not be read: choose the file again"}],
    };
  }
}

export function caseStart(cases: readonly StartCase[], handlers: StartHandlers): CaseStart {
  const sets = [...new Set(cases.map((entry) => entry.set))];
  const select = el(
    "select",
    {id: "case-start-from"},
    el("option", {value: ""}, "Blank case"),
    sets.map((set) =>
      el(
        "optgroup",
        {label: handlers.setLabels[set] ?? set},
        cases
          .filter((entry) => entry.set === set)
          .map((entry) => el("option", {value: entry.id}, `${entry.id}: ${entry.topic}`)),
      ),
    ),
  );
  const load = el("button", {type: "button", class: "button secondary"}, "Load");
  load.addEventListener("click", () => handlers.onLoad(select.value));
  const upload = el("input", {id: "case-upload", type: "file", accept: ".md,text/markdown,text/plain"});
  upload.addEventListener("change", () => {
    const file = upload.files?.[0];
    upload.value = "";
    if (file) handlers.onUpload(file);
  });
  const undo = el(
    "button",
    {type: "button", class: "button secondary", hidden: true},
    "Undo: bring back the draft before",
  );
  undo.addEventListener("click", () => handlers.onUndo());
  const said = el("p", {"class": "case-start-said", "role": "status", "aria-live": "polite"});
  const refused = el("ul", {class: "case-start-problems", hidden: true});

  const node = el(
    "section",
    {"class": "case-start", "aria-labelledby": "case-start-title"},
    el("h2", {id: "case-start-title"}, "Where to start"),
    el(
      "div",
      {class: "case-start-row"},
      labelled("Start from", {
        id: select.id,
        control: select,
        hint: "A blank case, or any case of the notebook to change and download under a new id.",
      }),
      load,
      labelled("Or upload a case file", {
        id: upload.id,
        control: upload,
        hint: `A data/items/<id>.md file, at most ${formatBytes(byteLimit("item"))}.`,
      }),
    ),
    said,
    refused,
    undo,
  );
  return {
    node,
    show(state) {
      said.textContent = state.said;
      undo.hidden = !state.canUndo;
      const problems = state.problems ?? [];
      refused.hidden = problems.length === 0;
      // Each problem as text: a file's words never become markup.
      refused.replaceChildren(...problems.map((problem) => el("li", {}, formatProblem(problemInWords(problem)))));
    },
  };
}
