// Agreement at cohort scale (issue 8, "Fast at scale"): Krippendorff's alpha (ordinal) for 1,000 raters × 1,000
// items and 10,000 raters × 1,000 items with 10% of ratings missing, from seeded data; Gwet's AC2 and Fleiss' kappa on
// the same data; and how many rows a second a one-million-row ratings CSV streams through the real reader (Papa
// Parse, every row checked). The target is 100 ms on the larger set in Node, for alpha, AC2 and Fleiss' kappa alike.
// A reference is timed in the same run on data it can finish: the npm `krippendorff` package, a direct transcription
// of the definition (quadratic in the raters: 100 raters × 1,000 items takes it about a second, 10,000 raters would
// take it hours), with our value beside its value. Also the whole cohort report (every figure, both phases, the
// bootstrap) for 1,000 raters × 1,000 items, and for a million ratings over the site's items; and `npm run agreement`
// itself, text, --json and --csv, on a ratings CSV at the input limit (32 MiB) written with as many raters as fit.
// In Chromium on the built site (benchCohortPage): a million-row CSV set on the cohort page's file input, the time
// to the painted report and the longest the page's main thread is blocked meanwhile (issue 8: "the page stays
// responsive").
import {spawn} from "node:child_process";
import {createReadStream, mkdtempSync, rmSync, statSync, writeFileSync} from "node:fs";
import {cpus, loadavg, tmpdir} from "node:os";
import {join} from "node:path";
import {performance} from "node:perf_hooks";
import {alpha as referenceAlpha} from "krippendorff";
import type {CohortItem} from "../lib/agreement/cohort-item.js";
import {cohortReport, cohortReportOfColumns} from "../lib/agreement/cohort-report.js";
import {countTable} from "../lib/agreement/data.js";
import {krippendorffAlpha} from "../lib/agreement/krippendorff.js";
import {fleissKappa, gwetAC} from "../lib/agreement/multi-rater.js";
import {seededRandom} from "../lib/agreement/bootstrap.js";
import {ratingColumns} from "../lib/agreement/rating-columns.js";
import {readRatingsCsvStream} from "../lib/agreement/ratings-csv.js";
import type {CohortRating, ScaleScore} from "../lib/agreement/ratings.js";
import {fileByteCap} from "../lib/agreement/read-files.node.js";
import {loadItems, projectRoot} from "../lib/node/load.js";
import {ratersPerPage} from "../lib/agreement/packed-report.js";
import {openSite} from "../test/browser/site.js";
import {cohortData, ordinalMetric, raterMatrix} from "./cohort-data.js";
import {median, medianMs} from "./timing.js";

const targetMs = 100;

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
        ratings.push({rater: `rater-${rater}`, item: item.id, phase, score: score as ScaleScore, file: "bench"});
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

/**
 * The npm `krippendorff` package against ours, timed in this run on data it can finish (100 raters × 1,000 items):
 * the ratio is measured, not quoted. test/unit/agreement/reference.test.ts holds the values equal.
 */
