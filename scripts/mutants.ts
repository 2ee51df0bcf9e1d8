// npm run mutants [-- --only <name> (again for more)] [--list]
// The mutation check: deliberate one-line breaks in lib/ and in a guideline version's data, each of which the suite
// must catch. Each break is applied alone to a temporary copy of the project (so a crash or Ctrl-C never leaves the
// project broken), the test files it names run there (unit and command tests only: seconds each), and it is caught
// when one of their tests fails. The same files run first without any break: if they fail already, no result would
// mean anything. Exits 1 if a break survives, or if one no longer applies because the code it changes has moved.
import {spawn} from "node:child_process";
import {cpSync, existsSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {fail, parseCommandLine, quote, quotePath, runCli} from "../lib/node/cli.js";
import {lineWriter, runAsEntry, type CommandIO} from "../lib/node/command.js";
import {copyProject, projectRoot} from "./copy-project.js";

interface Mutant {
  name: string;
  /** Under lib/, or a guideline version's data under guideline/ (the rules as data). */
  file: string;
  /** The text the break changes: it must occur exactly once in the file, on one line. */
  find: string;
  /** What it becomes: one line ("" deletes the text). */
  replace: string;
  /** What the break does, in the project's words. */
  breaks: string;
  /** The test files that must catch it, under test/unit/ or test/cli/. */
  caughtBy: string[];
}

const mutants: Mutant[] = [
  {
    name: "rule-floor",
    file: "guideline/v2/logic.yaml",
    find: 'when: bound == "floor" && (delivered == "more-than-limit" || delivered >= limit)',
    replace: 'when: bound == "floor" && (delivered == "more-than-limit" || delivered > limit)',
    breaks: 'a floor ("at least two") reached exactly is not met',
    caughtBy: ["test/unit/engine/rules.test.ts"],
  },
  {
    name: "rule-justified-refusal",
    file: "guideline/v2/logic.yaml",
    find: "verdict: not-applicable",
    replace: "verdict: not-met",
    breaks: "a justified refusal is ruled not met instead of not applicable",
    caughtBy: ["test/unit/engine/rules.test.ts"],
  },
  {
    name: "rule-main-task-half",
    file: "guideline/v2/logic.yaml",
    find: "when: 'mainPartThreshold == \"at-least-half\" ? done * 2 >= of : done * 2 > of'",
    replace: "when: 'mainPartThreshold == \"at-least-half\" ? done * 2 > of : done * 2 > of'",
    breaks: "half of the main task done is no longer partly met where at least half is enough",
    caughtBy: ["test/unit/engine/rules.test.ts"],
  },
  {
    name: "rubric-one-small-flaw",
    file: "guideline/v2/logic.yaml",
    find: "when: allMet && flaws <= smallFlaws",
    replace: "when: allMet && flaws >= smallFlaws",
    breaks: "two small flaws score 4, as one does",
    caughtBy: ["test/unit/engine/rubric.test.ts"],
  },
  {
    name: "rubric-engages",
    file: "guideline/v2/logic.yaml",
    find: "when: mainMissed && !engages",
    replace: "when: mainMissed",
    breaks: "a response that misses the main task but engages with the request scores 1, not 2",
    caughtBy: ["test/unit/engine/rubric.test.ts"],
  },
  {
    name: "counting-rule",
    file: "guideline/v2/logic.yaml",
    find: 'counting == "at-least-half" ? share >= halfShare :',
    replace: 'counting == "at-least-half" ? share > halfShare :',
    breaks: "under the at-least-half counting rule, exactly half of the other instructions met gives 2, not 3",
    caughtBy: ["test/unit/engine/rubric.test.ts"],
  },
  {
    name: "rubric-partial-main-cap",
    file: "lib/engine/rubric.ts",
    find: "outcome.score > highest ?",
    replace: "outcome.score > highest + 1 ?",
    breaks: "a partly done main task lets a score one above its cap through",
    caughtBy: ["test/unit/engine/rubric.test.ts"],
  },
  {
    name: "rubric-partly-weight",
    file: "lib/engine/rubric.ts",
    find: 'return typeof credit === "number" ? credit : (parameters[credit.parameter] as number);',
    replace: 'return typeof credit === "number" ? credit : 1;',
    breaks: "a partly met instruction counts as fully met, whatever weight the guideline gives it",
    caughtBy: ["test/unit/engine/rubric.test.ts"],
  },
  {
    name: "derive-not-instruction-counted",
    file: "lib/engine/derive.ts",
    find: 'counted = index !== mainIndex && reading.verdict !== "not-instruction";',
    replace: "counted = index !== mainIndex;",
    breaks: 'a line ruled "not an instruction" is shown as counting toward the rubric',
    caughtBy: ["test/unit/engine/derive.test.ts"],
  },
  {
    name: "bootstrap-level",
    file: "lib/agreement/bootstrap.ts",
    find: "const tail = (1 - level) / 2;",
    replace: "const tail = 1 - level;",
    breaks: "the interval said to be 95% is the 90% one (5% cut from each end instead of 2.5%)",
    caughtBy: ["test/unit/agreement/bootstrap.test.ts"],
  },
  {
    name: "bootstrap-pairable",
    file: "lib/agreement/bootstrap.ts",
    find: "if (ratings >= 2) pairable.push(unit);",
    replace: "if (ratings >= 1) pairable.push(unit);",
    breaks: "items rated only once are resampled too, so one pairable item gets an interval",
    caughtBy: ["test/unit/agreement/bootstrap.test.ts"],
  },
  {
    name: "alpha-expected",
    file: "lib/agreement/krippendorff.ts",
    find: "const expected = expectedSum / (n * (n - 1));",
    replace: "const expected = expectedSum / (n * n);",
    breaks: "alpha's expected disagreement divides by n² instead of n(n - 1)",
    caughtBy: ["test/unit/agreement/krippendorff.test.ts"],
  },
  {
    name: "cohen-chance",
    file: "lib/agreement/cohen.ts",
    find: "chance += w[i * q + j]! * rows[i]! * columns[j]!;",
    replace: "chance += w[i * q + j]! * rows[i]! * rows[j]!;",
    breaks: "Cohen's kappa takes chance agreement from the first rater's shares alone",
    caughtBy: ["test/unit/agreement/cohen.test.ts"],
  },
  {
    name: "quadratic-weights",
    file: "lib/agreement/weights.ts",
    find: 'else if (kind === "quadratic") w = 1 - (gap / span) ** 2;',
    replace: 'else if (kind === "quadratic") w = 1 - gap / span;',
    breaks: "quadratic weights are the linear ones",
    caughtBy: ["test/unit/agreement/cohen.test.ts"],
  },
  {
    name: "csv-formula-guard",
    file: "lib/agreement/report-csv.ts",
    find: "escapeFormulae: true",
    replace: "escapeFormulae: false",
    breaks: "a cell starting with = is left for a spreadsheet to run as a formula",
    caughtBy: ["test/unit/agreement/report-csv.test.ts"],
  },
  {
    name: "csv-non-finite",
    file: "lib/agreement/report-csv.ts",
    find: "!Number.isFinite(cell) ? null : cell",
    replace: "Number.isNaN(cell) ? null : cell",
    breaks: "an infinite figure is written as Infinity, not as an empty cell",
    caughtBy: ["test/unit/agreement/report-csv.test.ts"],
  },
  {
    name: "key-redaction",
    file: "lib/probes/secrets.ts",
    find: "out += text.slice(at, start) + redactedMark;",
    replace: "out += text.slice(at, end) + redactedMark;",
    breaks: "the redaction mark follows the key, which stays in the text",
    caughtBy: ["test/unit/probes/secrets.test.ts"],
  },
  {
    name: "set-aside-overwrites",
    file: "lib/trainee/set-aside.ts",
    find: "if (there !== null) continue;",
    replace: "",
    breaks: "an unreadable saved record is set aside over an earlier set-aside copy, which is lost",
    caughtBy: ["test/unit/trainee/record-store.test.ts"],
  },
  {
    name: "ruling-sentence",
    file: "lib/trainee/feedback.ts",
    find: "if (item.teaches) return",
    replace: "if (item.teaches && !item.lesson) return",
    breaks: "the ruling leads with the case study's one sentence (lesson) before what the case teaches",
    caughtBy: ["test/unit/trainee/feedback.test.ts"],
  },
  {
    name: "tar-version",
    file: "lib/text/tar.ts",
    find: 'field(header, 263, 2, "00");',
    replace: 'field(header, 263, 2, "");',
    breaks: 'a tar header without its ustar version ("00" at offset 263)',
    caughtBy: ["test/unit/text/tar.test.ts"],
  },
  {
    name: "tar-mtime",
    file: "lib/text/tar.ts",
    find: "field(header, 136, 12, octal(0, 12));",
    replace: "field(header, 136, 12, octal(5, 12));",
    breaks: "a tar header's mtime is 5 seconds after the epoch, not the epoch",
    caughtBy: ["test/unit/text/tar.test.ts"],
  },
  {
    name: "tar-checksum",
    file: "lib/text/tar.ts",
    find: 'field(header, 148, 8, " ".repeat(8));',
    replace: "",
    breaks: "a tar header's checksum counts its own field as zeros, not spaces",
    caughtBy: ["test/unit/text/tar.test.ts"],
  },
  {
    name: "lean-threshold",
    file: "lib/trainee/lean.ts",
    find: "if (Math.abs(mean) < leanThreshold - epsilon)",
    replace: "if (Math.abs(mean) <= leanThreshold + epsilon)",
    breaks: "an average exactly 0.3 of a point off is no longer a lean",
    caughtBy: ["test/unit/trainee/lean.test.ts"],
  },
  {
    name: "lean-majority",
    file: "lib/trainee/lean.ts",
    find: "if (mean > 0 && above > below)",
    replace: "if (mean > 0)",
    breaks: "a trainee is called lenient on one far miss above, though more of their misses lie below",
    caughtBy: ["test/unit/trainee/lean.test.ts"],
  },
  {
    name: "checklist-verdict",
    file: "lib/trainee/checklist-comparison.ts",
    find: ": verdict === line.verdict",
    replace: ": verdict !== null",
    breaks: "a ruled line the trainee checked agrees with the ruling whatever verdict they gave",
    caughtBy: ["test/unit/trainee/compare.test.ts"],
  },
  {
    name: "self-check-pass",
    file: "lib/trainee/self-check-run.ts",
    find: "exact >= rule.exactAtLeast",
    replace: "exact > rule.exactAtLeast",
    breaks: "a self-check run with four of five exact (the pass rule's least) fails",
    caughtBy: ["test/unit/trainee/self-check.test.ts"],
  },
  {
    name: "quote-escapes",
    file: "lib/text/quote-text.ts",
    find: "return escapeUnsafe(JSON.stringify(cut(text, length)));",
    replace: "return JSON.stringify(cut(text, length));",
    breaks: "a quoted name keeps its right-to-left override and zero-width characters unescaped",
    caughtBy: ["test/unit/text/quote-text.test.ts"],
  },
  {
    name: "capped-reader",
    file: "lib/node/read-file.ts",
    find: 'if (!stat.isFile()) throw new CappedReadError("not-a-file");',
    replace: 'if (stat.isDirectory()) throw new CappedReadError("not-a-file");',
    breaks: "the capped reader reads a device or a named pipe as if it were a file",
    caughtBy: ["test/unit/node/read-file.test.ts"],
  },
];

/** A run that takes longer has hung (a break can make a loop endless): it is stopped, and the break not caught. */
const runLimitSeconds = 300;

/** How a run of test files ended. */
type Run =
  {kind: "failed"; test: string} | {kind: "passed"} | {kind: "did-not-load"; why: string} | {kind: "timed-out"};

/** A break's result, in words: caught when one of its tests failed. */
const results: Record<Run["kind"], string> = {
  "failed": "caught",
  "passed": "SURVIVED",
  "did-not-load": "did not load",
  "timed-out": `timed out (${runLimitSeconds} s)`,
};

/** The line of the break, or why it cannot be made there. */
function lineOf(mutant: Mutant, root: string): number | string {
  if (mutant.find.includes("\n") || mutant.replace.includes("\n")) return "the text and its replacement are one line";
  if (mutant.find === mutant.replace) return "the replacement is the text itself";
  if (!/^(lib|guideline)\//.test(mutant.file)) return `${quotePath(mutant.file)} is not under lib/ or guideline/`;
  if (!mutant.caughtBy.length) return "no test file named to catch it";
  for (const test of mutant.caughtBy) {
    if (!/^test\/(unit|cli)\/.+\.test\.ts$/.test(test))
      return `${quotePath(test)}: expected a test file under test/unit/ or test/cli/`;
    if (!existsSync(join(root, test))) return `no test file ${quotePath(test)}`;
  }
  const path = join(root, mutant.file);
  if (!existsSync(path)) return `no file ${quotePath(mutant.file)}`;
  const text = readFileSync(path, "utf8");
  const times = text.split(mutant.find).length - 1;
  if (times !== 1) return `${quote(mutant.find, 80)} occurs ${times} times in ${mutant.file}, not once: update it`;
  return text.slice(0, text.indexOf(mutant.find)).split("\n").length;
}

/** What vitest's json reporter writes, as far as it is read here. */
interface VitestReport {
  testResults: {
    name: string;
    message: string;
    assertionResults: {ancestorTitles: string[]; title: string; status: string}[];
  }[];
}

let running: ReturnType<typeof spawn> | null = null;

/** Runs vitest on `files` in the copy: the first test that failed, or whether all passed, or why none could run. */
function runTests(copy: string, files: readonly string[], env: CommandIO["env"]): Promise<Run> {
  const projects = [...new Set(files.map((file) => file.split("/")[1]!))].flatMap((name) => ["--project", name]);
  const output = join(copy, "mutants-report.json");
  rmSync(output, {force: true});
  // One failing test is enough to catch a break. No cache: the copy's timings must not enter the project's own
  // (node_modules, where vitest keeps it, is shared with the copy).
  const args = [
    "run",
    "--root",
    copy,
    ...projects,
    "--bail=1",
    "--no-cache",
    "--reporter=json",
    `--outputFile=${output}`,
  ];
  return new Promise((resolve, reject) => {
    // In a process group of its own, so that a hung run is stopped with the workers it started.
    const child = spawn(join(copy, "node_modules", ".bin", "vitest"), [...args, ...files], {
      cwd: copy,
      env,
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
    });
    running = child;
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      if (stderr.length < 20_000) stderr += chunk.toString("utf8");
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid!, "SIGKILL");
    }, runLimitSeconds * 1000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      running = null;
      if (timedOut) return resolve({kind: "timed-out"});
      const report = existsSync(output) ? (JSON.parse(readFileSync(output, "utf8")) as VitestReport) : null;
      const failed = report?.testResults.flatMap((file) =>
        file.assertionResults
          .filter((test) => test.status === "failed")
          .map((test) => `${file.name.slice(copy.length + 1)}: ${[...test.ancestorTitles, test.title].join(" › ")}`),
      );
      if (failed?.length) return resolve({kind: "failed", test: failed[0]!});
      if (code === 0 && report) return resolve({kind: "passed"});
      const message = report?.testResults.find((file) => file.message)?.message || stderr;
      resolve({kind: "did-not-load", why: message.replace(/\s+/g, " ").trim().slice(0, 200) || `exit code ${code}`});
    });
  });
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ");
  return rows.map((row) => line(row).trimEnd()).join("\n");
}

