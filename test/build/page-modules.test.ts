// What each page loads is what its imports reach: the reading parts (the home page, Part 2's examples, Part 3's
// guideline) must not reach the scoring code (the score card, Step 1's marking, the checklist comparison), which
// only the scored parts use. Read from the built pages' module preloads, which list every module a page imports.
import {existsSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {distDir} from "../browser/site.js";

/** The modules a built page preloads, by their names without the build's content hash. */
function preloads(page: string): string[] {
  const file = join(distDir, `${page}.html`);
  if (!existsSync(file)) throw new Error(`no built page at ${file}: run \`npm run build\` before this test`);
  return [...readFileSync(file, "utf8").matchAll(/rel="modulepreload" href="\.\/([^"]+)"/g)].map((match) =>
    match[1]!.replace(/\.[0-9a-f]{8}\.js$/, ""),
  );
}

const scoringCode = ["_import/components/score-card", "_import/components/step-one", "_import/lib/trainee/compare"];

describe("the modules each page loads", () => {
  it.each(["index", "examples", "guideline"])("%s, a reading page, loads no scoring code", (page) => {
    const modules = preloads(page);
    expect(modules).toContain("_import/components/part-page");
    expect(modules.filter((module) => scoringCode.includes(module))).toEqual([]);
  });

  it.each(["vague", "rubric", "edge-cases", "calibration", "self-check"])("%s, a scored page, loads it", (page) => {
    expect(preloads(page)).toEqual(expect.arrayContaining(scoringCode));
  });
});
