// What each page loads is what its imports reach: the reading parts (the home page, Part 2's examples, Part 3's
// guideline) must not reach the scoring code (the score card, Step 1's marking, the checklist comparison), which only
// the scored parts use. Each page loads its modules as one bundle (scripts/postbuild.ts); the build lists the modules
// in each bundle in _import/bundles/pages.json, and the page preloads that bundle and no module one by one.
import {existsSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {distDir} from "../browser/site.js";
import {isInterpreterModule} from "./interpreter-modules.js";
import {schemaLibraryModules} from "./schema-libraries.js";

const manifestFile = join(distDir, "_import", "bundles", "pages.json");

/** The modules in a built page's bundle, by their names without the build's content hash. */
function modulesOf(page: string): string[] {
  if (!existsSync(manifestFile)) throw new Error(`no ${manifestFile}: run \`npm run build\` before this test`);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, {modules: string[]}>;
  const entry = manifest[`${page}.html`];
  if (!entry) throw new Error(`${page}.html has no bundle in ${manifestFile}`);
  return entry.modules.map((module) => module.replace(/\.[0-9a-f]{8}\.js$/, ""));
}

/** The modules a built page loads only when asked (its import() chunks), without the content hash. */
function lazyOf(page: string): string[] {
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, {lazy: string[]}>;
  return manifest[`${page}.html`]!.lazy.map((module) => module.replace(/\.[0-9a-f]{8}\.js$/, ""));
}

/** What a built page preloads as modules, without the content hash. */
const preloads = (page: string): string[] =>
  [...readFileSync(join(distDir, `${page}.html`), "utf8").matchAll(/rel="modulepreload" href="\.\/([^"]+)"/g)].map(
    (match) => match[1]!.replace(/\.[0-9a-f]{8}\.js$/, ""),
  );

const scoringCode = [
  "_import/components/score-card",
  "_import/components/checklist-editor",
  "_import/lib/trainee/score-card-state",
  "_import/lib/trainee/compare",
];

