// The trainee's results, as data: their first-attempt scores against the ruled ones (exact, one off, two or more
// off), which way they lean, the score-by-score matrix, the rules they misapply most, and their "before" scores
// (the vague line) beside their guideline scores. The walk through the parts and the blind self-check are kept
// apart: they answer different questions. A wrong score given without a checklist blames the case's deciding rule
// under the guideline shown, and only it. The cases to review first come from lib/trainee/review.ts. Pure: the page
// renders it.
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Item, ChecklistRuleId} from "../authored/schemas/item.js";
import type {Score} from "../authored/schemas/verdict.js";
import {rulesMisapplied} from "./checklist-comparison.js";
import type {DecidingRules} from "./deciding-rules.js";
import {compareScores, type ScoreComparison} from "./score-distance.js";
import {beforeAnswer, firstAttempt, type Mode, type Progress} from "./progress.js";
import {reviewList, type ReviewEntry} from "./review.js";
import {runPasses, selfCheckRun, type ShownBy} from "./self-check-run.js";
import type {PassRule} from "../authored/schemas/content.js";
import {unknownItems} from "./import-plan.js";

/** The levels of both axes of the matrix, in reading order: 1 to 5, then "not applicable". */
export const scoreLevels: readonly Score[] = [1, 2, 3, 4, 5, "n/a"];

const levelIndex = (score: Score): number => scoreLevels.indexOf(score);

/** One case the trainee scored: their first attempt beside the ruled score. */
export interface ResultRow {
  id: string;
  set: Item["set"];
  ruled: Score;
  trainee: Score;
  score: ScoreComparison;
  /** The rules the answer got wrong: from its checklist, or from a wrong score alone (`fromScoreOnly`). */
  rulesMisapplied: ChecklistRuleId[];
  fromScoreOnly: boolean;
  /** The guideline version the answer was scored under ("v2"). */
  scoredUnder: string;
}

export interface MatrixCell {
  trainee: Score;
  ruled: Score;
  /** How far the cell's score is from the ruled one: the colour and mark its cases take. */
  distance: ScoreComparison["distance"];
  /** The cases in this cell, in walking order. */
  items: string[];
}

/** Their score (rows) against the ruled score (columns), each cell with its cases. */
export interface ScoreMatrix {
  levels: readonly Score[];
  /** `cells[row][column]`: row is the trainee's level, column the ruled level, both indexed as `levels`. */
  cells: MatrixCell[][];
  /** The largest count in a cell (0 when nothing is scored), for shading. */
  max: number;
  /** How many cases the matrix holds, and how many of them sit on the diagonal (their score is the ruled one). */
  total: number;
  exact: number;
}

export interface RuleCount {
  rule: ChecklistRuleId;
  /** The cases where the rule was misapplied, in walking order. */
  items: string[];
  /** Of those, how many the trainee's own checklist shows (the rest come from a wrong score alone). */
  fromChecklist: number;
}

/** How many of a set of scores are exact, one off and two or more off the ruled ones, and which way they miss. */
export interface DistanceCounts {
  answered: number;
  exact: number;
  oneOff: number;
  /** Two or more off, "not applicable" against a score included. */
  twoOrMoreOff: number;
  /** Above the ruled score, below it. */
  lenient: number;
  harsh: number;
  /** Mean of trainee minus ruled over the cases both scored 1-5; null when there is none. */
  meanSignedDifference: number | null;
  /** How many cases the mean is over. */
  signed: number;
}

export interface ResultGroup extends DistanceCounts {
  mode: Mode;
  /** How many cases this group could hold (every item for the walk, the run's cases for the self-check). */
  total: number;
  rows: ResultRow[];
  matrix: ScoreMatrix;
  /** Each rule misapplied, most often first (ties by rule id). */
  rulesMisapplied: RuleCount[];
}

