// Step 1 in the page: the trainee marks the words of the request that state an instruction. The request reads as
// text; each word (with its punctuation) is a button that looks like a word until it is marked. A stretch is its
// first word, then its last (or a drag from one to the other). The whole request is one Tab stop: the arrow keys move
// between its words, Enter or Space presses one, Escape drops a half-made stretch. What a press does is decided in
// lib/trainee/draft.ts, the surface's state in lib/trainee/marking.ts; this draws them. A request the case study only
// describes has no words to mark: the edge-case map asks for its deciding rule instead.
import {pendingPrompt, tokens, type MarkIn, type Pending} from "../lib/trainee/draft.js";
import {
  markStart,
  markUpdate,
  movesBetweenWords,
  pendingHere,
  wordLooks,
  type MarkAction,
  type MarkState,
} from "../lib/trainee/marking.js";
import type {TraineeLine} from "../lib/trainee/progress.js";
import {el} from "./dom.js";
import {live, type Live} from "./live.js";

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