/** Applies each break in turn to a copy of the project and runs its tests there; 1 if any is not caught. */
async function check(chosen: readonly Mutant[], where: (mutant: Mutant) => string, io: CommandIO): Promise<number> {
  const out = lineWriter(io.stdout);
  const err = lineWriter(io.stderr);
  const copy = copyProject("rater-notebook-mutants-");
  // The copy holds the sources; the tests and their configuration come too, to run there.
  cpSync(join(projectRoot, "test"), join(copy, "test"), {recursive: true});
  cpSync(join(projectRoot, "vitest.config.ts"), join(copy, "vitest.config.ts"));
  // Ctrl-C stops the tests running and ends the check; the copy goes with it (below).
  let stopped: NodeJS.Signals | null = null;
  const stop = (signal: NodeJS.Signals) => {
    stopped = signal;
    if (running?.pid) process.kill(-running.pid, "SIGKILL");
  };
  const stoppedCode = (signal: NodeJS.Signals) => {
    err(`mutants: stopped (${signal}); the breaks were made in a copy, now removed: lib/ is as it was`);
    return 130;
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    const files = [...new Set(chosen.flatMap((mutant) => mutant.caughtBy))].sort();
    err(`mutants: first the ${plural(files.length, "test file")} as they are, without any break…`);
    const baseline = await runTests(copy, files, io.env);
    if (stopped) return stoppedCode(stopped);
    if (baseline.kind !== "passed") {
      const why =
        baseline.kind === "failed" ? `${baseline.test} fails` : `${results[baseline.kind]}: ${runWhy(baseline)}`;
      fail(`the tests fail without any break (${why}): fix that first, or no result would mean anything`, 1);
    }
    const runs = new Map<Mutant, Run>();
    for (const [index, mutant] of chosen.entries()) {
      const path = join(copy, mutant.file);
      const original = readFileSync(path, "utf8");
      writeFileSync(
        path,
        original.replace(mutant.find, () => mutant.replace),
      );
      try {
        const run = await runTests(copy, mutant.caughtBy, io.env);
        if (stopped) return stoppedCode(stopped);
        runs.set(mutant, run);
        const detail = run.kind === "failed" ? ` by ${run.test}` : runWhy(run) ? `: ${runWhy(run)}` : "";
        err(`mutants: ${index + 1} of ${chosen.length}, ${mutant.name}: ${results[run.kind]}${detail}`);
      } finally {
        writeFileSync(path, original);
      }
    }
    const result = (mutant: Mutant) => results[runs.get(mutant)!.kind];
    const rows = chosen.map((mutant) => [mutant.name, where(mutant), mutant.caughtBy.join(", "), result(mutant)]);
    out(table([["break", "where", "caught by", "result"], ...rows]));
    const missed = chosen.filter((mutant) => runs.get(mutant)!.kind !== "failed");
    for (const mutant of missed) {
      const run = runs.get(mutant)!;
      const change = `with ${where(mutant)} ${quote(mutant.find, 80)} changed to ${quote(mutant.replace, 80)}`;
      out(
        run.kind === "passed"
          ? `${mutant.name} survived: ${change} (${mutant.breaks}), every test in ${mutant.caughtBy.join(", ")} passes`
          : `${mutant.name} ${result(mutant)}: ${change}, ${runWhy(run)}`,
      );
    }
    const names = missed.map((mutant) => mutant.name).join(", ");
    out(
      missed.length
        ? `mutants: ${missed.length} of ${chosen.length} breaks not caught: ${names}`
        : `mutants: ${chosen.length === 1 ? "the break" : `all ${chosen.length} breaks`} caught`,
    );
    return missed.length ? 1 : 0;
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    rmSync(copy, {recursive: true, force: true});
  }
}

