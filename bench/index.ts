// npm run bench [-- --engine-only | --preview-only | --completeness-only | --probes-only | --trainee-only |
// --clicks-only | --build-only | --dev-only | --agreement-only | --case-editor-only | --languages-only | --suite-only |
// --implied-table-only | --patch-only | --paths-only]
// [--runs <n>] [--http2]: how fast the rule engine derives scores; how fast the authors' preview recomputes when a
// parameter changes, in Node, and on the built page from the input to the painted figures, cold and warm
// (bench/preview.ts); how long the rubric's completeness enumeration takes (bench/completeness.ts); how the probe
// scorer fares on hostile replies (in this process, through probes:score, and per keystroke in the built page in
// Chromium); what a cold `npm run build` costs next to a one-page Framework build of a d3 + Inputs page in the same run
// (bench/build.ts); how soon a saved item, guideline rule or lib/ module shows in an open page under `npm run dev`
// (bench/dev-loop.ts); in Chromium on the built site, how soon each trainee page's first Score group is usable on a
// slow connection and CPU next to a bare Framework page, with each page's gzip bytes and its interpreter's, asked for
// before or after the first item (--runs: runs per page, 5 unless given; --http2: served over HTTP/2 rather than
// HTTP/1.1; bench/first-item.ts), how soon a trainee's Check paints the ruling and "Next item" paints the next item
// (bench/trainee.ts; --clicks-only: those two alone, each from the click's timestamp against the 16.7 ms frame); the
// agreement statistics at cohort scale, in Node and on the built cohort page with a million-row CSV
// (bench/agreement.ts); the case editor's view after a fact changes, in Node (bench/case-editor.ts) and on the built
// page from the input to the painted derived score, with the page's bytes (bench/case-editor-page.ts); the candidate
// expression languages for a guideline's conditions (issue 31): CEL conformance, gzip size, compile time, speed and
// static checking (bench/expression-languages.ts); what a scoring page would receive instead of the interpreter (the
// rubric over the checklist shapes, the rulings) against the interpreter's bytes (bench/implied-table.ts, with the
// trainee bench; --implied-table-only: on ./dist, built first); and how long `npm test` and `npm run test:unit`
// take from a fresh clone next to a cold build (bench/suite.ts); and a word click on the score card with the most
// word buttons, and on one built for the bench with about 200, from the click's timestamp to the painted frame
// (bench/patch.ts; --patch-only: that alone); and the files each of three paths runs from the input to its painted
// result: a Check, a parameter change on /authors, a CSV on /cohort (bench/paths.ts; --paths-only). Figures vary
// with the machine; the ratios are what to compare.
import {rmSync} from "node:fs";
import {join} from "node:path";
import {performance} from "node:perf_hooks";
import {randomInt, randomLcg} from "d3";
import {deriveAll, ruleSetOf} from "../lib/engine/derive.js";
import type {ChecklistLine, Item} from "../lib/authored/schemas/item.js";
import {loadGuideline, loadItems} from "../lib/node/load.js";
import {copyProject} from "../scripts/copy-project.js";
import {postbuild} from "../scripts/postbuild.js";
import {benchAgreement, benchCohortPage} from "./agreement.js";
import {benchBuild} from "./build.js";
import {benchCaseEditor} from "./case-editor.js";
import {benchCaseEditorPage} from "./case-editor-page.js";
import {benchCompleteness} from "./completeness.js";
import {benchDevLoop} from "./dev-loop.js";
import {benchExpressionLanguages} from "./expression-languages.js";
import {observableBuild} from "./framework.js";
import {benchImpliedTable} from "./implied-table.js";
import {benchAuthorsPage, benchPreview} from "./preview.js";
import {benchPatch} from "./patch.js";
import {benchPaths} from "./paths.js";
import {benchPage, benchScoring} from "./probes.js";
import {benchSuite} from "./suite.js";
import {median} from "./timing.js";
import {benchTrainee, benchTraineeClicks, type TraineeOptions} from "./trainee.js";

function time(runs: number, work: () => unknown): number[] {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return samples;
}

