// Rubric completeness, proved by enumeration rather than sampled from the items: every checklist shape goes through
// the real rubric, and the report lists gaps, non-monotone steps, cliffs and readings, each with its smallest example.
// Fast enough to re-run while an author moves a parameter (npm run bench). Readings are detected by what a row is for:
// a shape whose every instruction is met in some form belongs to rows 5 and 4, so any other row is a narrow reading.
import {
  layoutOf,
  mainRank,
  mainRuleOutcomes,
  type Placed,
  type Shape,
  type Step,
  type StepChange,
} from "./checklist-shapes.js";
import {describeShape} from "./completeness-words.js";
import type {Scoring} from "../engine/derive.js";
import {rubricRowByNumber} from "../engine/labels.js";
import {applyRubric, type RubricOutcome, type RubricRow} from "../engine/rubric.js";
import type {RuleOutcome} from "../engine/rules.js";
import type {Score, Verdict} from "../authored/schemas/verdict.js";

/** `smallest`: the fewest instructions, then the first in enumeration order. */
export interface ShapeExample {
  shape: Shape;
  words: string;
  /** Highest first ("n/a" last); exactly one for a well-formed rubric. */
  scores: Score[];
  rows: RubricRow[];
  /** Each row by its number and words, its id after: "row 3, at least half met (half-or-more)". */
  rowNames: string[];
}

export interface GapFinding {
  kind: "gap";
  /** Stable from call to call: a base and a candidate report are compared through it. */
  key: string;
  count: number;
  scores: Score[];
  rows: RubricRow[];
  rowNames: string[];
  smallest: ShapeExample;
}

/** A step ("non-monotone" or "cliff") is flagged only when it holds under every reading of both shapes, so a gap on
 *  either side is reported as a gap, not again here. */
export interface StepFinding {
  kind: "non-monotone" | "cliff";
  key: string;
  change: StepChange;
  /** A step: a shape and the one a single improved verdict turns it into. */
  count: number;
  /** Largest count first. */
  moves: {before: number[]; after: number[]; count: number}[];
  smallest: {before: ShapeExample; after: ShapeExample};
}

/** "met-read-as-missed": every instruction met, some with a small flaw, yet scored by a row written for responses that
 *  missed something (v2, two small flaws: row 4 says "one", read as exactly one). `alike`: the smallest shape that
 *  misses outright and gets the same score. */
export interface ReadingFinding {
  kind: "reading";
  key: string;
  reading: "met-read-as-missed";
  count: number;
  scores: Score[];
  smallest: ShapeExample;
  alike: ShapeExample | null;
}

export type Finding = GapFinding | StepFinding | ReadingFinding;

export interface CompletenessReport {
  maxOthers: number;
  shapes: number;
  /** Both shapes scored 1-5. */
  steps: number;
  /** Gaps, then non-monotone steps, cliffs and readings; within a kind, by smallest example. */
  findings: Finding[];
}

/** A test or an experiment may pass another. */
export type Rubric = (
  main: RuleOutcome,
  others: readonly Verdict[],
  parameters: Scoring["parameters"],
) => RubricOutcome[];

export interface CompletenessOptions {
  /** Default 6, the largest checklist the issue asks for. */
  maxOthers?: number;
  rubric?: Rubric;
}

/** A call keeps one per distinct answer (about ten) and, per shape, only its number: an object per shape living for
 *  the whole call is what the garbage collector would spend its time copying. */
interface Answer {
  key: string;
  scores: Score[];
  rows: RubricRow[];
  /** Steps compare only these; null unless all are 1-5. */
  levels: number[] | null;
  missedRow: boolean;
}

const rowsForMissed: ReadonlySet<RubricRow> = new Set<RubricRow>([
  "half-or-more",
  "fewer-than-half",
  "main-partly-capped",
  "main-not-met-engages",
  "does-not-follow",
  "declines-harmless",
]);

const scoreRank = (score: Score): number => (score === "n/a" ? 0 : score);

function answerOf(outcomes: readonly RubricOutcome[]): Answer {
  const distinct: RubricOutcome[] = [];
  for (const outcome of outcomes) if (!distinct.some(({score}) => score === outcome.score)) distinct.push(outcome);
  distinct.sort((a, b) => scoreRank(b.score) - scoreRank(a.score));
  const scores = distinct.map(({score}) => score);
  const rows = distinct.map(({row}) => row);
  return {
    key: `${scores.join(",")}:${rows.join(",")}`,
    scores,
    rows,
    levels: scores.length && !scores.includes("n/a") ? (scores as number[]) : null,
    missedRow: rows.some((row) => rowsForMissed.has(row)),
  };
}

// Rows by number, so a shape's answer is found by a number rather than a string built for each shape.
const rowNumbers = new Map<RubricRow, number>();
const rowNumber = (row: RubricRow): number => {
  let number = rowNumbers.get(row);
  if (number === undefined) rowNumbers.set(row, (number = rowNumbers.size));
  return number;
};

/** The least the score can move between two shapes, whichever candidate each is read as. */
function leastMove(before: readonly number[], after: readonly number[]): number {
  if (before.length === 1 && after.length === 1) return Math.abs(before[0]! - after[0]!);
  let least = Infinity;
  for (const a of before) for (const b of after) least = Math.min(least, Math.abs(a - b));
  return least;
}

