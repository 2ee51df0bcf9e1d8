// The temporary one-page Framework projects the benches build beside the site in the same run, and the one way they
// build them: a d3 + Inputs page (the build bench's reference, bench/build.ts) and a bare page whose one cell shows a
// Score group in plain DOM (the trainee pages' reference on a slow connection, bench/first-item.ts).
import {spawnSync} from "node:child_process";
import {cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {delimiter, join} from "node:path";
import {prepareCache} from "../scripts/build.js";
import {projectRoot} from "../scripts/copy-project.js";

/**
 * A temporary one-page Framework project like `observable create` makes, with `page` as its src/index.md and
 * node_modules linked (no npm: import, no CDN: the build has no network). No web font, as in the site: the default
 * stylesheet asks a font host, which would only fail here. The caller removes the folder.
 */
function onePageProject(prefix: string, page: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  // The icon link keeps Chromium from asking for /favicon.ico, as the site's own config does.
  writeFileSync(
    join(dir, "observablehq.config.js"),
    `export default {root: "src", globalStylesheets: [], head: '<link rel="icon" href="data:,">'};\n`,
  );
  for (const file of ["package.json", "framework-npm-versions.json"]) cpSync(join(projectRoot, file), join(dir, file));
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src", "index.md"), [...page, ""].join("\n"));
  symlinkSync(join(projectRoot, "node_modules"), join(dir, "node_modules"));
  return dir;
}

/** A page that imports d3 and Inputs from node_modules and shows something from each. */
export function baselineProject(): string {
  return onePageProject("rater-notebook-bench-d3-inputs-", [
    "# d3 and Inputs",
    "",
    "```js",
    'import * as d3 from "d3";',
    'import * as Inputs from "@observablehq/inputs";',
    "```",
    "",
    "```js",
    "const rows = d3.range(8).map((i) => ({i, root: d3.format('.3f')(Math.sqrt(i))}));",
    "display(Inputs.table(rows));",
    "```",
  ]);
}

/**
 * The least a Framework page can do to offer a score: a title and one JS cell that displays a fieldset with the
 * legend "Score" and five radios, built with plain DOM (no d3, no Inputs, no import at all).
 */
export function bareProject(): string {
  return onePageProject("rater-notebook-bench-bare-", [
    "# A bare page",
    "",
    "```js",
    'const fieldset = document.createElement("fieldset");',
    'const legend = document.createElement("legend");',
    'legend.textContent = "Score";',
    "fieldset.append(legend);",
    "for (let score = 1; score <= 5; score++) {",
    '  const label = document.createElement("label");',
    '  const radio = document.createElement("input");',
    '  radio.type = "radio";',
    '  radio.name = "score";',
    "  radio.value = String(score);",
    "  label.append(radio, String(score));",
    "  fieldset.append(label);",
    "}",
    "display(fieldset);",
    "```",
  ]);
}

/** Builds a Framework project with `observable build`, with no network (pinned versions in its cache folder). */
export function observableBuild(dir: string): void {
  prepareCache(dir);
  const bin = join(projectRoot, "node_modules", ".bin");
  const build = spawnSync(join(bin, "observable"), ["build"], {
    cwd: dir,
    encoding: "utf8",
    // Framework runs a .ts data loader with the tsx on PATH, there even when the bench runs outside npm.
    env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "1", PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`},
  });
  if (build.status !== 0)
    throw new Error(`observable build failed in ${dir}:\n${build.stderr}${build.stdout.slice(-2000)}`);
}
