// A trainee's checklist while they write it: the words of the request they can mark, what each press and edit does to
// the lines, and the state of a text being marked (Step 1, and the case editor's marking). Pure: the page calls these
// on every click or key and renders what comes back.
//
// How marking works (the page says it in fewer words):
// - The request is read as tokens: each run of text between spaces is one token, its punctuation with it ("answer,"
//   "explanation:" "„Kannst"). A token with no letter or digit (a dash) cannot be marked. A marked line covers its
//   tokens' words only, so its text starts and ends on a word: "answer, no explanation", not "answer, no explanation:".
// - A stretch is marked with two choices: its first word, then its last (the same word twice marks one word). A drag
//   across words does the same in one gesture.
// - Lines never join by themselves: a stretch beside or across another line is a line of its own. A marked line can
//   be extended to a word, split before a word, merged with the next line in the text, or removed.
// - Nothing is chosen for the trainee: no line is the main task until they say which.
// - Marked lines are kept in the order of the text they mark (then the request before earlier turns); a line of the
//   trainee's own words keeps its place after them.
import type {Listing, MainNotMet, TraineeChecklist, TraineeLine, TraineeVerdict} from "./progress.js";

export type Mark = Extract<Listing, {kind: "mark"}>;
export type MarkIn = Mark["in"];

/** One markable token: its whole run (`start`-`end`, punctuation included) and its word (`wordStart`-`wordEnd`). */
export interface Token {
  /** Its position among the text's markable tokens. */
  index: number;
  start: number;
  end: number;
  wordStart: number;
  wordEnd: number;
  text: string;
}

const letterOrDigit = /[\p{L}\p{N}]/u;

/** The markable tokens of a text, in order: each run between white space that holds a letter or a digit. */
export function tokens(text: string): Token[] {
  const found: Token[] = [];
  for (const match of text.matchAll(/\S+/gu)) {
    const run = match[0];
    const chars = [...run];
    const first = chars.findIndex((character) => letterOrDigit.test(character));
    if (first < 0) continue;
    let last = chars.length - 1;
    while (!letterOrDigit.test(chars[last]!)) last--;
    // Offsets in UTF-16 units, as String.slice counts them.
    const lead = chars.slice(0, first).join("").length;
    const core = chars.slice(first, last + 1).join("").length;
    const start = match.index;
    found.push({
      index: found.length,
      start,
      end: start + run.length,
      wordStart: start + lead,
      wordEnd: start + lead + core,
      text: run,
    });
  }
  return found;
}

/** The mark that covers tokens `from` to `to` (either order) of a text. */
export function stretch(all: readonly Token[], where: MarkIn, from: number, to: number): Mark {
  const [first, last] = from <= to ? [from, to] : [to, from];
  return {kind: "mark", in: where, start: all[first]!.wordStart, end: all[last]!.wordEnd};
}

/** The tokens a mark covers, as the first and last index (null when it covers none). */
export function tokenRange(all: readonly Token[], mark: Pick<Mark, "start" | "end">): [number, number] | null {
  const inside = all.filter((token) => token.wordStart < mark.end && token.wordEnd > mark.start);
  return inside.length ? [inside[0]!.index, inside.at(-1)!.index] : null;
}

const isMark = (listing: Listing): listing is Mark => listing.kind === "mark";
/** Two values alike, as their JSON reads (a line's listing; the lines and gesture a marking surface is shown). */
const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);
/** Where a text sorts: the request first, then earlier turns by number. */
const textRank = (where: string): number => (where === "request" ? 0 : Number(where.slice("turn-".length)));

/** The lines with marks in text order (then by length), the rest after them as they were. */
export function ordered(lines: readonly TraineeLine[]): TraineeLine[] {
  const marks = lines.filter((line) => isMark(line.listing));
  const rest = lines.filter((line) => !isMark(line.listing));
  marks.sort((a, b) => {
    const x = a.listing as Mark;
    const y = b.listing as Mark;
    return textRank(x.in) - textRank(y.in) || x.start - y.start || x.end - y.end;
  });
  return [...marks, ...rest];
}

/** Adds a line (a marked stretch or a line of the trainee's own words), unless the same one is listed. */
export function addLine(lines: readonly TraineeLine[], listing: Listing): TraineeLine[] {
  if (lines.some((line) => same(line.listing, listing))) return [...lines];
  return ordered([...lines, {listing}]);
}

export function removeLine(lines: readonly TraineeLine[], index: number): TraineeLine[] {
  return lines.filter((_, at) => at !== index);
}

/** Makes one line the main task (and no other); the same line again leaves it as it is. */
export function setMain(lines: readonly TraineeLine[], index: number): TraineeLine[] {
  return lines.map((line, at) => {
    const {main: _main, ...rest} = line;
    return at === index ? {...rest, main: true} : rest;
  });
}

export function setVerdict(lines: readonly TraineeLine[], index: number, verdict: TraineeVerdict | null) {
  return lines.map((line, at) => {
    if (at !== index) return line;
    const {verdict: _verdict, ...rest} = line;
    return verdict ? {...rest, verdict} : rest;
  });
}

