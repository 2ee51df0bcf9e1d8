// The author's preview: what changes between a base guideline and a candidate, and why each case that moves does. The
// base is derived once, recording the settings each item's derivation read (lib/engine/settings-read.ts), so a
// candidate re-derives only the items whose settings it changes. A move's reason is worded true at the edges (the share
// met, "1 of 2 other instructions met: half", and each side's row in its counting rule's words), each side with the
// logic that produced it: a candidate's rows may differ from its base's.
import {coverage, type CoverageRow} from "./coverage.js";
import {itemLabel} from "../site/links.js";
import {
  allowsRuling,
  contradictsRuling,
  derive,
  type Derivation,
  type RuleSet,
  type TraceLine,
} from "../engine/derive.js";
import {listWords, plural} from "../text/format.js";
import {deriveReading, type SettingsRead} from "../engine/settings-read.js";
import type {Item} from "../authored/schemas/item.js";
import {creditOf, tallyRead, type RubricRow, type Tally} from "../engine/rubric.js";
import type {CompiledLogic} from "../engine/logic.js";
import {rubricRowByNumber} from "../engine/labels.js";
import type {ParameterValues} from "../authored/schemas/logic.js";
import type {Score, Verdict} from "../authored/schemas/verdict.js";

/** Null score with the candidates when the rubric cannot choose. */
export interface Outcome {
  score: Score | null;
  /** Highest first (empty when it allows none). */
  candidates: Score[];
  /** Why the score is what it is when no checklist line changed. */
  rows: RubricRow[];
  /** Null when a line is undecided. */
  tally: Tally | null;
}

export interface LineDecision {
  /** Null when the line is open (see `verdicts`) or undecided. */
  verdict: Verdict | null;
  clause: string | null;
  /** Several when the version's rule allows more than one. */
  verdicts: Verdict[];
  /** False: nothing decides it, it reads either way. */
  ruled: boolean;
}

export interface LineChange {
  index: number;
  rule: TraceLine["rule"];
  role: TraceLine["role"];
  from: LineDecision;
  to: LineDecision;
}

export interface MovedItem {
  id: string;
  label: string;
  set: Item["set"];
  from: Outcome;
  to: Outcome;
  lines: LineChange[];
  reason: MoveReason;
}

export interface UnsettledItem {
  id: string;
  label: string;
  set: Item["set"];
  candidates: Score[];
  before: Outcome;
  alreadyUnsettled: boolean;
}

/** Its score rests on a line an unwritten rule decides: nothing to cite. */
export interface UncitedItem {
  id: string;
  label: string;
  set: Item["set"];
  score: Score | null;
  lines: {index: number; rule: TraceLine["rule"]}[];
  alreadyUncited: boolean;
}

/**
 * Its score stays, but a line's ruled verdict is not one the candidate allows: a version saved with the change fails
 * guideline:check on the case until the line is ruled again.
 */
export interface ReruledItem {
  id: string;
  label: string;
  set: Item["set"];
  lines: {index: number; rule: TraceLine["rule"]; ruled: Verdict; to: LineDecision}[];
}

/** The reruled cases in words: on the authors' page, in its status line and in guideline:preview's report. */
export const reruledWords = (count: number): string =>
  `${plural(count, "item keeps its score", "items keep their score")} but not a line's ruling`;

/** What a reruled case means for a version saved with the change. */
export const reruledConsequence =
  "a version saved with this change fails guideline:check until those lines are ruled again";

/**
 * What `guideline:check` will say of a version saved from the candidate, read from its preview against the version
 * whose rulings the case files hold (the newest): the cases it fails on until each file is ruled as the new version
 * rules it, or null when it will pass.
 */
export function savedCheckWords(preview: Pick<Preview, "moved" | "reruled">, version: string): string | null {
  const scored = preview.moved.map((item) => item.label);
  const reruled = preview.reruled.map((item) => item.label);
  const fails = [
    ...(scored.length
      ? [`${listWords(scored)} (${scored.length === 1 ? "its score moves" : "their scores move"})`]
      : []),
    ...(reruled.length
      ? [`${listWords(reruled)} (a line's ruling changes${reruled.length === 1 ? "" : " in each"})`]
      : []),
  ];
  if (!fails.length) return null;
  return (
    `Saved as ${version}, it fails guideline:check on ${fails.join(" and on ")}, until each case's file is ruled ` +
    `as ${version} rules it.`
  );
}

export interface DistributionRow {
  score: Score | "none";
  count: number;
}

