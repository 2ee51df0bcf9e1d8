// The cohort report's words, one wording for the page and `npm run agreement`: its figures, written one way each in
// the text, the page and the headline's sentence, and the headline in words a manager reads.
import type {MatchedComparison, MatchedRaters} from "./matched.js";
import type {PhaseReport} from "./cohort-report.js";
import {quoteName} from "../text/quote-text.js";
import {listWords, plural, thousands} from "../text/format.js";
import type {Figure} from "./figure.js";
import {tooFewPairs} from "./item-spread.js";

export const fixed = (value: number, digits = 3): string => {
  const text = value.toFixed(digits);
  // A value just below zero rounds to "-0.000": it reads as zero.
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
};
/**
 * A change, signed: "+0.204", "-0.135". A change that is not zero is not written as zero while six places show it
 * ("+0.0003"), so an interval's end reads on the side of zero it is on; below that it reads "0.000".
 */
export const signed = (value: number, digits = 3): string => {
  let text = fixed(value, digits);
  for (let more = digits + 1; more <= 6 && Number(text) === 0 && value !== 0; more++)
    if (Number(fixed(value, more)) !== 0) text = fixed(value, more);
  return /^[1-9]|^0\.\d*[1-9]/.test(text) ? `+${text}` : text;
};
export const percent = (value: number): string => `${(100 * value).toFixed(1)}%`;

/**
 * An item's share of pairs of raters who differ, with the pairs it rests on: "62.5% of 28 pairs differ", and
 * "100.0% of 1 pair differs (too few pairs to rank with the others)" where lib/agreement/item-spread.ts tooFewPairs.
 */
export function differWords(entry: {disagreement: Figure; pairs: number}): string {
  const share = entry.disagreement.value === null ? "–" : percent(entry.disagreement.value);
  const thin = tooFewPairs(entry) ? " (too few pairs to rank with the others)" : "";
  return `${share} of ${plural(entry.pairs, "pair differs", "pairs differ")}${thin}`;
}

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

/** How the headline's interval of the change is drawn: said in the report's notes and on the page. */
export const headlineResamplesWords =
  "the same draws of items before and after, so each resample compares those items with themselves (paired by " +
  "item, not by rater)";

/** What each figure of the report measures, in a sentence a coordinator reads: the figure's name, then its meaning. */
export const figureMeanings: readonly {figure: string; meaning: string}[] = [
  {
    figure: "Krippendorff's alpha",
    meaning:
      "How far the raters agree beyond what chance would give: 1 when they all agree, 0 when they agree no more " +
      "than chance, below 0 when they disagree more. Ordinal counts how far apart two scores lie in the order 1 to " +
      "5, interval their difference as numbers, and nominal any two different scores as a whole disagreement.",
  },
  {
    figure: "Gwet's AC1 and AC2",
    meaning:
      "Agreement beyond chance too, with chance worked out so that the figure does not drop when most ratings share " +
      "one score. AC1 counts the scores as categories; AC2 counts a near miss as partly agreeing.",
  },
  {
    figure: "Fleiss' kappa",
    meaning:
      "Agreement beyond chance among any number of raters, the scores counted as categories; like alpha, it reads " +
      "low when one score dominates.",
  },
  {
    figure: "Pairs of raters who agree exactly, or within one point",
    meaning:
      "Of every two raters who scored the same item, the share who gave the same score, or scores at most one " +
      "point apart. Chance is not taken away: with most ratings on one score, these are high whatever the raters did.",
  },
  {
    figure: "Cohen's kappa, in each phase's table of raters",
    meaning:
      "One rater against the ruled scores, beyond chance. Linear and quadratic count a near miss as partly agreeing, " +
      "quadratic more so.",
  },
];

/**
 * A figure read against the guides for alpha, to three places, never rounded up to or across a guide it is below:
 * 0.797 is "0.797", and 0.7996 is "0.799", not "0.800" beside "0.800 or more for reliable conclusions". Every
 * ordinal alpha shown, and its interval's ends, is written so: the sentence, the page and the text alike.
 */
export function besideGuides(value: number): string {
  const text = fixed(value);
  const crossed = [alphaGuides.reliable, alphaGuides.tentative].some((guide) => value < guide && Number(text) >= guide);
  return crossed ? fixed(Math.floor(value * 1000) / 1000) : text;
}

