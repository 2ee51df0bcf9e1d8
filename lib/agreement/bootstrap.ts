// A confidence interval for alpha by resampling items with replacement, from a seeded generator so the interval is the
// same on every run. Each phase resamples its own pairable items (an item pairable only in the other phase must not
// vary this one's sample size); the change resamples the items pairable in either, the same draws for both, so its
// interval is paired. A resample whose alpha is not computable is not used, and the interval says how many were.
// Percentile intervals, interpolated as R's default type 7 and d3.quantile do. The seeded generator is the bootstrap's
// own, here with it: no other figure draws at random (the tests and benches borrow it to make their data).
import {addUnit, alphaFromCoincidences, krippendorffAlpha, type Alpha, type Metric} from "./krippendorff.js";
import {unitTotals, type CountTable} from "./data.js";
import {figure, type Figure} from "./figure.js";

export type Random = () => number;

/** 32-bit state, a Weyl sequence through an avalanche mix: the same draws on every machine and in the browser. Not
 *  for anything secret. Any 32-bit seed; other numbers are folded into one. */
export function seededRandom(seed: number): Random {
  let state = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export const randomIndex = (random: Random, n: number): number => Math.floor(random() * n);

export interface BootstrapOptions {
  /** 1,000 unless told. */
  replicates?: number;
  seed?: number;
  /** 0.95 unless told. */
  level?: number;
}

export interface Interval {
  low: number;
  high: number;
  level: number;
  /** The interval rests on the `used` ones. */
  replicates: number;
  used: number;
  seed: number;
}

export type WithInterval<F extends Figure> = F & {interval: Interval | null; intervalReason: string | null};

export const defaultBootstrap = {replicates: 1000, seed: 1, level: 0.95} as const;

/** An option given as undefined takes its default. */
export function bootstrapSettings(options: BootstrapOptions = {}): Required<BootstrapOptions> {
  return {
    replicates: options.replicates ?? defaultBootstrap.replicates,
    seed: options.seed ?? defaultBootstrap.seed,
    level: options.level ?? defaultBootstrap.level,
  };
}

export function quantileSorted(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const low = Math.floor(h);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low]! + (h - low) * (sorted[high]! - sorted[low]!);
}

/** NaN marks a resample that gave no figure; null when none did. */
function interval(drawn: Float64Array, level: number, seed: number): Interval | null {
  const samples = Array.from(drawn).filter((value) => !Number.isNaN(value));
  if (!samples.length) return null;
  samples.sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  return {
    low: quantileSorted(samples, tail),
    high: quantileSorted(samples, 1 - tail),
    level,
    replicates: drawn.length,
    used: samples.length,
    seed,
  };
}

/** The only ones that add to alpha. */
function pairableUnits(table: CountTable): number[] {
  const pairable: number[] = [];
  unitTotals(table).forEach((ratings, unit) => {
    if (ratings >= 2) pairable.push(unit);
  });
  return pairable;
}

function contributions(table: CountTable, pool: readonly number[]): Float64Array[] {
  const v = table.values.length;
  return pool.map((unit) => {
    const matrix = new Float64Array(v * v);
    addUnit(table.counts, unit * v, v, matrix);
    return matrix;
  });
}

/** The draws depend only on the seed and the pool's size, so tables resampled apart over pools of one size get the
 *  same picks as resampled together. */
function resampledAlphas(
  tables: readonly CountTable[],
  pool: readonly number[],
  metric: Metric,
  replicates: number,
  seed: number,
): Float64Array[] {
  const parts = tables.map((table) => contributions(table, pool));
  const random = seededRandom(seed);
  const picks = new Int32Array(pool.length);
  const drawn = tables.map(() => new Float64Array(replicates));
  for (let replicate = 0; replicate < replicates; replicate++) {
    picks.fill(0);
    for (let i = 0; i < pool.length; i++) picks[randomIndex(random, pool.length)]!++;
    tables.forEach((table, index) => {
      const v = table.values.length;
      const matrix = new Float64Array(v * v);
      const own = parts[index]!;
      for (let i = 0; i < picks.length; i++) {
        const times = picks[i]!;
        if (times === 0) continue;
        const part = own[i]!;
        for (let j = 0; j < matrix.length; j++) matrix[j]! += times * part[j]!;
      }
      const alpha = alphaFromCoincidences({values: table.values, matrix, pairableUnits: 0}, metric);
      drawn[index]![replicate] = alpha.value ?? NaN;
    });
  }
  return drawn;
}

