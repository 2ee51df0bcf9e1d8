// Each rater against the ruled scores in each phase: exact, within one, and Cohen's kappa over items both score 1-5.
import {cohenKappaTable, type Kappa} from "./cohen.js";
import type {CohortItem} from "./cohort-item.js";
import {figure, type Figure} from "./figure.js";
import {orderedScores} from "./item-spread.js";
import type {RatingColumns} from "./rating-columns.js";
import {phases, scores, type ScaleScore} from "./ratings.js";
import {quoteValue} from "../text/quote-text.js";

export interface RaterAgreement {
  rater: string;
  scored: number;
  /** "n/a" only matches "n/a". */
  exact: Figure;
  withinOne: Figure;
  kappa: {none: Kappa; linear: Kappa; quadratic: Kappa};
}

/** rater2 before rater10. */
const byName = new Intl.Collator("en", {numeric: true});

interface RaterTally {
  scored: number;
  exact: number;
  withinOne: number;
  /** Rows the rater's, columns the ruling's. */
  table: number[][];
}

const emptyTally = (): RaterTally => ({
  scored: 0,
  exact: 0,
  withinOne: 0,
  table: orderedScores.map(() => orderedScores.map(() => 0)),
});

function tallyRating(tally: RaterTally, score: ScaleScore, truth: number | "n/a"): void {
  tally.scored++;
  if (score === truth) tally.exact++;
  if (score === "n/a" || truth === "n/a") {
    if (score === truth) tally.withinOne++;
    return;
  }
  if (Math.abs(score - truth) <= 1) tally.withinOne++;
  tally.table[score - 1]![truth - 1]!++;
}

/** The rater did score items, but every pair held an n/a. */
export const kappaNotApplicable =
  "none of the items has a score from 1 to 5 from both this rater and the ruling: kappa counts n/a as missing";

function raterAgreement(rater: string, {scored, exact, withinOne, table}: RaterTally): RaterAgreement {
  const compared = table.some((row) => row.some((count) => count > 0));
  const kappa = (kind: "none" | "linear" | "quadratic"): Kappa =>
    compared
      ? cohenKappaTable(table, kind)
      : {...cohenKappaTable(table, kind), value: null, reason: kappaNotApplicable};
  return {
    rater,
    scored,
    exact: figure(exact / scored),
    withinOne: figure(withinOne / scored),
    kappa: {none: kappa("none"), linear: kappa("linear"), quadratic: kappa("quadratic")},
  };
}

/** One pass over the ratings grouped by rater (a counting sort), which also catches a second score for an item. */
export function raterAgreements(
  columns: RatingColumns,
  items: readonly CohortItem[],
): {order: number[]; byPhase: RaterAgreement[][]} {
  const {raters, rater, item, code} = columns;
  const start = new Int32Array(raters.length + 1);
  for (let i = 0; i < rater.length; i++) start[rater[i]! + 1]!++;
  for (let r = 0; r < raters.length; r++) start[r + 1]! += start[r]!;
  const next = start.slice(0, raters.length);
  const grouped = new Int32Array(rater.length);
  for (let i = 0; i < rater.length; i++) grouped[next[rater[i]!]!++] = i;
  // A tie keeps the order first seen.
  const order = Array.from(raters, (_, r) => r)
    .filter((r) => start[r + 1]! > start[r]!)
    .sort((a, b) => byName.compare(raters[a]!, raters[b]!) || a - b);
  const seenBy = new Int32Array(items.length * phases.length).fill(-1);
  const byPhase: RaterAgreement[][] = phases.map(() => []);
  for (const r of order) {
    const tallies = phases.map(emptyTally);
    for (let k = start[r]!; k < start[r + 1]!; k++) {
      const i = grouped[k]!;
      const p = Math.floor(code[i]! / scores.length);
      const slot = p * items.length + item[i]!;
      const unit = items[item[i]!]!;
      if (seenBy[slot] === r)
        throw new RangeError(`${quoteValue(raters[r])} scored ${unit.id} twice in the ${phases[p]} phase`);
      seenBy[slot] = r;
      tallyRating(tallies[p]!, scores[code[i]! % scores.length]!, unit.score);
    }
    tallies.forEach((tally, p) => {
      if (tally.scored) byPhase[p]!.push(raterAgreement(raters[r]!, tally));
    });
  }
  return {order, byPhase};
}