export function completeness(
  {logic, parameters}: Scoring,
  {
    maxOthers = 6,
    rubric = (main, others, values) => applyRubric(logic, main, others, values),
  }: CompletenessOptions = {},
): CompletenessReport {
  if (!Number.isInteger(maxOthers) || maxOthers < 0)
    throw new RangeError(`maxOthers must be a whole number from 0 up, got ${maxOthers}`);
  const {shapes, steps} = layoutOf(maxOthers);

  // The rubric's answer for every shape, as a number into `answers`.
  const answers: Answer[] = [];
  const byKey = new Map<string | number, number>();
  const answerAt = new Int32Array(shapes.length);
  shapes.forEach((shape, position) => {
    const outcomes = rubric(mainRuleOutcomes[shape.main], shape.others, parameters);
    let key = outcomes.length;
    for (const {score, row} of outcomes) key = key * 128 + rowNumber(row) * 8 + scoreRank(score);
    let number = byKey.get(key);
    if (number === undefined) {
      const answer = answerOf(outcomes);
      number = byKey.get(answer.key) ?? answers.push(answer) - 1;
      byKey.set(key, number).set(answer.key, number);
    }
    answerAt[position] = number;
  });
  const answer = (position: number): Answer => answers[answerAt[position]!]!;
  // As the authors' page names a row elsewhere, its id after: "row 3, at least half met (half-or-more)".
  const rowNames = (rows: readonly RubricRow[]): string[] =>
    rows.map((row) => `${rubricRowByNumber(logic.data, row, parameters)} (${row})`);
  const example = (position: number): ShapeExample => {
    const {main, others} = shapes[position]!;
    const shape = {main, others: [...others]};
    const {scores, rows} = answer(position);
    return {shape, words: describeShape(shape), scores, rows, rowNames: rowNames(rows)};
  };

  const gaps = new Map<string, GapFinding>();
  let reading: ReadingFinding | null = null;
  for (let position = 0; position < shapes.length; position++) {
    const {scores, rows, key, missedRow} = answer(position);
    if (scores.length !== 1) {
      const gap = gaps.get(key);
      if (gap) gap.count++;
      else
        gaps.set(key, {
          kind: "gap",
          key: `gap:${key}`,
          count: 1,
          scores,
          rows,
          rowNames: rowNames(rows),
          smallest: example(position),
        });
    }
    if (missedRow && metInSomeForm(shapes[position]!)) {
      if (!reading) {
        const alike = shapes.findIndex((other, at) => missesOne(other) && same(answer(at).scores, scores));
        reading = {
          kind: "reading",
          key: "reading:met-read-as-missed",
          reading: "met-read-as-missed",
          count: 0,
          scores: [],
          smallest: example(position),
          alike: alike < 0 ? null : example(alike),
        };
      }
      reading.count++;
      for (const score of scores) if (!reading.scores.includes(score)) reading.scores.push(score);
    }
  }
  reading?.scores.sort((a, b) => scoreRank(b) - scoreRank(a));

  const nonMonotone = new Map<string, StepFinding>();
  const cliffs = new Map<string, StepFinding>();
  const record = (found: Map<string, StepFinding>, kind: StepFinding["kind"], step: Step): void => {
    const {position, from, to} = step.change;
    const key = `${kind}:${position}:${from}>${to}`;
    let finding = found.get(key);
    if (!finding) {
      const smallest = {before: example(step.before), after: example(step.after)};
      // A copy: the layout, and its changes, are shared by every call.
      finding = {kind, key, change: {...step.change}, count: 0, moves: [], smallest};
      found.set(key, finding);
    }
    finding.count++;
    const low = answer(step.before).levels!;
    const high = answer(step.after).levels!;
    const move = finding.moves.find((seen) => same(seen.before, low) && same(seen.after, high));
    if (move) move.count++;
    else finding.moves.push({before: low, after: high, count: 1});
  };
  let compared = 0;
  for (const step of steps) {
    const low = answer(step.before).levels;
    const high = answer(step.after).levels;
    if (!low || !high) continue;
    compared++;
    if (low === high) continue; // the same answer: the score did not move
    // Flagged only when true whichever candidate score each shape is read as.
    if (Math.max(...high) < Math.min(...low)) record(nonMonotone, "non-monotone", step);
    if (leastMove(low, high) >= 2) record(cliffs, "cliff", step);
  }
  const stepFindings = [...nonMonotone.values(), ...cliffs.values()];
  for (const finding of stepFindings) finding.moves.sort((a, b) => b.count - a.count);

  return {
    maxOthers,
    shapes: shapes.length,
    steps: compared,
    findings: [...gaps.values(), ...stepFindings, ...(reading ? [reading] : [])],
  };
}

/** Something is not done at all: the main task not met in any way, or another instruction not met or unchecked. */
function missesOne(shape: Placed): boolean {
  const rank = mainRank[shape.main];
  return (rank !== null && rank <= 1) || shape.counts[3]! + shape.counts[4]! > 0;
}

function metInSomeForm(shape: Placed): boolean {
  const {main, counts} = shape;
  return (main === "met" || main === "met-flaw") && counts[2] === 0 && counts[3] === 0 && counts[4] === 0;
}

const same = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && a.every((value, index) => value === b[index]);