export interface Preview {
  base: string;
  candidate: string;
  itemCount: number;
  moved: MovedItem[];
  unsettled: UnsettledItem[];
  /** A trainee has no rule to cite. */
  uncited: UncitedItem[];
  /** Its score stays, a line's ruling does not. */
  reruled: ReruledItem[];
  /** 5..1, "n/a", then "none" (no single score). */
  distribution: {before: DistributionRow[]; after: DistributionRow[]};
  coverage: {before: CoverageRow[]; after: CoverageRow[]};
  workedExamples: {lost: Score[]; gained: Score[]};
}

/** previewFrom reuses it for every candidate. */
export interface PreparedBase {
  ruleSet: RuleSet;
  items: readonly Item[];
  derivations: Derivation[];
  reads: SettingsRead[];
  distribution: DistributionRow[];
  coverage: CoverageRow[];
}

const levels: Score[] = [5, 4, 3, 2, 1];
const distributionKeys: (Score | "none")[] = [...levels, "n/a", "none"];

function distributionOf(derivations: readonly Derivation[]): DistributionRow[] {
  const counts = new Map<Score | "none", number>(distributionKeys.map((key) => [key, 0]));
  for (const {score} of derivations) {
    const key = score ?? "none";
    counts.set(key, counts.get(key)! + 1);
  }
  return distributionKeys.map((score) => ({score, count: counts.get(score)!}));
}

function coverageOf(items: readonly Item[], derivations: readonly Derivation[]): CoverageRow[] {
  return coverage(
    items.map(({id, title, set, origin, order}, index) => ({
      id,
      title,
      set,
      origin,
      order,
      score: derivations[index]!.score,
    })),
  );
}

const noRules: ReadonlySet<string> = new Set();
const unwritten = (ruleSet: RuleSet): ReadonlySet<string> => ruleSet.unwrittenRuleIds ?? noRules;

/** Parameters whose values differ; rules whose logic, application or statement differs; all, when the rubric or the
 *  parameters' declarations differ. */
function changesFrom(base: RuleSet, candidate: RuleSet): {parameters: string[]; rules: string[]} | "all" {
  const before = base.logic.data;
  const after = candidate.logic.data;
  if (before !== after && (before.rubric !== after.rubric || before.parameters !== after.parameters)) return "all";
  const ids = new Set([...base.logic.rules.keys(), ...candidate.logic.rules.keys(), ...base.ruleIds]);
  for (const id of candidate.ruleIds) ids.add(id);
  const keys = new Set([...Object.keys(base.parameters), ...Object.keys(candidate.parameters)]);
  const values = (ruleSet: RuleSet, key: string): unknown => (ruleSet.parameters as Record<string, unknown>)[key];
  return {
    parameters: [...keys].filter((key) => !Object.is(values(base, key), values(candidate, key))),
    rules: [...ids].filter(
      (id) =>
        base.logic.rules.get(id)?.data !== candidate.logic.rules.get(id)?.data ||
        base.ruleIds.has(id) !== candidate.ruleIds.has(id) ||
        unwritten(base).has(id) !== unwritten(candidate).has(id),
    ),
  };
}

/** The base derivation where the candidate changes none of its settings. */
export function deriveCandidate(prepared: PreparedBase, candidate: RuleSet): Derivation[] {
  const changed = changesFrom(prepared.ruleSet, candidate);
  return prepared.items.map((item, index) => {
    const read = prepared.reads[index]!;
    const moves =
      changed === "all" ||
      changed.parameters.some((name) => read.parameters.has(name)) ||
      changed.rules.some((rule) => read.rules.has(rule));
    return moves ? derive(item, candidate) : prepared.derivations[index]!;
  });
}

export function prepareBase(items: readonly Item[], base: RuleSet): PreparedBase {
  const readings = items.map((item) => deriveReading(item, base));
  const derivations = readings.map((reading) => reading.derivation);
  return {
    ruleSet: base,
    items,
    derivations,
    reads: readings.map((reading) => reading.settings),
    distribution: distributionOf(derivations),
    coverage: coverageOf(items, derivations),
  };
}

const outcomeOf = ({score, candidates, rows, tally}: Derivation): Outcome => ({score, candidates, rows, tally});

export function outcomeMoved(before: Derivation, after: Derivation): boolean {
  if (before.score !== after.score || before.candidates.length !== after.candidates.length) return true;
  return before.candidates.some((score, index) => after.candidates[index] !== score);
}

/** A line's decision as derived, and whether the version rules by the rule it cites. */
/** A line as a version decides it; `ruled`: the version has a rule for it. */
export const decisionOf = (line: TraceLine, ruled: boolean): LineDecision => ({
  verdict: line.derived,
  clause: line.clause,
  verdicts: [...line.verdicts],
  ruled,
});

