// Why a case moves, in words true at the edges: the share met ("1 of 2 other instructions met: half"), and each
// version's row in its counting rule's words ("row 3, at least half met"). Each side is worded with the logic that
// produced it: a candidate's rows may differ from its base's.
import type {ParameterValues} from "../authored/schemas/logic.js";
import {rubricRowByNumber} from "../engine/labels.js";
import type {CompiledLogic} from "../engine/logic.js";
import {creditOf, type RubricRow, type Tally} from "../engine/rubric.js";
import type {Outcome} from "./preview.js";
import {plural} from "../text/format.js";

const shareNames = ["share", "credit", "of", "missed"];

/** The first row reading the share and every row after it (reached because the share fell short), and the cap. */
function countedRows({rubric}: CompiledLogic): RubricRow[] {
  const first = rubric.rows.findIndex((row) => shareNames.some((name) => row.when.names.includes(name)));
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
  /** The share of the other instructions met, once, or per version where they differ; empty when no row counts it. */
  shares: string[];
  /** The rows each side applies, by number and words: "row 3, at least half met" ("… or …" when it allows several). */
  from: string;
  to: string;
}

/** One side of a move: the logic that produced its outcome and the parameters it read. */
export interface MoveSide {
  logic: CompiledLogic;
  parameters: ParameterValues;
}

const rowsText = ({logic, parameters}: MoveSide, outcome: Outcome): string =>
  outcome.rows.length
    ? outcome.rows.map((row) => rubricRowByNumber(logic.data, row, parameters)).join(" or ")
    : "no row";

/** The side's share in words, a "partly met" line weighed as its rubric credits it; null when a line is undecided. */
const sideShare = ({logic, parameters}: MoveSide, outcome: Outcome): string | null =>
  outcome.tally && shareWords(outcome.tally, creditOf(logic, "partly", parameters));

/** The reason of one move: the share (where a row that counts it applies on either side) and each side's rows. */
export function moveReason(
  from: Outcome,
  to: Outcome,
  {base, candidate}: {base: MoveSide; candidate: MoveSide},
  names: {base: string; candidate: string} = {base: "base", candidate: "candidate"},
): MoveReason {
  const counts =
    from.rows.some((row) => countedRows(base.logic).includes(row)) ||
    to.rows.some((row) => countedRows(candidate.logic).includes(row));
  const before = sideShare(base, from);
  const after = sideShare(candidate, to);
  const shares = !counts
    ? []
    : before === after || !before || !after
      ? [before ?? after].filter((share) => share !== null)
      : [`${names.base}: ${before}`, `${names.candidate}: ${after}`];
  return {shares, from: rowsText(base, from), to: rowsText(candidate, to)};
}

/** The reason in one sentence: "1 of 2 other instructions met: half; v2 applies row 3, …; the candidate row 2, …". */
export const reasonText = (reason: MoveReason, names: {base: string; candidate: string}): string =>
  `${reason.shares.length ? `${reason.shares.join("; ")}. ` : ""}${names.base} applies ${reason.from}; ` +
  `${names.candidate} applies ${reason.to}.`;
