// Each item's spread in one phase, which the cohort report lists and ranks items and rules by.
import type {CohortItem} from "./cohort-item.js";
import type {CountTable, Value} from "./data.js";
import {figure, notComputable, type Figure} from "./figure.js";
import {scores, type ScaleScore} from "./ratings.js";

export const orderedScores = [1, 2, 3, 4, 5] as const;
export const scale: readonly Value[] = scores;

export type ScoreCounts = Record<`${ScaleScore}`, number>;

export interface ItemSpread {
  item: string;
  title: string | null;
  ruled: number | "n/a";
  ratings: number;
  /** The pairs of its ratings its share of pairs who differ rests on: ratings × (ratings - 1) / 2. */
  pairs: number;
  /** The measured split: how many raters gave each score. */
  counts: ScoreCounts;
  /** The case study's illustrative split under the vague instruction (the scores it names), where it gives one. */
  caseStudySplit: number[] | null;
  /** Of all pairs of this item's ratings, the share that differ ("n/a" a category of its own). */
  disagreement: Figure;
  /** The mean distance between two scores of this item, over pairs of scores 1-5. */
  meanDistance: Figure;
  rules: string[];
}

/**
 * The fewest pairs an item's share of pairs who differ is ranked on among the others: one pair (two raters) can only
 * differ or not, 0% or 100%, and two raters' 100% says less than thirty's 60%. An item with fewer pairs (fewer than
 * three raters) is ranked after those with more, and its pairs are shown beside its share.
 */
const fewestRankedPairs = 3;

/** Whether an item's share of pairs who differ rests on too few pairs to rank it among the others. */
export const tooFewPairs = (entry: Pick<ItemSpread, "pairs">): boolean => entry.pairs < fewestRankedPairs;

const emptyCounts = (): ScoreCounts => ({"1": 0, "2": 0, "3": 0, "4": 0, "5": 0, "n/a": 0});
const uniqueRules = (item: CohortItem): string[] => [...new Set(item.checklist.map((line) => line.rule))];

export function spreadOf(table: CountTable, unit: number, item: CohortItem): ItemSpread {
  const q = scale.length;
  const counts = emptyCounts();
  let m = 0;
  let agreeingPairs = 0;
  for (let c = 0; c < q; c++) {
    const n = table.counts[unit * q + c]!;
    counts[String(scale[c]) as `${ScaleScore}`] = n;
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
    pairs: (m * (m - 1)) / 2,
    counts,
    caseStudySplit: item.split ? item.split.map((entry) => entry.score) : null,
    disagreement:
      m >= 2 ? figure(1 - agreeingPairs / (m * (m - 1))) : notComputable("fewer than two raters scored this item"),
    meanDistance:
      numeric >= 2
        ? figure(distance / (numeric * (numeric - 1)))
        : notComputable("fewer than two raters gave this item a score from 1 to 5"),
    rules: uniqueRules(item),
  };
}
