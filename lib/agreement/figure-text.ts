// Figures as the cohort's report writes them, one way each in the text, the page and the headline's sentence.
import {thousands} from "../text/format.js";

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
