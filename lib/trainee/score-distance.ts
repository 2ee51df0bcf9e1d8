// How far a score is from the ruled one: exact, one off, two or more off, and which way. Its own module, so a page
// that only marks where the trainee stands (the strip of a part's items) loads none of the checklist comparison.
import type {Score} from "../authored/schemas/verdict.js";

export interface ScoreComparison {
  trainee: Score;
  ruled: Score;
  /** "Not applicable" against a score counts as two or more off: it is a different judgement, not a near miss. */
  distance: "exact" | "one-off" | "two-or-more-off";
  /** Trainee minus ruled; null when either is "not applicable". */
  difference: number | null;
  /** Higher than ruled is lenient, lower is harsh; null when exact or when "not applicable" is involved. */
  direction: "lenient" | "harsh" | null;
  /** One of the two is "not applicable" and the other is a score. */
  notApplicableMismatch: boolean;
}

export function compareScores(trainee: Score, ruled: Score): ScoreComparison {
  if (trainee === "n/a" || ruled === "n/a") {
    const exact = trainee === ruled;
    return {
      trainee,
      ruled,
      distance: exact ? "exact" : "two-or-more-off",
      difference: null,
      direction: null,
      notApplicableMismatch: !exact,
    };
  }
  const difference = trainee - ruled;
  const off = Math.abs(difference);
  return {
    trainee,
    ruled,
    distance: off === 0 ? "exact" : off === 1 ? "one-off" : "two-or-more-off",
    difference,
    direction: difference > 0 ? "lenient" : difference < 0 ? "harsh" : null,
    notApplicableMismatch: false,
  };
}

/** The mark each distance carries beside its colour, so no colour stands alone: ✓ exact, ≈ one off, ✗ two or more. */
export const distanceMarks: Record<ScoreComparison["distance"], string> = {
  "exact": "✓",
  "one-off": "≈",
  "two-or-more-off": "✗",
};
