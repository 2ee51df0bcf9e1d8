// One line of the trainee's checklist: its number and words, "Main task", its verdict, the changes a marked line
// allows (extend, split, merge) and Remove. Each control says what it does to the list; the editor makes the edit.
import type {Item} from "../lib/authored/schemas/item.js";
import type {MarkIn, Pending} from "../lib/trainee/draft.js";
import type {TraineeLine, TraineeVerdict} from "../lib/trainee/progress.js";
import {listingText, traineeVerdictLabels} from "../lib/trainee/words.js";
import {el} from "./dom.js";

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