function benchReference(): void {
  const data = cohortData(100, 1_000, 42);
  const matrix = raterMatrix(data);
  const metric = ordinalMetric(matrix);
  const start = performance.now();
  const theirs = referenceAlpha(matrix, metric);
  const referenceTook = performance.now() - start;
  const ours = krippendorffAlpha(data, "ordinal").value!;
  const oursTook = medianMs(5, () => krippendorffAlpha(data, "ordinal"));
  console.log(
    `  reference, 100 raters × 1,000 items, alpha ordinal: the npm krippendorff package (0.1.0) ` +
      `${ms(referenceTook)} (one run; it is quadratic in the raters), ours ${ms(oursTook)}: ` +
      `${Math.round(referenceTook / oursTook).toLocaleString("en")}x; values ${theirs.toFixed(6)} and ` +
      `${ours.toFixed(6)} (${Math.abs(theirs - ours) < 1e-9 ? "equal" : "DIFFERENT"})`,
  );
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
    console.log(
      `  ${label}: alpha ordinal ${value.toFixed(3)} (each figure from the raw ratings, count table included)`,
    );
    // Judged against the target on the larger set; each figure on its own.
    const verdict = (took: number) =>
      raters === 10_000
        ? `  ${(took / targetMs).toFixed(2)}x the target (under ${targetMs} ms)  ${took < targetMs ? "ok" : "OVER"}`
        : "";
    console.log(`    alpha (ordinal):      ${ms(alpha)}${verdict(alpha)}`);
    console.log(`    Gwet's AC2 (quadr.):  ${ms(ac2)}${verdict(ac2)}`);
    console.log(`    Fleiss' kappa:        ${ms(fleiss)}${verdict(fleiss)}`);
    console.log(`    the count table alone: ${ms(table)}`);
  }
  benchReference();

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
    // The cohort page's worker computes this report from the same ratings, as columns.
    const items = loadItems();
    const columns = ratingColumns(collector.ratings, itemIds);
    const report = cohortReportOfColumns(columns, items);
    const columnsMs = medianMs(3, () => cohortReportOfColumns(columns, items), {warmup: 1});
    console.log(
      `  cohort report from the CSV's ratings as columns (${report.raters.toLocaleString("en")} raters × ` +
        `${report.items} items, both phases), as the page's worker computes it: ${ms(columnsMs)}`,
    );
    await benchCli(path, `the ${rows.toLocaleString("en")}-row CSV`);
    const limit = join(dir, "limit.csv");
    const written = writeLimitCsv(limit, fileByteCap, itemIds);
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    await benchCli(
      limit,
      `a CSV at the input limit (${mib(statSync(limit).size)} MiB of ${mib(fileByteCap)} MiB: ` +
        `${written.toLocaleString("en")} raters, one rating each)`,
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

/**
 * A ratings CSV as close to `cap` bytes as whole lines allow, with as many raters as fit (one rating each): the
 * input that makes the report longest (a row per rater) within the documented limit. Returns how many raters.
 */
function writeLimitCsv(path: string, cap: number, itemIds: readonly string[]): number {
  const random = seededRandom(11);
  const chunks: string[] = [];
  let size = "rater,item,phase,score\n".length;
  let raters = 0;
  for (;;) {
    const score = random() < 0.03 ? "n/a" : String(1 + Math.floor(random() * 5));
    const line = `r${raters},${itemIds[raters % itemIds.length]},${raters % 2 ? "guideline" : "vague"},${score}\n`;
    if (size + line.length > cap) break;
    chunks.push(line);
    size += line.length;
    raters++;
  }
  writeFileSync(path, `rater,item,phase,score\n${chunks.join("")}`);
  return raters;
}

/** `npm run agreement` on a file, text, --json and --csv raters in turn: the time, the exit status, the bytes. */
async function benchCli(path: string, label: string): Promise<void> {
  console.log(`  npm run agreement on ${label}:`);
  for (const flags of [[], ["--json"], ["--csv", "raters"]]) {
    const start = performance.now();
    const {status, bytes, stderr} = await new Promise<{status: number | null; bytes: number; stderr: string}>(
      (resolve, reject) => {
        const child = spawn(join(projectRoot, "node_modules/.bin/tsx"), ["scripts/agreement.ts", path, ...flags], {
          cwd: projectRoot,
          stdio: ["ignore", "pipe", "pipe"],
        });
        let bytes = 0;
        let stderr = "";
        child.stdout.on("data", (chunk: Buffer) => (bytes += chunk.length));
        child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
        child.on("error", reject);
        child.on("close", (status) => resolve({status, bytes, stderr}));
      },
    );
    const took = (performance.now() - start) / 1000;
    const outcome = status === 0 ? "ok" : `FAILED (exit ${status}: ${stderr.trim().split("\n")[0]})`;
    console.log(
      `    ${(flags.join(" ") || "text").padEnd(12)} ${took.toFixed(1)} s, ` +
        `${(bytes / 1e6).toFixed(1)} MB written  ${outcome}`,
    );
  }
}

/** What the page records, from the file input's change to the painted report. */
interface CohortTimings {
  start: number;
  /** When the status first said the figures are being computed: the CSV is read by then. */
  computing: number;
  /** When the headline was put in the page, when the whole report was (the phases' tables follow a frame later),
   * and after the frame that painted it. */
  headline: number;
  shown: number;
  painted: number;
  /** What the Long Tasks API saw (tasks of 50 ms or more). */
  longTasks: {start: number; duration: number}[];
  /** The gaps between animation frames. */
  frames: number[];
}

/**
 * Installed before the cohort page's scripts: times the way from the file input's change to the painted report, and
 * marks both ends for the trace (performance.mark). Source text rather than a function: tsx would wrap a compiled
 * callback's named functions in a helper the page lacks.
 */
const watchCohortPage = `
  const bench = (window.cohortBench = {
    start: NaN, computing: NaN, headline: NaN, shown: NaN, painted: NaN, longTasks: [], frames: [],
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({start: entry.startTime, duration: entry.duration});
  }).observe({type: "longtask", buffered: true});
  addEventListener("change", () => {
    bench.start = performance.now();
    performance.mark("cohort-change");
    new MutationObserver((changes, observer) => {
      const status = document.querySelector(".cohort-status");
      if (Number.isNaN(bench.computing) && status && status.textContent === "Computing the figures…")
        bench.computing = performance.now();
      if (Number.isNaN(bench.headline) && document.querySelector(".cohort-headline"))
        bench.headline = performance.now();
      if (!document.querySelector(".cohort-report[data-complete]")) return;
      bench.shown = performance.now();
      observer.disconnect();
    }).observe(document.body, {childList: true, subtree: true, characterData: true, attributes: true});
    let last = bench.start;
    const frame = (now) => {
      bench.frames.push(now - last);
      last = now;
      if (Number.isNaN(bench.shown)) return requestAnimationFrame(frame);
      // A message posted from a frame's callback arrives once that frame is painted.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        bench.painted = performance.now();
        performance.mark("cohort-painted");
      };
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(frame);
  }, {capture: true});
`;

/** The trace's categories: the main thread's tasks (RunTask), and the page's marks. */
const traceCategories = ["disabled-by-default-devtools.timeline", "blink.user_timing"];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

/**
 * Every task the page's main thread ran between its two marks, in ms: the trace sees each task whatever its length,
 * where the Long Tasks API reports only those of 50 ms or more.
 */
function mainThreadTasks(trace: Buffer): number[] {
  const events = (JSON.parse(trace.toString("utf8")) as {traceEvents: TraceEvent[]}).traceEvents;
  const mark = (name: string) => events.find((event) => event.name === name && event.cat === "blink.user_timing");
  const [from, to] = [mark("cohort-change"), mark("cohort-painted")];
  if (!from || !to) throw new Error("the trace holds no marks from the cohort page");
  // The marks are made on the page's main thread: its tasks share their process and thread.
  return events
    .filter(
      (event) =>
        event.name === "RunTask" &&
        event.ph === "X" &&
        event.pid === from.pid &&
        event.tid === from.tid &&
        event.ts + event.dur! >= from.ts &&
        event.ts <= to.ts,
    )
    .map((event) => event.dur! / 1000);
}

/** The reference a responsive page is held to: no task of the main thread over 50 ms (a "long task"), and 100 ms. */
const longTaskMs = 50;
const noticeableMs = 100;

/**
 * The cohort page on a built site (dist/, as npm run build ships it) in Chromium: a million-row ratings CSV set on
 * the file input, in fresh page loads, each traced. Reports the time to the painted report, how long reading and
 * computing take, and the longest main-thread task from the change to the paint; then one "Next raters".
 */
export async function benchCohortPage(dist: string, rounds = 5): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "rater-notebook-bench-cohort-"));
  const site = await openSite(dist);
  try {
    const path = join(dir, "ratings.csv");
    const rows = 1_000_000;
    const items = loadItems();
    writeCsv(
      path,
      rows,
      items.map((item) => item.id),
    );
    const raters = Math.ceil(rows / (2 * items.length));
    console.log(
      `cohort page in Chromium: a ${rows.toLocaleString("en")}-row ratings CSV (${raters.toLocaleString("en")} ` +
        `raters × ${items.length} items × 2 phases, ${(statSync(path).size / 1e6).toFixed(1)} MB) set on the file ` +
        `input, ${rounds} fresh page loads, each traced`,
    );
    // A task's time is wall time: another process on a shared core stretches it, so say how busy the machine is.
    console.log(`  machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} over the last minute`);
    const runs: (CohortTimings & {tasks: number[]; more: number})[] = [];
    for (let round = 0; round < rounds; round++) {
      const context = await site.newContext();
      await context.addInitScript({content: watchCohortPage});
      const page = await context.newPage();
      await page.goto("/cohort");
      // Playwright evaluates a script of its own in the page the first time it waits on one: before the trace.
      await page.waitForFunction("window.cohortBench");
      await site.browser.startTracing(page, {categories: traceCategories});
      await page.getByLabel(/Trainees' files/).setInputFiles(path);
      await page.waitForFunction("!Number.isNaN(window.cohortBench.painted)", undefined, {timeout: 300_000});
      const tasks = mainThreadTasks(await site.browser.stopTracing());
      const headline = await page.locator(".cohort-headline").innerText();
      if (!headline.includes(`${rows.toLocaleString("en")} ratings`))
        throw new Error(`the page's report is not of the whole CSV: ${headline}`);
      const timings = (await page.evaluate("window.cohortBench")) as CohortTimings;
      // One "Next raters" (the next page): the handler and the style and layout the next frame needs.
      const more = (await page.evaluate(`(() => {
        const buttons = [...document.querySelectorAll(".cohort-pager button")];
        const button = buttons.find((b) => b.textContent === "Next raters");
        button.scrollIntoView();
        document.body.offsetHeight;
        const start = performance.now();
        button.click();
        document.body.offsetHeight;
        return performance.now() - start;
      })()`)) as number;
      runs.push({...timings, tasks, more});
      await context.close();
    }
    if (site.problems.length) console.log(`  problems in the page: ${site.problems.join("; ")}`);
    console.log(`  load average after the runs: ${loadavg()[0]!.toFixed(1)} over the last minute`);
    const seconds = (values: number[]) => `${(median(values) / 1000).toFixed(2)} s`;
    console.log(
      `  to the painted report: median ${seconds(runs.map((run) => run.painted - run.start))} ` +
        `(reading ${seconds(runs.map((run) => run.computing - run.start))}, computing ` +
        `${seconds(runs.map((run) => run.headline - run.computing))}, showing the report and painting it ` +
        `${ms(median(runs.map((run) => run.painted - run.headline)))})`,
    );
    const verdict = (value: number) =>
      value < longTaskMs ? "ok" : value < noticeableMs ? `over ${longTaskMs} ms` : `OVER ${noticeableMs} ms`;
    const longest = runs.map((run) => Math.max(...run.tasks));
    console.log(
      `  longest main-thread task from the change to the paint (trace): median ${ms(median(longest))}  ` +
        `${verdict(median(longest))}, worst ${ms(Math.max(...longest))}  ${verdict(Math.max(...longest))} ` +
        `(reference: under ${longTaskMs} ms, at most ${noticeableMs} ms); each run: ` +
        longest.map((value) => value.toFixed(0)).join(", ") +
        ` ms; tasks over ${longTaskMs} ms in a run: ` +
        runs.map((run) => run.tasks.filter((task) => task > longTaskMs).length).join(", "),
    );
    const longTasks = runs.map(
      (run) =>
        run.longTasks.filter((task) => task.start + task.duration >= run.start && task.start <= run.painted).length,
    );
    const gaps = runs.map((run) => Math.max(...run.frames));
    console.log(
      `  the page's own view: Long Tasks API entries in a run: ${longTasks.join(", ")}; longest gap between ` +
        `animation frames: median ${ms(median(gaps))}, worst ${ms(Math.max(...gaps))} (a frame is ${ms(1000 / 60)}; ` +
        "a gap also waits for a core the worker or another process holds)",
    );
    console.log(
      `  one "Next raters" (the next ${ratersPerPage}): ${ms(median(runs.map((run) => run.more)))} ` +
        "(handler, style, layout)",
    );
  } finally {
    await site.close();
    rmSync(dir, {recursive: true, force: true});
  }
}
