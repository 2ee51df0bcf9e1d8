// A cohort's agreement before the guideline (the vague phase) and after it: the figures a coordinator reads.
// "n/a" is a category of its own for the nominal figures (alpha nominal, AC1, Fleiss' kappa, exact and within-one)
// and a missing rating for the ordered ones (alpha ordinal, interval, ratio, AC2, weighted kappa), which need a
// distance between scores that "n/a" does not have.
import type {Phase} from "../authored/schemas/parts.js";
import {bootstrapAlphas, bootstrapSettings, type BootstrapOptions, type WithInterval} from "./bootstrap.js";
import type {CohortItem} from "./cohort-item.js";
import {unitTotals, withoutValues, type CountTable} from "./data.js";
import {figure, notComputable, type Figure} from "./figure.js";
import {scale, spreadOf, tooFewPairs, type ItemSpread} from "./item-spread.js";
import {krippendorffAlphas, type Alpha} from "./krippendorff.js";
import {
  matchedComparison,
  matchedRaters,
  raterPhases,
  ratersOver,
  type MatchedComparison,
  type PhaseTables,
} from "./matched.js";
import {explained, orderedGap} from "./ordered-gap.js";
import {fleissKappa, gwetAC, percentAgreement, type Coefficient} from "./multi-rater.js";
import {raterAgreements, type RaterAgreement} from "./rater-agreement.js";
import {codeCount, ratingColumns, type RatingColumns} from "./rating-columns.js";
import {phases, type CohortRating} from "./ratings.js";
import {customWeights} from "./weights.js";
import {differs, headlineResamplesWords} from "./cohort-words.js";

export interface RuleDisagreement {
  rule: string;
  items: string[];
  disagreement: Figure;
}

export interface PhaseReport {
  phase: Phase;
  raters: number;
  items: number;
  ratings: number;
  notApplicable: number;
  alpha: {nominal: Alpha; ordinal: WithInterval<Alpha>; interval: Alpha; ratio: Alpha};
  /** "n/a" a category. */
  ac1: Coefficient;
  /** Over the scores 1-5. */
  ac2: {linear: Coefficient; quadratic: Coefficient; ordinal: Coefficient};
  /** "n/a" a category. */
  fleiss: Coefficient;
  agreement: {exact: Coefficient; withinOne: Coefficient};
  spread: ItemSpread[];
  raterAgreement: RaterAgreement[];
  /** Every item whose raters differ, the most first (the page and the command line show the first few), and every
   *  rule. */
  mostDisagreement: {items: ItemSpread[]; rules: RuleDisagreement[]};
}

export interface CohortReport {
  raters: number;
  items: number;
  ratings: number;
  vague: PhaseReport;
  guideline: PhaseReport;
  /** On the items rated in both phases (matched.ts). */
  headline: MatchedComparison;
  bootstrap: {replicates: number; seed: number; level: number; resampling: "items"};
  notes: string[];
  /** Rater names alike but for capitals ("Dev" and "dev"), each group in the order met: counted as different raters. */
  alikeNames: string[][];
}

export interface CohortOptions {
  bootstrap?: BootstrapOptions;
}

export const cohortNotes = [
  '"n/a" is a category of its own for alpha nominal, AC1, Fleiss\' kappa and exact and within-one agreement, ' +
    "and a missing rating for alpha ordinal, interval and ratio, AC2 and weighted kappa.",
  "Intervals are percentile bootstrap intervals, seeded so they are the same on every run: each phase's from " +
    "resampling its items rated by two or more raters (none with fewer than two such items); the headline's, on the " +
    `items rated in both phases, from resampling those items, ${headlineResamplesWords}. A resample whose alpha ` +
    "cannot be computed is not used; each interval says how many were.",
];

// Within one point on the scale 1-5; "n/a" agrees only with "n/a".
const withinOneWeights = customWeights(
  scale.map((a) =>
    scale.map((b) => (a === "n/a" || b === "n/a" ? (a === b ? 1 : 0) : Math.abs(Number(a) - Number(b)) <= 1 ? 1 : 0)),
  ),
);

/** Most disagreement first, an item whose share rests on too few pairs after every item with enough. */
const byDisagreement = (a: ItemSpread, b: ItemSpread): number =>
  Number(tooFewPairs(a)) - Number(tooFewPairs(b)) ||
  (b.disagreement.value ?? -1) - (a.disagreement.value ?? -1) ||
  (b.meanDistance.value ?? -1) - (a.meanDistance.value ?? -1);

