// The author's preview: what changes between a base guideline and a candidate (another version, or the base with
// parameters changed). Browser-safe: the base is derived once (prepareBase), recording the settings that can move
// each item, read from the conditions along the path its derivation took (lib/engine/settings-read.ts), and a
// candidate re-derives only the items whose settings it changes; this module says what moved and why. It is long:
// the report's shapes (moved, unsettled, uncited items) are declared beside the one function that fills them.
import {coverage, type CoverageRow} from "./coverage.js";
import {itemLabel} from "../site/links.js";
import {moveReason, type MoveReason} from "./move-reason.js";
import {derive, type Derivation, type RuleSet, type TraceLine} from "../engine/derive.js";
import {deriveReading, type SettingsRead} from "../engine/settings-read.js";
import type {Item} from "../authored/schemas/item.js";
import type {RubricRow, Tally} from "../engine/rubric.js";
import type {Score, Verdict} from "../authored/schemas/verdict.js";

/** What the rubric gives an item: one score, or null with the candidates when it cannot choose. */
export interface Outcome {
  score: Score | null;
  /** Every score the rubric allows, highest first (empty when it allows none). */
  candidates: Score[];
  /** The rubric row behind each candidate: why the score is what it is when no checklist line changed. */
  rows: RubricRow[];
  /** What the rubric counted of the other instructions; null when a line is undecided. */
  tally: Tally | null;
}

/** How a rule decided one checklist line: its verdict and clause, both null when no rule decides it. */
export interface LineDecision {
  /** The one verdict, or null when the line is open (see `verdicts`) or undecided. */
  verdict: Verdict | null;
  clause: string | null;
  /** Every verdict the line may take: one when decided, several when the version's rule allows more than one. */
  verdicts: Verdict[];
  /** Whether the version has a rule for the line at all (false: nothing decides it, it reads either way). */
  ruled: boolean;
}

/** A checklist line whose derived verdict or clause differs between base and candidate. */
export interface LineChange {
  index: number;
  rule: TraceLine["rule"];
  role: TraceLine["role"];
  from: LineDecision;
  to: LineDecision;
}

/** An item whose outcome (score or candidates) is not the same under the candidate. */
export interface MovedItem {
  id: string;
  label: string;
  set: Item["set"];
  from: Outcome;
  to: Outcome;
  /** The lines behind the move, in checklist order. */
  lines: LineChange[];
  /** The share of the other instructions met and the row each side applies, in words. */
  reason: MoveReason;
}

/** An item with no single score under the candidate. */
export interface UnsettledItem {
  id: string;
  label: string;
  set: Item["set"];
  candidates: Score[];
  /** Its outcome under the base. */
  before: Outcome;
  /** Whether the base already gave it no single score. */
  alreadyUnsettled: boolean;
}

/** One bar of the score distribution: a score, or "none" for the items with no single score. */
/** An item whose score rests on a line that a rule decides but the guideline does not state: nothing to cite. */
export interface UncitedItem {
  id: string;
  label: string;
  set: Item["set"];
  score: Score | null;
  /** The lines decided by an unwritten rule. */
  lines: {index: number; rule: TraceLine["rule"]}[];
  /** Whether the base already left these lines uncited. */
  alreadyUncited: boolean;
}

export interface DistributionRow {
  score: Score | "none";
  count: number;
}

export interface Preview {
  base: string;
  candidate: string;
  /** How many items were derived. */
  itemCount: number;
  moved: MovedItem[];
  unsettled: UnsettledItem[];
  /** Items whose score the candidate decides with a rule it does not state (a trainee has no rule to cite). */
  uncited: UncitedItem[];
  /** Count per score 5..1, "n/a", then "none" (no single score), before and after. */
  distribution: {before: DistributionRow[]; after: DistributionRow[]};
  /** The coverage table (lib/authoring/coverage.ts) before and after. */
  coverage: {before: CoverageRow[]; after: CoverageRow[]};
  /** The levels 1-5 that had a worked example under the base and have none under the candidate, and the reverse. */
  workedExamples: {lost: Score[]; gained: Score[]};
}

/** The base side, derived once: previewFrom reuses it for every candidate. */
export interface PreparedBase {
  ruleSet: RuleSet;
  items: readonly Item[];
  derivations: Derivation[];
  /** Per item, the settings that can move it under the base (lib/engine/settings-read.ts). */
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

/**
 * What the candidate changes: the parameters whose values differ; the rules whose logic differs, that one version
 * applies and the other not, or that one states and the other not; all, when the rubric or the parameters'
 * declarations differ.
 */
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

/** Each item's derivation under the candidate: its base derivation where the candidate changes none of its settings. */
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

/** Whether two derivations of one item give a different score or a different set of candidates. */
export function outcomeMoved(before: Derivation, after: Derivation): boolean {
  if (before.score !== after.score || before.candidates.length !== after.candidates.length) return true;
  return before.candidates.some((score, index) => after.candidates[index] !== score);
}

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
        from: {
          verdict: line.derived,
          clause: line.clause,
          verdicts: [...line.verdicts],
          ruled: base.ruleIds.has(line.rule),
        },
        to: {
          verdict: next.derived,
          clause: next.clause,
          verdicts: [...next.verdicts],
          ruled: candidate.ruleIds.has(line.rule),
        },
      });
  });
  return changes;
}

/** The ids of the items whose outcome moves under the candidate: the dependence report's inner loop. */
export function movedIds(prepared: PreparedBase, candidate: RuleSet): string[] {
  const after = deriveCandidate(prepared, candidate);
  return prepared.items
    .filter((_, index) => outcomeMoved(prepared.derivations[index]!, after[index]!))
    .map(({id}) => id);
}

function hasExample(rows: readonly CoverageRow[], score: Score): boolean {
  return rows.some((row) => row.score === score && row.items.length > 0);
}

/** Everything that changes from the prepared base to the candidate. */
export function previewFrom(prepared: PreparedBase, candidate: RuleSet): Preview {
  const {items, derivations: before} = prepared;
  const after = deriveCandidate(prepared, candidate);
  const moved: MovedItem[] = [];
  const unsettled: UnsettledItem[] = [];
  const uncited: UncitedItem[] = [];
  items.forEach((item, index) => {
    const from = before[index]!;
    const to = after[index]!;
    // A line is uncited when a rule the version applies decides it but the version does not state that rule.
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
        reason: moveReason(outcomeOf(from), outcomeOf(to), {
          base: prepared.ruleSet,
          candidate,
        }),
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
  // The table only changes when a score does: most single changes move a few items or none.
  const scoresMoved = moved.some((item) => item.from.score !== item.to.score);
  const coverageAfter = scoresMoved ? coverageOf(items, after) : prepared.coverage;
  return {
    base: prepared.ruleSet.version,
    candidate: candidate.version,
    itemCount: items.length,
    moved,
    unsettled,
    uncited,
    distribution: {before: prepared.distribution, after: distributionOf(after)},
    coverage: {before: prepared.coverage, after: coverageAfter},
    workedExamples: {
      lost: levels.filter((score) => hasExample(prepared.coverage, score) && !hasExample(coverageAfter, score)),
      gained: levels.filter((score) => !hasExample(prepared.coverage, score) && hasExample(coverageAfter, score)),
    },
  };
}

/**
 * The preview in one call; to try many candidates against one base, prepareBase once and call previewFrom.
 * @internal Only the tests' one-call preview of a change (the page and the command line prepare the base once).
 */
export function preview(items: readonly Item[], base: RuleSet, candidate: RuleSet): Preview {
  return previewFrom(prepareBase(items, base), candidate);
}
