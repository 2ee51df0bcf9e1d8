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
 * The projects, one per folder of test/, in the order their files run: the build project's first, for its longest
 * file (the dev server's).
 */
const projectOrder = ["build", "unit", "cli", "browser"];

/**
 * A project's files together, the build project's first, and within a project the longest first. vitest keeps a
 * worker (and with it the modules it imported, and a browser test's Chromium) for the next file only when the next
 * file in the queue is of the same project; a file of another project ends it, and the file after starts a new one.
 * Interleaved by duration across projects, the unit and cli projects took 116 s and imported for 57 s of their
 * workers' time, grouped 90 s and 32 s (one run each, back to back, on this machine); the build and browser
 * projects 666 busy CPU seconds, grouped 613. vitest's own order runs the browser project before the build project,
 * so the dev server's file could run last, on one core while the other idled. Within a project, a file's last
 * duration orders it where vitest kept one; else it goes first (as vitest's own order puts a new file), then by the
 * size of its code, its own and the modules it imports from its folder (in a fresh clone page-states-1 and -2, a few
 * lines each importing page-states.ts, the longest files, would otherwise run last).
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const last = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(root, spec.moduleId)}`)?.duration;
    // Read once a file, not once a comparison: only a file with no duration kept needs it.
    const size = new Map(files.map((spec) => [spec, last(spec) === undefined ? codeSize(spec.moduleId) : 0]));
    return [...files].sort((a, b) => {
      const byProject = projectOrder.indexOf(a.project.name) - projectOrder.indexOf(b.project.name);
      if (byProject !== 0) return byProject;
      const [durationA, durationB] = [last(a), last(b)];
      if (durationA === undefined || durationB === undefined) {
        if (durationA !== durationB) return durationA === undefined ? -1 : 1;
        return size.get(b)! - size.get(a)!;
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

// Every test's modules are pure or clean up after each test (a browser test's contexts, sites and servers are its
// file's own, closed in its hooks), so a worker keeps them loaded from one file to the next instead of importing them
// again for each: isolated, the imports took 91 s of a 485 s run.
const kind = (name: string) => ({
  extends: true,
  test: {name, include: [`test/${name}/**/*.test.ts`], isolate: false},
});

export default defineConfig({
  test: {
    // Two cores: two files at a time.
    maxWorkers: 2,
    sequence: {sequencer: LongestFirst},
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: projectOrder.map(kind),
  },
});