/**
 * The headline's change as it is written beside its two figures: the difference of the figures as written, so
 * "0.353 → 0.805" reads "+0.452" where the change unrounded is 0.4528 ("+0.453"), and a reader who subtracts gets
 * what is written. The change's own value is written where a figure is not computable, and where the difference would
 * fall outside the change's interval as written (0.3531 → 0.3534, interval +0.0001 to +0.0006, is "+0.0003", not
 * "0.000"). The CSV keeps every digit.
 */
export function writtenChange({before, after, change}: Pick<MatchedComparison, "before" | "after" | "change">): string {
  if (change.value === null) return "–";
  if (before.value === null || after.value === null) return signed(change.value);
  const thousandths =
    Math.round(1000 * Number(besideGuides(after.value))) - Math.round(1000 * Number(besideGuides(before.value)));
  const interval = change.interval;
  const outside =
    interval !== null &&
    (thousandths / 1000 < Number(signed(interval.low)) || thousandths / 1000 > Number(signed(interval.high)));
  return outside ? signed(change.value) : signed(thousandths / 1000);
}

/** "on the 7 items rated both times" */
const onMatched = (headline: MatchedComparison): string =>
  `${headline.metric} alpha on the ${plural(headline.items.length, "item")} rated both times`;

/** "P1, P2 and P3", or "P1, P2, P3, P4, P5 and 3 more" */
const names = ({count, names}: {count: number; names: readonly string[]}): string =>
  listWords(names.map(quoteName), {count});

/** "4 raters rated before the guideline only (P1, …) and 4 after it only (Q1, …)", or "" when every rater did both. */
function onePhaseRaters({only}: MatchedRaters): string {
  const [before, after] = [only.vague, only.guideline];
  const part = (group: {count: number; names: string[]}, when: string, noun: boolean) =>
    group.count ? `${noun ? plural(group.count, "rater") : thousands(group.count)} ${when} only (${names(group)})` : "";
  const first = part(before, "rated before the guideline", true);
  const second = part(after, first ? "after it" : "rated after the guideline", !first);
  return [first, second].filter(Boolean).join(" and ");
}

/** Where alpha after the guideline stands against the guides, so the reader need not look them up to report it. */
function guideStanding(value: number): string {
  const {reliable, tentative} = alphaGuides;
  const text = `After the guideline, alpha is ${besideGuides(value)}`;
  if (value >= reliable) return `${text}: at least ${fixed(reliable)}, the guide for reliable conclusions.`;
  if (value >= tentative)
    return `${text}: between ${fixed(tentative)} and ${fixed(reliable)}, enough for tentative conclusions only.`;
  return `${text}: below ${fixed(tentative)}, the lowest guide for tentative conclusions.`;
}

/**
 * Whether the headline compares a change: two items or more, both figures computable, two raters both times (the
 * sentence's last branch; the others say which of these fails).
 */
const comparesChange = (
  headline: MatchedComparison,
): headline is MatchedComparison & {before: {value: number}; after: {value: number}} =>
  headline.items.length >= 2 &&
  headline.before.value !== null &&
  headline.after.value !== null &&
  headline.raters.both >= 2;

/**
 * The headline's sentence: "Agreement rose from 0.302 to 0.836 (ordinal alpha on the 7 items rated both times, 3
 * raters rating both times); the 95% interval of the change, +0.204 to +0.859, does not include zero." An interval
 * that includes zero is a change within what chance gives, and said so; raters who rated in one phase only are named
 * and left out of it (lib/agreement/cohort-report.ts compares the same raters, as the same items), and with fewer
 * than two who rated both times the two figures are said to come from different people, not to be a change of
 * agreement. When there is nothing to compare, it says why.
 */
export function headlineSentence(headline: MatchedComparison): string {
  const {before, after, change, raters} = headline;
  if (headline.items.length < 2) return `No comparison of before and after: ${change.reason}.`;
  if (before.value === null || after.value === null)
    return `Agreement before and after cannot be compared (${onMatched(headline)}): ${change.reason}.`;
  const [from, to] = [besideGuides(before.value), besideGuides(after.value)];
  const apart = onePhaseRaters(raters);
  if (raters.both < 2)
    return (
      `The two figures come from different people: ${raters.both ? "only 1 rater" : "no rater"} rated both before ` +
      `and after the guideline; ${apart}. Alpha was ${from} before and ${to} after (${onMatched(headline)}), which ` +
      "does not say whether the guideline changed agreement: for that, the same raters must rate both times."
    );
  const interval = change.interval;
  const [low, high] = interval ? [signed(interval.low), signed(interval.high)] : ["", ""];
  // Whether the interval includes zero, as its ends are written.
  const within = interval !== null && Number(low) <= 0 && Number(high) >= 0;
  const moved = within
    ? `Agreement was ${from} before and ${to} after`
    : from === to
      ? `Agreement stayed at ${from}`
      : `Agreement ${after.value > before.value ? "rose" : "fell"} from ${from} to ${to}`;
  const range = interval ? `the ${Math.round(interval.level * 100)}% interval of the change, ${low} to ${high}` : "";
  const uncertainty = !interval
    ? `the change has no interval: ${change.intervalReason}`
    : within
      ? `a change of ${writtenChange(headline)}, within what chance gives: ${range}, includes zero`
      : `${range}, does not include zero`;
  const who = apart
    ? ` ${apart[0]!.toUpperCase()}${apart.slice(1)}: left out of this comparison, their scores count in that ` +
      "phase's own figures."
    : "";
  const over = `${onMatched(headline)}, ${plural(raters.both, "rater")} rating both times`;
  return `${moved} (${over}); ${uncertainty}.${who}`;
}

