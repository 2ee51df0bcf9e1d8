// Why a case moves, in words true at the edges: the share met ("1 of 2 other instructions met: half"), and each
// version's row in its counting rule's words ("row 3, at least half met"). Each side is worded with the logic that
// produced it: a candidate's rows may differ from its base's.
import type {ParameterValues} from "../authored/schemas/logic.js";
import {rubricRowByNumber} from "../engine/labels.js";
import type {CompiledLogic} from "../engine/logic.js";
import {creditOf, tallyRead, type RubricRow, type Tally} from "../engine/rubric.js";
import type {Outcome} from "./preview.js";
import {plural} from "../text/format.js";

const shareNames = ["share", "credit", "of", "missed"];

/** Where the rows that count the other instructions begin: the first that reads the share or a count of them. */
const firstCounted = (rows: CompiledLogic["rubric"]["rows"]): number =>
  rows.findIndex((row) => shareNames.some((name) => row.when.names.includes(name)));

/** The first row reading the share and every row after it (reached because the share fell short), and the cap. */
function countedRows({rubric}: CompiledLogic): RubricRow[] {
  const first = firstCounted(rubric.rows);
  const rows = first < 0 ? [] : rubric.rows.slice(first);
  return [...rows.map((row) => row.id), ...(rubric.cap ? [rubric.cap.id] : [])];
}

const number = (n: number): string => (Number.isInteger(n) ? String(n) : String(Number(n.toFixed(2))));

/** Partly met's weight is named where it makes a fraction. */
export function shareWords({credit, of, share}: Tally, partlyCredit: number): string {
  if (of === 0) return "no other instructions";
  const part =
    share === 0.5
      ? "half"
      : share === 1
        ? "all"
        : share === 0
          ? "none"
          : share > 0.5
            ? "more than half"
            : "less than half";
  const weight = Number.isInteger(credit) ? "" : ` (partly met counts as ${number(partlyCredit)})`;
  return `${number(credit)} of ${plural(of, "other instruction")} met${weight}: ${part}`;
}

export interface MoveReason {
  /**
   * What the rows count, the share met or the instructions missed: once where both sides say the same, else each
   * side's, named ("v2: …", "the candidate: …"; a side with a line undecided has none); empty when no row counts.
   */
  shares: string[];
  /** The rows each side applies, by number and words: "row 3, at least half met" ("… or …" when it allows several). */
  from: string;
  to: string;
}

/** How a reason names its two sides, in its counts and its sentence alike: "v2" and "the candidate". */
export const reasonNames = (base: string): {base: string; candidate: string} => ({base, candidate: "the candidate"});

/** One side of a move: the logic that produced its outcome and the parameters it read. */
export interface MoveSide {
  logic: CompiledLogic;
  parameters: ParameterValues;
}

const rowsText = ({logic, parameters}: MoveSide, outcome: Outcome): string =>
  outcome.rows.length
    ? outcome.rows.map((row) => rubricRowByNumber(logic.data, row, parameters)).join(" or ")
    : "no row";

/** The missed instructions in words, for a rubric that counts them rather than a share: "1 of 2 … missed: half". */
export function missedWords({missed, of}: Tally): string {
  if (of === 0) return "no other instructions";
  const part =
    missed * 2 === of
      ? "half"
      : missed === of
        ? "all"
        : missed === 0
          ? "none"
          : missed * 2 > of
            ? "most"
            : "fewer than half";
  return `${missed} of ${plural(of, "other instruction")} missed: ${part}`;
}

/**
 * Whether a side's rows count the instructions missed rather than a share met: what the rows from the first that
 * counts through the one it applies read as they run under its parameters (row 3 under "most instructions missed"
 * reads the missed count; a row it then falls to, the last, reads nothing).
 */
function countsMissed({logic, parameters}: MoveSide, outcome: Outcome, tally: Tally): boolean {
  const rows = logic.rubric.rows;
  const first = firstCounted(rows);
  if (first < 0) return false;
  const applied = outcome.rows.map((id) => rows.findIndex((row) => row.id === id)).filter((at) => at >= 0);
  // A capped outcome names the cap, not the row it capped: every counted row is read.
  const last = applied.length ? Math.max(...applied) : rows.length - 1;
  const read = new Set<string>();
  for (const row of rows.slice(first, last + 1))
    for (const name of tallyRead(logic, row.id, tally, parameters) ?? row.when.names) read.add(name);
  return read.has("missed") && !read.has("share") && !read.has("credit");
}

/**
 * The side's count in words: the share met, a "partly met" line weighed as its rubric credits it, or the missed
 * instructions where that is what its rows count; null when a line is undecided.
 */
function sideShare(side: MoveSide, outcome: Outcome): string | null {
  const {tally} = outcome;
  if (!tally) return null;
  return countsMissed(side, outcome, tally)
    ? missedWords(tally)
    : shareWords(tally, creditOf(side.logic, "partly", side.parameters));
}

/** The reason of one move: the share (where a row that counts it applies on either side) and each side's rows. */
export function moveReason(
  from: Outcome,
  to: Outcome,
  {base, candidate}: {base: MoveSide; candidate: MoveSide},
  names: {base: string; candidate: string},
): MoveReason {
  const counts =
    from.rows.some((row) => countedRows(base.logic).includes(row)) ||
    to.rows.some((row) => countedRows(candidate.logic).includes(row));
  const rows = {from: rowsText(base, from), to: rowsText(candidate, to)};
  // What each side counts is read only where a row counts (it evaluates the rows' conditions again).
  if (!counts) return {shares: [], ...rows};
  const before = sideShare(base, from);
  const after = sideShare(candidate, to);
  // One count where both sides say the same; else each side's, named (a side with a line undecided has none).
  const shares =
    before === after
      ? [before].filter((share) => share !== null)
      : [
          ...(before === null ? [] : [`${names.base}: ${before}`]),
          ...(after === null ? [] : [`${names.candidate}: ${after}`]),
        ];
  return {shares, ...rows};
}

/** The reason in one sentence: "1 of 2 other instructions met: half. v2 applies row 3, …; the candidate applies …". */
export const reasonText = (reason: MoveReason, names: {base: string; candidate: string}): string =>
  `${reason.shares.length ? `${reason.shares.join("; ")}. ` : ""}${names.base} applies ${reason.from}; ` +
  `${names.candidate} applies ${reason.to}.`;