/** Extends a marked line to a token of its text: the line then runs to that word, whichever side it is on. */
export function extendLine(lines: readonly TraineeLine[], index: number, all: readonly Token[], to: number) {
  const line = lines[index];
  if (!line || !isMark(line.listing)) return [...lines];
  const range = tokenRange(all, line.listing);
  if (!range) return [...lines];
  const mark = stretch(all, line.listing.in, Math.min(range[0], to), Math.max(range[1], to));
  return ordered(lines.map((entry, at) => (at === index ? {...entry, listing: mark} : entry)));
}

/**
 * Splits a marked line before one of its words (not its first): two lines, the first keeping the line's main-task
 * choice and verdict, the second with neither.
 */
export function splitLine(lines: readonly TraineeLine[], index: number, all: readonly Token[], before: number) {
  const line = lines[index];
  if (!line || !isMark(line.listing)) return [...lines];
  const range = tokenRange(all, line.listing);
  if (!range || before <= range[0] || before > range[1]) return [...lines];
  const head = {...line, listing: stretch(all, line.listing.in, range[0], before - 1)};
  const tail: TraineeLine = {listing: stretch(all, line.listing.in, before, range[1])};
  return ordered([...lines.slice(0, index), head, tail, ...lines.slice(index + 1)]);
}

/**
 * The marked line after this one in the same text: the first to start at or after its end (a line inside this one,
 * or overlapping it, is not "the next"). The one "merge with the next" joins.
 */
export function nextMarkIndex(lines: readonly TraineeLine[], index: number): number | null {
  const line = lines[index];
  if (!line || !isMark(line.listing)) return null;
  const mark = line.listing;
  let best: number | null = null;
  lines.forEach((entry, at) => {
    if (at === index || !isMark(entry.listing) || entry.listing.in !== mark.in) return;
    if (entry.listing.start < mark.end) return;
    if (best === null || entry.listing.start < (lines[best]!.listing as Mark).start) best = at;
  });
  return best;
}

/**
 * Merges a marked line with the next marked line in its text: one line from the first's start to the second's end
 * (the words between join too). It is the main task if either was; it keeps the first line's verdict (or, with none,
 * the second's).
 */
export function mergeWithNext(lines: readonly TraineeLine[], index: number): TraineeLine[] {
  const next = nextMarkIndex(lines, index);
  if (next === null) return [...lines];
  const a = lines[index]!;
  const b = lines[next]!;
  const first = a.listing as Mark;
  const second = b.listing as Mark;
  const merged: TraineeLine = {
    listing: {...first, end: Math.max(first.end, second.end)},
    ...(a.main || b.main ? {main: true} : {}),
    ...(a.verdict || b.verdict ? {verdict: (a.verdict ?? b.verdict)!} : {}),
  };
  return ordered(lines.flatMap((line, at) => (at === index ? [merged] : at === next ? [] : [line])));
}

/** Which lines cover a token, by index: a word can be in more than one line ("three" inside the main task's). */
export function linesAt(lines: readonly TraineeLine[], where: MarkIn, token: Token): number[] {
  return lines.flatMap((line, at) =>
    isMark(line.listing) &&
    line.listing.in === where &&
    line.listing.start < token.wordEnd &&
    line.listing.end > token.wordStart
      ? [at]
      : [],
  );
}

/** A marking gesture under way: the first word of a new stretch, or a line waiting for the word to extend it to or
 *  split it before. */
export type Pending =
  {kind: "from"; in: MarkIn; token: number} | {kind: "extend"; line: number} | {kind: "split"; line: number} | null;

/**
 * What one press on a word does. With nothing pending it becomes the first word of a new stretch; with a first word
 * pending, the stretch from it to this word becomes a line (the same word twice: a one-word line); with an extend or
 * split pending, that line is extended to, or split before, this word. A word of another text than the pending
 * gesture's starts afresh from it.
 */
export function pressWord(
  lines: readonly TraineeLine[],
  pending: Pending,
  where: MarkIn,
  all: readonly Token[],
  token: number,
): {lines: TraineeLine[]; pending: Pending} {
  const inText = (line: number) => {
    const listing = lines[line]?.listing;
    return listing !== undefined && isMark(listing) && listing.in === where;
  };
  if (pending?.kind === "from" && pending.in === where)
    return {lines: addLine(lines, stretch(all, where, pending.token, token)), pending: null};
  if (pending?.kind === "extend" && inText(pending.line))
    return {lines: extendLine(lines, pending.line, all, token), pending: null};
  if (pending?.kind === "split" && inText(pending.line))
    return {lines: splitLine(lines, pending.line, all, token), pending: null};
  return {lines: [...lines], pending: {kind: "from", in: where, token}};
}

/**
 * What the status line says while a gesture is under way (nothing when none is): the first word pressed and what to
 * press next, or the line waiting to be extended or split. `wordOf` and `lineText` give the texts the page shows.
 * `escape`: it ends with the key that cancels, as a status read out does; beside a Cancel button it need not.
 */
