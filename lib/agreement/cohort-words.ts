// The cohort report's words, one wording for the page and `npm run agreement`: its figures, written one way each in
// the text, the page and the headline's sentence, and the headline in words a manager reads.
import type {MatchedComparison} from "./matched.js";
import {plural, thousands} from "../text/format.js";

export const fixed = (value: number, digits = 3): string => {
  const text = value.toFixed(digits);
  // A value just below zero rounds to "-0.000": it reads as zero.
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
};
export const signed = (value: number, digits = 3): string => {
  const text = fixed(value, digits);
  return /^[1-9]|^0\.\d*[1-9]/.test(text) ? `+${text}` : text;
};
export const percent = (value: number): string => `${(100 * value).toFixed(1)}%`;

/** What an interval rests on, "from 957 of 1,000 resamples": a resample whose figure is not computable is not used. */
export const resamplesUsed = ({used, replicates}: {used: number; replicates: number}): string =>
  `from ${thousands(used)} of ${thousands(replicates)} resamples`;

/** Krippendorff's: rely on alpha of 0.800 or more; between 0.667 and 0.800, draw tentative conclusions only. */
export const alphaGuides = {
  reliable: 0.8,
  tentative: 0.667,
  source:
    "Klaus Krippendorff, Content Analysis: An Introduction to Its Methodology (2nd edition 2004, p. 241; " +
    "4th edition 2019)",
} as const;

export const guidesText =
  `Published guides for alpha: ${fixed(alphaGuides.reliable)} or more for reliable conclusions; ` +
  `${fixed(alphaGuides.tentative)} the lowest for tentative ones (${alphaGuides.source}).`;

export const coefficientAdvice =
  "Report ordinal alpha: the scores 1 to 5 are ordered, so it counts a 4 against a 5 as a smaller disagreement than " +
  "a 1 against a 5; it takes any number of raters and missing ratings; and the guides above are set for alpha. Read " +
  "Gwet's AC2 beside it: alpha reads low when one score dominates, as it does after a guideline that works.";

/** "on the 7 items rated both times" */
const onMatched = (headline: MatchedComparison): string =>
  `${headline.metric} alpha on the ${plural(headline.items.length, "item")} rated both times`;

/**
 * The headline's sentence: "Agreement rose from 0.30 to 0.84 (ordinal alpha on the 7 items rated both times); the 95%
 * interval of the change, +0.20 to +0.86, excludes no change." When there is nothing to compare, it says why.
 */
export function headlineSentence(headline: MatchedComparison): string {
  const {before, after, change} = headline;
  if (headline.items.length < 2) return `No comparison of before and after: ${change.reason}.`;
  if (before.value === null || after.value === null)
    return `Agreement before and after cannot be compared (${onMatched(headline)}): ${change.reason}.`;
  const [from, to] = [fixed(before.value, 2), fixed(after.value, 2)];
  const moved =
    from === to ? `stayed at ${from}` : `${after.value > before.value ? "rose" : "fell"} from ${from} to ${to}`;
  const interval = change.interval;
  const uncertainty = interval
    ? `the ${Math.round(interval.level * 100)}% interval of the change, ${signed(interval.low, 2)} to ` +
      `${signed(interval.high, 2)}, ${interval.low > 0 || interval.high < 0 ? "excludes" : "includes"} no change`
    : `the change has no interval: ${change.intervalReason}`;
  return `Agreement ${moved} (${onMatched(headline)}); ${uncertainty}.`;
}
