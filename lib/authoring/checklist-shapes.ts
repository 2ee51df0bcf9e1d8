// The checklist shapes the rubric's completeness walks. Order among the other instructions does not matter to the
// rubric, so every checklist a response can produce is one of a few thousand shapes, built once per size with every
// one-step improvement between them.
import type {RuleOutcome} from "../engine/rules.js";

/** Each one a distinct input to the rubric. */
export type MainOutcome =
  | "met"
  | "met-flaw"
  | "partly"
  | "not-met-engages"
  | "not-met-ignores"
  | "declines-harmless"
  | "cannot-check"
  | "justified-refusal";

/** "not-instruction" lines never reach the rubric. */
export type OtherVerdict = "met" | "met-flaw" | "partly" | "not-met" | "cannot-check";

/** The best first, then the ways of not doing the task, the refusal last. */
export const mainOutcomes: readonly MainOutcome[] = [
  "met",
  "met-flaw",
  "partly",
  "not-met-engages",
  "not-met-ignores",
  "declines-harmless",
  "cannot-check",
  "justified-refusal",
];

/** A shape's others are listed in this order. */
export const otherVerdicts: readonly OtherVerdict[] = ["met", "met-flaw", "partly", "not-met", "cannot-check"];

/** As lib/engine/rules.ts builds it. "cannot-check" is reachable through a stated-constraints line in the main role,
 *  which sets no `engages`. */
export const mainRuleOutcomes: Readonly<Record<MainOutcome, RuleOutcome>> = {
  "met": {verdict: "met", clause: "delivered"}, // main-task
  "met-flaw": {verdict: "met-flaw", clause: "observed-met-flaw"}, // stated-constraints
  "partly": {verdict: "partly", clause: "enough-done"}, // main-task-partial
  "not-met-engages": {verdict: "not-met", clause: "not-delivered", engages: true}, // main-task
  "not-met-ignores": {verdict: "not-met", clause: "different-task", engages: false}, // main-task
  // refusal, of a harmless request
  "declines-harmless": {verdict: "not-met", clause: "declines-harmless", declinesHarmless: true, engages: false},
  "cannot-check": {verdict: "cannot-check", clause: "observed-cannot-check"}, // stated-constraints
  "justified-refusal": {verdict: "not-applicable", clause: "justified-refusal"}, // refusal
};

/** Another instruction: not met = can't be checked < partly < met with a small flaw < met. The main task: not done
 *  without engaging < not met but engages < partly < flaw < met. A justified refusal is not rated: not on the scale.
 *  Verdicts of equal rank are not compared: a step between them is no improvement, so none is flagged. */
export const mainRank: Readonly<Record<MainOutcome, number | null>> = {
  "met": 4,
  "met-flaw": 3,
  "partly": 2,
  "not-met-engages": 1,
  "not-met-ignores": 0,
  "declines-harmless": 0,
  "cannot-check": 0,
  "justified-refusal": null,
};
export const otherRank: Readonly<Record<OtherVerdict, number>> = {
  "met": 3,
  "met-flaw": 2,
  "partly": 1,
  "not-met": 0,
  "cannot-check": 0,
};

export interface Shape {
  main: MainOutcome;
  others: OtherVerdict[];
}

export type StepChange =
  {position: "main"; from: MainOutcome; to: MainOutcome} | {position: "other"; from: OtherVerdict; to: OtherVerdict};

/** The counts of each other verdict, in otherVerdicts order, beside the list. */
export interface Placed {
  main: MainOutcome;
  counts: number[];
  others: OtherVerdict[];
}

/** Positions in the layout's shapes. */
export interface Step {
  before: number;
  after: number;
  change: StepChange;
}

/** Independent of the parameters: built once per size. */
export interface Layout {
  shapes: Placed[];
  steps: Step[];
}

/** As counts, most "met" first. */
function multisets(size: number): number[][] {
  const all: number[][] = [];
  const counts = new Array<number>(otherVerdicts.length).fill(0);
  const fill = (position: number, left: number): void => {
    if (position === counts.length - 1) {
      counts[position] = left;
      all.push([...counts]);
      return;
    }
    for (let count = left; count >= 0; count--) {
      counts[position] = count;
      fill(position + 1, left - count);
    }
  };
  fill(0, size);
  return all;
}

function expand(counts: readonly number[]): OtherVerdict[] {
  const others: OtherVerdict[] = [];
  counts.forEach((count, index) => {
    for (let made = 0; made < count; made++) others.push(otherVerdicts[index]!);
  });
  return others;
}

const layouts = new Map<number, Layout>();

const mainStepsUp: readonly number[][] = mainOutcomes.map((from) =>
  mainOutcomes.flatMap((to, index) => {
    const rank = mainRank[from];
    return rank !== null && mainRank[to] === rank + 1 ? [index] : [];
  }),
);
const otherStepUp: readonly number[] = otherVerdicts.map((from) =>
  otherVerdicts.findIndex((to) => otherRank[to] === otherRank[from] + 1),
);

export function layoutOf(maxOthers: number): Layout {
  const known = layouts.get(maxOthers);
  if (known) return known;
  // Numbers, not strings: the first call, cold, builds these keys while a page waits.
  const base = maxOthers + 1;
  const countWeights = otherVerdicts.map((_, index) => base ** (otherVerdicts.length - 1 - index));
  const mainWeight = base ** otherVerdicts.length;
  const shapes: Placed[] = [];
  const keys: number[] = [];
  const positions = new Map<number, number>();
  // Fewest first, so the first shape met in each group is its smallest example.
  for (let size = 0; size <= maxOthers; size++) {
    const sized = multisets(size);
    for (let main = 0; main < mainOutcomes.length; main++)
      for (const counts of sized) {
        let key = main * mainWeight;
        for (let index = 0; index < counts.length; index++) key += counts[index]! * countWeights[index]!;
        positions.set(key, shapes.length);
        keys.push(key);
        shapes.push({main: mainOutcomes[main]!, counts, others: expand(counts)});
      }
  }

  const steps: Step[] = [];
  for (let before = 0; before < shapes.length; before++) {
    const {main, counts} = shapes[before]!;
    const key = keys[before]!;
    const from = mainOutcomes.indexOf(main);
    for (const to of mainStepsUp[from]!) {
      const after = positions.get(key + (to - from) * mainWeight)!;
      steps.push({before, after, change: {position: "main", from: main, to: mainOutcomes[to]!}});
    }
    for (let index = 0; index < counts.length; index++) {
      const up = otherStepUp[index]!;
      if (!counts[index] || up < 0) continue;
      const after = positions.get(key - countWeights[index]! + countWeights[up]!)!;
      steps.push({before, after, change: {position: "other", from: otherVerdicts[index]!, to: otherVerdicts[up]!}});
    }
  }
  const layout = {shapes, steps};
  layouts.set(maxOthers, layout);
  return layout;
}

/** @internal Only the tests and the bench enumerate every checklist shape. */
export function everyShape(maxOthers = 6): Shape[] {
  return layoutOf(maxOthers).shapes.map(({main, others}) => ({main, others: [...others]}));
}