/** Items like the real ones with their counts varied, from a seeded generator so every run derives the same set. */
function generateItems(caseStudyItems: readonly Item[], count: number, seed: number): Item[] {
  const source = randomLcg(seed);
  const pick = randomInt.source(source);
  const vary = (line: ChecklistLine): void => {
    if (line.rule === "numbers" && typeof line.facts.delivered === "number")
      line.facts.delivered = pick(0, Number(line.facts.limit) + 3)();
    if (line.rule === "main-task-partial") line.facts.done = pick(0, Number(line.facts.of) + 1)();
  };
  return Array.from({length: count}, (_, index) => {
    const item = structuredClone(caseStudyItems[index % caseStudyItems.length]!);
    item.id = `${item.id}-${index}`;
    item.checklist.forEach(vary);
    return item;
  });
}

const flags = [
  "--engine-only",
  "--preview-only",
  "--completeness-only",
  "--probes-only",
  "--trainee-only",
  "--clicks-only",
  "--build-only",
  "--dev-only",
  "--agreement-only",
  "--case-editor-only",
  "--languages-only",
  "--suite-only",
  "--implied-table-only",
  "--patch-only",
  "--paths-only",
];
/** The options that take a value or tune the trainee bench: --runs <n> (or --runs=<n>) and --http2. */
const traineeOptions: TraineeOptions = {runs: 5, http2: false, gzip: true};
const args = process.argv.slice(2);
for (let at = 0; at < args.length; at++) {
  const arg = args[at]!;
  if (flags.includes(arg)) continue;
  if (arg === "--http2") traineeOptions.http2 = true;
  else if (arg === "--runs" || arg.startsWith("--runs=")) {
    const value = arg === "--runs" ? args[++at] : arg.slice("--runs=".length);
    if (!value || !/^[1-9]\d*$/.test(value)) {
      console.error(`bench: --runs needs a whole number of runs of at least 1, not "${value ?? ""}"`);
      process.exit(2);
    }
    traineeOptions.runs = Number(value);
  } else {
    console.error(
      `bench: unknown argument "${arg}": expected one of ${flags.join(", ")}, --runs <n>, --http2 or nothing`,
    );
    process.exit(2);
  }
}
const engineOnly = process.argv.includes("--engine-only");
const probesOnly = process.argv.includes("--probes-only");
const traineeOnly = process.argv.includes("--trainee-only");

/** Runs `bench` on a fresh copy of the site, built as `npm run build` ships it, and removes the copy after. */
async function onBuiltSite(bench: (dist: string) => Promise<void>): Promise<void> {
  const site = copyProject("rater-notebook-bench-site-");
  try {
    observableBuild(site);
    await postbuild(join(site, "dist"));
    await bench(join(site, "dist"));
  } finally {
    rmSync(site, {recursive: true, force: true});
  }
}

if (process.argv.includes("--preview-only")) {
  benchPreview();
  await onBuiltSite(benchAuthorsPage);
  process.exit(0);
}
if (process.argv.includes("--completeness-only")) {
  benchCompleteness();
  process.exit(0);
}
if (process.argv.includes("--case-editor-only")) {
  benchCaseEditor();
  await onBuiltSite(benchCaseEditorPage);
  process.exit(0);
}
if (process.argv.includes("--agreement-only")) {
  await benchAgreement();
  await onBuiltSite(benchCohortPage);
  process.exit(0);
}

if (process.argv.includes("--languages-only")) {
  await benchExpressionLanguages();
  process.exit(0);
}

if (process.argv.includes("--implied-table-only")) {
  await benchImpliedTable();
  process.exit(0);
}

if (process.argv.includes("--build-only")) {
  benchBuild();
  process.exit(0);
}

if (process.argv.includes("--suite-only")) {
  benchSuite();
  process.exit(0);
}

if (process.argv.includes("--dev-only")) {
  await benchDevLoop();
  process.exit(0);
}

