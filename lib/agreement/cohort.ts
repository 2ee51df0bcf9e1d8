// A cohort's agreement, before the guideline (the vague phase) and after it (the guideline phase): the figures a
// training coordinator reads, from ratings and the items (whose ruled scores and cited rules the figures compare
// against). Pure: the readers (ratings-csv.ts, ratings-progress.ts) make the ratings; a page or the CLI shows this.
//
// "n/a" (not applicable) is a category of its own for the nominal figures (alpha nominal, AC1, Fleiss' kappa, exact
// and within-one agreement) and a missing rating for the ordered ones (alpha ordinal, interval and ratio, AC2,
// weighted kappa), which need a distance between scores that "n/a" does not have.
import type {Phase} from "../parts.js";
import {bootstrapAlphas, bootstrapSettings, type BootstrapOptions, type WithInterval} from "./bootstrap.js";
import {cohenKappaTable, type Kappa} from "./cohen.js";
import {unitTotals, withoutValues, type CountTable, type Value} from "./data.js";
import {figure, notComputable, type Figure} from "./figure.js";
import {krippendorffAlphas, type Alpha, type Metric} from "./krippendorff.js";
import {fleissKappa, gwetAC, percentAgreement, type Coefficient} from "./multi-rater.js";
import {codeCount, ratingColumns, type RatingColumns} from "./rating-columns.js";
import {phases, scores, type CohortRating, type Score} from "./ratings.js";
import {customWeights} from "./weights.js";
import {quoteValue} from "../quote-text.js";

/** What the figures need of an item: its id, its ruled score, the rules its checklist cites, the seed's split. */
export interface CohortItem {
  id: string;
  title?: string;
  score: number | "n/a";
  checklist: readonly {rule: string}[];
  split?: readonly {score: number}[];
}

/**
 * What the figures need of an authored item, and nothing more: the site's cohort data (lib/site-data.ts) and the
 * command line both take it from here, so the page and `npm run agreement` compute over the same items.
 */
export function cohortItem(item: {
  id: string;
  title: string;
  score: number | "n/a";
  checklist: readonly {rule: string}[];
  split?: readonly {score: number}[];
}): CohortItem {
  return {
    id: item.id,
    title: item.title,
    score: item.score,
    checklist: item.checklist.map((line) => ({rule: line.rule})),
    ...(item.split ? {split: item.split.map((entry) => ({score: entry.score}))} : {}),
  };
}

export const orderedScores = [1, 2, 3, 4, 5] as const;
const scale: readonly Value[] = scores;

export type ScoreCounts = Record<`${Score}`, number>;

export interface ItemSpread {
  item: string;
  title: string | null;
  ruled: number | "n/a";
  ratings: number;
  /** The measured split: how many raters gave each score. */
  counts: ScoreCounts;
  /** The seed's illustrative split under the vague instruction (the scores it names), where it gives one. */
  seedSplit: number[] | null;
  /** Of all pairs of this item's ratings, the share that differ ("n/a" a category of its own). */
  disagreement: Figure;
  /** The mean distance between two scores of this item, over pairs of scores 1-5. */
  meanDistance: Figure;
  rules: string[];
}

export interface RaterAgreement {
  rater: string;
  scored: number;
  /** Shares of the rater's scores equal to the ruled score, and within one point of it ("n/a" only matches "n/a"). */
  exact: Figure;
  withinOne: Figure;
  /** Cohen's kappa against the ruled scores, over items both score 1-5. */
  kappa: {none: Kappa; linear: Kappa; quadratic: Kappa};
}

export interface RuleDisagreement {
  rule: string;
  /** Items rated in this phase whose checklist cites the rule. */
  items: string[];
  /** The mean of those items' disagreement. */
  disagreement: Figure;
}

export interface PhaseReport {
  phase: Phase;
  raters: number;
  items: number;
  ratings: number;
  notApplicable: number;
  alpha: {nominal: Alpha; ordinal: WithInterval<Alpha>; interval: Alpha; ratio: Alpha};
  /** Gwet's AC1, "n/a" a category. */
  ac1: Coefficient;
  /** Gwet's AC2 over the scores 1-5. */
  ac2: {linear: Coefficient; quadratic: Coefficient; ordinal: Coefficient};
  /** Fleiss' kappa, "n/a" a category. */
  fleiss: Coefficient;
  agreement: {exact: Coefficient; withinOne: Coefficient};
  spread: ItemSpread[];
  raterAgreement: RaterAgreement[];
  mostDisagreement: {items: ItemSpread[]; rules: RuleDisagreement[]};
}

