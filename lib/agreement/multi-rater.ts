// Many raters, missing ratings allowed: percent agreement, Fleiss' kappa and Gwet's AC1/AC2, each read from the
// value-by-unit count table. With every unit rated by every rater, Fleiss' kappa is Fleiss' (1971); with missing
// ratings it is the generalisation in Gwet (Handbook of Inter-Rater Reliability, 4th ed., 2014), which the irrCAC
// package computes (fleiss.kappa.raw, gwet.ac1.raw):
//
//   r_i   ratings of unit i;  r_ik  of them in category k;  r*_ik = Σ_l w(k,l) r_il
//   p_a = mean over units with r_i ≥ 2 of Σ_k r_ik (r*_ik - 1) / (r_i (r_i - 1))
//   π_k = mean over units with r_i ≥ 1 of r_ik / r_i
//   Fleiss: p_e = Σ_k,l w(k,l) π_k π_l          Gwet:  p_e = T_w / (q (q - 1)) · Σ_k π_k (1 - π_k)
//   coefficient = (p_a - p_e) / (1 - p_e)        (T_w: the sum of all weights; q: the categories on the scale)
//
// Identity weights give Fleiss' kappa and Gwet's AC1; other weights give the weighted kappa and AC2.
import {countTable, type CountTable, type ReliabilityData} from "./data.js";
import {chanceCorrected, type Figure} from "./figure.js";
import {weights as weightsOf, type WeightKind, type Weights} from "./weights.js";

export type Coefficient = Figure & {
  /** Where they could be computed. */
  observed: number | null;
  chance: number | null;
  /** The ones p_a averages over. */
  units: number;
};

const tableOf = (input: ReliabilityData | CountTable): CountTable => ("codes" in input ? countTable(input) : input);

function weightsFor(table: CountTable, weights: WeightKind | Weights): Weights {
  const w = typeof weights === "string" ? weightsOf(weights, table.values.length) : weights;
  if (w.q !== table.values.length)
    throw new RangeError(`weights are for ${w.q} categories, the table has ${table.values.length}`);
  return w;
}

const noPairs = "no item has ratings from two or more raters, so there is nothing to compare";

interface Shares {
  /** p_a, or null when no unit has two ratings. */
  observed: number | null;
  /** π_k over units with at least one rating. */
  pi: Float64Array;
  units: number;
}

function shares(table: CountTable, w: Weights): Shares {
  const q = table.values.length;
  const {counts} = table;
  const pi = new Float64Array(q);
  const weighted = new Float64Array(q);
  let rated = 0;
  let paired = 0;
  let agreement = 0;
  for (let unit = 0; unit < table.units; unit++) {
    const offset = unit * q;
    let r = 0;
    for (let k = 0; k < q; k++) r += counts[offset + k]!;
    if (r === 0) continue;
    rated++;
    for (let k = 0; k < q; k++) pi[k]! += counts[offset + k]! / r;
    if (r < 2) continue;
    paired++;
    let sum = 0;
    for (let k = 0; k < q; k++) {
      const rk = counts[offset + k]!;
      if (rk === 0) continue;
      let star = 0;
      for (let l = 0; l < q; l++) star += w.matrix[k * q + l]! * counts[offset + l]!;
      weighted[k] = star;
      sum += rk * (star - 1);
    }
    agreement += sum / (r * (r - 1));
  }
  if (rated > 0) for (let k = 0; k < q; k++) pi[k]! /= rated;
  return {observed: paired ? agreement / paired : null, pi, units: paired};
}

/**
 * Percent agreement: of all pairs of ratings of the same unit, the share that agree, averaged over units (each unit
 * rated by two or more raters counts once). With "within-one" weights, ratings one point apart agree too.
 */
export function percentAgreement(
  input: ReliabilityData | CountTable,
  weights: WeightKind | Weights = "identity",
): Coefficient {
  const table = tableOf(input);
  const {observed, units} = shares(table, weightsFor(table, weights));
  if (observed === null) return {value: null, reason: noPairs, observed: null, chance: null, units};
  return {value: observed, reason: null, observed, chance: null, units};
}

const certain = (name: string) =>
  `chance agreement is 1 (every rating falls in one category, or the scale has one): ${name} is not defined`;

/** Fleiss' kappa (identity weights) or its weighted form, with missing ratings as in Gwet (2014). */
export function fleissKappa(
  input: ReliabilityData | CountTable,
  weights: WeightKind | Weights = "identity",
): Coefficient {
  const table = tableOf(input);
  const w = weightsFor(table, weights);
  const q = table.values.length;
  const {observed, pi, units} = shares(table, w);
  if (observed === null) return {value: null, reason: noPairs, observed: null, chance: null, units};
  let chance = 0;
  for (let k = 0; k < q; k++) for (let l = 0; l < q; l++) chance += w.matrix[k * q + l]! * pi[k]! * pi[l]!;
  return {...chanceCorrected(observed, chance, certain("Fleiss' kappa")), observed, chance, units};
}

/**
 * Gwet's AC1 (identity weights) or AC2 (linear, quadratic, ordinal ... weights). q is the number of categories on
 * the scale (the table's value domain), used or not: list the whole scale in the domain.
 */
export function gwetAC(input: ReliabilityData | CountTable, weights: WeightKind | Weights = "identity"): Coefficient {
  const table = tableOf(input);
  const w = weightsFor(table, weights);
  const q = table.values.length;
  const {observed, pi, units} = shares(table, w);
  if (observed === null) return {value: null, reason: noPairs, observed: null, chance: null, units};
  if (q < 2)
    return {value: null, reason: "the scale has one category: AC is not defined", observed, chance: null, units};
  let total = 0;
  for (let i = 0; i < q * q; i++) total += w.matrix[i]!;
  let spread = 0;
  for (let k = 0; k < q; k++) spread += pi[k]! * (1 - pi[k]!);
  const chance = (total * spread) / (q * (q - 1));
  return {...chanceCorrected(observed, chance, certain("AC")), observed, chance, units};
}
