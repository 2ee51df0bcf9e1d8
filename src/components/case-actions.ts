// What the case editor's buttons do: move, remove or add a stretch to a line, add or remove a likely wrong score,
// follow a problem's link to its control, and download the case file. Every button carries data-action (and the
// line or note it acts on); the editor listens once and hands the button here. After an edit that moves or removes
// what had the focus, the focus goes where the author's next step is.
import {
  addNote,
  caseFileName,
  caseFileText,
  linesOf,
  moveLine,
  removeLine,
  removeNote,
  syncRulings,
  type CaseRecord,
  type EditorView,
} from "../lib/authoring/case-editor.js";
import {download} from "./download.js";
import {fieldId} from "./case-field.js";

/** What a button may change in the editor. */
export interface ActionTarget {
  root: HTMLElement;
  record(): CaseRecord;
  view(): EditorView;
  commit(next: CaseRecord, {structural}?: {structural?: boolean}): void;
  /** The line waiting for another stretch of the request (null: none), and the request's words to mark it. */
  waitForStretch(line: number | null): void;
  /** A download was asked for with problems left: every problem now shows at its control. */
  showEveryProblem(): void;
}

/** Runs the action of a button with data-action; false when it has none this module knows. */
export function runAction(button: HTMLElement, editor: ActionTarget, event: Event): boolean {
  const {root} = editor;
  const line = Number(button.dataset.line);
  const focus = (selector: string): boolean => {
    const target = root.querySelector<HTMLElement>(selector);
    target?.focus();
    return target !== null;
  };
  const action = button.dataset.action;
  switch (action) {
    case "line-up":
    case "line-down": {
      const to = line + (action === "line-up" ? -1 : 1);
      editor.commit(moveLine(editor.record(), line, to), {structural: true});
      // The keyboard stays with the line it moved: on the same button, or the line itself at the end of the list.
      if (!focus(`[data-action="${action}"][data-line="${to}"]:not(:disabled)`))
        focus(`#${fieldId(`checklist[${to}]`)}`);
      return true;
    }
    case "line-remove": {
      editor.commit(removeLine(editor.record(), line), {structural: true});
      const left = linesOf(editor.record()).length;
      if (left) focus(`#${fieldId(`checklist[${Math.min(line, left - 1)}]`)}`);
      else focus("#case-checklist");
      return true;
    }
    case "line-add-stretch":
      editor.waitForStretch(line);
      return true;
    case "note-add": {
      editor.commit(addNote(editor.record(), {label: "", text: ""}));
      const notes = editor.record().notes;
      focus(`#${fieldId(`notes[${Array.isArray(notes) ? notes.length - 1 : 0}].label`)}`);
      return true;
    }
    case "note-remove":
      editor.commit(removeNote(editor.record(), Number(button.dataset.note)), {structural: true});
      focus(`#${fieldId("notes")}`);
      return true;
    case "focus-field":
      event.preventDefault();
      focus(`#${CSS.escape(button.dataset.target ?? "")}`);
      return true;
    case "download": {
      const view = editor.view();
      if (!view.downloadable) {
        editor.showEveryProblem();
        focus("#case-problems");
      } else
        download(
          caseFileText(syncRulings(editor.record(), view)),
          caseFileName(editor.record()),
          "text/markdown;charset=utf-8",
        );
      return true;
    }
    default:
      return false;
  }
}