export interface CohortReport {
  raters: number;
  items: number;
  ratings: number;
  vague: PhaseReport;
  guideline: PhaseReport;
  /** The headline: ordinal alpha before and after the guideline, and the change, each with its interval. */
  headline: {
    metric: Metric;
    before: WithInterval<Alpha>;
    after: WithInterval<Alpha>;
    change: WithInterval<Figure>;
  };
  bootstrap: {replicates: number; seed: number; level: number; resampling: "items"};
  notes: string[];
}

export interface CohortOptions {
  bootstrap?: BootstrapOptions;
  /** How many items the "most disagreement" list names; 5 unless told. */
  top?: number;
}

export const cohortNotes = [
  '"n/a" is a category of its own for alpha nominal, AC1, Fleiss\' kappa and exact and within-one agreement, ' +
    "and a missing rating for alpha ordinal, interval and ratio, AC2 and weighted kappa.",
  "Intervals are percentile bootstrap intervals, seeded so they are the same on every run: each phase's from " +
    "resampling its items rated by two or more raters (none with fewer than two such items), the change's from " +
    "resampling the items of both phases together, the same items before and after. A resample whose alpha cannot " +
    "be computed is not used; each interval says how many were.",
];

// Within one point on the scale 1-5; "n/a" agrees only with "n/a".
const withinOneWeights = customWeights(
  scale.map((a) =>
    scale.map((b) => (a === "n/a" || b === "n/a" ? (a === b ? 1 : 0) : Math.abs(Number(a) - Number(b)) <= 1 ? 1 : 0)),
  ),
);

/** Raters in the order a person expects: rater2 before rater10. */
const byName = new Intl.Collator("en", {numeric: true});

const emptyCounts = (): ScoreCounts => ({"1": 0, "2": 0, "3": 0, "4": 0, "5": 0, "n/a": 0});
const uniqueRules = (item: CohortItem): string[] => [...new Set(item.checklist.map((line) => line.rule))];

function spreadOf(table: CountTable, unit: number, item: CohortItem): ItemSpread {
  const q = scale.length;
  const counts = emptyCounts();
  let m = 0;
  let agreeingPairs = 0;
  for (let c = 0; c < q; c++) {
    const n = table.counts[unit * q + c]!;
    counts[String(scale[c]) as `${Score}`] = n;
    m += n;
    agreeingPairs += n * (n - 1);
  }
  let numeric = 0;
  let distance = 0;
  for (let c = 0; c < orderedScores.length; c++) {
    const nc = table.counts[unit * q + c]!;
    numeric += nc;
    for (let k = 0; k < orderedScores.length; k++) distance += nc * table.counts[unit * q + k]! * Math.abs(c - k);
  }
  return {
    item: item.id,
    title: item.title ?? null,
    ruled: item.score,
    ratings: m,
    counts,
    seedSplit: item.split ? item.split.map((entry) => entry.score) : null,
    disagreement:
      m >= 2 ? figure(1 - agreeingPairs / (m * (m - 1))) : notComputable("fewer than two raters scored this item"),
    meanDistance:
      numeric >= 2
        ? figure(distance / (numeric * (numeric - 1)))
        : notComputable("fewer than two raters gave this item a score from 1 to 5"),
    rules: uniqueRules(item),
  };
}

/** One rater's tallies in one phase against the ruled scores. */
interface RaterTally {
  scored: number;
  exact: number;
  withinOne: number;
  /** The rater's scores against the ruled ones, over items both score 1-5: rows the rater's, columns the ruling's. */
  table: number[][];
}

const emptyTally = (): RaterTally => ({
  scored: 0,
  exact: 0,
  withinOne: 0,
  table: orderedScores.map(() => orderedScores.map(() => 0)),
});

function tallyRating(tally: RaterTally, score: Score, truth: number | "n/a"): void {
  tally.scored++;
  if (score === truth) tally.exact++;
  if (score === "n/a" || truth === "n/a") {
    if (score === truth) tally.withinOne++;
    return;
  }
  if (Math.abs(score - truth) <= 1) tally.withinOne++;
  tally.table[score - 1]![truth - 1]!++;
}

