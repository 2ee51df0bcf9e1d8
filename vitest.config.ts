// The suite in four projects, one per kind of test, each a folder of test/:
// - unit: lib/ and the authored files, in process (no browser, no build, no command started);
// - cli: the commands, called in process; three started through the entry every script shares (entries.test.ts,
//   and probes:run as another user in probes-run.test.ts);
// - build: the run's one build of the site (dist/), the build's data checks, and the dev server;
// - browser: the built site (dist/) in Chromium, one a worker (test/browser/site.ts testChromium).
import {existsSync, readFileSync, statSync} from "node:fs";
import {dirname, join, relative} from "node:path";
import {defineConfig} from "vitest/config";
import {BaseSequencer, type TestSpecification} from "vitest/node";

/**
 * Longest first, across projects: vitest's own order runs one project's files after the other's ("browser" before
 * "build"), so a long file of the build project (the dev server's) could run last, on one core while the other idled,
 * and in a fresh clone, with no durations kept, it runs larger files first, so page-states-1 and -2 (a few lines
 * each, importing page-states.ts: the longest files) ran last too. A file's last duration orders it where vitest kept
 * one; else it goes first (as vitest's own order puts a new file), a file of the build project before the others,
 * then by the size of its code: its own and the modules it imports from its folder.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const last = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(root, spec.moduleId)}`)?.duration;
    const estimate = (spec: TestSpecification) => (spec.project.name === "build" ? 1e9 : 0) + codeSize(spec.moduleId);
    return [...files].sort((a, b) => {
      const [durationA, durationB] = [last(a), last(b)];
      if (durationA === undefined || durationB === undefined) {
        if (durationA !== durationB) return durationA === undefined ? -1 : 1;
        return estimate(b) - estimate(a);
      }
      return durationB - durationA;
    });
  }
}

/** The bytes of a test file and of the modules it imports from its own folder ("./x.js"). */
function codeSize(file: string): number {
  const text = readFileSync(file, "utf8");
  const local = [...text.matchAll(/from "\.\/([\w.-]+)\.js"/g)]
    .map((match) => join(dirname(file), `${match[1]}.ts`))
    .filter((module) => existsSync(module));
  return text.length + local.reduce((sum, module) => sum + statSync(module).size, 0);
}

const kind = (name: string, extra: {isolate?: boolean} = {}) => ({
  extends: true,
  test: {name, include: [`test/${name}/**/*.test.ts`], ...extra},
});

export default defineConfig({
  test: {
    // Two cores: two files at a time.
    maxWorkers: 2,
    sequence: {sequencer: LongestFirst},
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // Every test's modules are pure or clean up after each test (a browser test's contexts, sites and servers are
      // its file's own, closed in its hooks), so a worker keeps them loaded from one file to the next instead of
      // importing them again for each: isolated, the imports took 91 s of a 485 s run.
      kind("unit", {isolate: false}),
      kind("cli", {isolate: false}),
      kind("build", {isolate: false}),
      kind("browser", {isolate: false}),
    ],
  },
});
