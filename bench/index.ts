// npm run bench [-- --engine-only | --preview-only | --completeness-only | --probes-only | --trainee-only |
// --agreement-only]: how fast the rule engine derives scores, how fast the author's preview recomputes when a
// parameter changes (bench/preview.ts), how long the rubric's completeness enumeration takes for v1 and v2 (bench/completeness.ts), how
// the probe scorer fares on hostile replies (in this process, through probes:score, and per keystroke in the built
// page in Chromium), what the site's build costs next to a one-page Framework site built in the same run, and, in
// Chromium on the built site, how soon a trainee's Check paints the ruling and how many bytes of JavaScript and
// data each page loads next to a Framework page with d3 and Inputs (bench/trainee.ts), and the agreement statistics
// at cohort scale: alpha, AC2 and Fleiss' kappa for 10,000 raters × 1,000 items, and a million-row ratings CSV
// streamed through the reader (bench/agreement.ts).
// Figures vary with the machine; the ratios are what to compare.
import {execFileSync} from "node:child_process";
import {cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {performance} from "node:perf_hooks";
import {randomInt, randomLcg} from "d3";
import {deriveAll, ruleSetOf} from "../lib/engine.js";
import type {ChecklistLine, Item} from "../lib/item.js";
import {loadGuideline, loadItems, projectRoot} from "../lib/load.js";
import {prepareCache} from "../scripts/build.js";
import {copyProject} from "../scripts/copy-project.js";
import {postbuild} from "../scripts/postbuild.js";
import {benchAgreement} from "./agreement.js";
import {benchCompleteness} from "./completeness.js";
import {benchAuthorsPage, benchPreview} from "./preview.js";
import {benchPage, benchScoring, median} from "./probes.js";
import {benchTrainee, observableBuild} from "./trainee.js";

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
function generateItems(seedItems: readonly Item[], count: number, seed: number): Item[] {
  const source = randomLcg(seed);
  const pick = randomInt.source(source);
  const vary = (line: ChecklistLine): void => {
    if (line.rule === "numbers" && typeof line.facts.delivered === "number")
      line.facts.delivered = pick(0, line.facts.limit + 3)();
    if (line.rule === "main-task-partial") line.facts.done = pick(0, line.facts.of + 1)();
  };
  return Array.from({length: count}, (_, index) => {
    const item = structuredClone(seedItems[index % seedItems.length]!);
    item.id = `${item.id}-${index}`;
    item.checklist.forEach(vary);
    return item;
  });
}

function buildSeconds(cwd: string): number {
  const start = performance.now();
  execFileSync(join(projectRoot, "node_modules", ".bin", "observable"), ["build"], {
    cwd,
    stdio: "ignore",
    env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "1"},
  });
  return (performance.now() - start) / 1000;
}

function onePageSite(): string {
  const copy = mkdtempSync(join(tmpdir(), "rater-notebook-bench-baseline-"));
  writeFileSync(
    join(copy, "observablehq.config.js"),
    'export default {root: "src", globalStylesheets: [], footer: ""};\n',
  );
  for (const file of ["package.json", "framework-npm-versions.json"]) cpSync(join(projectRoot, file), join(copy, file));
  execFileSync("mkdir", ["-p", join(copy, "src")]);
  writeFileSync(join(copy, "src", "index.md"), "# One page\n\nA baseline Framework site with a single page.\n");
  symlinkSync(join(projectRoot, "node_modules"), join(copy, "node_modules"));
  return copy;
}

const flags = [
  "--engine-only",
  "--preview-only",
  "--completeness-only",
  "--probes-only",
  "--trainee-only",
  "--agreement-only",
];
const unknown = process.argv.slice(2).find((arg) => !flags.includes(arg));
if (unknown !== undefined) {
  console.error(`bench: unknown argument "${unknown}": expected one of ${flags.join(", ")} or nothing`);
  process.exit(2);
}
const engineOnly = process.argv.includes("--engine-only");
const probesOnly = process.argv.includes("--probes-only");
const traineeOnly = process.argv.includes("--trainee-only");

if (process.argv.includes("--preview-only")) {
  benchPreview();
  process.exit(0);
}
if (process.argv.includes("--completeness-only")) {
  benchCompleteness();
  process.exit(0);
}
if (process.argv.includes("--agreement-only")) {
  await benchAgreement();
  process.exit(0);
}

if (traineeOnly) {
  const site = copyProject("rater-notebook-bench-site-");
  try {
    observableBuild(site);
    await benchTrainee(site);
    await benchAuthorsPage(join(site, "dist"));
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
  await benchAgreement();
}

if (!engineOnly) benchScoring();

if (!engineOnly) {
  const baseline = onePageSite();
  const site = copyProject("rater-notebook-bench-site-");
  try {
    // Alternate the two builds so load on the shared machine falls on both alike.
    const baselineRuns: number[] = [];
    const siteRuns: number[] = [];
    // Cold: an empty cache but for the pinned library versions (scripts/build.ts), so no build asks the network.
    for (let round = 0; round < (probesOnly ? 1 : 3); round++) {
      for (const dir of [baseline, site]) {
        rmSync(join(dir, "src", ".observablehq"), {recursive: true, force: true});
        prepareCache(dir);
      }
      if (!probesOnly) baselineRuns.push(buildSeconds(baseline));
      siteRuns.push(buildSeconds(site));
    }
    if (!probesOnly) {
      const ratio = median(siteRuns) / median(baselineRuns);
      console.log("site build (median of 3 cold builds each, same run)");
      console.log(`  one-page Framework site:  ${median(baselineRuns).toFixed(2)} s`);
      console.log(`  Rater Notebook:           ${median(siteRuns).toFixed(2)} s`);
      console.log(`  ratio:                    ${ratio.toFixed(2)}x the one-page site`);
    }
    // The last build is Framework's output: the trainee bench measures it, then post-builds it as npm run build does.
    if (probesOnly) postbuild(join(site, "dist"));
    else {
      await benchTrainee(site);
      await benchAuthorsPage(join(site, "dist"));
    }
    await benchPage(join(site, "dist"));
  } finally {
    rmSync(baseline, {recursive: true, force: true});
    rmSync(site, {recursive: true, force: true});
  }
}
