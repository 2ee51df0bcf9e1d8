// Whether a trainee leans, and which way: stated only when it is clear. A lean needs both a size and a side: on
// average their scores sit at least `leanThreshold` of a point above (or below) the ruled ones, and more of their
// misses fall on that side than on the other. An average of -0.09 with four misses above and four below is no lean,
// and neither is +0.5 from a single far miss against two near ones below. Answers where either side is "not
// applicable" have no above or below: they count in neither the average nor the sides. Pure and browser-safe.

/** How far (in points, either way) the average difference from the ruled score must be before a lean is named. */
export const leanThreshold = 0.3;

// The average is a ratio of small integers; a hair of float error must not drop an exact 0.3 below the bar.
const epsilon = 1e-9;

/** What `leanOf` reads: the shape of a results tally and of the self-check summary. */
export interface LeanInput {
  /** Mean of trainee minus ruled over the answers both scored 1-5; null when there is none. */
  meanSignedDifference: number | null;
  /** Answers above the ruled score, and below it. */
  lenient: number;
  harsh: number;
  /** Answers counted; 0 (a judge's run stopped at its first case) is no answer at all, not one to compare. */
  answered?: number;
}

export type Lean =
  /** No answer at all. */
  | {kind: "no-answers"}
  /** No answer scored 1-5 on both sides: nothing can be above or below. */
  | {kind: "nothing-to-compare"}
  /** Answers to compare, and none above or below the ruled score. */
  | {kind: "no-misses"}
  /** A clear lean: higher (lenient) or lower (harsh) than the ruling. */
  | {kind: "higher" | "lower"; mean: number; above: number; below: number}
  /**
   * No clear lean: as many misses above as below (`even`); an average too small to name (`small`); or an average
   * pulled one way by a few far misses while more misses sit on the other side, or on neither (`mixed`).
   */
  | {kind: "unclear"; reason: "even" | "small" | "mixed"; mean: number; above: number; below: number};

/** The lean of a set of answers: clear only when |mean| ≥ 0.3 and a majority of the misses lie on that side. */
export function leanOf({meanSignedDifference: mean, lenient: above, harsh: below, answered}: LeanInput): Lean {
  if (answered === 0) return {kind: "no-answers"};
  if (mean === null) return {kind: "nothing-to-compare"};
  if (above === 0 && below === 0) return {kind: "no-misses"};
  const sides = {mean, above, below};
  if (above === below) return {kind: "unclear", reason: "even", ...sides};
  if (Math.abs(mean) < leanThreshold - epsilon) return {kind: "unclear", reason: "small", ...sides};
  if (mean > 0 && above > below) return {kind: "higher", ...sides};
  if (mean < 0 && below > above) return {kind: "lower", ...sides};
  return {kind: "unclear", reason: "mixed", ...sides};
}
