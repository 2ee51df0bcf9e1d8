// A text being marked while it is shown (Step 1 of a score card, and the case editor's marking): the marks over it,
// the gesture under way, the word that holds the keyboard, and whether it is locked. What a press does is draft.ts's.
import {
  addLine,
  linesAt,
  pressWord,
  stretch,
  tokenRange,
  type Mark,
  type MarkIn,
  type Pending,
  type Token,
} from "./draft.js";
import type {TraineeLine} from "./progress.js";

export interface MarkState {
  where: MarkIn;
  tokens: readonly Token[];
  lines: readonly TraineeLine[];
  pending: Pending;
  /** The word that is the text's one Tab stop. */
  active: number;
  locked: boolean;
  /** The number said before each line's first word, by line (the case editor's lines own several marks). */
  numbers?: readonly number[] | undefined;
}

export type MarkAction =
  | {kind: "press"; token: number}
  | {kind: "stretch"; from: number; to: number}
  | {kind: "move"; key: string; from: number}
  | {kind: "cancel"}
  | {kind: "show"; lines: readonly TraineeLine[]; pending: Pending; locked: boolean; numbers?: readonly number[]};

/** A text's state before any mark: its first word holds the keyboard. */
export const markStart = (where: MarkIn, tokens: readonly Token[]): MarkState => ({
  where,
  tokens,
  lines: [],
  pending: null,
  active: 0,
  locked: false,
});

const moves: Record<string, (at: number, last: number) => number> = {
  ArrowRight: (at, last) => Math.min(at + 1, last),
  ArrowDown: (at, last) => Math.min(at + 1, last),
  ArrowLeft: (at) => Math.max(at - 1, 0),
  ArrowUp: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_at, last) => last,
};

/** Whether a key moves between the words (the arrows, Home, End). */
export const movesBetweenWords = (key: string): boolean => key in moves;

export function markUpdate(state: MarkState, action: MarkAction): MarkState {
  if (action.kind === "show") {
    const {lines, pending, locked, numbers} = action;
    // Shown already (the owner hands back what this surface's own press made): no patch of every word again.
    const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
    if (
      same(lines, state.lines) &&
      same(pending, state.pending) &&
      locked === state.locked &&
      same(numbers, state.numbers)
    )
      return state;
    return {...state, lines, pending, locked, numbers};
  }
  if (state.locked) return state;
  switch (action.kind) {
    case "press": {
      // A new state even where the press changes no mark: the owner hears of every press.
      const next = pressWord(state.lines, state.pending, state.where, state.tokens, action.token);
      return {...state, ...next, active: action.token};
    }
    case "stretch":
      if (action.from === action.to) return state;
      return {
        ...state,
        lines: addLine(state.lines, stretch(state.tokens, state.where, action.from, action.to)),
        pending: null,
        active: action.to,
      };
    case "move": {
      const to = moves[action.key]?.(action.from, state.tokens.length - 1) ?? state.active;
      return to === state.active ? state : {...state, active: to};
    }
    case "cancel":
      return state.pending === null ? state : {...state, pending: null};
  }
}

/**
 * Whether the gesture under way waits for a press on this text: a stretch begun in it, or a line of it to extend or
 * split. The text then says what to press next, with a way to cancel that needs no key (a phone has no Escape).
 */
export function pendingHere({pending, lines, where}: Pick<MarkState, "pending" | "lines" | "where">): boolean {
  if (pending === null) return false;
  if (pending.kind === "from") return pending.in === where;
  const listing = lines[pending.line]?.listing;
  return listing?.kind === "mark" && listing.in === where;
}

/** How one word shows: the classes beyond "word", whether it is marked, and the line numbers said before it. */
export interface WordLook {
  marked: boolean;
  overlap: boolean;
  anchor: boolean;
  target: boolean;
  /** The lines starting at this word, as their numbers ("1,3"), or null. */
  lines: string | null;
  /** Whether the white space after it is inside a line that runs on to the next word. */
  gapMarked: boolean;
}

/** How each word of the text shows in a state. */
export function wordLooks(state: MarkState): WordLook[] {
  const {lines, tokens: all, where, pending} = state;
  const own = lines.map((line) =>
    line.listing.kind === "mark" && line.listing.in === where ? (line.listing as Mark) : null,
  );
  const target = pending && pending.kind !== "from" && own[pending.line] ? tokenRange(all, own[pending.line]!) : null;
  const covering = all.map((token) => linesAt(lines, where, token));
  return all.map((token, index) => {
    const here = covering[index]!;
    const starts = here.filter((line) => tokenRange(all, own[line]!)?.[0] === token.index);
    const numbers = [...new Set(starts.map((line) => state.numbers?.[line] ?? line + 1))];
    const after = covering[index + 1];
    return {
      marked: here.length > 0,
      overlap: here.length > 1,
      anchor: pending?.kind === "from" && pending.in === where && pending.token === token.index,
      target: !!target && token.index >= target[0] && token.index <= target[1],
      lines: numbers.length ? numbers.join(",") : null,
      gapMarked: !!after && here.some((line) => after.includes(line)),
    };
  });
}
