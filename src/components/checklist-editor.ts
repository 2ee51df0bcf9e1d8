// Steps 1 and 2 of one item: the lines the trainee lists (marked in the request, ticked on a described request's
// list, or typed for an instruction with no words) and a verdict on each, with the main task chosen among them. The
// editor's state, the marking's and every edit are lib/trainee/draft.ts's; this draws them, and shows the lines to
// the texts' marking surfaces (below; the case editor marks its texts with them too), which the card places in the
// texts.
import type {Item} from "../lib/authored/schemas/item.js";
import {
  asksMainNotMet,
  editChecklist,
  editingStart,
  nextMarkIndex,
  pendingPrompt,
  type ChecklistDraft,
  type ChecklistEdit,
  type ChecklistEditing,
  type Pending,
  tokens,
  type MarkIn,
  markStart,
  markUpdate,
  movesBetweenWords,
  pendingHere,
  wordLooks,
  type MarkAction,
  type MarkState,
} from "../lib/trainee/draft.js";
import type {MainNotMet, TraineeLine, TraineeVerdict} from "../lib/trainee/progress.js";
import {listingText, mainNotMetLabels, traineeVerdictLabels} from "../lib/trainee/words.js";
import {el, live, type Live} from "./dom.js";

export interface ChecklistEditorOptions {
  /** The draft it starts from (the saved work, or the last answer's). */
  start?: ChecklistDraft;
  /** Starts locked: the last answer's checklist, checked before a reload (a Check locks it while shown). */
  locked?: boolean;
  /** The lines or the main-task answer changed. */
  onChange?(draft: ChecklistDraft): void;
}

const lineOf = (target: Element): number => Number(target.closest("[data-line]")?.getAttribute("data-line"));

/**
 * The Step-1 and Step-2 section of `item`, under its texts; `surfaces` are the texts' marking surfaces, whose presses
 * come back as `{kind: "marked"}` edits. Its state is the draft, the gesture under way, whether it is locked (after
 * Check) and active (marking works only while the steps are in view).
 */
export function ChecklistEditor(
  {item, surfaces}: {item: Item; surfaces: readonly MarkSurface[]},
  {start = {lines: [], mainNotMet: undefined}, locked = false, onChange}: ChecklistEditorOptions = {},
): Live<ChecklistEditing, ChecklistEdit> {
  const id = item.id;
  const surfaceOf = (where: string) => surfaces.find((surface) => surface.state.where === where);
  const view = (state: ChecklistEditing): HTMLElement =>
    el(
      "section",
      {"class": "checklist-steps", "aria-labelledby": `${id}-checklist-title`},
      el(
        "h3",
        {id: `${id}-checklist-title`},
        "Your checklist ",
        el("span", {class: "optional"}, "(optional: steps 1 and 2)"),
      ),
      el(
        "p",
        {class: "step-help", id: `${id}-mark-help`},
        "Mark an instruction in the request: press its first word, then its last",
        el("span", {class: "fine-pointer"}, " (or drag across it)"),
        ". Each one becomes a line here; give it a verdict, and say which line is the main task.",
      ),
      el(
        "p",
        // Read out; seen under the words pressed, where the text says the same beside its Cancel button.
        {"class": "mark-status visually-hidden", "role": "status", "aria-live": "polite"},
        pendingPrompt(state.pending, {
          wordOf: (where, token) => surfaceOf(where)?.state.tokens[token]?.text ?? "",
          lineText: (line) => listingText(item, state.lines[line]!.listing),
        }),
      ),
      el(
        "ol",
        {class: "trainee-checklist", hidden: state.lines.length === 0},
        state.lines.map((line, index) =>
          TraineeLineRow(
            {line, item, index},
            {locked: state.locked, pending: state.pending, merge: nextMarkIndex(state.lines, index) !== null},
          ),
        ),
      ),
      MainNotMetQuestion(item, state),
      FreeLine(item, state),
    );
  /** The texts show the lines' marks: from the start (a draft brought back by a reload), then after every edit. */
  const showOnSurfaces = (state: ChecklistEditing) => {
    for (const surface of surfaces)
      surface.dispatch({
        kind: "show",
        lines: state.lines,
        pending: state.pending,
        locked: state.locked || !state.active,
      });
  };
  const node = live<ChecklistEditing, ChecklistEdit>(editingStart(start, {locked}), {
    update: editChecklist,
    view,
    on: {
      change: (event) => {
        const target = event.target as HTMLInputElement | HTMLSelectElement;
        const control = target.dataset.control;
        if (control === "verdict")
          return {kind: "verdict", line: lineOf(target), verdict: (target.value || null) as TraineeVerdict | null};
        if (control === "main") return {kind: "main", line: lineOf(target)};
        if (control === "main-not-met")
          return {kind: "main-not-met", value: (target.value || undefined) as MainNotMet | undefined};
        return undefined;
      },
      click: (event) => {
        const button = (event.target as Element).closest<HTMLElement>("button[data-edit]");
        const edit = button?.dataset.edit;
        if (!button || !edit) return undefined;
        if (edit === "extend" || edit === "split") return {kind: "wait", line: lineOf(button), wait: edit};
        if (edit === "remove" || edit === "merge") return {kind: edit, line: lineOf(button)};
        return edit === "free-open" ? {kind: "free-open"} : {kind: "free-add"};
      },
      input: (event) => {
        const target = event.target as HTMLElement;
        return target instanceof HTMLInputElement && target.classList.contains("free-line-input")
          ? {kind: "free-text", text: target.value}
          : undefined;
      },
      keydown: (event) => {
        if (event.key !== "Enter" || !(event.target as Element).classList.contains("free-line-input")) return undefined;
        // Enter adds the line: it does not check the item.
        event.preventDefault();
        event.stopPropagation();
        return {kind: "free-add"};
      },
    },
    effects: (shown, {before, after, action}) => {
      showOnSurfaces(after);
      // A line's menu closes with any edit, as a list drawn again would.
      for (const menu of shown.querySelectorAll<HTMLDetailsElement>("details.line-tools[open]")) menu.open = false;
      if (action.kind === "wait") {
        const where = after.lines[action.line]?.listing;
        if (where?.kind === "mark")
          surfaceOf(where.in)?.querySelector<HTMLElement>("button.word[tabindex='0']")?.focus();
      }
      if (action.kind === "free-open" && after.free.open) shown.querySelector<HTMLElement>(".free-line-input")?.focus();
      if (action.kind === "remove" && !shown.contains(document.activeElement)) {
        // The line whose Remove had the keyboard is gone: the same control of the line now in its place (or the line
        // before it), or back to the request, where lines are made, when it was the last.
        const rows = shown.querySelectorAll("ol.trainee-checklist > li");
        const again = rows[Math.min(action.line, rows.length - 1)]?.querySelector<HTMLElement>(
          '[data-control="remove"]:not(:disabled)',
        );
        if (again) again.focus();
        else surfaces[0]?.querySelector<HTMLElement>('button.word[tabindex="0"]')?.focus();
      }
      if (after.lines !== before.lines || after.mainNotMet !== before.mainNotMet)
        onChange?.({lines: after.lines, mainNotMet: after.mainNotMet});
    },
  });
  showOnSurfaces(node.state);
  return node;
}