describe("the modules each page loads", () => {
  it.each(["index", "examples", "guideline"])("%s, a reading page, loads no scoring code", (page) => {
    const modules = modulesOf(page);
    expect(modules).toContain("_import/components/part-page");
    expect(modules.filter((module) => scoringCode.includes(module))).toEqual([]);
  });

  it.each(["vague", "rubric", "edge-cases", "calibration", "self-check"])("%s, a scored page, loads it", (page) => {
    // Part 1 scores under the vague line, with no ruling: it has no checklist comparison to load.
    const needed =
      page === "vague" ? scoringCode.filter((module) => module !== "_import/lib/trainee/compare") : scoringCode;
    expect(modulesOf(page)).toEqual(expect.arrayContaining(needed));
  });

  it.each(["rubric", "edge-cases", "calibration", "self-check"])(
    "%s loads the ruling's code after its first item, not with the page",
    (page) => {
      const lazy = lazyOf(page);
      for (const module of ["_import/components/ruling", "_import/lib/trainee/compare", "_import/lib/engine/derive"])
        expect(lazy, module).toContain(module);
      expect(lazy).not.toContain("_import/components/score-card");
    },
  );

  // The guideline's interpreter (issue 31 item 8): the first item paints, with a usable Score group, without it; it
  // comes by import() once the item is painted, for the ruling and the score the trainee's own checklist implies.
  it.each(["vague", "rubric", "edge-cases", "calibration", "self-check"])(
    "%s loads the guideline's interpreter after its first item, never with the page",
    (page) => {
      const lazy = lazyOf(page);
      const eager = modulesOf(page).filter((module) => !lazy.includes(module));
      expect(eager.filter(isInterpreterModule)).toEqual([]);
      expect(eager).toContain("_import/components/score-card");
      // Part 1 scores under the vague line: it never asks for the interpreter (its cards have no checklist).
      if (page === "vague") return;
      const later = lazy.filter(isInterpreterModule);
      for (const module of ["cel", "logic", "rules", "rubric"]) expect(later).toContain(`_import/lib/engine/${module}`);
      expect(later.some((module) => module.startsWith("_node/@marcbachmann/cel-js@"))).toBe(true);
    },
  );

  // The results page blames a wrong score on the deciding rule the build worked out (page data), so it never needs the
  // interpreter, with the page or later.
  it("results never loads the guideline's interpreter", () => {
    expect([...modulesOf("results"), ...lazyOf("results")].filter(isInterpreterModule)).toEqual([]);
    expect(modulesOf("results")).toContain("_import/components/results");
  });

  it.each(["index", "vague", "rubric", "results"])("%s loads its own modules as a bundle, preloaded", (page) => {
    const loaded = preloads(page).filter((path) => !path.startsWith("_observablehq/"));
    // One file: what the page needs at once, with what it shares with what it loads later (the ruling, the
    // interpreter), which import it from there; one request before the first item, preloaded with the data.
    expect(loaded).toHaveLength(1);
    expect(loaded.every((path) => path.startsWith("_import/bundles/"))).toBe(true);
    expect(readFileSync(join(distDir, `${page}.html`), "utf8")).toMatch(/<link rel="preload" as="fetch" crossorigin/);
  });

  it("/authors preloads the data it reads at once, not the versions' sources its save dialog asks for", () => {
    const fetched = [
      ...readFileSync(join(distDir, "authors.html"), "utf8").matchAll(
        /rel="preload" as="fetch" crossorigin href="([^"]+)"/g,
      ),
    ].map((match) => match[1]!.replace(/\.[0-9a-f]{8}\.json$/, ".json"));
    // src/authors.md reads authors.json at once and authors-sources.json in `loadSources`, when Save is pressed:
    // preloaded, Chromium warned that it went unused.
    expect(fetched).toEqual(["./_file/data/authors.json"]);
  });

  // Issue 32 item 3: the worker reads a CSV and computes the report; the page bundles neither, and no fallback.
  it("/cohort bundles none of the report's computation nor the CSV parser: its worker does both", () => {
    const modules = modulesOf("cohort");
    expect(modules).toContain("_import/components/cohort-page");
    const computation = [
      "cohort-compute",
      "cohort-report",
      "krippendorff",
      "bootstrap",
      "multi-rater",
      "ratings-csv",
      "report-csv",
    ];
    expect(modules.filter((module) => computation.some((name) => module === `_import/lib/agreement/${name}`))).toEqual(
      [],
    );
    expect(modules.filter((module) => module.startsWith("_node/papaparse@"))).toEqual([]);
  });

  // Issue 32 item 2: the page checks a case with the build's item schema (zod/mini), which comes as one module of
  // its own (src/data/case-schemas.js.js), shaken to what it uses: never with the bundle, where Framework's whole
  // zod/mini (431 kB) would land.
  it("the case editor (/authors/case) bundles no schema library; the item schema comes as one module of its own", () => {
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<
      string,
      {modules: string[]; lazy: string[]}
    >;
    const page = manifest["authors/case.html"]!;
    expect(modulesOf("authors/case")).toContain("_import/components/case-editor");
    expect(schemaLibraryModules([...page.modules, ...page.lazy])).toEqual([]);
    const html = readFileSync(join(distDir, "authors", "case.html"), "utf8");
    expect(html).toMatch(/"path":"\.\.\/_file\/data\/case-schemas\.[0-9a-f]{8}\.js"/);
  });

  it("counts zod, zod/mini and superstruct as schema libraries, and nothing else", () => {
    const built = [
      "_node/zod@4.1.12/index.4f3a2b1c.js",
      "_node/zod@4.1.12/mini/index.4f3a2b1c.js",
      "_node/@zod/mini@4.0.0/index.4f3a2b1c.js",
      "_node/superstruct@2.0.2/index.21b3744a.js",
    ];
    const others = ["_node/yaml@2.9.1/index.ddf2d517.js", "_import/lib/authoring/case-file.8c97417c.js"];
    expect(schemaLibraryModules([...built, ...others])).toEqual(built);
  });
});
