// Reliability data: units × raters in one typed array of value codes (10,000 × 1,000 is 10 MB). Every coefficient
// reads the count table built in one pass, so none ever loops over pairs of raters.
import {quoteValue} from "../text/quote-text.js";

export type Value = number | string;

/** Values are stored as bytes: codes 0-254, and 255 is MISSING, so a domain never holds more than maxValues. */
export const MISSING = 255;
export const maxValues = 255;

export interface ReliabilityData {
  readonly units: number;
  readonly raters: number;
  /** Ordinal and weighted figures use this order. */
  readonly values: readonly Value[];
  /** codes[unit * raters + rater]. */
  readonly codes: Uint8Array;
}

/** Units × values, unit-major; missing ratings are not counted. */
export interface CountTable {
  readonly units: number;
  readonly values: readonly Value[];
  readonly counts: Int32Array;
}

const isMissing = (value: Value | null | undefined): value is null | undefined =>
  value === null || value === undefined || (typeof value === "number" && Number.isNaN(value));

/** Numbers ascending, then labels in code-point order. */
export function domainOf(values: Iterable<Value | null | undefined>): Value[] {
  const seen = new Set<Value>();
  for (const value of values) if (!isMissing(value)) seen.add(value);
  const numbers = [...seen].filter((value): value is number => typeof value === "number").sort((a, b) => a - b);
  const labels = [...seen].filter((value): value is string => typeof value === "string").sort();
  return [...numbers, ...labels];
}

function indexer(values: readonly Value[]): (value: Value) => number {
  if (values.length > maxValues) throw new RangeError(`at most ${maxValues} distinct values, got ${values.length}`);
  const index = new Map<Value, number>(values.map((value, i) => [value, i]));
  if (index.size !== values.length) throw new RangeError("the value domain lists a value twice");
  return (value) => {
    const code = index.get(value);
    if (code === undefined) throw new RangeError(`value ${quoteValue(value)} is not in the domain`);
    return code;
  };
}

/** The longest row's length: a loop, as a table may have more rows than a call may have arguments. */
function longest(rows: readonly (readonly unknown[])[]): number {
  let length = 0;
  for (const row of rows) length = Math.max(length, row.length);
  return length;
}

/** From a units × raters table (one row per unit, null for a missing rating), like irrCAC's raw data. */
export function fromUnitRows(
  rows: readonly (readonly (Value | null | undefined)[])[],
  {values = domainOf(rows.flat())}: {values?: readonly Value[]} = {},
): ReliabilityData {
  const code = indexer(values);
  const raters = longest(rows);
  const codes = new Uint8Array(rows.length * raters).fill(MISSING);
  rows.forEach((row, unit) =>
    row.forEach((value, rater) => {
      if (!isMissing(value)) codes[unit * raters + rater] = code(value);
    }),
  );
  return {units: rows.length, raters, values, codes};
}

/**
 * From a raters × units table (one row per rater), the layout of Krippendorff's reliability data matrix.
 * @internal Only the tests build rating tables from rows a reader can check.
 */
export function fromRaterRows(
  rows: readonly (readonly (Value | null | undefined)[])[],
  options: {values?: readonly Value[]} = {},
): ReliabilityData {
  const units = longest(rows);
  const unitRows = Array.from({length: units}, (_, unit) => rows.map((row) => row[unit]));
  return fromUnitRows(unitRows, {values: options.values ?? domainOf(rows.flat())});
}

export interface Rating {
  rater: string;
  unit: string;
  value: Value | null;
}

/**
 * From ratings one by one. Units and raters are numbered in the order given (or first seen); a rater who rates a
 * unit twice is a caller's mistake (the readers reject it with the file and line) and throws.
 * @internal Only the tests build rating tables from ratings.
 */
