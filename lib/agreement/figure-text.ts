// Figures as the cohort's report writes them, one way each in the text, the page and the headline's sentence: a
// figure to three decimals (never "-0.000"), a change signed, a share as a percentage, and what an interval rests on.
import {thousands} from "../text/format.js";

/** A figure to three decimals (never "-0.000"). */
export const fixed = (value: number, digits = 3): string => {
  const text = value.toFixed(digits);
  // A value just below zero rounds to "-0.000": it reads as zero.
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
};
/** A change, signed: "+0.120". */
export const signed = (value: number, digits = 3): string => {
  const text = fixed(value, digits);
  return /^[1-9]|^0\.\d*[1-9]/.test(text) ? `+${text}` : text;
};
export const percent = (value: number): string => `${(100 * value).toFixed(1)}%`;

/** What an interval rests on, "from 957 of 1,000 resamples": a resample whose figure is not computable is not used. */
export const resamplesUsed = ({used, replicates}: {used: number; replicates: number}): string =>
  `from ${thousands(used)} of ${thousands(replicates)} resamples`;