function phaseReport(
  phase: Phase,
  nominal: CountTable,
  units: readonly CohortItem[],
  {ratings, notApplicable}: {ratings: number; notApplicable: number},
  raterAgreement: RaterAgreement[],
): {
  report: Omit<PhaseReport, "alpha"> & {alpha: Omit<PhaseReport["alpha"], "ordinal">};
  nominal: CountTable;
  ordered: CountTable;
  orderedGap: string | null;
} {
  const ordered = withoutValues(nominal, ["n/a"]);
  const gap = orderedGap(nominal, ordered);
  const alphas = krippendorffAlphas(ordered);
  const spread = units.map((item, unit) => spreadOf(nominal, unit, item)).filter((entry) => entry.ratings > 0);
  const ruleItems = new Map<string, ItemSpread[]>();
  for (const entry of spread)
    for (const rule of entry.rules) {
      const citing = ruleItems.get(rule);
      if (citing) citing.push(entry);
      else ruleItems.set(rule, [entry]);
    }
  const rules: RuleDisagreement[] = [...ruleItems].map(([rule, entries]) => {
    const known = entries.filter((entry) => entry.disagreement.value !== null);
    return {
      rule,
      items: entries.map((entry) => entry.item),
      disagreement: known.length
        ? figure(known.reduce((sum, entry) => sum + entry.disagreement.value!, 0) / known.length)
        : notComputable("no item citing this rule was scored by two or more raters"),
    };
  });
  // Of two rules alike, the one over more items first: a share over two items says more than one over one.
  rules.sort(
    (a, b) =>
      (b.disagreement.value ?? -1) - (a.disagreement.value ?? -1) ||
      b.items.length - a.items.length ||
      (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0),
  );
  return {
    nominal,
    ordered,
    orderedGap: gap,
    report: {
      phase,
      raters: raterAgreement.length,
      items: spread.length,
      ratings,
      notApplicable,
      alpha: {
        nominal: krippendorffAlphas(nominal).nominal,
        interval: explained(alphas.interval, gap),
        ratio: explained(alphas.ratio, gap),
      },
      ac1: gwetAC(nominal, "identity"),
      ac2: {
        linear: explained(gwetAC(ordered, "linear"), gap),
        quadratic: explained(gwetAC(ordered, "quadratic"), gap),
        ordinal: explained(gwetAC(ordered, "ordinal"), gap),
      },
      fleiss: fleissKappa(nominal, "identity"),
      agreement: {exact: percentAgreement(nominal, "identity"), withinOne: percentAgreement(nominal, withinOneWeights)},
      spread,
      raterAgreement,
      mostDisagreement: {
        items: spread.filter(differs).sort(byDisagreement),
        rules,
      },
    },
  };
}

/** Ratings must be of `items`, one per rater, item and phase: RatingsCollector ensures it; else it throws. */
export function cohortReport(
  ratings: readonly CohortRating[],
  items: readonly CohortItem[],
  options: CohortOptions = {},
): CohortReport {
  return cohortReportOfColumns(
    ratingColumns(
      ratings,
      items.map((item) => item.id),
    ),
    items,
    options,
  );
}