/** One pool's blind self-check answers: the first answer to each of its cases, once the first run is finished. */
export interface SelfCheckGroup extends ResultGroup {
  /** The pool's id in data/calibration.yaml. */
  pool: string;
  /**
   * The answers of a first run not yet finished, held back: none is counted or ruled until every case is answered,
   * as on the self-check page, so the results never give a ruling away mid-run. 0 once it is finished, or not begun.
   */
  heldBack: number;
  /** The first run's outcome once it is finished: blind or not, and passed (a run that was not blind passes none). */
  firstRun: {blind: boolean; pass: boolean} | null;
}

/** One example's "before" score (the vague line, Part 1) beside its guideline score (Part 4). */
export interface BeforeAfterPair {
  id: string;
  ruled: Score;
  before: Score | null;
  after: Score | null;
  /**
   * Whether the ruled score (and how far the "before" score is from it) may be shown: only once the example is
   * checked with the guideline, since until then it would give the ruling away.
   */
  ruledShown: boolean;
  beforeScore: ScoreComparison | null;
  afterScore: ScoreComparison | null;
}

export interface BeforeAfter {
  pairs: BeforeAfterPair[];
  /** Examples with both scores. */
  both: number;
  /** Over the examples with both scores, so the two sides compare like with like. */
  before: DistanceCounts;
  after: DistanceCounts;
}

export interface TraineeResults {
  /** The cases to look at again, two or more off first, then one off (lib/trainee/review.ts). */
  review: ReviewEntry[];
  /** The walk through the parts, scored with the guideline. */
  walk: ResultGroup;
  /** The blind self-check, one group per pool (the calibration cases, the fresh cases), in the pools' order. */
  selfChecks: SelfCheckGroup[];
  beforeAfter: BeforeAfter;
  /** Ids of answered cases this site does not have (an import from another version of it): not counted. */
  unknownItems: string[];
}

/** Counts how far each comparison is from the ruled score, and the mean signed difference. */
export function countDistances(scores: readonly ScoreComparison[]): DistanceCounts {
  const count = (test: (score: ScoreComparison) => boolean) => scores.filter(test).length;
  const differences = scores.flatMap((score) => (score.difference === null ? [] : [score.difference]));
  return {
    answered: scores.length,
    exact: count((score) => score.distance === "exact"),
    oneOff: count((score) => score.distance === "one-off"),
    twoOrMoreOff: count((score) => score.distance === "two-or-more-off"),
    lenient: count((score) => score.direction === "lenient"),
    harsh: count((score) => score.direction === "harsh"),
    meanSignedDifference: differences.length
      ? differences.reduce((sum, difference) => sum + difference, 0) / differences.length
      : null,
    signed: differences.length,
  };
}

/** The matrix of the rows' scores: their score by the ruled score. */
export function scoreMatrix(rows: readonly Pick<ResultRow, "id" | "trainee" | "ruled">[]): ScoreMatrix {
  const cells = scoreLevels.map((trainee) =>
    scoreLevels.map((ruled): MatrixCell => ({
      trainee,
      ruled,
      distance: compareScores(trainee, ruled).distance,
      items: [],
    })),
  );
  for (const row of rows) cells[levelIndex(row.trainee)]![levelIndex(row.ruled)]!.items.push(row.id);
  const max = Math.max(0, ...cells.flat().map((cell) => cell.items.length));
  const exact = cells.reduce((sum, row, index) => sum + row[index]!.items.length, 0);
  return {levels: scoreLevels, cells, max, total: rows.length, exact};
}

/** The rules misapplied across the rows, most often first. */
export function misappliedRules(rows: readonly ResultRow[]): RuleCount[] {
  const byRule = new Map<ChecklistRuleId, RuleCount>();
  for (const row of rows)
    for (const rule of row.rulesMisapplied) {
      const entry = byRule.get(rule) ?? {rule, items: [], fromChecklist: 0};
      entry.items.push(row.id);
      if (!row.fromScoreOnly) entry.fromChecklist += 1;
      byRule.set(rule, entry);
    }
  return [...byRule.values()].sort((a, b) => b.items.length - a.items.length || a.rule.localeCompare(b.rule));
}

