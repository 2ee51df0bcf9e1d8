// Test helpers: trainee records and CSV text for a cohort, built the way the site builds them.
import {seededRandom} from "../../../lib/agreement/bootstrap.js";
import type {ScaleScore} from "../../../lib/agreement/ratings.js";
import type {Phase} from "../../../lib/authored/schemas/parts.js";
import {emptyProgress, recordAnswer, type Progress} from "../../../lib/trainee/progress.js";

export const at = "2025-01-01T00:00:00Z";

/** A trainee's record: each [item, phase, score] answered once, in order, then any retries and self-checks. */
export function progressOf(
  answers: readonly (readonly [string, Phase, ScaleScore])[],
  {retries = [], selfCheck = []}: {retries?: [string, Phase, ScaleScore][]; selfCheck?: [string, ScaleScore][]} = {},
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

/**
 * A large cohort's ratings CSV, seeded: `raters` raters (rater1, rater2, …), each scoring one item under the vague
 * instruction and, every third rater, the same item with the guideline; scores near the ruled one, some n/a.
 */
export function largeCohortCsv(
  raters: number,
  items: readonly {id: string; score: number | "n/a"}[],
  seed = 1,
): string {
  const random = seededRandom(seed);
  const lines = ["rater,item,phase,score"];
  const near = (ruled: number | "n/a", spread: number): string => {
    if (ruled === "n/a" || random() < 0.02) return "n/a";
    return String(Math.min(5, Math.max(1, ruled + Math.round((random() - 0.5) * 2 * spread))));
  };
  for (let r = 1; r <= raters; r++) {
    const item = items[Math.floor(random() * items.length)]!;
    lines.push(`rater${r},${item.id},vague,${near(item.score, 2)}`);
    if (r % 3 === 0) lines.push(`rater${r},${item.id},guideline,${near(item.score, 0.6)}`);
  }
  return `${lines.join("\n")}\n`;
}