export function fromRatings(
  ratings: readonly Rating[],
  {
    values = domainOf(ratings.map((rating) => rating.value)),
    units = [...new Set(ratings.map((rating) => rating.unit))],
    raters = [...new Set(ratings.map((rating) => rating.rater))],
  }: {values?: readonly Value[]; units?: readonly string[]; raters?: readonly string[]} = {},
): ReliabilityData & {unitIds: readonly string[]; raterIds: readonly string[]} {
  const code = indexer(values);
  const unitIndex = new Map(units.map((id, i) => [id, i]));
  const raterIndex = new Map(raters.map((id, i) => [id, i]));
  const codes = new Uint8Array(units.length * raters.length).fill(MISSING);
  for (const {rater, unit, value} of ratings) {
    const u = unitIndex.get(unit);
    const r = raterIndex.get(rater);
    if (u === undefined || r === undefined) throw new RangeError(`rating of an unlisted unit or rater`);
    const cell = u * raters.length + r;
    if (codes[cell] !== MISSING) throw new RangeError(`${quoteValue(rater)} rated ${quoteValue(unit)} twice`);
    if (!isMissing(value)) codes[cell] = code(value);
  }
  return {units: units.length, raters: raters.length, values, codes, unitIds: units, raterIds: raters};
}

/**
 * The value-by-unit count table: one pass over the cells. Four histograms take turns, so consecutive equal codes
 * (the usual case when raters agree) do not wait on each other's increment: about twice as fast as one.
 */
export function countTable(data: ReliabilityData): CountTable {
  const {units, raters, codes} = data;
  const v = data.values.length;
  const counts = new Int32Array(units * v);
  const h = new Int32Array(4 * 256);
  for (let unit = 0; unit < units; unit++) {
    h.fill(0);
    const end = (unit + 1) * raters;
    let cell = unit * raters;
    for (; cell + 3 < end; cell += 4) {
      h[codes[cell]!]!++;
      h[256 + codes[cell + 1]!]!++;
      h[512 + codes[cell + 2]!]!++;
      h[768 + codes[cell + 3]!]!++;
    }
    for (; cell < end; cell++) h[codes[cell]!]!++;
    for (let c = 0; c < v; c++) counts[unit * v + c] = h[c]! + h[256 + c]! + h[512 + c]! + h[768 + c]!;
  }
  return {units, values: data.values, counts};
}

/**
 * A count table given as rows of counts (one row per unit, one column per value), like Fleiss (1971) prints.
 * @internal Only the tests build count tables from published examples.
 */
export function countTableFromCounts(
  rows: readonly (readonly number[])[],
  values: readonly Value[] = Array.from({length: rows[0]?.length ?? 0}, (_, i) => i + 1),
): CountTable {
  const counts = new Int32Array(rows.length * values.length);
  rows.forEach((row, unit) => {
    if (row.length !== values.length)
      throw new RangeError(`row ${unit} has ${row.length} counts, not ${values.length}`);
    row.forEach((count, value) => {
      if (!Number.isInteger(count) || count < 0) throw new RangeError(`count ${count} is not a whole number`);
      counts[unit * values.length + value] = count;
    });
  });
  return {units: rows.length, values, counts};
}

/** The same table with some values left out, as if those ratings were missing (e.g. "n/a" for ordered figures). */
export function withoutValues(table: CountTable, drop: readonly Value[]): CountTable {
  const keep = table.values.map((value, i) => [value, i] as const).filter(([value]) => !drop.includes(value));
  const v = table.values.length;
  const counts = new Int32Array(table.units * keep.length);
  for (let unit = 0; unit < table.units; unit++)
    keep.forEach(([, i], j) => (counts[unit * keep.length + j] = table.counts[unit * v + i]!));
  return {units: table.units, values: keep.map(([value]) => value), counts};
}

/** How many ratings each unit has. */
export function unitTotals(table: CountTable): Int32Array {
  const v = table.values.length;
  const totals = new Int32Array(table.units);
  for (let unit = 0; unit < table.units; unit++) {
    let sum = 0;
    for (let i = unit * v; i < (unit + 1) * v; i++) sum += table.counts[i]!;
    totals[unit] = sum;
  }
  return totals;
}

/** The same table over some of its units only, in the order given (the items rated in both phases, say). */
export function ofUnits(table: CountTable, units: readonly number[]): CountTable {
  const v = table.values.length;
  const counts = new Int32Array(units.length * v);
  units.forEach((unit, i) => counts.set(table.counts.subarray(unit * v, (unit + 1) * v), i * v));
  return {units: units.length, values: table.values, counts};
}