// How the response stands when the line chosen as the main task is not met: asked only then.
function MainNotMetQuestion(item: Item, state: ChecklistEditing): HTMLElement {
  const id = item.id;
  const asked = asksMainNotMet(state.lines);
  return el(
    "div",
    {class: "main-not-met", hidden: !asked},
    asked
      ? [
          el("label", {for: `${id}-main-not-met`}, "The main task is not done. The response… "),
          el(
            "select",
            {"id": `${id}-main-not-met`, "disabled": state.locked, "data-control": "main-not-met"},
            // Chosen when nothing is: morphdom shows no entry in a menu whose options name none.
            el("option", {value: "", selected: !state.mainNotMet}, "Choose…"),
            (Object.keys(mainNotMetLabels) as MainNotMet[]).map((value) =>
              el("option", {value, selected: state.mainNotMet === value}, mainNotMetLabels[value]),
            ),
          ),
        ]
      : null,
  );
}

// A line of the trainee's own words, for an instruction with no words to point to (a standing instruction from an
// earlier turn): folded behind "+ An instruction with no words to point to", added with Enter or Add.
function FreeLine(item: Pick<Item, "id">, {free, locked}: Pick<ChecklistEditing, "free" | "locked">): HTMLElement {
  const id = item.id;
  return el(
    "div",
    {class: "free-line"},
    el(
      "button",
      {
        "type": "button",
        "class": "link-button free-toggle",
        "aria-expanded": String(free.open),
        "aria-controls": `${id}-free-body`,
        // Locked with the rest: after Check it opened a field and an Add that could do nothing.
        "disabled": locked,
        "data-edit": "free-open",
      },
      "+ An instruction with no words to point to",
    ),
    el(
      "div",
      {class: "free-line-body", id: `${id}-free-body`, hidden: !free.open},
      el(
        "div",
        {class: "free-controls"},
        el("input", {
          "type": "text",
          "class": "free-line-input",
          "id": `${id}-free`,
          "maxlength": 200,
          "autocomplete": "off",
          "aria-label": "An instruction with no words to point to",
          "aria-describedby": `${id}-free-help`,
          "disabled": locked,
          "value": free.text,
        }),
        el(
          "button",
          {"type": "button", "class": "button secondary add-line", "disabled": locked, "data-edit": "free-add"},
          "Add",
        ),
      ),
      el(
        "p",
        {class: "step-help", id: `${id}-free-help`},
        "For example a standing instruction from an earlier turn. Your words are compared with the ruled lines " +
          "roughly, word by word.",
      ),
    ),
  );
}

