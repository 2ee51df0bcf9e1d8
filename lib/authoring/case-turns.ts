// The earlier turns of a conversation in the case editor. A line's quoteIn names a turn by number ("turn-2"); numbers
// stay as the file has them until turns are added, moved or removed, then are counted from 1 again, and every line
// quoting a turn follows it to its new number.
import {isRecord, withItemMoved, withoutItem, type CaseRecord} from "./case-record.js";

export type TurnRole = "user" | "assistant";

export interface MarkableText {
  quoteIn: string;
  label: string;
  text: string;
}

export const turnsOf = (record: CaseRecord): Record<string, unknown>[] =>
  Array.isArray(record.turns) ? record.turns.map((turn) => (isRecord(turn) ? turn : {})) : [];

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