if (process.argv.includes("--patch-only")) {
  const site = copyProject("rater-notebook-bench-site-");
  try {
    observableBuild(site);
    await postbuild(join(site, "dist"));
    await benchPatch(join(site, "dist"), site);
  } finally {
    rmSync(site, {recursive: true, force: true});
  }
  process.exit(0);
}

if (process.argv.includes("--paths-only")) {
  await onBuiltSite(benchPaths);
  process.exit(0);
}

if (process.argv.includes("--clicks-only")) {
  const site = copyProject("rater-notebook-bench-site-");
  try {
    observableBuild(site);
    await benchTraineeClicks(site);
  } finally {
    rmSync(site, {recursive: true, force: true});
  }
  process.exit(0);
}

if (traineeOnly) {
  const site = copyProject("rater-notebook-bench-site-");
  try {
    observableBuild(site);
    await benchTrainee(site, traineeOptions);
    await benchImpliedTable(join(site, "dist"));
  } finally {
    rmSync(site, {recursive: true, force: true});
  }
  process.exit(0);
}

if (!probesOnly) {
  const guideline = loadGuideline("v2");
  const ruleSet = ruleSetOf(guideline);
  const items = loadItems();
  deriveAll(items, ruleSet); // warm up the JIT before timing

  const allItems = median(time(2000, () => deriveAll(items, ruleSet)));
  const generated = generateItems(items, 10_000, 42);
  time(5, () => deriveAll(generated, ruleSet)); // warm-up on the generated set too
  const tenThousand = median(time(30, () => deriveAll(generated, ruleSet)));
  const perItemMs = allItems / items.length;
  // v1 leaves lines open (two readings each): the rubric is read once per way they can go.
  const firstRubric = ruleSetOf(loadGuideline("v1"));
  deriveAll(items, firstRubric);
  const allItemsV1 = median(time(2000, () => deriveAll(items, firstRubric)));

  console.log("rule engine (median of repeated runs)");
  console.log(
    `  derive all ${items.length} items:       ${(allItems * 1000).toFixed(1)} µs   ` +
      `(target: well under 1 ms)  ${allItems < 1 ? "ok" : "OVER"}`,
  );
  console.log(
    `  derive all ${items.length} items under v1:  ${(allItemsV1 * 1000).toFixed(1)} µs   ` +
      `(target: well under 1 ms)  ${allItemsV1 < 1 ? "ok" : "OVER"}`,
  );
  console.log(
    `  derive 10,000 generated items: ${tenThousand.toFixed(2)} ms   ` +
      `(target: under 50 ms)  ${tenThousand < 50 ? "ok" : "OVER"}`,
  );
  console.log(
    `  per item, real vs generated:   ${(perItemMs * 1000).toFixed(2)} µs vs ` +
      `${((tenThousand / 10_000) * 1000).toFixed(2)} µs`,
  );
}

if (!probesOnly && !engineOnly) {
  benchPreview();
  benchCompleteness();
  benchCaseEditor();
  await benchAgreement();
  await benchExpressionLanguages();
}

if (!engineOnly) benchScoring();

if (!engineOnly && !probesOnly) {
  benchBuild();
  await benchDevLoop();
}

if (!engineOnly) {
  const site = copyProject("rater-notebook-bench-site-");
  try {
    // Framework's output as it is before the post-build step: the trainee bench measures it, then post-builds it as
    // npm run build does.
    observableBuild(site);
    if (probesOnly) await postbuild(join(site, "dist"));
    else {
      await benchTrainee(site, traineeOptions);
      await benchImpliedTable(join(site, "dist"));
      await benchAuthorsPage(join(site, "dist"));
      await benchCaseEditorPage(join(site, "dist"));
      await benchCohortPage(join(site, "dist"));
      await benchPatch(join(site, "dist"), site);
      await benchPaths(join(site, "dist"));
    }
    await benchPage(join(site, "dist"));
  } finally {
    rmSync(site, {recursive: true, force: true});
  }
}

// Last, and long (a fresh clone, npm ci, a build and the whole suite): it needs the machine to itself.
if (!engineOnly && !probesOnly) benchSuite();
