// npm run bench -- --languages-only: the figures behind issue 31's choice of an expression language for a guideline's
// conditions (docs/decisions/expression-language.md), for CEL through @marcbachmann/cel-js and @bufbuild/cel, and for
// JSON Logic through json-logic-js:
// - size: the gzip bytes (level 9) of each library bundled minified by esbuild, imported as a page would import it for
//   the interpreter;
// - compile: a whole guideline's conditions (bench/guideline-conditions.ts) declared, parsed and checked where the
//   library can, the first time in this process and warm;
// - speed: ns per evaluation of issue 31's example conditions, compiled once, over 100,000 seeded fact sets, against
//   the same condition written in TypeScript; the three must agree on how many sets each holds for;
// - static checking: what each library says of a misspelt fact, a string compared with an int and a condition that is
//   not yes/no, before and at evaluation; and the names a condition reads, from its syntax tree;
// - conformance: the CEL conformance tests shipped in @bufbuild/cel-spec (bench/cel-conformance.ts), per file.
import {buildSync} from "esbuild";
import {performance} from "node:perf_hooks";
import {pathToFileURL} from "node:url";
import {join} from "node:path";
import {gzipSync} from "node:zlib";
import {isCelError, parse as bufParse, plan} from "@bufbuild/cel";
import jsonLogic from "json-logic-js";
import {projectRoot} from "../lib/node/load.js";
import {bufbuild as bufbuildAdapter, celJs as celJsAdapter} from "./cel-adapters.js";
import {conformanceCases, runConformance, simpleFiles, totals, type FileResult} from "./cel-conformance.js";
import {
  bufbuildEnvironment,
  celJsEnvironment,
  engines,
  jsonLogicRule,
  type ConditionEngine,
} from "./condition-engines.js";
import {declarations, factSets, guidelineConditions, timedConditions, type FactSet} from "./guideline-conditions.js";
import {medianMs} from "./timing.js";

/** What a page imports for the interpreter from each library. */
const pageImports: Record<string, string> = {
  "@marcbachmann/cel-js": `export {Environment} from "@marcbachmann/cel-js";`,
  "@bufbuild/cel": `export {celEnv, CelScalar, parse, plan, isCelError} from "@bufbuild/cel";`,
  "json-logic-js": `import jsonLogic from "json-logic-js"; export const apply = jsonLogic.apply;`,
};