/** Why a run that neither passed nor failed a test ended as it did. */
function runWhy(run: Run): string {
  if (run.kind === "timed-out") return `the tests ran past ${runLimitSeconds} s and were stopped`;
  if (run.kind === "did-not-load")
    return `no test could run (${run.why}): a break must leave the code loading, so that a test can catch it`;
  return "";
}

/** The check, on this checkout (the copy is made of it): `--list` prints the breaks without running any. */
export async function mutantsCheck(args: readonly string[], io: CommandIO): Promise<number> {
  const out = lineWriter(io.stdout);
  const err = lineWriter(io.stderr);
  return runCli(
    "mutants",
    err,
    async () => {
      const {values} = parseCommandLine(args, {
        usage: "npm run mutants [-- --only <name>] [--list]",
        options: {only: {type: "string", multiple: true}, list: {type: "boolean", default: false}},
      });
      const names = new Set<string>();
      for (const mutant of mutants) {
        if (names.has(mutant.name)) fail(`two breaks are named ${quote(mutant.name)} in scripts/mutants.ts`, 1);
        names.add(mutant.name);
      }
      for (const name of values.only ?? [])
        if (!names.has(name)) fail(`unknown break ${quote(name)}: expected one of ${[...names].join(", ")}`);
      const chosen = values.only ? mutants.filter((mutant) => values.only!.includes(mutant.name)) : mutants;

      // Every break must still apply, chosen or not: code that moved makes the list out of date, before anything runs.
      const lines = new Map<Mutant, number>();
      const stale: string[] = [];
      for (const mutant of mutants) {
        const line = lineOf(mutant, projectRoot);
        if (typeof line === "string") stale.push(`mutants: ${mutant.name}: ${line}`);
        else lines.set(mutant, line);
      }
      if (stale.length) {
        for (const line of stale) err(line);
        fail(`${stale.length} of ${mutants.length} breaks no longer apply: fix them in scripts/mutants.ts`, 1);
      }
      const where = (mutant: Mutant) => `${mutant.file}:${lines.get(mutant)}`;
      if (!values.list) return check(chosen, where, io);
      const rows = chosen.map((mutant) => [mutant.name, where(mutant), mutant.caughtBy.join(", "), mutant.breaks]);
      out(table([["break", "where", "caught by", "what it breaks"], ...rows]));
      out(`mutants: ${plural(chosen.length, "break")}, none run (without --list, each runs its tests)`);
      return 0;
    },
    out,
  );
}

await runAsEntry(import.meta, mutantsCheck);
