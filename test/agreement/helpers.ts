// Test helpers: trainee records and CSV text for a cohort, built the way the site builds them.
import type {Score} from "../../lib/agreement/ratings.js";
import type {Phase} from "../../lib/parts.js";
import {emptyProgress, recordAnswer, type Progress} from "../../lib/trainee/progress.js";

export const at = "2025-01-01T00:00:00Z";

/** A trainee's record: each [item, phase, score] answered once, in order, then any retries and self-checks. */
export function progressOf(
  answers: readonly (readonly [string, Phase, Score])[],
  {retries = [], selfCheck = []}: {retries?: [string, Phase, Score][]; selfCheck?: [string, Score][]} = {},
): Progress {
  let progress = emptyProgress();
  for (const [item, phase, score] of [...answers, ...retries])
    progress = recordAnswer(progress, {item, phase, score, guideline: "v2", at});
  for (const [item, score] of selfCheck)
    progress = recordAnswer(progress, {item, phase: "guideline", mode: "self-check", score, guideline: "v2", at});
  return progress;
}

/** CSV text with the header and one line per [rater, item, phase, score]. */
export const csvOf = (rows: readonly (readonly string[])[]): string =>
  ["rater,item,phase,score", ...rows.map((row) => row.join(","))].join("\n") + "\n";