/** What the cohort page's worker computes, with no object per rating. */
export function cohortReportOfColumns(
  columns: RatingColumns,
  items: readonly CohortItem[],
  {bootstrap = {}}: CohortOptions = {},
): CohortReport {
  const {raters, rater, item, code} = columns;
  const n = code.length;
  if (rater.length !== n || item.length !== n) throw new RangeError("the rating columns differ in length");
  for (let i = 0; i < n; i++) {
    if (!(rater[i]! >= 0 && rater[i]! < raters.length)) throw new RangeError(`a rating of an unnamed rater`);
    if (!(item[i]! >= 0 && item[i]! < items.length)) throw new RangeError(`a rating of an unknown item (${item[i]})`);
    if (code[i]! >= codeCount) throw new RangeError(`a rating with an unknown phase and score (${code[i]})`);
  }
  // The items rated in either phase, in the items' order: the units of both phases' count tables.
  const unitOf = new Int32Array(items.length).fill(-1);
  for (let i = 0; i < n; i++) unitOf[item[i]!] = 0;
  const units = items.filter((_, index) => unitOf[index] === 0);
  let unit = 0;
  for (let index = 0; index < items.length; index++) if (unitOf[index] === 0) unitOf[index] = unit++;
  // One count table per phase (units × scores), straight from the ratings.
  const q = scale.length;
  const counts = phases.map(() => new Int32Array(units.length * q));
  const totals = phases.map(() => ({ratings: 0, notApplicable: 0}));
  for (let i = 0; i < n; i++) {
    const phase = Math.floor(code[i]! / q);
    const score = code[i]! % q;
    counts[phase]![unitOf[item[i]!]! * q + score]!++;
    totals[phase]!.ratings++;
    if (score === q - 1) totals[phase]!.notApplicable++;
  }
  const {order, byPhase} = raterAgreements(columns, items);
  const [vague, guideline] = phases.map((phase, p) =>
    phaseReport(phase, {units: units.length, values: scale, counts: counts[p]!}, units, totals[p]!, byPhase[p]!),
  ) as [ReturnType<typeof phaseReport>, ReturnType<typeof phaseReport>];
  const options = bootstrapSettings(bootstrap);
  // Each phase's alpha over every item it rated, with its interval; the headline compares the same items alone.
  const [before, after] = [vague, guideline].map((phase) =>
    explained(bootstrapAlphas([phase.ordered], "ordinal", options).alphas[0]!, phase.orderedGap),
  ) as [WithInterval<Alpha>, WithInterval<Alpha>];
  // The headline compares the same items (matchedComparison) and the same people: where two raters or more rated the
  // items compared in both phases, those who rated them in one phase only are left out of its figures (8 raters
  // before and 8 after, 2 of them the same, read as a rise that was mostly who rated). Fewer than two: every rater,
  // and the sentence says the figures are different people's. The items rated in one phase only stay as every rater
  // gave them.
  const ids = units.map((entry) => entry.id);
  const every = [
    {nominal: vague.nominal, ordered: vague.ordered},
    {nominal: guideline.nominal, ordered: guideline.ordered},
  ] as const;
  const indexesOf = (compared: (id: string) => boolean) =>
    new Set(items.flatMap((entry, index) => (compared(entry.id) ? [index] : [])));
  const [ratedBefore, ratedAfter] = every.map((tables) => unitTotals(tables.nominal));
  const bothRated = new Set(ids.filter((_, unit) => ratedBefore![unit]! > 0 && ratedAfter![unit]! > 0));
  const bothRatedIndexes = indexesOf((id) => bothRated.has(id));
  // Who is of both phases, and who is left out, over the items rated both times: the tables below are built from it,
  // and the headline's sentence names them from it. (Read over the items compared alone, a rater of both phases whose
  // other phase's item dropped out of the comparison was named as left out, while her ratings were in its figures.)
  const phasesOf = raterPhases(columns, bothRatedIndexes);
  const bothOrOne = matchedRaters(columns.raters, phasesOf);
  // Over the raters of both phases on the items rated both times, where some rated them once: one comparison, the
  // items of one phase only read from every rater's tables.
  const leavesOut = bothOrOne.both >= 2 && bothOrOne.only.vague.count + bothOrOne.only.guideline.count > 0;
  const tables = leavesOut
    ? ([0, 1].map((p) => {
        const own = new Int32Array(units.length * q);
        for (let i = 0; i < n; i++)
          if (phasesOf[rater[i]!] === 3 && bothRatedIndexes.has(item[i]!) && Math.floor(code[i]! / q) === p)
            own[unitOf[item[i]!]! * q + (code[i]! % q)]!++;
        const nominal = {units: units.length, values: scale, counts: own};
        return {nominal, ordered: withoutValues(nominal, ["n/a"])};
      }) as [PhaseTables, PhaseTables])
    : every;
  const matched = matchedComparison(tables, ids, "ordinal", options, every);
  const indexesIn = (named: readonly string[]) => {
    const set = new Set(named);
    return indexesOf((id) => set.has(id));
  };
  const headline = {
    ...matched,
    raters: bothOrOne,
    // With no one left out, the items compared are the items rated both times, whose phases are worked out above.
    ratersOver: ratersOver(
      leavesOut ? raterPhases(columns, indexesIn(matched.items)) : phasesOf,
      (r) => !leavesOut || phasesOf[r] === 3,
      raterPhases(columns, indexesIn([...matched.only.vague.items, ...matched.only.guideline.items])),
    ),
  };
  const withOrdinal = (phase: typeof vague.report, ordinal: WithInterval<Alpha>): PhaseReport => ({
    ...phase,
    alpha: {nominal: phase.alpha.nominal, ordinal, interval: phase.alpha.interval, ratio: phase.alpha.ratio},
  });
  return {
    raters: order.length,
    items: units.length,
    ratings: n,
    vague: withOrdinal(vague.report, before),
    guideline: withOrdinal(guideline.report, after),
    headline,
    bootstrap: {...options, resampling: "items"},
    notes: cohortNotes,
    alikeNames: alikeNames(columns.raters),
  };
}

/** The names among `raters` that differ only in capitals, grouped: a person written two ways is two raters here. */
export function alikeNames(raters: readonly string[]): string[][] {
  const groups = new Map<string, string[]>();
  for (const name of raters) {
    const key = name.toLowerCase();
    const group = groups.get(key);
    if (group) group.push(name);
    else groups.set(key, [name]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}
