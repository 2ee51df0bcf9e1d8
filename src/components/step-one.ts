// Step 1 in the page: the trainee marks which words of the request are instructions. Each phrase of the request
// (or, finer, each word) is a toggle reachable by Tab; a mouse selection adds a mark of exactly what was selected.
// A described request offers its ruled lines and candidates as a list instead, in alphabetical order.
import type {Item} from "../lib/item.js";
import {textOf} from "../lib/quote.js";
import {listOptions, phrases, step1Mode, words} from "../lib/trainee/step1.js";
import type {Listing} from "../lib/trainee/progress.js";
import {el} from "./dom.js";

type MarkIn = Extract<Listing, {kind: "mark"}>["in"];

export interface MarkSurfaceOptions {
  /** Called with a mark to toggle: added when absent, removed when present. */
  onToggle(listing: Extract<Listing, {kind: "mark"}>): void;
  /** The marks currently listed, to show which toggles are pressed. */
  marks(): Extract<Listing, {kind: "mark"}>[];
  granularity: "phrases" | "words";
  label: string;
}

/** A text as toggles: one button per phrase or word, the punctuation between them as plain text. */
export function MarkSurface(text: string, where: MarkIn, options: MarkSurfaceOptions): HTMLElement {
  const surface = el("p", {
    "class": `mark-surface verbatim${options.granularity === "words" ? " by-words" : ""}`,
    "data-in": where,
  });
  const render = () => {
    const pieces = options.granularity === "words" ? words(text) : phrases(text);
    const marked = options.marks().filter((mark) => mark.in === where);
    const children: Node[] = [];
    let at = 0;
    for (const piece of pieces) {
      if (piece.start > at) children.push(el("span", {"data-start": at}, text.slice(at, piece.start)));
      // Pressed: the piece lies inside a marked stretch; touched: a mouse selection covers part of it.
      const pressed = marked.some((mark) => mark.start <= piece.start && piece.end <= mark.end);
      const starts = marked.some((mark) => mark.start === piece.start);
      const touched = !pressed && marked.some((mark) => mark.start < piece.end && mark.end > piece.start);
      // A span, not a button: a phrase must wrap across lines like the text it is part of.
      const toggle = () => options.onToggle({kind: "mark", in: where, start: piece.start, end: piece.end});
      children.push(
        el(
          "span",
          {
            "role": "button",
            "tabindex": 0,
            "class": `mark-toggle${touched ? " is-touched" : ""}${pressed && starts ? " mark-start" : ""}`,
            "aria-pressed": String(pressed),
            "data-start": piece.start,
            "onclick": toggle,
            "onkeydown": (event: Event) => {
              const key = (event as KeyboardEvent).key;
              if (key !== "Enter" && key !== " ") return;
              event.preventDefault();
              event.stopPropagation();
              toggle();
            },
          },
          piece.text,
        ),
      );
      at = piece.end;
    }
    if (at < text.length) children.push(el("span", {"data-start": at}, text.slice(at)));
    surface.replaceChildren(...children);
  };
  // A mouse selection inside the text marks exactly the selected characters.
  surface.addEventListener("mouseup", () => {
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed || selection.rangeCount === 0) return;
    const range = selection.getRangeAt(0);
    const offset = (node: Node, inner: number): number | null => {
      const host = (node.nodeType === Node.TEXT_NODE ? node.parentElement : (node as Element))?.closest("[data-start]");
      return host && surface.contains(host) ? Number(host.getAttribute("data-start")) + inner : null;
    };
    const start = offset(range.startContainer, range.startOffset);
    const end = offset(range.endContainer, range.endOffset);
    if (start === null || end === null || end <= start) return;
    if (!words(text.slice(start, end)).length) return;
    selection.removeAllRanges();
    options.onToggle({kind: "mark", in: where, start, end});
  });
  (surface as HTMLElement & {refresh?: () => void}).refresh = render;
  render();
  return surface;
}

/** Re-renders a mark surface after the marks changed. */
export const refreshSurface = (surface: Element): void => (surface as HTMLElement & {refresh?: () => void}).refresh?.();

/** The texts a trainee can mark in an item: the quoted request, and quoted earlier turns. */
export function markableTexts(item: Item): {where: MarkIn; text: string}[] {
  if (step1Mode(item) === "list") return [];
  const texts: {where: MarkIn; text: string}[] = [{where: "request", text: item.request.text}];
  for (const turn of item.turns) {
    const where = `turn-${turn.turn}` as MarkIn;
    const text = turn.turn ? textOf(item, where) : null;
    if (text !== null && turn.role === "user") texts.push({where, text});
  }
  return texts;
}

/** A described request: tick the lines that are instructions. */
export function OptionList(
  item: Item,
  {ticked, onToggle, name}: {ticked(): number[]; onToggle(index: number): void; name: string},
): HTMLElement {
  return el(
    "fieldset",
    {class: "option-list"},
    el("legend", {}, "Which of these does the request state as an instruction?"),
    listOptions(item).map((option) => {
      const id = `${name}-option-${option.index}`;
      const box = el("input", {
        type: "checkbox",
        id,
        checked: ticked().includes(option.index),
        onchange: () => onToggle(option.index),
      });
      return el("div", {class: "option"}, box, el("label", {for: id}, option.text));
    }),
  );
}
