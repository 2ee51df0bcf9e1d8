// The agreement bench's seeded data, shared with the test that holds our alpha to a reference implementation on it
// (test/unit/agreement/reference.test.ts): the figures the bench times are the figures that test checks.
import {MISSING, type ReliabilityData} from "../lib/agreement/data.js";
import {seededRandom} from "../lib/agreement/bootstrap.js";

/** Items with a true score; each rater gives it, or a neighbour, or anything; 10% of ratings missing. */
export function cohortData(raters: number, units: number, seed: number, missing = 0.1): ReliabilityData {
  const random = seededRandom(seed);
  const codes = new Uint8Array(units * raters);
  for (let unit = 0; unit < units; unit++) {
    const truth = Math.floor(random() * 5);
    for (let rater = 0; rater < raters; rater++) {
      const cell = unit * raters + rater;
      if (random() < missing) {
        codes[cell] = MISSING;
        continue;
      }
      const x = random();
      const score = x < 0.6 ? truth : x < 0.8 ? truth + 1 : x < 0.95 ? truth - 1 : Math.floor(random() * 5);
      codes[cell] = Math.min(4, Math.max(0, score));
    }
  }
  return {units, raters, values: [1, 2, 3, 4, 5], codes};
}

/** The data as the npm `krippendorff` package takes it: one row per rater, undefined for a missing rating. */
export function raterMatrix(data: ReliabilityData): (number | undefined)[][] {
  return Array.from({length: data.raters}, (_, rater) =>
    Array.from({length: data.units}, (_, unit) => {
      const code = data.codes[unit * data.raters + rater]!;
      return code === MISSING ? undefined : (data.values[code] as number);
    }),
  );
}

/**
 * Krippendorff's (2011) ordinal distance as a function of two values, for an implementation that takes a metric as a
 * function of the values alone: δ²(c,k) = (Σ_{g=c..k} n_g − (n_c + n_k)/2)², where n_g counts the ratings of value g
 * in units rated two or more times, counted here from the matrix itself.
 */
export function ordinalMetric(matrix: readonly (readonly (number | undefined)[])[]): (a: number, b: number) => number {
  const units = matrix[0]?.length ?? 0;
  const n = new Map<number, number>();
  for (let unit = 0; unit < units; unit++) {
    const given = matrix.map((row) => row[unit]).filter((value): value is number => value !== undefined);
    if (given.length < 2) continue;
    for (const value of given) n.set(value, (n.get(value) ?? 0) + 1);
  }
  const between = (low: number, high: number) =>
    [...n].filter(([value]) => value >= low && value <= high).reduce((sum, [, count]) => sum + count, 0);
  return (a, b) => {
    if (a === b) return 0;
    const [low, high] = a < b ? [a, b] : [b, a];
    return (between(low, high) - ((n.get(a) ?? 0) + (n.get(b) ?? 0)) / 2) ** 2;
  };
}
