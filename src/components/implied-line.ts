// The line under a score card's Score group that says the score the trainee's own checklist implies. Working it out
// needs the guideline's interpreter (lib/engine), which the page does not load with its first item: it is loaded
// once the item is painted, and a checklist changed before it is in gets its implied score when it arrives (the
// latest checklist, lib/site/lazy-code.ts), with "Working out…" meanwhile.
import type {Guideline} from "../lib/authored/schemas/guideline.js";
import {lazyCode, whenLoaded} from "../lib/site/lazy-code.js";
import {afterFirstPaint} from "../lib/site/schedule.js";
import type {ChecklistDraft} from "../lib/trainee/draft.js";
import type * as ImpliedModule from "../lib/trainee/implied.js";
import {describeImplied} from "../lib/trainee/words.js";
import {el} from "./dom.js";

const impliedCode = lazyCode<typeof ImpliedModule>(() => import("../lib/trainee/implied.js"));

const noChecklist = "The score your checklist implies shows here as you list and check the instructions.";

export interface ImpliedLine {
  node: HTMLElement;
  /** Says what `draft` implies: at once when the interpreter is in (or the draft is empty), else when it arrives. */
  render(draft: ChecklistDraft): void;
}

/** The implied-score line of a card scored with `guideline`; the interpreter is loaded after the next paint. */
export function impliedLine(guideline: Pick<Guideline, "logic" | "parameters">): ImpliedLine {
  const node = el("p", {"class": "implied", "aria-live": "polite"});
  const show = whenLoaded(impliedCode, (module, draft: ChecklistDraft) => {
    const implied = draft.lines.length ? module.impliedUnder(draft, guideline) : null;
    node.textContent = implied ? describeImplied(implied, guideline) : noChecklist;
  });
  afterFirstPaint(() => void impliedCode.load());
  return {
    node,
    render(draft) {
      if (impliedCode.value) show(draft);
      else if (!draft.lines.length) {
        // Nothing to score: said without the interpreter, and a checklist waiting for it is no longer the trainee's.
        show.drop();
        node.textContent = noChecklist;
      } else {
        node.textContent = "Working out the score your checklist implies…";
        show(draft);
      }
    },
  };
}
