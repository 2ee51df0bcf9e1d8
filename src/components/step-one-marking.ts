// Step 1 in the page: the trainee marks the words of the request that state an instruction. The request reads as
// text; each word (with its punctuation) is a button that looks like a word until it is marked. A stretch is its
// first word, then its last (or a drag from one to the other). The whole request is one Tab stop: the arrow keys move
// between its words, Enter or Space presses one, Escape drops a half-made stretch. What a press does is decided in
// lib/trainee/draft.ts; this only draws the marks it returns. A request the case study only describes has no words to
// mark: the edge-case map asks for its deciding rule instead.
import type {Item} from "../lib/authored/schemas/item.js";
import {textOf} from "../lib/authored/quote.js";
import {linesAt, tokens, tokenRange, type Mark, type MarkIn, type Pending, type Token} from "../lib/trainee/draft.js";
import type {TraineeLine} from "../lib/trainee/progress.js";
import {stepOneMode} from "../lib/trainee/step-one.js";
import {el} from "./dom.js";

export interface MarkSurfaceOptions {
  where: MarkIn;
  /** What the text is, for its accessible name: "the request", "turn 1". */
  label: string;
  /** The id of the sentence that says how to mark. */
  describedBy: string;
  /** A word was pressed (a click, Enter or Space). */
  onWord(token: number): void;
  /** A drag went from one word to another. */
  onStretch(from: number, to: number): void;
  /** Escape: drop the gesture under way. */
  onCancel(): void;
}

export interface MarkSurface {
  node: HTMLElement;
  tokens: Token[];
  /** Draws the lines' marks and the gesture under way; `locked` once the answer is committed. */
  render(state: {lines: readonly TraineeLine[]; pending: Pending; locked: boolean}): void;
}

const keysThatMove: Record<string, (at: number, last: number) => number> = {
  ArrowRight: (at, last) => Math.min(at + 1, last),
  ArrowDown: (at, last) => Math.min(at + 1, last),
  ArrowLeft: (at) => Math.max(at - 1, 0),
  ArrowUp: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_at, last) => last,
};

/** A text to mark and its redraw: a controller, not a component, since the editor keeps it. */
export function markSurface(text: string, options: MarkSurfaceOptions): MarkSurface {
  const all = tokens(text);
  let active = 0;
  let locked = false;
  let dragFrom: number | null = null;
  const buttons = all.map((token) =>
    el(
      "button",
      {"type": "button", "class": "word", "tabindex": token.index === 0 ? 0 : -1, "data-token": token.index},
      token.text,
    ),
  );
  const children: (Node | string)[] = [];
  // The white space between two words, so a marked line reads as one highlighted stretch.
  const gaps: (HTMLElement | null)[] = [];
  let at = 0;
  for (const token of all) {
    if (token.start > at) {
      const gap = text.slice(at, token.start);
      if (token.index > 0) {
        const span = el("span", {class: "gap"}, gap);
        gaps[token.index - 1] = span;
        children.push(span);
      } else children.push(gap);
    }
    children.push(buttons[token.index]!);
    at = token.end;
  }
  if (at < text.length) children.push(text.slice(at));
  const node = el(
    "div",
    {
      "class": "mark-surface verbatim",
      "role": "group",
      "aria-label": `The words of ${options.label}`,
      "aria-describedby": options.describedBy,
      "data-in": options.where,
    },
    children,
  );

  const focusWord = (index: number) => {
    buttons[active]!.tabIndex = -1;
    active = index;
    buttons[active]!.tabIndex = locked ? -1 : 0;
    buttons[active]!.focus();
  };
  const tokenOf = (target: EventTarget | null): number | null => {
    const button = (target as Element | null)?.closest?.("button.word");
    return button && node.contains(button) ? Number(button.getAttribute("data-token")) : null;
  };
  node.addEventListener("click", (event) => {
    const index = tokenOf(event.target);
    if (index === null || locked) return;
    if (active !== index) focusWord(index);
    options.onWord(index);
  });
  node.addEventListener("keydown", (event) => {
    const index = tokenOf(event.target);
    if (index === null || locked) return;
    const move = keysThatMove[event.key];
    if (move) {
      event.preventDefault();
      focusWord(move(index, all.length - 1));
    } else if (event.key === "Escape") {
      event.preventDefault();
      options.onCancel();
    }
  });
  // A drag from one word to another marks the stretch in one gesture; a press and release on one word is a click.
  node.addEventListener("pointerdown", (event) => {
    if (event.button === 0 && !locked) dragFrom = tokenOf(event.target);
  });
  node.addEventListener("pointerup", (event) => {
    const from = dragFrom;
    dragFrom = null;
    if (from === null || locked) return;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const to = tokenOf(under);
    if (to === null || to === from) return;
    focusWord(to);
    options.onStretch(from, to);
  });

  return {
    node,
    tokens: all,
    render({lines, pending, locked: isLocked}) {
      locked = isLocked;
      node.classList.toggle("is-locked", locked);
      node.classList.toggle(
        "has-marks",
        lines.some((line) => line.listing.kind === "mark"),
      );
      const ownMarks = lines.map((line) =>
        line.listing.kind === "mark" && line.listing.in === options.where ? (line.listing as Mark) : null,
      );
      const target =
        pending && pending.kind !== "from" && ownMarks[pending.line] ? tokenRange(all, ownMarks[pending.line]!) : null;
      for (const token of all) {
        const button = buttons[token.index]!;
        const covering = linesAt(lines, options.where, token);
        const starts = covering.filter((line) => tokenRange(all, ownMarks[line]!)?.[0] === token.index);
        button.className = [
          "word",
          covering.length ? "is-marked" : "",
          covering.length > 1 ? "is-overlap" : "",
          pending?.kind === "from" && pending.in === options.where && pending.token === token.index ? "is-anchor" : "",
          target && token.index >= target[0] && token.index <= target[1] ? "is-target" : "",
        ]
          .filter(Boolean)
          .join(" ");
        button.setAttribute("aria-pressed", String(covering.length > 0));
        // The line's number before its first word, so the text and the list below can be read together.
        if (starts.length) button.dataset.line = starts.map((line) => line + 1).join(",");
        else delete button.dataset.line;
        button.tabIndex = !locked && token.index === active ? 0 : -1;
        button.setAttribute("aria-disabled", String(locked));
        const next = all[token.index + 1];
        const gap = gaps[token.index];
        if (gap && next) {
          const after = linesAt(lines, options.where, next);
          gap.classList.toggle(
            "is-marked",
            covering.some((line) => after.includes(line)),
          );
        }
      }
    },
  };
}

/** The texts a trainee can mark in an item: the quoted request, and quoted earlier turns of the user. */
export function markableTexts(item: Item): {where: MarkIn; text: string; label: string}[] {
  if (stepOneMode(item) === "list") return [];
  const texts: {where: MarkIn; text: string; label: string}[] = [
    {where: "request", text: item.request.text, label: "the request"},
  ];
  for (const turn of item.turns) {
    const where = `turn-${turn.turn}` as MarkIn;
    const text = turn.turn ? textOf(item, where) : null;
    if (text !== null && turn.role === "user") texts.push({where, text, label: `turn ${turn.turn}`});
  }
  return texts;
}