function checkOptions({replicates, level}: {replicates: number; level: number}): void {
  if (!Number.isInteger(replicates) || replicates < 1) throw new RangeError(`replicates: ${replicates}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`level: ${level}`);
}

// Over one item, the disagreement expected by chance is worked out from that item's own ratings, so it equals the
// disagreement observed: alpha is 0 whatever the ratings (or not computable, when they all agree).
export const onePairableItem =
  "only one item is rated by two or more raters: over one item alpha is 0 whatever the ratings; " +
  "resampling items cannot show how much it varies";
const noComputableResample = "no resample of the items gave a computable alpha";

const sameUnits = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((unit, i) => unit === b[i]);

/**
 * Alpha of each table, and its interval from resampling that table's pairable units; with two tables, also the
 * change (second minus first) and its interval, from resampling the units pairable in either. The tables must list
 * the same units in the same order (the items).
 */
export function bootstrapAlphas(
  tables: readonly CountTable[],
  metric: Metric,
  options: BootstrapOptions = {},
): {alphas: WithInterval<Alpha>[]; change: WithInterval<Figure> | null} {
  const {replicates, seed, level} = bootstrapSettings(options);
  checkOptions({replicates, level});
  const units = tables[0]?.units ?? 0;
  if (tables.some((table) => table.units !== units)) throw new RangeError("the tables must list the same units");
  const estimates = tables.map((table) => krippendorffAlpha(table, metric));
  const pools = tables.map(pairableUnits);
  // Why a table gets no interval, known before any resampling.
  const refusals = estimates.map((estimate, index) =>
    estimate.value === null ? estimate.reason : pools[index]!.length < 2 ? onePairableItem : null,
  );
  const withChange = tables.length === 2 && refusals.every((reason) => reason === null);
  const union = withChange ? [...new Set(pools.flat())].sort((a, b) => a - b) : [];
  const joint = withChange ? resampledAlphas(tables, union, metric, replicates, seed) : null;
  const alphas = estimates.map((estimate, index): WithInterval<Alpha> => {
    const refused = refusals[index]!;
    if (refused !== null) return {...estimate, interval: null, intervalReason: refused};
    // A table whose pool is the union has already been resampled with the change, by the very same draws.
    const drawn =
      joint && sameUnits(pools[index]!, union)
        ? joint[index]!
        : resampledAlphas([tables[index]!], pools[index]!, metric, replicates, seed)[0]!;
    const found = interval(drawn, level, seed);
    return {...estimate, interval: found, intervalReason: found ? null : noComputableResample};
  });
  let change: WithInterval<Figure> | null = null;
  if (tables.length === 2) {
    const [before, after] = estimates as [Alpha, Alpha];
    const point: Figure =
      before.value === null
        ? {value: null, reason: `before: ${before.reason}`}
        : after.value === null
          ? {value: null, reason: `after: ${after.reason}`}
          : figure(after.value - before.value);
    let found: Interval | null = null;
    let reason: string | null = point.value === null ? point.reason : null;
    if (reason === null && !joint) reason = refusals[0] ? `before: ${refusals[0]}` : `after: ${refusals[1]}`;
    if (reason === null) {
      const [first, second] = joint as [Float64Array, Float64Array];
      found = interval(
        first.map((value, replicate) => second[replicate]! - value),
        level,
        seed,
      );
      if (!found) reason = noComputableResample;
    }
    change = {...point, interval: found, intervalReason: reason};
  }
  return {alphas, change};
}

/**
 * Alpha of one table with its interval.
 * @internal Only the tests' single-statistic bootstrap, checked against a hand-worked resample.
 */
export function bootstrapAlpha(table: CountTable, metric: Metric, options: BootstrapOptions = {}): WithInterval<Alpha> {
  return bootstrapAlphas([table], metric, options).alphas[0]!;
}
