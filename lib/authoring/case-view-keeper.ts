// Reading the written file back (about 1-2 ms) is what a keystroke need not wait for: each edit gets its view at once
// without it, and the full one follows when idle, or at once when Download needs it.
import {editorView, type EditorContext, type EditorView} from "./case-view.js";
import type {CaseRecord} from "./case-editor.js";

export interface ViewKeeper {
  /** The full view follows when idle (`onFull`). */
  show(record: CaseRecord): EditorView;
  /** Worked out now if the idle work has not run yet. */
  full(): EditorView;
}

export function viewKeeper(
  first: CaseRecord,
  context: EditorContext,
  {idle, onFull}: {idle(work: () => void): void; onFull(view: EditorView): void},
): ViewKeeper {
  let record = first;
  let view = editorView(first, context);
  let complete = true;
  const finish = (): EditorView => {
    if (!complete) {
      view = editorView(record, context);
      complete = true;
    }
    return view;
  };
  return {
    show(next) {
      record = next;
      view = editorView(next, context, {readBack: false});
      complete = false;
      idle(() => {
        // Only the latest record is read back.
        if (record !== next || complete) return;
        onFull(finish());
      });
      return view;
    },
    full: finish,
  };
}
