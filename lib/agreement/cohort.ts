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
import {withoutValues, type CountTable, type Value} from "./data.js";
import {figure, notComputable, type Figure} from "./figure.js";
import {krippendorffAlphas, type Alpha, type Metric} from "./krippendorff.js";
import {fleissKappa, gwetAC, percentAgreement, type Coefficient} from "./multi-rater.js";
import {phases, scores, type CohortRating, type Score} from "./ratings.js";
import {customWeights} from "./weights.js";

/** What the figures need of an item: its id, its ruled score, the rules its checklist cites, the seed's split. */
export interface CohortItem {
  id: string;
  title?: string;
  score: number | "n/a";
  checklist: readonly {rule: string}[];
  split?: readonly {score: number}[];
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
  "Intervals are percentile bootstrap intervals from resampling items, seeded so they are the same on every run; " +
    "before and after use the same resampled items.",
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

function raterAgreement(rater: string, own: readonly CohortRating[], items: Map<string, CohortItem>): RaterAgreement {
  let exact = 0;
  let withinOne = 0;
  // The rater's scores against the ruled ones, over items both score 1-5: rows the rater's, columns the ruling's.
  const table = orderedScores.map(() => orderedScores.map(() => 0));
  const seen = new Set<string>();
  for (const rating of own) {
    if (seen.has(rating.item))
      throw new RangeError(`${JSON.stringify(rater)} scored ${rating.item} twice in the ${rating.phase} phase`);
    seen.add(rating.item);
    const truth = items.get(rating.item)!.score;
    if (rating.score === truth) exact++;
    if (rating.score === "n/a" || truth === "n/a") {
      if (rating.score === truth) withinOne++;
      continue;
    }
    if (Math.abs(rating.score - truth) <= 1) withinOne++;
    table[rating.score - 1]![truth - 1]!++;
  }
  return {
    rater,
    scored: own.length,
    exact: figure(exact / own.length),
    withinOne: figure(withinOne / own.length),
    kappa: {
      none: cohenKappaTable(table, "none"),
      linear: cohenKappaTable(table, "linear"),
      quadratic: cohenKappaTable(table, "quadratic"),
    },
  };
}

const byDisagreement = (a: ItemSpread, b: ItemSpread): number =>
  (b.disagreement.value ?? -1) - (a.disagreement.value ?? -1) ||
  (b.meanDistance.value ?? -1) - (a.meanDistance.value ?? -1);

function phaseReport(
  phase: Phase,
  ratings: readonly CohortRating[],
  units: readonly CohortItem[],
  raters: readonly string[],
  items: Map<string, CohortItem>,
  top: number,
): {report: Omit<PhaseReport, "alpha"> & {alpha: Omit<PhaseReport["alpha"], "ordinal">}; ordered: CountTable} {
  // The count table straight from the ratings (one rating per rater, item and phase, as the readers ensure).
  const unitOf = new Map(units.map((item, unit) => [item.id, unit]));
  const q = scale.length;
  const counts = new Int32Array(units.length * q);
  for (const rating of ratings)
    counts[unitOf.get(rating.item)! * q + (rating.score === "n/a" ? q - 1 : rating.score - 1)]!++;
  const nominal: CountTable = {units: units.length, values: scale, counts};
  const ordered = withoutValues(nominal, ["n/a"]);
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
  const byRater = new Map<string, CohortRating[]>();
  for (const rating of ratings) {
    const own = byRater.get(rating.rater);
    if (own) own.push(rating);
    else byRater.set(rating.rater, [rating]);
  }
  const phaseRaters = raters.filter((rater) => byRater.has(rater));
  return {
    ordered,
    report: {
      phase,
      raters: phaseRaters.length,
      items: spread.length,
      ratings: ratings.length,
      notApplicable: ratings.filter((rating) => rating.score === "n/a").length,
      alpha: {nominal: krippendorffAlphas(nominal).nominal, interval: alphas.interval, ratio: alphas.ratio},
      ac1: gwetAC(nominal, "identity"),
      ac2: {
        linear: gwetAC(ordered, "linear"),
        quadratic: gwetAC(ordered, "quadratic"),
        ordinal: gwetAC(ordered, "ordinal"),
      },
      fleiss: fleissKappa(nominal, "identity"),
      agreement: {exact: percentAgreement(nominal, "identity"), withinOne: percentAgreement(nominal, withinOneWeights)},
      spread,
      raterAgreement: phaseRaters.map((rater) => raterAgreement(rater, byRater.get(rater)!, items)),
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
  {bootstrap = {}, top = 5}: CohortOptions = {},
): CohortReport {
  const byId = new Map(items.map((item) => [item.id, item]));
  for (const rating of ratings)
    if (!byId.has(rating.item)) throw new RangeError(`a rating of an unknown item ${JSON.stringify(rating.item)}`);
  const rated = new Set(ratings.map((rating) => rating.item));
  const units = items.filter((item) => rated.has(item.id));
  const raters = [...new Set(ratings.map((rating) => rating.rater))].sort(byName.compare);
  const [vague, guideline] = phases.map((phase) =>
    phaseReport(
      phase,
      ratings.filter((rating) => rating.phase === phase),
      units,
      raters,
      byId,
      top,
    ),
  ) as [ReturnType<typeof phaseReport>, ReturnType<typeof phaseReport>];
  const options = bootstrapSettings(bootstrap);
  const {alphas, change} = bootstrapAlphas([vague.ordered, guideline.ordered], "ordinal", options);
  const [before, after] = alphas as [WithInterval<Alpha>, WithInterval<Alpha>];
  const withOrdinal = (phase: typeof vague.report, ordinal: WithInterval<Alpha>): PhaseReport => ({
    ...phase,
    alpha: {nominal: phase.alpha.nominal, ordinal, interval: phase.alpha.interval, ratio: phase.alpha.ratio},
  });
  return {
    raters: raters.length,
    items: units.length,
    ratings: ratings.length,
    vague: withOrdinal(vague.report, before),
    guideline: withOrdinal(guideline.report, after),
    headline: {metric: "ordinal", before, after, change: change!},
    bootstrap: {...options, resampling: "items"},
    notes: cohortNotes,
  };
}
