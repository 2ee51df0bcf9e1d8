// What the cohort page's charts show, decided here and drawn by src/components/cohort-charts.ts.
import type {WithInterval} from "./bootstrap.js";
import type {CohortReport} from "./cohort-report.js";
import {alphaGuides, mostShown} from "./cohort-words.js";
import type {Figure} from "./figure.js";
import type {Alpha} from "./krippendorff.js";
import {plural} from "../text/format.js";
import {tooFewPairs} from "./item-spread.js";

export interface AlphaChartRow {
  key: "before" | "after" | "before-only" | "after-only";
  label: string;
  items: number;
  alpha: WithInterval<Alpha>;
}

/** The guides as the alpha chart labels them, short enough to stand left of their lines in a phone's chart. */
export const guideLines = [
  {value: alphaGuides.tentative, label: "0.667: tentative"},
  {value: alphaGuides.reliable, label: "0.800: reliable"},
] as const;

/** The guides in full, for the chart's caption. */
export const guidesWords = "0.667 the lowest for tentative conclusions, 0.800 for reliable ones";

/** Rows whose alpha cannot be computed are kept; the chart draws those with a value. */
export function alphaChartRows(report: CohortReport): AlphaChartRow[] {
  const {headline} = report;
  const matched = plural(headline.items.length, "item");
  const rows: AlphaChartRow[] = [
    {
      key: "before",
      label: `Before, the ${matched} rated both times`,
      items: headline.items.length,
      alpha: headline.before,
    },
    {
      key: "after",
      label: `After, the ${matched} rated both times`,
      items: headline.items.length,
      alpha: headline.after,
    },
  ];
  const {vague, guideline} = headline.only;
  if (vague.items.length)
    rows.push({
      key: "before-only",
      label: `Before only, ${plural(vague.items.length, "other item")}`,
      items: vague.items.length,
      alpha: vague.alpha,
    });
  if (guideline.items.length)
    rows.push({
      key: "after-only",
      label: `After only, ${plural(guideline.items.length, "other item")}`,
      items: guideline.items.length,
      alpha: guideline.alpha,
    });
  return rows;
}

/** The alpha axis: from 0 (or the lowest value or interval end below it) to 1, the most alpha can be. */
export function alphaDomain(rows: readonly AlphaChartRow[]): [number, number] {
  let low = 0;
  for (const {alpha} of rows) {
    if (alpha.value !== null) low = Math.min(low, alpha.value);
    if (alpha.interval) low = Math.min(low, alpha.interval.low);
  }
  return [Math.floor(low * 10) / 10, 1];
}

export interface DisagreementRow {
  item: string;
  title: string | null;
  /** The share of pairs of raters who differ on the item, before the guideline and after it (null: not rated). */
  before: Figure | null;
  after: Figure;
  /** The pairs of ratings each share rests on (null: not rated before). */
  pairs: {before: number | null; after: number};
  /** The share after rests on too few pairs to rank among the others (item-spread.ts tooFewPairs): ranked last. */
  tooFewPairs: boolean;
}

/**
 * The items with the most disagreement after the guideline (what the guideline has still to settle), each with its
 * share before the guideline where it was rated then, and the pairs each share rests on; an item of too few pairs
 * comes after the others (cohort-report.ts ranks them). None when no item rated after it has any disagreement.
 */
export function disagreementRows(report: CohortReport, top = mostShown): DisagreementRow[] {
  const before = new Map(report.vague.spread.map((entry) => [entry.item, entry]));
  return report.guideline.mostDisagreement.items.slice(0, top).map((entry) => ({
    item: entry.item,
    title: entry.title,
    before: before.get(entry.item)?.disagreement ?? null,
    after: entry.disagreement,
    pairs: {before: before.get(entry.item)?.pairs ?? null, after: entry.pairs},
    tooFewPairs: tooFewPairs(entry),
  }));
}
