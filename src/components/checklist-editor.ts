// Steps 1 and 2 of one item: the lines the trainee lists (marked in the request, ticked on a described request's
// list, or typed for an instruction with no words) and a verdict on each, with the main task chosen among them. Every
// edit goes through lib/trainee/draft.ts; this draws the list and hands the edits on.
import type {Item} from "../lib/item.js";
import {
  mergeWithNext,
  nextMarkIndex,
  pressWord,
  removeLine,
  setMain,
  setVerdict,
  stretch,
  addLine,
  type MarkIn,
  type Pending,
} from "../lib/trainee/draft.js";
import type {MainNotMet, TraineeLine, TraineeVerdict} from "../lib/trainee/progress.js";
import {listingText, mainNotMetLabels, traineeVerdictLabels} from "../lib/trainee/words.js";
import {el} from "./dom.js";
import {MarkSurface, markableTexts, type MarkSurface as Surface} from "./step-one-marking.js";

const verdictOrder: TraineeVerdict[] = ["met", "met-flaw", "partly", "not-met", "cannot-check"];

export interface ChecklistDraft {
  lines: TraineeLine[];
  mainNotMet: MainNotMet | undefined;
}

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

export function ChecklistEditor(
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
    const surface = MarkSurface(text, {
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

  // ---- A line of the trainee's own words ----
  const freeInput = el("input", {
    "type": "text",
    "class": "free-line-input",
    "id": `${id}-free`,
    "maxlength": 200,
    "autocomplete": "off",
    "aria-label": "An instruction with no words to point to",
    "aria-describedby": `${id}-free-help`,
  });
  const addFree = () => {
    const text = freeInput.value.trim();
    if (!text) return;
    freeInput.value = "";
    edit(addLine(lines, {kind: "free", text}));
  };
  freeInput.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      event.stopPropagation();
      addFree();
    }
  });
  const addButton = el("button", {type: "button", class: "button secondary add-line", onclick: addFree}, "Add");
  const freeBody = el(
    "div",
    {class: "free-line-body", id: `${id}-free-body`, hidden: true},
    el("div", {class: "free-controls"}, freeInput, addButton),
    el(
      "p",
      {class: "step-help", id: `${id}-free-help`},
      "For example a standing instruction from an earlier turn. Your words are compared with the ruled lines " +
        "roughly, word by word.",
    ),
  );
  const freeToggle = el(
    "button",
    {
      "type": "button",
      "class": "link-button free-toggle",
      "aria-expanded": "false",
      "aria-controls": `${id}-free-body`,
    },
    "+ An instruction with no words to point to",
  );
  freeToggle.addEventListener("click", () => {
    const open = freeBody.hidden;
    freeBody.hidden = !open;
    freeToggle.setAttribute("aria-expanded", String(open));
    if (open) freeInput.focus();
  });

  // ---- The list ----
  const list = el("ol", {class: "trainee-checklist"});
  const mainQuestion = el("div", {class: "main-not-met", hidden: true});

  const LineRow = (line: TraineeLine, index: number): HTMLElement => {
    const text = listingText(item, line.listing);
    const verdict = el(
      "select",
      {"aria-label": `Verdict on “${text}”`, "class": "verdict", "disabled": locked, "data-control": "verdict"},
      el("option", {value: ""}, "Verdict…"),
      verdictOrder.map((value) => el("option", {value, selected: line.verdict === value}, traineeVerdictLabels[value])),
    );
    verdict.addEventListener("change", () =>
      edit(setVerdict(lines, index, (verdict.value || null) as TraineeVerdict | null)),
    );
    const main = el("input", {
      "type": "radio",
      "name": `${id}-main`,
      "id": `${id}-main-${index}`,
      "checked": !!line.main,
      "disabled": locked,
      "aria-label": `“${text}” is the main task`,
      "data-control": "main",
      "onchange": () => edit(setMain(lines, index)),
    });
    const isMark = line.listing.kind === "mark";
    const where = isMark ? (line.listing as {in: MarkIn}).in : null;
    const tool = (label: string, run: () => void, disabled = false) =>
      el("button", {type: "button", class: "link-button", disabled: locked || disabled, onclick: run}, label);
    const tools = isMark
      ? el(
          "details",
          {class: "line-tools"},
          el("summary", {"aria-label": `Change “${text}”`}, "Change"),
          el(
            "div",
            {class: "line-tools-menu"},
            tool("Extend to a word…", () => {
              edit(lines, {kind: "extend", line: index});
              surfaceOf(where!)?.node.querySelector<HTMLElement>("button.word[tabindex='0']")?.focus();
            }),
            tool("Split before a word…", () => {
              edit(lines, {kind: "split", line: index});
              surfaceOf(where!)?.node.querySelector<HTMLElement>("button.word[tabindex='0']")?.focus();
            }),
            tool(
              "Merge with the next line",
              () => edit(mergeWithNext(lines, index)),
              nextMarkIndex(lines, index) === null,
            ),
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
            "onclick": () => edit(removeLine(lines, index)),
          },
          "✕",
        ),
      ),
    );
  };

  const renderMainQuestion = () => {
    const mainLine = lines.find((line) => line.main);
    const notDone = mainLine?.verdict === "not-met" || mainLine?.verdict === "cannot-check";
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

  const statusText = (): string => {
    if (!pending) return "";
    if (pending.kind === "from") {
      const surface = surfaceOf(pending.in);
      return (
        `From “${surface?.tokens[pending.token]?.text ?? ""}”: now press the last word of the instruction ` +
        "(the same word again for one word). Escape cancels."
      );
    }
    const text = listingText(item, lines[pending.line]!.listing);
    return pending.kind === "extend"
      ? `Press the word to extend “${text}” to. Escape cancels.`
      : `Press the word of “${text}” where the second line starts. Escape cancels.`;
  };

  function render(): void {
    for (const surface of surfaces) surface.render({lines, pending, locked: locked || !active});
    status.textContent = statusText();
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
    freeToggle.disabled = locked;
    freeInput.disabled = locked;
    addButton.disabled = locked;
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
    el("div", {class: "free-line"}, freeToggle, freeBody),
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
