// The earlier turns of a conversation in the case editor: the user's and the assistant's turns before the request,
// each with its role and its words, which the author adds, edits, reorders and removes; and the texts a standing
// instruction may be marked in (a line's quoteIn: "request" or "turn-N"). Pure and browser-safe, like case-editor.ts.
//
// A turn's number is what a line's quoteIn names ("turn-2" is the turn with turn: 2). A case's numbers are kept as its
// file has them until the turns are added to, moved or removed; then they are counted again from 1 in order, the
// request is the turn after the last, and every line that quotes a turn follows it to its new number.
import {isRecord, withItemMoved, withoutItem, type CaseRecord} from "./case-record.js";

export type TurnRole = "user" | "assistant";

/** A text the instructions can be marked in: the request, or a quoted earlier turn, by the quoteIn that names it. */
export interface MarkableText {
  quoteIn: string;
  /** Its name in a sentence: "the request", "turn 1". */
  label: string;
  text: string;
}

/** The earlier turns as a list (an empty one when the case has none). */
export const turnsOf = (record: CaseRecord): Record<string, unknown>[] =>
  Array.isArray(record.turns) ? record.turns.map((turn) => (isRecord(turn) ? turn : {})) : [];

/** The quoteIn that names a turn: "turn-N" from its number, or null for a turn with none. */
const quoteInOf = (turn: Record<string, unknown>): string | null =>
  typeof turn.turn === "number" ? `turn-${turn.turn}` : null;

/**
 * The case with `turns` in place of its earlier turns, numbered 1, 2 … in order, the request the turn after them,
 * and each line's quoteIn moved with the turn it names. A line that quoted a removed turn quotes the request again,
 * where the check shows its words are not found, rather than quoting whichever turn took that number.
 */
function withTurns(record: CaseRecord, turns: readonly Record<string, unknown>[]): CaseRecord {
  const renamed = new Map<string, string>();
  const numbered = turns.map((turn, at) => {
    const before = quoteInOf(turn);
    if (before) renamed.set(before, `turn-${at + 1}`);
    return {...turn, turn: at + 1};
  });
  const {turns: _turns, ...rest} = record;
  const next: CaseRecord = numbered.length ? {...rest, turns: numbered} : rest;
  if (isRecord(record.request)) {
    const {turn: _turn, ...request} = record.request;
    next.request = numbered.length ? {...request, turn: numbered.length + 1} : request;
  }
  if (Array.isArray(record.checklist))
    next.checklist = record.checklist.map((line) => {
      if (!isRecord(line) || typeof line.quoteIn !== "string" || line.quoteIn === "request") return line;
      const moved = renamed.get(line.quoteIn);
      if (moved) return moved === line.quoteIn ? line : {...line, quoteIn: moved};
      const {quoteIn: _gone, ...kept} = line;
      return kept;
    });
  return next;
}

/** Adds an earlier turn after the last: the user's, or the assistant's answer; its words are typed next. */
export const addTurn = (record: CaseRecord, role: TurnRole): CaseRecord =>
  withTurns(record, [...turnsOf(record), {role}]);

/** Removes an earlier turn; the lines that quoted it quote the request again. */
export function removeTurn(record: CaseRecord, index: number): CaseRecord {
  const turns = withoutItem(turnsOf(record), index);
  return turns ? withTurns(record, turns) : record;
}

/** Moves an earlier turn to position `to` (clamped), its lines' quotes with it. */
export function moveTurn(record: CaseRecord, from: number, to: number): CaseRecord {
  const turns = withItemMoved(turnsOf(record), from, to);
  return turns ? withTurns(record, turns) : record;
}

/** Sets a turn's role or words (an emptied text is left out, and the check says it is missing). */
export function setTurnField(record: CaseRecord, index: number, name: "role" | "text", value: string): CaseRecord {
  const turns = turnsOf(record);
  if (index < 0 || index >= turns.length || turns[index]![name] === value) return record;
  const {[name]: _old, ...rest} = turns[index]!;
  const changed = value === "" ? rest : {...rest, [name]: value};
  return {...record, turns: turns.map((turn, at) => (at === index ? changed : turn))};
}

/**
 * The texts a line's words may be marked in: the request, then each numbered turn of the user's quoted with words
 * (where a standing instruction is given; the trainee's Step 1 offers the same texts).
 */
export function markableTexts(record: CaseRecord): MarkableText[] {
  const request = isRecord(record.request) && typeof record.request.text === "string" ? record.request.text : "";
  const turns = turnsOf(record).flatMap((turn): MarkableText[] => {
    const quoteIn = quoteInOf(turn);
    const text = typeof turn.text === "string" ? turn.text : "";
    if (!quoteIn || turn.role !== "user" || !text.trim() || (turn.form ?? "quoted") !== "quoted") return [];
    return [{quoteIn, label: `turn ${String(turn.turn)}`, text}];
  });
  return [{quoteIn: "request", label: "the request", text: request}, ...turns];
}
