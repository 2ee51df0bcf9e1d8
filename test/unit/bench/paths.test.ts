import {describe, expect, it} from "vitest";
import {bundleModules, modulesRun, readableWorker, type ScriptCoverage} from "../../../bench/paths.js";

const site = "http://127.0.0.1:4321";
const ran = (offset = 0) => ({functionName: "", ranges: [{startOffset: offset, endOffset: offset + 10, count: 1}]});
const idle = (offset = 0) => ({functionName: "", ranges: [{startOffset: offset, endOffset: offset + 10, count: 0}]});

describe("the files a path runs", () => {
  it("counts a module of the page's own once a function of it ran, by its source path, and nothing else", () => {
    const coverage: ScriptCoverage[] = [
      {url: `${site}/_import/lib/trainee/ruling.0a1b2c3d.js`, functions: [idle(), ran(40)]},
      {url: `${site}/_import/components/score-card.9f8e7d6c.js`, functions: [ran()]},
      // Loaded, but nothing of it ran on the way.
      {url: `${site}/_import/lib/trainee/words.11223344.js`, functions: [idle(), idle(30)]},
      // A package, Framework's runtime, the page's bundle and the watch the bench installs: not the project's files.
      {url: `${site}/_node/morphdom@2.7.4/index.55667788.js`, functions: [ran()]},
      {url: `${site}/_observablehq/client.aabbccdd.js`, functions: [ran()]},
      {url: `${site}/_import/bundles/rubric.12345678.js`, functions: [ran()]},
      {url: "", functions: [ran()]},
    ];
    expect(modulesRun(coverage)).toEqual(["components/score-card", "lib/trainee/ruling"]);
  });

  it("reads a worker's bundle back into its modules: a function counts for the file that defines it", async () => {
    const worker = await readableWorker();
    const moduleAt = bundleModules(worker);
    // Functions defined in lib/agreement/ratings-csv.ts and lib/agreement/weights.ts, and Papa Parse's code.
    expect(moduleAt(worker.indexOf("function readRatingsCsvStream("))).toBe("lib/agreement/ratings-csv");
    expect(moduleAt(worker.indexOf("function customWeights("))).toBe("lib/agreement/weights");
    expect(moduleAt(worker.indexOf("// node_modules/papaparse/") + 40)).toBeUndefined();
    const coverage: ScriptCoverage[] = [
      {
        url: `${site}/_file/data/cohort-worker.c3cdc2e1.js`,
        functions: [
          ran(worker.indexOf("function customWeights(")),
          idle(worker.indexOf("function readRatingsCsvStream(")),
        ],
      },
    ];
    expect(modulesRun(coverage, {url: /cohort-worker/, moduleAt})).toEqual(["lib/agreement/weights"]);
  });
});
