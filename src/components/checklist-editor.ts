// Steps 1 and 2 of one item: the lines the trainee lists (marked in the request, ticked on a described request's
// list, or typed for an instruction with no words) and a verdict on each, with the main task chosen among them. Every
// edit goes through lib/trainee/draft.ts; this draws the list and hands the edits on.
import type {Item} from "../lib/authored/schemas/item.js";
import {
  addLine,
  asksMainNotMet,
  mergeWithNext,
  nextMarkIndex,
  pendingPrompt,
  pressWord,
  removeLine,
  setMain,
  setVerdict,
  stretch,
  type ChecklistDraft,
  type MarkIn,
  type Pending,
} from "../lib/trainee/draft.js";
import type {MainNotMet, TraineeLine} from "../lib/trainee/progress.js";
import {listingText, mainNotMetLabels} from "../lib/trainee/words.js";
import {el} from "./dom.js";
import {FreeLine} from "./free-line.js";
import {markableTexts, markSurface, type MarkSurface as Surface} from "./step-one-marking.js";
import {TraineeLineRow} from "./trainee-line-row.js";

export interface ChecklistEditor {
  /** The Step-1 and Step-2 section, under the texts. */
  node: HTMLElement;
  /** The marking surfaces by text ("request", "turn-1"), to put in place of the plain texts. */
  surfaces: Record<string, HTMLElement>;
  draft(): ChecklistDraft;
  lock(locked: boolean): void;
  /** Marking works only while the steps are in view: a folded checklist leaves the request as plain text. */
  setActive(active: boolean): void;
}

/** The steps' editor and what the card asks of it: a controller, not a component, since the card keeps it. */
export function checklistEditor(
  item: Item,
  {start, onChange}: {start: ChecklistDraft; onChange(draft: ChecklistDraft): void},
): ChecklistEditor {
  let lines = structuredClone(start.lines);
  let mainNotMet = start.mainNotMet;
  let pending: Pending = null;
  let locked = false;
  let active = true;
  const id = item.id;
  const help = el(
    "p",
    {class: "step-help", id: `${id}-mark-help`},
    "Mark an instruction in the request: press its first word, then its last",
    el("span", {class: "fine-pointer"}, " (or drag across it)"),
    ". Each one becomes a line here; check it, and say which line is the main task.",
  );
  const status = el("p", {"class": "mark-status", "role": "status", "aria-live": "polite"});

  const edit = (next: TraineeLine[], nextPending: Pending = null) => {
    lines = next;
    pending = nextPending;
    render();
    onChange({lines, mainNotMet});
  };
  const surfaces: Surface[] = markableTexts(item).map(({where, text, label}) => {
    const surface = markSurface(text, {
      where,
      label,
      describedBy: `${id}-mark-help`,
      onWord: (token) => {
        const next = pressWord(lines, pending, where, surface.tokens, token);
        edit(next.lines, next.pending);
      },
      onStretch: (from, to) => edit(addLine(lines, stretch(surface.tokens, where, from, to))),
      onCancel: () => {
        pending = null;
        render();
      },
    });
    return surface;
  });
  const surfaceOf = (where: MarkIn) => surfaces[markableTexts(item).findIndex((text) => text.where === where)];

  const freeLine = FreeLine(item, {onAdd: (text) => edit(addLine(lines, {kind: "free", text}))});

  // ---- The list ----
  const list = el("ol", {class: "trainee-checklist"});
  const mainQuestion = el("div", {class: "main-not-met", hidden: true});

  const LineRow = (line: TraineeLine, index: number): HTMLElement =>
    TraineeLineRow(
      {
        line,
        item,
        index,
        edits: {
          setVerdict: (verdict) => edit(setVerdict(lines, index, verdict)),
          setMain: () => edit(setMain(lines, index)),
          remove: () => edit(removeLine(lines, index)),
          merge: nextMarkIndex(lines, index) === null ? null : () => edit(mergeWithNext(lines, index)),
          waitFor: (kind, where) => {
            edit(lines, {kind, line: index});
            surfaceOf(where)?.node.querySelector<HTMLElement>("button.word[tabindex='0']")?.focus();
          },
        },
      },
      {locked, pending},
    );

  const renderMainQuestion = () => {
    const notDone = asksMainNotMet(lines);
    mainQuestion.hidden = !notDone;
    if (!notDone) return;
    const select = el(
      "select",
      {id: `${id}-main-not-met`, disabled: locked},
      el("option", {value: ""}, "Choose…"),
      (Object.keys(mainNotMetLabels) as MainNotMet[]).map((value) =>
        el("option", {value, selected: mainNotMet === value}, mainNotMetLabels[value]),
      ),
    );
    select.addEventListener("change", () => {
      mainNotMet = (select.value || undefined) as MainNotMet | undefined;
      onChange({lines, mainNotMet});
    });
    mainQuestion.replaceChildren(
      el("label", {for: `${id}-main-not-met`}, "The main task is not done. The response… "),
      select,
    );
  };

  function render(): void {
    for (const surface of surfaces) surface.render({lines, pending, locked: locked || !active});
    status.textContent = pendingPrompt(pending, {
      wordOf: (where, token) => surfaceOf(where)?.tokens[token]?.text ?? "",
      lineText: (line) => listingText(item, lines[line]!.listing),
    });
    // A rebuilt list keeps the keyboard where it was: the same control of the same line (or the line before it).
    const focused = document.activeElement as HTMLElement | null;
    const row = focused && list.contains(focused) ? focused.closest("li") : null;
    const at = row ? [...list.children].indexOf(row) : -1;
    const control = focused?.dataset.control;
    list.replaceChildren(...lines.map(LineRow));
    if (at >= 0 && control) {
      const target = list.children[Math.min(at, list.children.length - 1)];
      const again = target?.querySelector<HTMLElement>(`[data-control="${control}"]:not(:disabled)`);
      // The last line removed: the keyboard goes back to the request, where lines are made.
      if (again) again.focus();
      else surfaces[0]?.node.querySelector<HTMLElement>('button.word[tabindex="0"]')?.focus();
    }
    list.hidden = lines.length === 0;
    for (const control of freeLine.querySelectorAll<HTMLButtonElement | HTMLInputElement>("button, input"))
      control.disabled = locked;
    renderMainQuestion();
  }

  const node = el(
    "section",
    {"class": "checklist-steps", "aria-labelledby": `${id}-checklist-title`},
    el(
      "h3",
      {id: `${id}-checklist-title`},
      "Your checklist ",
      el("span", {class: "optional"}, "(optional: steps 1 and 2)"),
    ),
    help,
    status,
    list,
    mainQuestion,
    freeLine,
  );
  render();
  return {
    node,
    surfaces: Object.fromEntries(markableTexts(item).map((text, index) => [text.where, surfaces[index]!.node])),
    draft: () => ({lines, mainNotMet}),
    lock(value) {
      locked = value;
      pending = null;
      render();
    },
    setActive(value) {
      active = value;
      pending = null;
      render();
    },
  };
}
