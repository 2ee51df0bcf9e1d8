// Agreement at cohort scale (issue 8, "Fast at scale"): Krippendorff's alpha (ordinal) for 1,000 raters × 1,000
// items and 10,000 raters × 1,000 items with 10% of ratings missing, from seeded data; Gwet's AC2 and Fleiss' kappa on
// the same data; and how many rows a second a one-million-row ratings CSV streams through the real reader (Papa
// Parse, every row checked). The target is 100 ms for alpha on the larger set in Node; the published reference,
// fast-krippendorff (Python, numpy), takes about 170 ms on such data. Also the whole cohort report (every figure,
// both phases, the bootstrap) for 1,000 raters × 1,000 items.
import {createReadStream, mkdtempSync, rmSync, statSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {performance} from "node:perf_hooks";
import {cohortReport, type CohortItem} from "../lib/agreement/cohort.js";
import {countTable, MISSING, type ReliabilityData} from "../lib/agreement/data.js";
import {krippendorffAlpha} from "../lib/agreement/krippendorff.js";
import {fleissKappa, gwetAC} from "../lib/agreement/multi-rater.js";
import {seededRandom} from "../lib/agreement/random.js";
import {readRatingsCsvStream} from "../lib/agreement/ratings-csv.js";
import type {CohortRating, Score} from "../lib/agreement/ratings.js";
import {loadItems} from "../lib/load.js";
import {medianMs} from "./timing.js";

const targetMs = 100;
const referenceMs = 170;

/** Items with a true score; each rater gives it, or a neighbour, or anything; 10% of ratings missing. */
export function cohortData(raters: number, units: number, seed: number, missing = 0.1): ReliabilityData {
  const random = seededRandom(seed);
  const codes = new Uint8Array(units * raters);
  for (let unit = 0; unit < units; unit++) {
    const truth = Math.floor(random() * 5);
    for (let rater = 0; rater < raters; rater++) {
      const cell = unit * raters + rater;
      if (random() < missing) {
        codes[cell] = MISSING;
        continue;
      }
      const x = random();
      const score = x < 0.6 ? truth : x < 0.8 ? truth + 1 : x < 0.95 ? truth - 1 : Math.floor(random() * 5);
      codes[cell] = Math.min(4, Math.max(0, score));
    }
  }
  return {units, raters, values: [1, 2, 3, 4, 5], codes};
}

/** Rating records for both phases: 10% missing, closer to the ruled score after the guideline. */
function cohortRatings(raters: number, units: number, seed: number): {ratings: CohortRating[]; items: CohortItem[]} {
  const random = seededRandom(seed);
  const items: CohortItem[] = Array.from({length: units}, (_, i) => ({
    id: `item-${i}`,
    score: 1 + (i % 5),
    checklist: [{rule: "main-task"}, {rule: `rule-${i % 13}`}],
  }));
  const ratings: CohortRating[] = [];
  for (const phase of ["vague", "guideline"] as const)
    for (let rater = 0; rater < raters; rater++)
      for (const item of items) {
        if (random() < 0.1) continue;
        const ruled = item.score as number;
        const near = random() < (phase === "vague" ? 0.4 : 0.8);
        const score = near ? ruled : Math.min(5, Math.max(1, ruled + (random() < 0.5 ? -1 : 1)));
        ratings.push({rater: `rater-${rater}`, item: item.id, phase, score: score as Score, file: "bench"});
      }
  return {ratings, items};
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** A ratings CSV of `rows` lines over the real items, both phases. */
function writeCsv(path: string, rows: number, itemIds: readonly string[]): void {
  const random = seededRandom(3);
  const lines = ["rater,item,phase,score"];
  let n = 0;
  for (let rater = 0; n < rows; rater++) {
    for (const phase of ["vague", "guideline"]) {
      for (const item of itemIds) {
        if (n++ >= rows) break;
        const score = random() < 0.03 ? "n/a" : String(1 + Math.floor(random() * 5));
        lines.push(`rater-${rater},${item},${phase},${score}`);
      }
    }
  }
  writeFileSync(path, lines.join("\n") + "\n");
}

export async function benchAgreement(): Promise<void> {
  console.log("agreement statistics (median of 5 runs after a warm-up; seeded data, 10% missing)");
  for (const raters of [1_000, 10_000]) {
    const data = cohortData(raters, 1_000, 42);
    const label = `${raters.toLocaleString("en")} raters × 1,000 items`;
    const alpha = medianMs(5, () => krippendorffAlpha(data, "ordinal"));
    const table = medianMs(5, () => countTable(data));
    const ac2 = medianMs(5, () => gwetAC(countTable(data), "quadratic"));
    const fleiss = medianMs(5, () => fleissKappa(countTable(data)));
    const value = krippendorffAlpha(data, "ordinal").value!;
    console.log(`  ${label}: alpha ordinal ${value.toFixed(3)}`);
    const verdict = raters === 10_000 ? `  (target: under ${targetMs} ms)  ${alpha < targetMs ? "ok" : "OVER"}` : "";
    console.log(`    alpha (ordinal):      ${ms(alpha)}${verdict}`);
    if (raters === 10_000)
      console.log(
        `    ratio:                ${(alpha / targetMs).toFixed(2)}x the target, ` +
          `${(alpha / referenceMs).toFixed(2)}x fast-krippendorff's ~${referenceMs} ms`,
      );
    console.log(`    of which count table: ${ms(table)}`);
    console.log(`    Gwet's AC2 (quadr.):  ${ms(ac2)}`);
    console.log(`    Fleiss' kappa:        ${ms(fleiss)}`);
  }

  // The whole report a coordinator reads, from rating records, bootstrap included.
  const {ratings, items} = cohortRatings(1_000, 1_000, 5);
  const start = performance.now();
  const report = cohortReport(ratings, items);
  const reportMs = performance.now() - start;
  console.log(
    `  cohort report, 1,000 raters × 1,000 items, both phases (${ratings.length.toLocaleString("en")} ratings, ` +
      `${report.bootstrap.replicates} resamples): ${ms(reportMs)}; ordinal alpha ` +
      `${report.headline.before.value!.toFixed(3)} before, ${report.headline.after.value!.toFixed(3)} after`,
  );

  const dir = mkdtempSync(join(tmpdir(), "rater-notebook-bench-agreement-"));
  try {
    const path = join(dir, "ratings.csv");
    const rows = 1_000_000;
    const itemIds = loadItems().map((item) => item.id);
    writeCsv(path, rows, itemIds);
    const megabytes = statSync(path).size / 1e6;
    const start = performance.now();
    const collector = await readRatingsCsvStream(createReadStream(path, {encoding: "utf8"}), path, itemIds);
    const seconds = (performance.now() - start) / 1000;
    if (collector.problems.length || collector.ratings.length !== rows)
      throw new Error(
        `the generated CSV read as ${collector.ratings.length} ratings, ${collector.problems.length} problems`,
      );
    console.log(
      `  ratings CSV, streamed and checked: ${rows.toLocaleString("en")} rows (${megabytes.toFixed(1)} MB) in ` +
        `${seconds.toFixed(2)} s: ${Math.round(rows / seconds).toLocaleString("en")} rows/s`,
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
