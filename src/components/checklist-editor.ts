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
  removeLine,
  setMain,
  setVerdict,
  type ChecklistDraft,
  type MarkIn,
  type Pending,
} from "../lib/trainee/draft.js";
import type {MainNotMet, TraineeLine, TraineeVerdict} from "../lib/trainee/progress.js";
import {listingText, mainNotMetLabels, traineeVerdictLabels} from "../lib/trainee/words.js";
import {el} from "./dom.js";
import {markableTexts} from "../lib/trainee/step-one.js";
import {MarkSurface} from "./step-one-marking.js";

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
  const surfaces: MarkSurface[] = markableTexts(item).map(({where, text, label}) =>
    MarkSurface(
      {text, where, label},
      {describedBy: `${id}-mark-help`, onChange: (next) => edit([...next.lines], next.pending)},
    ),
  );
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
            surfaceOf(where)?.querySelector<HTMLElement>("button.word[tabindex='0']")?.focus();
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
    for (const surface of surfaces) surface.dispatch({kind: "show", lines, pending, locked: locked || !active});
    status.textContent = pendingPrompt(pending, {
      wordOf: (where, token) => surfaceOf(where)?.state.tokens[token]?.text ?? "",
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
      else surfaces[0]?.querySelector<HTMLElement>('button.word[tabindex="0"]')?.focus();
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
    surfaces: Object.fromEntries(markableTexts(item).map((text, index) => [text.where, surfaces[index]!])),
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

// A line of the trainee's own words, for an instruction with no words to point to (a standing instruction from an
// earlier turn): folded behind "+ An instruction with no words to point to", added with Enter or Add.
/** `onAdd` gets the trimmed text; an empty line adds nothing. Lock it by disabling its buttons and input. */
export function FreeLine(item: Pick<Item, "id">, {onAdd = () => {}}: {onAdd?(text: string): void} = {}): HTMLElement {
  const id = item.id;
  const input = el("input", {
    "type": "text",
    "class": "free-line-input",
    "id": `${id}-free`,
    "maxlength": 200,
    "autocomplete": "off",
    "aria-label": "An instruction with no words to point to",
    "aria-describedby": `${id}-free-help`,
  });
  const add = () => {
    const text = input.value.trim();
    if (!text) return;
    input.value = "";
    onAdd(text);
  };
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      event.stopPropagation();
      add();
    }
  });
  const body = el(
    "div",
    {class: "free-line-body", id: `${id}-free-body`, hidden: true},
    el(
      "div",
      {class: "free-controls"},
      input,
      el("button", {type: "button", class: "button secondary add-line", onclick: add}, "Add"),
    ),
    el(
      "p",
      {class: "step-help", id: `${id}-free-help`},
      "For example a standing instruction from an earlier turn. Your words are compared with the ruled lines " +
        "roughly, word by word.",
    ),
  );
  const toggle = el(
    "button",
    {
      "type": "button",
      "class": "link-button free-toggle",
      "aria-expanded": "false",
      "aria-controls": `${id}-free-body`,
    },
    "+ An instruction with no words to point to",
  );
  toggle.addEventListener("click", () => {
    const open = body.hidden;
    body.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    if (open) input.focus();
  });
  return el("div", {class: "free-line"}, toggle, body);
}

// One line of the trainee's checklist: its number and words, "Main task", its verdict, the changes a marked line
// allows (extend, split, merge) and Remove. Each control says what it does to the list; the editor makes the edit.
const verdictOrder: TraineeVerdict[] = ["met", "met-flaw", "partly", "not-met", "cannot-check"];

/** What the trainee can do to a line; `waitFor` starts an extend or split, finished by a press in `where`'s text. */
export interface LineEdits {
  setVerdict(verdict: TraineeVerdict | null): void;
  setMain(): void;
  remove(): void;
  /** Null where there is no next marked line to merge with. */
  merge: (() => void) | null;
  waitFor(kind: "extend" | "split", where: MarkIn): void;
}

export function TraineeLineRow(
  {line, item, index, edits}: {line: TraineeLine; item: Item; index: number; edits: LineEdits},
  {locked = false, pending = null}: {locked?: boolean; pending?: Pending} = {},
): HTMLElement {
  const id = item.id;
  const text = listingText(item, line.listing);
  const verdict = el(
    "select",
    {"aria-label": `Verdict on “${text}”`, "class": "verdict", "disabled": locked, "data-control": "verdict"},
    el("option", {value: ""}, "Verdict…"),
    verdictOrder.map((value) => el("option", {value, selected: line.verdict === value}, traineeVerdictLabels[value])),
  );
  verdict.addEventListener("change", () => edits.setVerdict((verdict.value || null) as TraineeVerdict | null));
  const main = el("input", {
    "type": "radio",
    "name": `${id}-main`,
    "id": `${id}-main-${index}`,
    "checked": !!line.main,
    "disabled": locked,
    "aria-label": `“${text}” is the main task`,
    "data-control": "main",
    "onchange": () => edits.setMain(),
  });
  const where = line.listing.kind === "mark" ? line.listing.in : null;
  const tool = (label: string, run: () => void, disabled = false) =>
    el("button", {type: "button", class: "link-button", disabled: locked || disabled, onclick: run}, label);
  const tools = where
    ? el(
        "details",
        {class: "line-tools"},
        el("summary", {"aria-label": `Change “${text}”`}, "Change"),
        el(
          "div",
          {class: "line-tools-menu"},
          tool("Extend to a word…", () => edits.waitFor("extend", where)),
          tool("Split before a word…", () => edits.waitFor("split", where)),
          tool("Merge with the next line", () => edits.merge?.(), edits.merge === null),
        ),
      )
    : null;
  const waiting = pending && pending.kind !== "from" && pending.line === index;
  return el(
    "li",
    {class: `trainee-line${waiting ? " is-waiting" : ""}${line.main ? " is-main" : ""}`},
    el("span", {"class": "line-number", "aria-hidden": "true"}, String(index + 1)),
    el("span", {class: `line-text${line.listing.kind === "free" ? " is-free" : ""}`}, text),
    el(
      "span",
      {class: "line-controls"},
      el("span", {class: "line-main"}, main, el("label", {for: `${id}-main-${index}`}, "Main task")),
      verdict,
      tools,
      el(
        "button",
        {
          "type": "button",
          "class": "remove",
          "aria-label": `Remove “${text}”`,
          "data-control": "remove",
          "disabled": locked,
          "onclick": () => edits.remove(),
        },
        "✕",
      ),
    ),
  );
}