/** Why a rater's kappa has nothing to compare when the rater did score items: every pair held an n/a. */
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

/**
 * Each rater against the ruled scores, each phase, raters in name order. One pass over the ratings grouped by rater
 * (a counting sort), which is also where a second score for the same item and phase is caught.
 */
function raterAgreements(
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
  // Raters in the order a person expects; a tie keeps the order first seen.
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

export const allNotApplicable = "every rating in this phase is n/a, which the ordered figures count as missing";
export const noOrderedPair =
  "no item has scores from 1 to 5 from two or more raters: the ordered figures count n/a as missing";

const hasPair = (table: CountTable): boolean => unitTotals(table).some((ratings) => ratings >= 2);

/**
 * Why the ordered figures have nothing to compare when the nominal ones do: n/a, a category for those, is missing
 * for these. Null when that is not why (the ordered figures' own reason then holds).
 */
function orderedGap(nominal: CountTable, ordered: CountTable, totals: {ratings: number; notApplicable: number}) {
  if (totals.ratings > 0 && totals.notApplicable === totals.ratings) return allNotApplicable;
  return hasPair(nominal) && !hasPair(ordered) ? noOrderedPair : null;
}

/** An ordered figure with no value, given the reason that n/a explains (the interval's too). */
function explained<F extends Figure>(f: F, reason: string | null): F {
  if (f.value !== null || reason === null) return f;
  return "intervalReason" in f ? {...f, reason, intervalReason: reason} : {...f, reason};
}

const byDisagreement = (a: ItemSpread, b: ItemSpread): number =>
  (b.disagreement.value ?? -1) - (a.disagreement.value ?? -1) ||
  (b.meanDistance.value ?? -1) - (a.meanDistance.value ?? -1);

function phaseReport(
  phase: Phase,
  nominal: CountTable,
  units: readonly CohortItem[],
  {ratings, notApplicable}: {ratings: number; notApplicable: number},
  raterAgreement: RaterAgreement[],
  top: number,
): {
  report: Omit<PhaseReport, "alpha"> & {alpha: Omit<PhaseReport["alpha"], "ordinal">};
  ordered: CountTable;
  orderedGap: string | null;
} {
  const ordered = withoutValues(nominal, ["n/a"]);
  const gap = orderedGap(nominal, ordered, {ratings, notApplicable});
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
  rules.sort(
    (a, b) =>
      (b.disagreement.value ?? -1) - (a.disagreement.value ?? -1) || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0),
  );
  return {
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
        items: spread
          .filter((entry) => (entry.disagreement.value ?? 0) > 0)
          .sort(byDisagreement)
          .slice(0, top),
        rules,
      },
    },
  };
}

/**
 * The cohort's report. Ratings must be of items in `items`, one per rater, item and phase: the readers
 * (RatingsCollector) ensure it, and anything else is a caller's mistake that throws.
 */
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

/**
 * The same report from ratings as columns (rating-columns.ts) whose item numbers index `items`: what the cohort
 * page's worker computes, with no object per rating.
 */
export function cohortReportOfColumns(
  columns: RatingColumns,
  items: readonly CohortItem[],
  {bootstrap = {}, top = 5}: CohortOptions = {},
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
    phaseReport(phase, {units: units.length, values: scale, counts: counts[p]!}, units, totals[p]!, byPhase[p]!, top),
  ) as [ReturnType<typeof phaseReport>, ReturnType<typeof phaseReport>];
  const options = bootstrapSettings(bootstrap);
  const bootstrapped = bootstrapAlphas([vague.ordered, guideline.ordered], "ordinal", options);
  const before = explained(bootstrapped.alphas[0]!, vague.orderedGap);
  const after = explained(bootstrapped.alphas[1]!, guideline.orderedGap);
  const changeReason =
    before.value === null ? `before: ${before.reason}` : after.value === null ? `after: ${after.reason}` : null;
  const change: WithInterval<Figure> =
    changeReason === null
      ? bootstrapped.change!
      : {value: null, reason: changeReason, interval: null, intervalReason: changeReason};
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
    headline: {metric: "ordinal", before, after, change},
    bootstrap: {...options, resampling: "items"},
    notes: cohortNotes,
  };
}
