// knip: files, exports and dependencies nothing uses. `npm run deadcode` runs it twice: over everything, and in
// production mode (entries marked `!`: the pages, the data loaders, the worker and the command lines, without the
// tests and the bench), where an export only a test uses is reported unless it is tagged `@internal` with the test
// oracle it serves. The pages are Framework Markdown: the compiler hands knip the import lines of their code.
import type {KnipConfig} from "knip";

const importLines = (text: string): string =>
  [...text.matchAll(/^\s*import\s[^;]*?from\s+["'][^"']+["'];?/gms)].map((match) => match[0]).join("\n");

const config: KnipConfig = {
  entry: [
    "src/*.md!",
    "src/probes/*.md!",
    "src/authors/*.md!",
    "src/data.tar.js!",
    "src/data/*.js!",
    "src/workers/*.ts!",
    "scripts/*.ts!",
    "observablehq.config.ts!",
    "test/**/*.test.ts",
  ],
  project: ["lib/**/*.ts!", "src/**/*.{ts,js,md}!", "scripts/**/*.ts!", "bench/**/*.ts", "test/**/*.ts"],
  compilers: {md: importLines},
  ignoreExportsUsedInFile: true,
  // The build runs Framework's CLI (scripts/build.ts spawns node_modules/.bin/observable), which knip cannot see.
  ignoreDependencies: ["@observablehq/framework"],
  // System tools the tests and the bench call: mkfifo (a named pipe), unshare (no network), openssl (a TLS key).
  ignoreBinaries: ["mkfifo", "unshare", "openssl"],
};

export default config;