export function pendingPrompt(
  pending: Pending,
  {wordOf, lineText}: {wordOf: (where: MarkIn, token: number) => string; lineText: (line: number) => string},
  {escape = true}: {escape?: boolean} = {},
): string {
  if (!pending) return "";
  const cancels = escape ? " Escape cancels." : "";
  if (pending.kind === "from")
    return (
      `From “${wordOf(pending.in, pending.token)}”: now press the last word of the instruction ` +
      `(the same word again for one word).${cancels}`
    );
  const text = lineText(pending.line);
  return pending.kind === "extend"
    ? `Press the word to extend “${text}” to.${cancels}`
    : `Press the word of “${text}” where the second line starts.${cancels}`;
}

// A text being marked while it is shown (Step 1 of a score card, and the case editor's marking): the marks over it,
// the gesture under way, the word that holds the keyboard, and whether it is locked.
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
export const markStart = (where: MarkIn, all: readonly Token[]): MarkState => ({
  where,
  tokens: all,
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

/** A checklist while the trainee writes it: its lines, and how the response stands when the main task is not met. */
export interface ChecklistDraft {
  lines: TraineeLine[];
  mainNotMet: MainNotMet | undefined;
}

/**
 * Whether the list asks how the response stands to the request, which the rubric needs to tell 2 from 1 or from
 * "not applicable": only when the line chosen as the main task is not met or can't be checked.
 */
export function asksMainNotMet(lines: readonly TraineeLine[]): boolean {
  const main = lines.find((line) => line.main);
  return main?.verdict === "not-met" || main?.verdict === "cannot-check";
}

/** The checklist an answer records from a draft: none for an empty list, the main-task question only when answered. */
export function checklistOf(draft: ChecklistDraft | undefined): TraineeChecklist | undefined {
  if (!draft?.lines.length) return undefined;
  return {lines: draft.lines, ...(draft.mainNotMet ? {mainNotMet: draft.mainNotMet} : {})};
}

/** The checklist's editor: the draft, the gesture under way, the line of the trainee's own words being typed. */
export interface ChecklistEditing extends ChecklistDraft {
  pending: Pending;
  /** After Check: nothing changes until a retry. */
  locked: boolean;
  /** Marking works only while the steps are in view (a folded checklist leaves the request as plain text). */
  active: boolean;
  free: {open: boolean; text: string};
}

export type ChecklistEdit =
  | {kind: "marked"; lines: readonly TraineeLine[]; pending: Pending}
  | {kind: "verdict"; line: number; verdict: TraineeVerdict | null}
  | {kind: "main"; line: number}
  | {kind: "remove"; line: number}
  | {kind: "merge"; line: number}
  | {kind: "wait"; line: number; wait: "extend" | "split"}
  | {kind: "main-not-met"; value: MainNotMet | undefined}
  | {kind: "free-open"}
  | {kind: "free-text"; text: string}
  | {kind: "free-add"}
  | {kind: "lock"; locked: boolean}
  | {kind: "active"; active: boolean};

/** The editor on a draft; `locked` for an answer already checked, brought back by a reload. */
export const editingStart = (draft: ChecklistDraft, {locked = false}: {locked?: boolean} = {}): ChecklistEditing => ({
  lines: structuredClone(draft.lines),
  mainNotMet: draft.mainNotMet,
  pending: null,
  locked,
  active: true,
  free: {open: false, text: ""},
});

/** What an edit does to the editor's state; a locked list takes none but a retry's unlock. */
export function editChecklist(state: ChecklistEditing, edit: ChecklistEdit): ChecklistEditing {
  const withLines = (lines: TraineeLine[], pending: Pending = null) => ({...state, lines, pending});
  switch (edit.kind) {
    case "lock":
    case "active":
      // Either way a gesture under way is dropped.
      return edit.kind === "lock"
        ? {...state, locked: edit.locked, pending: null}
        : {...state, active: edit.active, pending: null};
    case "free-open":
      return {...state, free: {...state.free, open: !state.free.open}};
    case "free-text":
      return edit.text === state.free.text ? state : {...state, free: {...state.free, text: edit.text}};
  }
  if (state.locked) return state;
  switch (edit.kind) {
    case "marked":
      return withLines([...edit.lines], edit.pending);
    case "verdict":
      return withLines(setVerdict(state.lines, edit.line, edit.verdict));
    case "main":
      return withLines(setMain(state.lines, edit.line));
    case "remove":
      return withLines(removeLine(state.lines, edit.line));
    case "merge":
      return withLines(mergeWithNext(state.lines, edit.line));
    case "wait":
      return withLines(state.lines, {kind: edit.wait, line: edit.line});
    case "main-not-met":
      return {...state, mainNotMet: edit.value};
    case "free-add": {
      const text = state.free.text.trim();
      if (!text) return state;
      return {...withLines(addLine(state.lines, {kind: "free", text})), free: {...state.free, text: ""}};
    }
  }
}
