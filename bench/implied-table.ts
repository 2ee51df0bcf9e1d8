// Issue 31 item 8 (b): could a scoring page skip the guideline's interpreter? It needs it for two things: the
// rulings (each item's derivation: what Check shows) and the score the trainee's own checklist implies. This measures
// what the build would have to write instead: the items' derivations as page data, and a table of the rubric over
// the checklist shapes a trainee can make (the main task's verdict and reading, and how many other lines carry each
// verdict), cut at n other lines since a checklist may hold 200; against the interpreter's own gzip bytes and its
// time to first use. The choice and its figures: docs/decisions/scoring-pages-without-interpreter.md.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {performance} from "node:perf_hooks";
import {gzipSync} from "node:zlib";
import {Verdict} from "../lib/authored/schemas/verdict.js";
import {derive, ruleSetOf} from "../lib/engine/derive.js";
import {loadGuideline, loadItems} from "../lib/node/load.js";
import type * as ImpliedModule from "../lib/trainee/implied.js";
import type {MainNotMet, TraineeChecklist} from "../lib/trainee/progress.js";
import {isInterpreterModule} from "../test/build/interpreter-modules.js";

const verdicts: readonly Verdict[] = Verdict.options;
const readings: (MainNotMet | undefined)[] = [
  undefined,
  "engages",
  "ignores",
  "declines-harmless",
  "justified-refusal",
];
const kB = (bytes: number) => (bytes / 1024).toFixed(1);

/** Every way to put `total` lines into `kinds` verdicts (counts per verdict). */
function* countsOf(total: number, kinds: number): Generator<number[]> {
  if (kinds === 1) {
    yield [total];
    return;
  }
  for (let first = 0; first <= total; first++)
    for (const rest of countsOf(total - first, kinds - 1)) yield [first, ...rest];
}

/** The implied scores of every checklist shape with at most `most` other lines, as the page would receive them. */
function impliedTable(impliedUnder: typeof ImpliedModule.impliedUnder, most: number) {
  const guideline = loadGuideline("v2");
  const rows: string[] = [];
  let shapes = 0;
  for (const main of verdicts)
    for (const reading of readings) {
      if (reading && main !== "not-met" && main !== "cannot-check") continue;
      for (let others = 0; others <= most; others++)
        for (const counts of countsOf(others, verdicts.length)) {
          const lines = [{text: "main", main: true, verdict: main}];
          counts.forEach((count, kind) => {
            for (let n = 0; n < count; n++) lines.push({text: "line", main: false, verdict: verdicts[kind]!});
          });
          const checklist = {lines, mainNotMet: reading} as unknown as TraineeChecklist;
          const implied = impliedUnder(checklist, guideline);
          rows.push(implied.ok ? implied.scores.join("|") + (implied.undecided ? "?" : "") : implied.reason[0]!);
          shapes++;
        }
    }
  return {shapes, json: JSON.stringify(rows.join(","))};
}

/** The gzip bytes of the files of `page`'s bundle that carry the interpreter, from the built site's manifest. */
function interpreterGzip(dist: string, page: string): number {
  const manifest = JSON.parse(readFileSync(join(dist, "_import", "bundles", "pages.json"), "utf8")) as Record<
    string,
    {files?: Record<string, string[]>}
  >;
  return Object.entries(manifest[`${page}.html`]?.files ?? {})
    .filter(([, modules]) => modules.some(isInterpreterModule))
    .reduce((sum, [file]) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
}

export async function benchImpliedTable(dist = "dist"): Promise<void> {
  console.log("a scoring page without the interpreter (issue 31 item 8): what the build would write instead");
  const start = performance.now();
  const implied = await import("../lib/trainee/implied.js");
  const imported = performance.now() - start;
  const guideline = loadGuideline("v2");
  const first = performance.now();
  implied.impliedUnder({lines: [{text: "x", main: true, verdict: "met"}]} as unknown as TraineeChecklist, guideline);
  const firstUse = performance.now() - first;
  for (const most of [4, 8, 12]) {
    const {shapes, json} = impliedTable(implied.impliedUnder, most);
    console.log(
      `  implied-score table, up to ${most} other lines: ${shapes} shapes, ${kB(json.length)} kB JSON, ` +
        `${kB(gzipSync(json).length)} kB gzip`,
    );
  }
  const items = loadItems();
  const ruleSet = ruleSetOf(guideline);
  for (const set of ["examples", "edge-cases", "calibration"] as const) {
    const json = JSON.stringify(items.filter((item) => item.set === set).map((item) => derive(item, ruleSet)));
    console.log(`  rulings of /${set} as page data: ${kB(json.length)} kB JSON, ${kB(gzipSync(json).length)} kB gzip`);
  }
  for (const page of ["rubric", "edge-cases", "calibration", "self-check"])
    console.log(`  the interpreter on /${page}: ${kB(interpreterGzip(dist, page))} kB gzip (its bundle's files)`);
  console.log(
    `  the interpreter's first use in Node (import of lib/trainee/implied.ts, then one implied score): ` +
      `${imported.toFixed(0)} ms import, ${firstUse.toFixed(1)} ms first score`,
  );
}