/** One group of first attempts (the walk, or a self-check pool) over `items`, in their order. */
export function resultGroup(
  progress: Progress,
  items: readonly Item[],
  mode: Mode,
  decides: DecidingRules,
): ResultGroup {
  const rows: ResultRow[] = items.flatMap((item) => {
    const answer = firstAttempt(progress, item.id, "guideline", mode);
    if (!answer) return [];
    const misapplied = rulesMisapplied(item, answer, decides);
    return [
      {
        id: item.id,
        set: item.set,
        ruled: item.score,
        trainee: answer.score,
        score: compareScores(answer.score, item.score),
        rulesMisapplied: misapplied.rules,
        fromScoreOnly: misapplied.fromScoreOnly,
        scoredUnder: answer.guideline,
      },
    ];
  });
  return {
    mode,
    total: items.length,
    rows,
    ...countDistances(rows.map((row) => row.score)),
    matrix: scoreMatrix(rows),
    rulesMisapplied: misappliedRules(rows),
  };
}

function beforeAfter(progress: Progress, examples: readonly Item[]): BeforeAfter {
  const pairs = examples.map((item): BeforeAfterPair => {
    // A "before" score given after its ruling was read is not one: a record from before Part 1 closed to it.
    const before = beforeAnswer(progress, item.id)?.score ?? null;
    const after = firstAttempt(progress, item.id, "guideline")?.score ?? null;
    return {
      id: item.id,
      ruled: item.score,
      before,
      after,
      ruledShown: after !== null,
      beforeScore: before === null ? null : compareScores(before, item.score),
      afterScore: after === null ? null : compareScores(after, item.score),
    };
  });
  const both = pairs.filter((pair) => pair.beforeScore && pair.afterScore);
  return {
    pairs,
    both: both.length,
    before: countDistances(both.map((pair) => pair.beforeScore!)),
    after: countDistances(both.map((pair) => pair.afterScore!)),
  };
}

/**
 * Everything the results page shows. `items` are the walk's cases in walking order; `pools` the blind self-check's
 * pools, each with its cases in run order (a pool's cases need not be in the walk: the fresh ones are scored only
 * there); `decides` gives each case's deciding rule under the version the pages teach, which a wrong score alone is
 * blamed on. Only first attempts count; retries are ignored here.
 */
export function traineeResults(
  progress: Progress,
  items: readonly Item[],
  {
    pools,
    decides,
  }: {
    pools: readonly {id: string; items: readonly Item[]; shownBy: ShownBy; pass: PassRule}[];
    decides: DecidingRules;
  },
): TraineeResults {
  const walked = new Set(items.map((item) => item.id));
  const order = [...items, ...pools.flatMap((pool) => pool.items.filter((item) => !walked.has(item.id)))];
  const walk = resultGroup(progress, items, "walk", decides);
  const selfChecks = pools.map((pool): SelfCheckGroup => {
    const first = selfCheckRun(progress.answers, {items: pool.items.map((item) => item.id), shownBy: pool.shownBy}, 1);
    const underway = !first.complete && first.answers.length > 0;
    const group = resultGroup(progress, underway ? [] : pool.items, "self-check", decides);
    return {
      pool: pool.id,
      ...group,
      total: pool.items.length,
      heldBack: underway ? first.answers.length : 0,
      firstRun: first.complete ? {blind: first.blind, pass: runPasses(first, pool.pass, group)} : null,
    };
  });
  return {
    review: reviewList([walk, ...selfChecks], order),
    walk,
    selfChecks,
    beforeAfter: beforeAfter(
      progress,
      items.filter((item) => item.set === "examples"),
    ),
    unknownItems: unknownItems(progress, new Set(order.map((item) => item.id))),
  };
}

/** A rule as the results name it: its title when the guideline has it; else its id in plain words, never the id. */
export function namedRule(guideline: Pick<Guideline, "rules">, id: string): {title: string; inGuideline: boolean} {
  const found = guideline.rules.find((rule) => rule.id === id);
  if (found) return {title: found.title, inGuideline: true};
  const words = id.replace(/-/g, " ");
  return {title: words.charAt(0).toUpperCase() + words.slice(1), inGuideline: false};
}