/**
 * Why a headline figure is missing, to say beside it; null where the sentence says it already (headlineSentence gives
 * the change's reason, which is the first missing figure's, or why fewer than two items compare). `sentence`: the
 * headline's, where the caller has it already.
 */
export function reasonBeside(
  headline: MatchedComparison,
  which: "before" | "after" | "change",
  sentence = headlineSentence(headline),
): string | null {
  const figure = headline[which];
  if (figure.value !== null || headline.items.length < 2) return null;
  return sentence.includes(figure.reason) ? null : figure.reason;
}

/**
 * What the headline's reader needs to act on it, said after the sentence: where alpha after the guideline stands
 * against the guides, and, where the change's interval passes 1 either way, how it can (alpha runs below 0, so a
 * change may pass 1, which a reader who knows alpha's top would doubt unsaid). Empty when the sentence compares
 * nothing.
 */
export function headlineReading(headline: MatchedComparison): string {
  if (!comparesChange(headline)) return "";
  const {after, change} = headline;
  const past = change.interval !== null && (change.interval.high > 1 || change.interval.low < -1);
  return (
    guideStanding(after.value) +
    (past ? " A change can pass 1 either way: alpha falls below 0 where raters disagree more than chance." : "")
  );
}

/**
 * Rater names alike but for capitals, said where the report begins: "Dev" and "dev" count as two raters, which moves
 * every figure, and one person written two ways is the likelier. Null when there are none.
 */
export function alikeNamesWords(groups: readonly (readonly string[])[]): string | null {
  if (!groups.length) return null;
  const shown = groups.slice(0, 3).map((group) => listWords(group.map(quoteName)));
  const more = groups.length - shown.length;
  return (
    `Names that differ only in capitals count as different raters: ${shown.join("; ")}` +
    (more ? `; and ${thousands(more)} more` : "") +
    ". If one person is meant, write the name one way in every file."
  );
}

/**
 * Over a list of most disagreement cut to its first few, how many it shows of how many: "5 of the 6 items whose raters
 * differ, the most first; the table above has every item", saying where every item is (`items`: the page's table,
 * the command line's `--csv items`). Null where it shows them all.
 */
export function mostShownWords(shown: number, of: number, kind: {items: string} | "rules"): string | null {
  if (shown >= of) return null;
  return kind === "rules"
    ? `${shown} of the ${of} rules whose items differ, the most first; of two alike, the one over more items.`
    : `${shown} of the ${of} items whose raters differ, the most first; ${kind.items} has every item.`;
}

/** How many entries a list of most disagreement shows, on the page and on the command line. */
export const mostShown = 5;

/**
 * The lists of most disagreement as the page and the command line show them (the page's chart its first `top` items
 * too, disagreementRows): the first `top` items whose raters differ and rules whose items differ, most first, each
 * with how many it shows of how many where it is cut (`every`: where every item is instead).
 */
export function mostDisagreementShown(
  {mostDisagreement}: Pick<PhaseReport, "mostDisagreement">,
  {top = mostShown, every}: {top?: number; every: string},
) {
  const items = mostDisagreement.items.slice(0, top);
  const rules = mostDisagreement.rules.filter(differs);
  const shown = rules.slice(0, top);
  return {
    items,
    itemsNote: mostShownWords(items.length, mostDisagreement.items.length, {items: every}),
    rules: shown,
    rulesNote: mostShownWords(shown.length, rules.length, "rules"),
  };
}

/** Whether an item's raters, or a rule's items, differ at all: the lists of most disagreement hold only these. */
export const differs = ({disagreement}: {disagreement: Figure}): boolean => (disagreement.value ?? 0) > 0;