// One line of the trainee's checklist: its number and words, "Main task", its verdict, the changes a marked line
// allows (extend, split, merge) and Remove. Each control says what it does to the list (`data-edit`, `data-control`).
const verdictOrder: TraineeVerdict[] = ["met", "met-flaw", "partly", "not-met", "cannot-check"];

function TraineeLineRow(
  {line, item, index}: {line: TraineeLine; item: Item; index: number},
  {locked, pending, merge}: {locked: boolean; pending: Pending; merge: boolean},
): HTMLElement {
  const id = item.id;
  const text = listingText(item, line.listing);
  const tool = (label: string, edit: string, disabled = false) =>
    el("button", {"type": "button", "class": "link-button", "disabled": locked || disabled, "data-edit": edit}, label);
  const tools =
    line.listing.kind === "mark"
      ? el(
          "details",
          {class: "line-tools"},
          el("summary", {"aria-label": `Change “${text}”`}, "Change"),
          el(
            "div",
            {class: "line-tools-menu"},
            tool("Extend to a word…", "extend"),
            tool("Split before a word…", "split"),
            tool("Merge with the next line", "merge", !merge),
          ),
        )
      : null;
  const waiting = pending && pending.kind !== "from" && pending.line === index;
  return el(
    "li",
    {"class": `trainee-line${waiting ? " is-waiting" : ""}${line.main ? " is-main" : ""}`, "data-line": index},
    el("span", {"class": "line-number", "aria-hidden": "true"}, String(index + 1)),
    el("span", {class: `line-text${line.listing.kind === "free" ? " is-free" : ""}`}, text),
    el(
      "span",
      {class: "line-controls"},
      el(
        "span",
        {class: "line-main"},
        el("input", {
          "type": "radio",
          "name": `${id}-main`,
          "id": `${id}-main-${index}`,
          "checked": !!line.main,
          "disabled": locked,
          "aria-label": `“${text}” is the main task`,
          "data-control": "main",
        }),
        el("label", {for: `${id}-main-${index}`}, "Main task"),
      ),
      el(
        "select",
        {"aria-label": `Verdict on “${text}”`, "class": "verdict", "disabled": locked, "data-control": "verdict"},
        el("option", {value: "", selected: !line.verdict}, "Verdict…"),
        verdictOrder.map((value) =>
          el("option", {value, selected: line.verdict === value}, traineeVerdictLabels[value]),
        ),
      ),
      tools,
      el(
        "button",
        {
          "type": "button",
          "class": "remove",
          "aria-label": `Remove “${text}”`,
          "data-control": "remove",
          "data-edit": "remove",
          "disabled": locked,
        },
        "✕",
      ),
    ),
  );
}

// Step 1 in the page: the trainee marks the words of the request that state an instruction. The request reads as
// text; each word (with its punctuation) is a button that looks like a word until it is marked. A stretch is its
// first word, then its last (or a drag from one to the other). The whole request is one Tab stop: the arrow keys move
// between its words, Enter or Space presses one, Escape drops a half-made stretch. A request the case study only
// describes has no words to mark: the edge-case map asks for its deciding rule instead.

/** A text to mark, shown: its state is its marks, the gesture under way, its active word and whether it is locked. */
export type MarkSurface = Live<MarkState, MarkAction>;

export interface MarkSurfaceOptions {
  /** The id of the sentence that says how to mark. */
  describedBy: string;
  /** A press, a drag or Escape changed the marks or the gesture: the owner takes them (and may `show` others). */
  onChange?(next: {lines: readonly TraineeLine[]; pending: Pending}, action: MarkAction): void;
}

const tokenOf = (node: HTMLElement, target: EventTarget | null): number | null => {
  const button = (target as Element | null)?.closest?.("button.word");
  return button && node.contains(button) ? Number(button.getAttribute("data-token")) : null;
};

/**
 * `text` in `where`, its words to mark; `label` says what it is, for its accessible name ("the request", "turn 1").
 * The owner shows its lines with `dispatch({kind: "show", …})`.
 */
