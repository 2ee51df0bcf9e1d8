// Cohen's kappa for two raters (or a rater against the ruled scores): unweighted (Cohen 1960) or weighted (Cohen
// 1968) with linear or quadratic agreement weights over the categories' positions:
//
//   κ_w = (p_o - p_e) / (1 - p_e),  p_o = Σ w(i,j) p(i,j),  p_e = Σ w(i,j) p(i,·) p(·,j)
//
// Pairs where either rating is missing are left out. The categories are the scale's (given), or else every value
// either rater used, in order: the R irr package's kappa2 and scikit-learn's cohen_kappa_score do the same.
import {domainOf, type Value} from "./data.js";
import {chanceCorrected, type Figure} from "./figure.js";
import {weights as weightsOf, type Weights} from "./weights.js";
import {quoteValue} from "../text/quote-text.js";

export type CohenWeights = "none" | "linear" | "quadratic";

export type Kappa = Figure & {
  weights: CohenWeights;
  /** Where they could be computed. */
  observed: number | null;
  chance: number | null;
  pairs: number;
};

// Kappa is computed for every rater in both phases: each kind and size of weights is made once.
const madeWeights = new Map<string, Weights>();
function matrixOf(kind: CohenWeights, q: number): Weights {
  const key = `${kind} ${q}`;
  let made = madeWeights.get(key);
  if (!made) madeWeights.set(key, (made = weightsOf(kind === "none" ? "identity" : kind, q)));
  return made;
}

/** Kappa from a contingency table (rows: rater A's categories, columns: rater B's, in the scale's order). */
export function cohenKappaTable(table: readonly (readonly number[])[], kind: CohenWeights = "none"): Kappa {
  const q = table.length;
  if (table.some((row) => row.length !== q)) throw new RangeError("a contingency table is square");
  const w = matrixOf(kind, q).matrix;
  let total = 0;
  for (const row of table) for (const count of row) total += count;
  const none = (reason: string): Kappa => ({
    value: null,
    reason,
    weights: kind,
    observed: null,
    chance: null,
    pairs: 0,
  });
  if (!(total > 0)) return none("no item has ratings from both, so there is nothing to compare");
  const rows = table.map((row) => row.reduce((a, b) => a + b, 0) / total);
  const columns = table[0]!.map((_, j) => table.reduce((sum, row) => sum + row[j]!, 0) / total);
  let observed = 0;
  let chance = 0;
  for (let i = 0; i < q; i++) {
    for (let j = 0; j < q; j++) {
      observed += w[i * q + j]! * table[i]![j]!;
      chance += w[i * q + j]! * rows[i]! * columns[j]!;
    }
  }
  observed /= total;
  const certain = "chance agreement is 1 (both gave one and the same category throughout): kappa is not defined";
  // Written out rather than spread: spreading the two shapes of a figure takes V8's slow path, ten times the cost
  // of the rest of this function, and a cohort's report makes this object for every rater three times a phase.
  const kappa = chanceCorrected(observed, chance, certain);
  return kappa.value === null
    ? {value: null, reason: kappa.reason, weights: kind, observed, chance, pairs: total}
    : {value: kappa.value, reason: null, weights: kind, observed, chance, pairs: total};
}

/**
 * Kappa of two raters' ratings of the same units, position by position (null: not rated).
 * @internal Only the tests' two-rater reference that the multi-rater figures reduce to.
 */
export function cohenKappa(
  a: readonly (Value | null | undefined)[],
  b: readonly (Value | null | undefined)[],
  {weights = "none", categories}: {weights?: CohenWeights; categories?: readonly Value[]} = {},
): Kappa {
  if (a.length !== b.length) throw new RangeError(`two raters' ratings must line up: ${a.length} vs ${b.length}`);
  const present = (value: Value | null | undefined): value is Value =>
    value !== null && value !== undefined && !(typeof value === "number" && Number.isNaN(value));
  const pairs: [Value, Value][] = [];
  a.forEach((x, i) => {
    const y = b[i];
    if (present(x) && present(y)) pairs.push([x, y]);
  });
  const scale = categories ?? domainOf(pairs.flat());
  const index = new Map(scale.map((value, i) => [value, i]));
  const table = scale.map(() => scale.map(() => 0));
  for (const [x, y] of pairs) {
    const i = index.get(x);
    const j = index.get(y);
    if (i === undefined || j === undefined)
      throw new RangeError(`value ${quoteValue(i === undefined ? x : y)} is not one of the categories`);
    table[i]![j]!++;
  }
  return cohenKappaTable(table, weights);
}
