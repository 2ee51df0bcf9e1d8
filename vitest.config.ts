// The suite in four projects, one per kind of test, each a folder of test/:
// - unit: lib/ and the authored files, in process (no browser, no build, no command started);
// - cli: the commands, called in process through their entries, and one spawned run per command;
// - build: what needs a build of the site or of a copy of the project;
// - browser: the built site (dist/) in one Chromium shared by every file (test/browser/global-setup.ts).
import {defineConfig} from "vitest/config";

const kind = (name: string, extra: {globalSetup?: string[]; isolate?: boolean} = {}) => ({
  extends: true,
  test: {name, include: [`test/${name}/**/*.test.ts`], ...extra},
});

export default defineConfig({
  test: {
    // Two cores: two files at a time.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // Every test's modules are pure or clean up after each test (a browser test's contexts, sites and servers are
      // its file's own, closed in its hooks), so a worker keeps them loaded from one file to the next instead of
      // importing them again for each: isolated, the imports took 91 s of a 485 s run.
      kind("unit", {isolate: false}),
      kind("cli", {isolate: false}),
      kind("build", {isolate: false, globalSetup: ["test/browser/global-setup.ts"]}),
      kind("browser", {isolate: false, globalSetup: ["test/browser/global-setup.ts"]}),
    ],
  },
});
