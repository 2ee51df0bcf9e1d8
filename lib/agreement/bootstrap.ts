// A confidence interval for alpha by resampling items (units) with replacement, from a seeded generator so the
// interval is the same on every run. Before/after: the same resampled items for both phases, so the interval of the
// change reflects that the two phases rate the same items. Percentile intervals (quantiles of the resampled alphas,
// interpolated as R's default type 7 and d3.quantile do).
import {addUnit, alphaFromCoincidences, krippendorffAlpha, type Alpha, type Metric} from "./krippendorff.js";
import type {CountTable} from "./data.js";
import {figure, type Figure} from "./figure.js";
import {randomIndex, seededRandom} from "./random.js";

export interface BootstrapOptions {
  /** How many resamples; 1,000 unless told. */
  replicates?: number;
  seed?: number;
  /** Coverage, 0.95 unless told. */
  level?: number;
}

export interface Interval {
  low: number;
  high: number;
  level: number;
  /** Resamples drawn, and those that gave a computable figure (the interval rests on these). */
  replicates: number;
  used: number;
  seed: number;
}

/** A figure with its interval, or the reason there is none. */
export type WithInterval<F extends Figure> = F & {interval: Interval | null; intervalReason: string | null};

export const defaultBootstrap = {replicates: 1000, seed: 1, level: 0.95} as const;

/** The options with the defaults filled in (an option given as undefined takes its default). */
export function bootstrapSettings(options: BootstrapOptions = {}): Required<BootstrapOptions> {
  return {
    replicates: options.replicates ?? defaultBootstrap.replicates,
    seed: options.seed ?? defaultBootstrap.seed,
    level: options.level ?? defaultBootstrap.level,
  };
}

/** The p-quantile of sorted numbers, interpolated between neighbours. */
export function quantileSorted(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const low = Math.floor(h);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low]! + (h - low) * (sorted[high]! - sorted[low]!);
}

function interval(samples: number[], replicates: number, level: number, seed: number): Interval | null {
  if (!samples.length) return null;
  samples.sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  return {
    low: quantileSorted(samples, tail),
    high: quantileSorted(samples, 1 - tail),
    level,
    replicates,
    used: samples.length,
    seed,
  };
}

/** Each pairable unit's own coincidence matrix. */
function contributions(table: CountTable, units: readonly number[]): Float64Array[] {
  const v = table.values.length;
  return units.map((unit) => {
    const matrix = new Float64Array(v * v);
    addUnit(table.counts, unit * v, v, matrix);
    return matrix;
  });
}

function checkOptions({replicates, level}: {replicates: number; level: number}): void {
  if (!Number.isInteger(replicates) || replicates < 1) throw new RangeError(`replicates: ${replicates}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`level: ${level}`);
}

/**
 * Alpha of each table, and its interval, from the same resampled units; with two tables, also the change (second
 * minus first) and its interval. The tables must list the same units in the same order (the items).
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
  const pairs = (table: CountTable, unit: number) => {
    const v = table.values.length;
    let m = 0;
    for (let c = 0; c < v; c++) m += table.counts[unit * v + c]!;
    return m >= 2;
  };
  // Resample the units that carry a pair of ratings in some table; the others add nothing to any alpha.
  const pool = Array.from({length: units}, (_, unit) => unit).filter((unit) => tables.some((t) => pairs(t, unit)));
  const parts = tables.map((table) => contributions(table, pool));
  const sum = (index: number, picks: Int32Array): Float64Array => {
    const v = tables[index]!.values.length;
    const matrix = new Float64Array(v * v);
    const own = parts[index]!;
    for (let i = 0; i < picks.length; i++) {
      const times = picks[i]!;
      if (times === 0) continue;
      const part = own[i]!;
      for (let j = 0; j < matrix.length; j++) matrix[j]! += times * part[j]!;
    }
    return matrix;
  };
  const estimates = tables.map((table) => krippendorffAlpha(table, metric));
  const random = seededRandom(seed);
  const samples = tables.map((): number[] => []);
  const changes: number[] = [];
  const picks = new Int32Array(pool.length);
  const enough = pool.length >= 2;
  for (let replicate = 0; enough && replicate < replicates; replicate++) {
    picks.fill(0);
    for (let i = 0; i < pool.length; i++) picks[randomIndex(random, pool.length)]!++;
    const values = tables.map((table, index) => {
      const alpha = alphaFromCoincidences({values: table.values, matrix: sum(index, picks), pairableUnits: 0}, metric);
      if (alpha.value !== null) samples[index]!.push(alpha.value);
      return alpha.value;
    });
    if (values.length === 2 && values[0] !== null && values[1] !== null) changes.push(values[1]! - values[0]!);
  }
  const why = (estimate: Figure, drawn: number[]): string | null => {
    if (estimate.value === null) return estimate.reason;
    if (!enough) return "one item has pairable ratings: resampling items cannot show how much alpha varies";
    if (!drawn.length) return "no resample of the items gave a computable alpha";
    return null;
  };
  const alphas = estimates.map((estimate, index) => {
    const reason = why(estimate, samples[index]!);
    return {
      ...estimate,
      interval: reason === null ? interval(samples[index]!, replicates, level, seed) : null,
      intervalReason: reason,
    };
  });
  let change: WithInterval<Figure> | null = null;
  if (estimates.length === 2) {
    const [before, after] = estimates as [Alpha, Alpha];
    const point: Figure =
      before.value === null
        ? {value: null, reason: `before: ${before.reason}`}
        : after.value === null
          ? {value: null, reason: `after: ${after.reason}`}
          : figure(after.value - before.value);
    const reason = why(point, changes);
    change = {
      ...point,
      interval: reason === null ? interval(changes, replicates, level, seed) : null,
      intervalReason: reason,
    };
  }
  return {alphas, change};
}

/** Alpha of one table with its interval. */
export function bootstrapAlpha(table: CountTable, metric: Metric, options: BootstrapOptions = {}): WithInterval<Alpha> {
  return bootstrapAlphas([table], metric, options).alphas[0]!;
}
