// The headline compares agreement before and after the guideline on the same items: a cohort often rates more items
// after it, and alpha over 7 items against 12 measures the items as much as the guideline. The bootstrap resamples
// those items, the same draws for both phases, so the change's interval is paired. Fewer than two: no headline.
import type {Phase} from "../authored/schemas/parts.js";
import {bootstrapAlphas, type BootstrapOptions, type WithInterval} from "./bootstrap.js";
import {ofUnits, unitTotals, type CountTable} from "./data.js";
import type {Figure} from "./figure.js";
import type {Alpha, Metric} from "./krippendorff.js";
import {explained, orderedGap} from "./ordered-gap.js";
import {phaseOfCode, type RatingColumns} from "./rating-columns.js";

export interface PhaseTables {
  nominal: CountTable;
  ordered: CountTable;
}

export interface OnePhaseOnly {
  items: string[];
  alpha: WithInterval<Alpha>;
}

/** The raters of the items rated both times: how many rated them in both phases, and who in one phase only. */
export interface MatchedRaters {
  both: number;
  /** In one phase only: how many, and the first few names. */
  only: Record<Phase, {count: number; names: string[]}>;
}

/** The most names of raters in one phase only the headline carries. */
const namedRaters = 5;

/** In which phases each rater rated the items `matched` (by index among the columns' items): 1, 2, or 3 for both. */
export function raterPhases(columns: RatingColumns, matched: ReadonlySet<number>): Int8Array {
  const phasesOf = new Int8Array(columns.raters.length);
  for (let i = 0; i < columns.code.length; i++)
    if (matched.has(columns.item[i]!))
      phasesOf[columns.rater[i]!]! |= phaseOfCode(columns.code[i]!) === "vague" ? 1 : 2;
  return phasesOf;
}

/** Who rated in each phase, by `phasesOf` (raterPhases), named from the columns' `raters`. */
export function matchedRaters(raters: readonly string[], phasesOf: Int8Array): MatchedRaters {
  const only = {vague: {count: 0, names: [] as string[]}, guideline: {count: 0, names: [] as string[]}};
  let both = 0;
  phasesOf.forEach((bits, rater) => {
    if (bits === 3) both++;
    else if (bits) {
      const phase = only[bits === 1 ? "vague" : "guideline"];
      if (phase.count++ < namedRaters) phase.names.push(raters[rater]!);
    }
  });
  return {both, only};
}

/** How many raters each of the headline's figures is over: before, after, the change (either), each phase's own. */
export interface RatersOver {
  before: number;
  after: number;
  change: number;
  only: Record<Phase, number>;
}

/**
 * The raters whose ratings each figure reads, from raterPhases over the items compared (`compared`) and over the items
 * rated in one phase only (`only`: an item rated before only has no rating after, so its raters carry bit 1 alone):
 * of the items compared, those `kept` (the raters of both phases, where the headline leaves the others out) with a
 * rating in the phase; of the items of one phase, every rater who rated one of them in it.
 */
export function ratersOver(compared: Int8Array, kept: (rater: number) => boolean, only: Int8Array): RatersOver {
  const over = {before: 0, after: 0, change: 0, only: {vague: 0, guideline: 0}};
  compared.forEach((bits, rater) => {
    if (!bits || !kept(rater)) return;
    over.change++;
    if (bits & 1) over.before++;
    if (bits & 2) over.after++;
  });
  for (const bits of only) {
    if (bits & 1) over.only.vague++;
    if (bits & 2) over.only.guideline++;
  }
  return over;
}

export interface MatchedComparison {
  metric: Metric;
  items: string[];
  before: WithInterval<Alpha>;
  after: WithInterval<Alpha>;
  change: WithInterval<Figure>;
  only: Record<Phase, OnePhaseOnly>;
  raters: MatchedRaters;
  ratersOver: RatersOver;
}

/**
 * Why there is no headline, with what to do: where one phase has no rating at all, which to add (a coordinator who
 * dropped the first round's files alone); else that it needs two items rated in both.
 */