function lineChanges(before: Derivation, after: Derivation, base: RuleSet, candidate: RuleSet): LineChange[] {
  const changes: LineChange[] = [];
  before.lines.forEach((line, index) => {
    const next = after.lines[index]!;
    const sameVerdicts =
      line.verdicts.length === next.verdicts.length &&
      line.verdicts.every((verdict, at) => next.verdicts[at] === verdict);
    if (line.derived !== next.derived || line.clause !== next.clause || !sameVerdicts)
      changes.push({
        index,
        rule: line.rule,
        role: line.role,
        from: decisionOf(line, base.ruleIds.has(line.rule)),
        to: decisionOf(next, candidate.ruleIds.has(line.rule)),
      });
  });
  return changes;
}

/** The dependence report's inner loop. */
export function movedIds(prepared: PreparedBase, candidate: RuleSet): string[] {
  const after = deriveCandidate(prepared, candidate);
  return prepared.items
    .filter((_, index) => outcomeMoved(prepared.derivations[index]!, after[index]!))
    .map(({id}) => id);
}

function hasExample(rows: readonly CoverageRow[], score: Score): boolean {
  return rows.some((row) => row.score === score && row.items.length > 0);
}

export function previewFrom(prepared: PreparedBase, candidate: RuleSet): Preview {
  const {items, derivations: before} = prepared;
  const after = deriveCandidate(prepared, candidate);
  const moved: MovedItem[] = [];
  const unsettled: UnsettledItem[] = [];
  const uncited: UncitedItem[] = [];
  const reruled: ReruledItem[] = [];
  items.forEach((item, index) => {
    const from = before[index]!;
    const to = after[index]!;
    // Uncited: a rule the version applies decides it but the version does not state that rule.
    const uncitedLines = to.lines.filter((line) => !line.citable && candidate.ruleIds.has(line.rule));
    if (uncitedLines.length)
      uncited.push({
        id: item.id,
        label: itemLabel(item),
        set: item.set,
        score: to.score,
        lines: uncitedLines.map(({index: at, rule}) => ({index: at, rule})),
        alreadyUncited: from.lines.some((line) => !line.citable && prepared.ruleSet.ruleIds.has(line.rule)),
      });
    const changed = outcomeMoved(from, to);
    // As guideline:check holds a line (lib/authoring/case-check.ts): a rule the candidate has must allow its ruling.
    const contradicted = to.lines.filter(
      (line, at) => contradictsRuling(line, candidate.ruleIds) && allowsRuling(from.lines[at]!),
    );
    if (!changed && contradicted.length)
      reruled.push({
        id: item.id,
        label: itemLabel(item),
        set: item.set,
        lines: contradicted.map((line) => ({
          index: line.index,
          rule: line.rule,
          ruled: line.ruled,
          to: decisionOf(line, true),
        })),
      });
    const unsettledNow = to.score === null;
    if (!changed && !unsettledNow) return;
    const label = itemLabel(item);
    if (changed)
      moved.push({
        id: item.id,
        label,
        set: item.set,
        from: outcomeOf(from),
        to: outcomeOf(to),
        lines: lineChanges(from, to, prepared.ruleSet, candidate),
        reason: moveReason(
          outcomeOf(from),
          outcomeOf(to),
          {base: prepared.ruleSet, candidate},
          reasonNames(prepared.ruleSet.version),
        ),
      });
    if (unsettledNow)
      unsettled.push({
        id: item.id,
        label,
        set: item.set,
        candidates: to.candidates,
        before: outcomeOf(from),
        alreadyUnsettled: from.score === null,
      });
  });
  // The table changes only when a score does: most single changes move a few items or none.
  const scoresMoved = moved.some((item) => item.from.score !== item.to.score);
  const coverageAfter = scoresMoved ? coverageOf(items, after) : prepared.coverage;
  return {
    base: prepared.ruleSet.version,
    candidate: candidate.version,
    itemCount: items.length,
    moved,
    unsettled,
    uncited,
    reruled,
    distribution: {before: prepared.distribution, after: distributionOf(after)},
    coverage: {before: prepared.coverage, after: coverageAfter},
    workedExamples: {
      lost: levels.filter((score) => hasExample(prepared.coverage, score) && !hasExample(coverageAfter, score)),
      gained: levels.filter((score) => !hasExample(prepared.coverage, score) && hasExample(coverageAfter, score)),
    },
  };
}

/** @internal Only the tests' one-call preview (the page and the command line prepare the base once). */
export function preview(items: readonly Item[], base: RuleSet, candidate: RuleSet): Preview {
  return previewFrom(prepareBase(items, base), candidate);
}

// Why a case moves, in words true at the edges: the share met ("1 of 2 other instructions met: half"), and each
// version's row in its counting rule's words ("row 3, at least half met").

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
