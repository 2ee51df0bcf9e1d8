// Krippendorff's alpha for nominal, ordinal, interval and ratio data, with any pattern of missing ratings, computed
// the way Krippendorff (2011, "Computing Krippendorff's Alpha-Reliability") lays it out: the value-by-unit count
// table, the coincidence matrix o(c,k) of pairable values, its marginals n(c), and a distance δ²(c,k) per metric:
//
//   alpha = 1 - (n - 1) · Σ o(c,k) δ²(c,k) / Σ n(c) n(k) δ²(c,k)
//
// The cost is one pass over the cells, then units × values²: 10,000 raters × 1,000 items take a few milliseconds.
import {countTable, type CountTable, type ReliabilityData, type Value} from "./data.js";
import type {Figure} from "./figure.js";
import {quoteValue} from "../text/quote-text.js";

export type Metric = "nominal" | "ordinal" | "interval" | "ratio";
/** @internal Only the tests run every metric against the published values. */
export const metrics: readonly Metric[] = ["nominal", "ordinal", "interval", "ratio"];

export type Alpha = Figure & {
  metric: Metric;
  /** Ratings of units that two or more raters rated. */
  pairable: number;
  /** D_o and D_e; null when alpha is not computable. */
  observed: number | null;
  expected: number | null;
};

export interface Coincidences {
  readonly values: readonly Value[];
  readonly matrix: Float64Array;
  readonly pairableUnits: number;
}

/** Scaled by `times`. */
export function addUnit(counts: Int32Array, offset: number, v: number, into: Float64Array, times = 1): boolean {
  let m = 0;
  for (let c = 0; c < v; c++) m += counts[offset + c]!;
  if (m < 2) return false;
  const scale = times / (m - 1);
  for (let c = 0; c < v; c++) {
    const nc = counts[offset + c]!;
    if (nc === 0) continue;
    for (let k = 0; k < v; k++) {
      const nk = counts[offset + k]!;
      if (nk === 0) continue;
      into[c * v + k]! += nc * (c === k ? nk - 1 : nk) * scale;
    }
  }
  return true;
}

export function coincidences(table: CountTable): Coincidences {
  const v = table.values.length;
  const matrix = new Float64Array(v * v);
  let pairableUnits = 0;
  for (let unit = 0; unit < table.units; unit++) if (addUnit(table.counts, unit * v, v, matrix)) pairableUnits++;
  return {values: table.values, matrix, pairableUnits};
}

export function distances(metric: Metric, values: readonly Value[], marginals: Float64Array): Float64Array | string {
  const v = values.length;
  const d = new Float64Array(v * v);
  const used = values.filter((_, i) => marginals[i]! > 0);
  if (metric === "interval" || metric === "ratio") {
    const label = used.find((value) => typeof value !== "number");
    if (label !== undefined) return `${metric} alpha needs numbers, and ${quoteValue(label)} is not one`;
    if (metric === "ratio" && used.some((value) => (value as number) < 0))
      return "ratio alpha needs values of zero or more";
  }
  for (let c = 0; c < v; c++) {
    for (let k = 0; k < v; k++) {
      if (c === k) continue;
      let distance: number;
      if (metric === "nominal") distance = 1;
      else if (metric === "ordinal") {
        const [low, high] = c < k ? [c, k] : [k, c];
        let between = 0;
        for (let g = low; g <= high; g++) between += marginals[g]!;
        distance = (between - (marginals[c]! + marginals[k]!) / 2) ** 2;
      } else {
        const a = values[c] as number;
        const b = values[k] as number;
        distance = metric === "interval" ? (a - b) ** 2 : a + b === 0 ? 0 : ((a - b) / (a + b)) ** 2;
      }
      d[c * v + k] = Number.isFinite(distance) ? distance : 0;
    }
  }
  return d;
}

const noPairs = "no item has ratings from two or more raters, so there is nothing to compare";
const noVariation =
  "every pairable rating has the same value (or the metric sees no difference between them): " +
  "there is no variation to measure agreement against";

/** Alpha from a coincidence matrix. */
export function alphaFromCoincidences({values, matrix}: Coincidences, metric: Metric): Alpha {
  const v = values.length;
  const marginals = new Float64Array(v);
  let n = 0;
  for (let c = 0; c < v; c++) {
    let sum = 0;
    for (let k = 0; k < v; k++) sum += matrix[c * v + k]!;
    marginals[c] = sum;
    n += sum;
  }
  const pairable = Math.round(n);
  const none = (reason: string): Alpha => ({value: null, reason, metric, pairable, observed: null, expected: null});
  if (pairable < 2) return none(noPairs);
  const d = distances(metric, values, marginals);
  if (typeof d === "string") return none(d);
  let observedSum = 0;
  let expectedSum = 0;
  for (let c = 0; c < v; c++) {
    for (let k = 0; k < v; k++) {
      const delta = d[c * v + k]!;
      if (delta === 0) continue;
      observedSum += matrix[c * v + k]! * delta;
      expectedSum += marginals[c]! * marginals[k]! * delta;
    }
  }
  if (!(expectedSum > 0)) return none(noVariation);
  const observed = observedSum / n;
  const expected = expectedSum / (n * (n - 1));
  const value = 1 - observed / expected;
  return {value: value === 0 ? 0 : value, reason: null, metric, pairable, observed, expected};
}

/** Krippendorff's alpha of reliability data (or of its count table) under a metric. */
export function krippendorffAlpha(input: ReliabilityData | CountTable, metric: Metric = "interval"): Alpha {
  const table = "codes" in input ? countTable(input) : input;
  return alphaFromCoincidences(coincidences(table), metric);
}

/** All four metrics from one count table. */
export function krippendorffAlphas(input: ReliabilityData | CountTable): Record<Metric, Alpha> {
  const o = coincidences("codes" in input ? countTable(input) : input);
  return {
    nominal: alphaFromCoincidences(o, "nominal"),
    ordinal: alphaFromCoincidences(o, "ordinal"),
    interval: alphaFromCoincidences(o, "interval"),
    ratio: alphaFromCoincidences(o, "ratio"),
  };
}