function tooFewMatched(count: number, rated: {before: boolean; after: boolean}): string {
  const compare = "to compare agreement on the items rated both times";
  if (rated.before && !rated.after)
    return `every rating here is from before the guideline: add those from after it (the guideline phase) ${compare}`;
  if (rated.after && !rated.before)
    return `every rating here is from after the guideline: add those from before it (the vague phase) ${compare}`;
  const items = count === 0 ? "no item was" : "only 1 item was";
  return (
    `${items} rated both before and after the guideline: the headline compares agreement on the same items, ` +
    "and needs two or more"
  );
}

/** What each phase's figure says where the headline has too few items: the headline's sentence says why. */
const notCompared = "fewer than two items were rated both before and after the guideline";

/** An alpha withheld, with why. */
const withheld = (alpha: Alpha, reason: string): WithInterval<Alpha> => ({
  ...alpha,
  value: null,
  reason,
  observed: null,
  expected: null,
  interval: null,
  intervalReason: reason,
});

/** Alpha of the phase's tables over some units, explained where n/a leaves the ordered figures nothing. */
function alphasOver(
  tables: readonly PhaseTables[],
  units: readonly number[],
  metric: Metric,
  options: BootstrapOptions,
  where: string,
): {alphas: WithInterval<Alpha>[]; change: WithInterval<Figure> | null} {
  const nominal = tables.map((table) => ofUnits(table.nominal, units));
  const ordered = tables.map((table) => ofUnits(table.ordered, units));
  const {alphas, change} = bootstrapAlphas(ordered, metric, options);
  const gaps = nominal.map((table, i) => orderedGap(table, ordered[i]!, where));
  const explainedAlphas = alphas.map((alpha, i) => explained(alpha, gaps[i]!));
  if (!change || change.value !== null) return {alphas: explainedAlphas, change};
  const [before, after] = explainedAlphas as [WithInterval<Alpha>, WithInterval<Alpha>];
  const reason =
    before.value === null
      ? `before: ${before.reason}`
      : after.value === null
        ? `after: ${after.reason}`
        : change.reason;
  return {alphas: explainedAlphas, change: {...change, reason, intervalReason: reason}};
}

/**
 * The comparison on the items rated in both phases. `tables` are the two phases' (vague, then guideline) over the
 * same units, `ids` naming each unit; `every`, where the comparison's tables leave raters out, the tables of every
 * rater, which the items rated in one phase only are read from.
 */
export function matchedComparison(
  [vague, guideline]: readonly [PhaseTables, PhaseTables],
  ids: readonly string[],
  metric: Metric,
  options: BootstrapOptions,
  every: readonly [PhaseTables, PhaseTables] = [vague, guideline],
): Omit<MatchedComparison, "raters" | "ratersOver"> {
  const ratedIn = (pair: readonly PhaseTables[]) => pair.map((tables) => unitTotals(tables.nominal));
  const [inTables, all] = [ratedIn([vague, guideline]), ratedIn(every)];
  const both: number[] = [];
  const beforeOnly: number[] = [];
  const afterOnly: number[] = [];
  ids.forEach((_, unit) => {
    const [before, after] = [all[0]![unit]! > 0, all[1]![unit]! > 0];
    if (inTables[0]![unit]! > 0 && inTables[1]![unit]! > 0) both.push(unit);
    else if (before && !after) beforeOnly.push(unit);
    else if (after && !before) afterOnly.push(unit);
  });
  const named = (units: readonly number[]) => units.map((unit) => ids[unit]!);
  const only = (tables: PhaseTables, units: readonly number[]): OnePhaseOnly => ({
    items: named(units),
    alpha: alphasOver([tables], units, metric, options, "of these items").alphas[0]!,
  });
  const compared = alphasOver(
    [vague, guideline],
    both,
    metric,
    options,
    "of the items rated both times, in this phase,",
  );
  let [before, after] = compared.alphas as [WithInterval<Alpha>, WithInterval<Alpha>];
  let change = compared.change!;
  if (both.length < 2) {
    const reason = tooFewMatched(both.length, {
      before: both.length + beforeOnly.length > 0,
      after: both.length + afterOnly.length > 0,
    });
    [before, after] = [withheld(before, notCompared), withheld(after, notCompared)];
    change = {value: null, reason, interval: null, intervalReason: reason};
  }
  return {
    metric,
    items: named(both),
    before,
    after,
    change,
    only: {vague: only(every[0], beforeOnly), guideline: only(every[1], afterOnly)},
  };
}