function benchSize(): void {
  console.log("  size: bundled minified with esbuild, gzip -9 (what a page would load)");
  for (const [library, contents] of Object.entries(pageImports)) {
    const {outputFiles} = buildSync({
      stdin: {contents, resolveDir: projectRoot, loader: "js"},
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      write: false,
      logLevel: "silent",
    });
    const code = outputFiles[0]!.contents;
    const gzip = gzipSync(code, {level: 9}).byteLength;
    console.log(
      `    ${library.padEnd(22)} ${(gzip / 1000).toFixed(1).padStart(5)} kB gzip   (${code.byteLength} B minified)`,
    );
  }
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

function benchCompile(): void {
  console.log(
    `  compile a whole guideline: ${guidelineConditions.length} conditions over ` +
      `${Object.keys(declarations).length} declared names`,
  );
  for (const engine of engines) {
    const compileAll = () => {
      const compile = engine.compiler();
      return guidelineConditions.map(compile);
    };
    const start = performance.now();
    compileAll();
    const first = performance.now() - start;
    const warm = medianMs(50, compileAll, {warmup: 5});
    const what = {
      "@marcbachmann/cel-js": "declare, parse, type-check",
      "@bufbuild/cel": "declare, parse, plan (no checker)",
      "json-logic-js": "nothing to parse: rules are JSON trees",
    }[engine.name];
    console.log(
      `    ${engine.name.padEnd(22)} first ${ms(first).padStart(9)}   warm ${ms(warm).padStart(8)}   (${what})`,
    );
  }
}

const count = 100_000;

/** The same conditions as TypeScript, today's way: the floor each interpreter is compared with. */
const typescript: Record<string, (facts: FactSet) => boolean> = {
  [timedConditions[0]!]: (f) => f.delivered === 0 && f.bound === "ceiling" && f.ceilingNeedsOne === true,
  [timedConditions[1]!]: (f) => (f.done as number) * 2 >= (f.of as number),
  [timedConditions[2]!]: (f) => f.lapse === "breaks-register",
  [timedConditions[3]!]: (f) => (f.share as number) >= 0.5 && !f.mainPartly,
};

function timeOver<T>(inputs: readonly T[], holds: (input: T) => boolean): {ns: number; holding: number} {
  let holding = 0;
  const run = () => {
    holding = 0;
    for (const input of inputs) if (holds(input)) holding++;
  };
  return {ns: (medianMs(5, run, {warmup: 2}) * 1e6) / inputs.length, holding};
}

function benchSpeed(): void {
  const facts = factSets(count, 42);
  console.log(
    `  speed: ns per evaluation, compiled once, over ${count.toLocaleString("en")} seeded fact sets (median of 5)`,
  );
  const prepared = engines.map((engine) => ({engine, inputs: engine.inputs(facts), compile: engine.compiler()}));
  for (const condition of timedConditions) {
    const floor = timeOver(facts, typescript[condition]!);
    const cells = prepared.map(({engine, inputs, compile}) => ({engine, ...timeOver(inputs, compile(condition))}));
    const agree = cells.every((cell) => cell.holding === floor.holding);
    console.log(
      `    ${condition}   holds for ${floor.holding.toLocaleString("en")}  ${agree ? "(all agree)" : "DISAGREE"}`,
    );
    console.log(
      `      ${cells.map(({engine, ns}) => `${engine.name} ${ns.toFixed(0)} ns`).join("   ")}   ` +
        `TypeScript ${floor.ns.toFixed(1)} ns`,
    );
  }
}

const faulty = [
  {what: "a misspelt fact", condition: `delivred == 0 && bound == "ceiling"`},
  {what: "a string compared with an int", condition: `bound == 3`},
  {what: "an int compared with a string", condition: `done * 2 >= "half"`},
  {what: "a condition that is not yes/no", condition: `done * 2`},
];

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0];
const shown = (value: unknown) => (typeof value === "bigint" ? `${value} (int)` : JSON.stringify(value));