export function MarkSurface(
  {text, where, label}: {text: string; where: MarkIn; label: string},
  {describedBy, onChange}: MarkSurfaceOptions = {describedBy: ""},
): Live<MarkState, MarkAction> {
  const all = tokens(text);
  const view = (state: MarkState): HTMLElement => {
    const looks = wordLooks(state);
    const children: (Node | string)[] = [];
    let at = 0;
    for (const token of all) {
      const look = looks[token.index]!;
      if (token.start > at) {
        const gap = text.slice(at, token.start);
        // The white space between two words, so a marked line reads as one highlighted stretch.
        children.push(
          token.index > 0
            ? el("span", {class: `gap${looks[token.index - 1]!.gapMarked ? " is-marked" : ""}`}, gap)
            : gap,
        );
      }
      const classes = [
        "word",
        look.marked ? "is-marked" : "",
        look.overlap ? "is-overlap" : "",
        look.anchor ? "is-anchor" : "",
        look.target ? "is-target" : "",
      ];
      children.push(
        el(
          "button",
          {
            "type": "button",
            "class": classes.filter(Boolean).join(" "),
            "tabindex": !state.locked && token.index === state.active ? 0 : -1,
            "data-token": token.index,
            "aria-pressed": String(look.marked),
            // The line's number before its first word, so the text and the list below can be read together.
            "data-line": look.lines,
            "aria-disabled": String(state.locked),
          },
          token.text,
        ),
      );
      at = token.end;
    }
    if (at < text.length) children.push(text.slice(at));
    // What to press next, under the words pressed: on a phone the list's own status is a screen or more below.
    const next = pendingHere(state)
      ? el(
          "p",
          {class: "mark-pending"},
          el(
            "span",
            {},
            pendingPrompt(
              state.pending,
              {
                wordOf: (_where, token) => all[token]?.text ?? "",
                lineText: (line) => {
                  const listing = state.lines[line]!.listing as {start: number; end: number};
                  return text.slice(listing.start, listing.end).trim();
                },
              },
              {escape: false},
            ),
          ),
          el(
            "button",
            {"type": "button", "class": "button secondary mark-cancel", "aria-label": "Cancel marking"},
            "Cancel",
          ),
        )
      : null;
    const hasMarks = state.lines.some((line) => line.listing.kind === "mark");
    return el(
      "div",
      {
        "class": `mark-surface verbatim${state.locked ? " is-locked" : ""}${hasMarks ? " has-marks" : ""}`,
        "data-in": where,
      },
      // The words alone are the group a screen reader names: Cancel is not one of them.
      el("div", {"role": "group", "aria-label": `The words of ${label}`, "aria-describedby": describedBy}, children),
      next,
    );
  };
  // The word a pointer went down on: a drag to another word marks the stretch in one gesture. It lasts only from
  // the press to the release and shows nothing, so it is not the surface's state.
  let dragFrom: number | null = null;
  const node: MarkSurface = live<MarkState, MarkAction>(markStart(where, all), {
    update: markUpdate,
    view,
    on: {
      click: (event) => {
        if ((event.target as Element).closest?.("button.mark-cancel")) return {kind: "cancel"};
        const token = tokenOf(node, event.target);
        return token === null ? undefined : {kind: "press", token};
      },
      keydown: (event, state) => {
        // Escape on Cancel does what Cancel does.
        if (event.key === "Escape" && (event.target as Element).closest?.("button.mark-cancel")) {
          event.preventDefault();
          return {kind: "cancel"};
        }
        const from = tokenOf(node, event.target);
        if (from === null || state.locked) return undefined;
        if (movesBetweenWords(event.key)) {
          event.preventDefault();
          return {kind: "move", key: event.key, from};
        }
        if (event.key !== "Escape") return undefined;
        event.preventDefault();
        return {kind: "cancel"};
      },
      pointerdown: (event, state) => {
        if (event.button === 0 && !state.locked) dragFrom = tokenOf(node, event.target);
        return undefined;
      },
      pointerup: (event) => {
        const from = dragFrom;
        dragFrom = null;
        if (from === null) return undefined;
        const to = tokenOf(node, document.elementFromPoint(event.clientX, event.clientY));
        return to === null || to === from ? undefined : {kind: "stretch", from, to};
      },
    },
    effects: (shown, {before, after, action}) => {
      // Cancel, pressed, goes with its row: the focus goes back to the words, where it was.
      const lost = action.kind === "cancel" && !shown.contains(document.activeElement);
      if (after.active !== before.active || action.kind === "move" || lost)
        shown.querySelector<HTMLElement>(`button.word[data-token="${after.active}"]`)?.focus();
      if (action.kind !== "show" && action.kind !== "move")
        onChange?.({lines: after.lines, pending: after.pending}, action);
    },
  });
  return node;
}