async function benchStaticChecking(): Promise<void> {
  console.log("  static checking: each faulty condition, checked before evaluation and then evaluated on one fact set");
  const env = celJsEnvironment();
  // @bufbuild/cel 0.6.1 has a checker in its sources that its package does not export: reached by its file to show
  // what it does.
  const checkFile = pathToFileURL(join(projectRoot, "node_modules/@bufbuild/cel/dist/esm/check.js")).href;
  const {check} = (await import(checkFile)) as {check: (env: unknown, expr: unknown) => unknown};
  const bufEnv = bufbuildEnvironment();
  const [facts] = factSets(1, 7);
  const [celFacts] = engines[0]!.inputs([facts!]) as Record<string, unknown>[];
  const attempt = (work: () => unknown) => {
    try {
      const result = work();
      return isCelError(result) ? `error: ${firstLine(result)}` : `gives ${shown(result)}`;
    } catch (error) {
      return `error: ${firstLine(error)}`;
    }
  };
  for (const {what, condition} of faulty) {
    const celJsCheck = env.check(condition);
    console.log(`    ${what}: ${condition}`);
    console.log(
      `      @marcbachmann/cel-js  check: ` +
        (celJsCheck.valid ? `valid, type ${celJsCheck.type}` : `refused: ${firstLine(celJsCheck.error)}`),
    );
    console.log(
      `      @bufbuild/cel         check (not exported): ` +
        `${attempt(() => check(bufEnv, bufParse(condition)) && "valid")}; ` +
        `evaluated: ${attempt(() => plan(bufEnv, bufParse(condition))(celFacts as never))}`,
    );
    console.log(
      `      json-logic-js         no checker; evaluated: ` +
        attempt(() => jsonLogic.apply(jsonLogicRule(condition), facts)),
    );
  }
  // Facts as the YAML loader gives them: counts as JavaScript numbers, which CEL reads as doubles, not ints.
  const counts = timedConditions[1]!;
  const asNumbers = {...celFacts, done: 1, of: 2};
  const celJsCompiled = env.parse(counts);
  console.log(`    counts given as JavaScript numbers, not bigint: ${counts}`);
  console.log(`      @marcbachmann/cel-js  evaluated: ${attempt(() => celJsCompiled(asNumbers))}`);
  console.log(
    `      @bufbuild/cel         evaluated: ${attempt(() => plan(bufEnv, bufParse(counts))(asNumbers as never))}`,
  );
  const sample = timedConditions[0]!;
  console.log(`  names a condition reads, from its syntax tree: ${sample}`);
  for (const engine of engines) console.log(`    ${engine.name.padEnd(22)} ${engine.namesRead(sample).join(", ")}`);
  const agreeing = guidelineConditions.filter((condition) => {
    const [first, ...rest] = engines.map((engine: ConditionEngine) => engine.namesRead(condition).join());
    return rest.every((names) => names === first);
  }).length;
  console.log(`    the three agree on ${agreeing} of the ${guidelineConditions.length} conditions`);
}

const cell = ({passed, failed, skipped}: Pick<FileResult, "passed" | "failed" | "skipped">) =>
  `${String(passed).padStart(4)} ${String(failed).padStart(3)} ${String(skipped).padStart(3)}`;

function benchConformance(): void {
  const cases = conformanceCases();
  const [celJs, bufbuild] = [celJsAdapter, bufbuildAdapter].map((adapter) => runConformance(cases, adapter));
  console.log(
    "  conformance: cel-spec's simple test files from @bufbuild/cel-spec 0.6.1 (passed, failed, skipped: needs " +
      "protobuf messages)",
  );
  console.log(`    ${"file".padEnd(14)}  cel-js  pass fail skip   bufbuild  pass fail skip`);
  simpleFiles.forEach((file, index) =>
    console.log(`    ${file.padEnd(14)}          ${cell(celJs![index]!)}             ${cell(bufbuild![index]!)}`),
  );
  const [celJsTotal, bufbuildTotal] = [totals(celJs!), totals(bufbuild!)];
  console.log(`    ${"total".padEnd(14)}          ${cell(celJsTotal)}             ${cell(bufbuildTotal)}`);
  for (const [name, total] of [
    ["@marcbachmann/cel-js", celJsTotal],
    ["@bufbuild/cel", bufbuildTotal],
  ] as const) {
    const run = total.passed + total.failed;
    console.log(
      `    ${name}: ${total.passed} of ${run} run passed (${((100 * total.passed) / run).toFixed(1)}%); ` +
        `${total.failedUnchecked} of its ${total.failed} failures are tests meant to run without the type checker`,
    );
  }
  console.log("    failures, the first of each file:");
  for (const [name, results] of [
    ["cel-js", celJs!],
    ["bufbuild", bufbuild!],
  ] as const)
    for (const {failures} of results) if (failures.length) console.log(`      ${name}  ${failures[0]!.slice(0, 150)}`);
  console.log(
    "    json-logic-js: no specification test suite ships with it or on npm: its tests/tests.js downloads " +
      "https://jsonlogic.com/tests.json at test time, so none is run here",
  );
}

export async function benchExpressionLanguages(): Promise<void> {
  console.log("expression languages for a guideline's conditions (issue 31)");
  benchSize();
  benchCompile();
  benchSpeed();
  await benchStaticChecking();
  benchConformance();
}
