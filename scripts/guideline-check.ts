// npm run guideline:check [-- --json] [--version v2]
// Checks a guideline version's logic (every condition type-checked against the facts and parameters it may read; every
// rule and the rubric complete), derives every item's score under it and fails on any disagreement with the ruled
// score; warns about the parameters, rubric thresholds and rules that no worked example tests.
import {checkGuideline} from "../lib/authoring/check.node.js";
import {checkVersionLogic} from "../lib/authoring/logic-check.js";
import type {Guideline} from "../lib/authored/schemas/guideline.js";
import {fail, parseCommandLine, quote, runCli} from "../lib/node/cli.js";
import {lineWriter, runAsEntry, type CommandIO} from "../lib/node/command.js";
import {
  guidelineVersions,
  loadCalibration,
  loadCaseStudyIfAny,
  loadGuideline,
  readGuideline,
  loadItems,
  loadParts,
  loadRubricWriterIfAny,
} from "../lib/node/load.js";
import {AuthoredFileError, formatProblem, type Problem} from "../lib/authored/problems.js";
import {caseProblemInWords} from "../lib/authored/problem-words.js";

export async function guidelineCheck(args: readonly string[], io: CommandIO): Promise<number> {
  const out = lineWriter(io.stdout);
  const err = lineWriter(io.stderr);
  return runCli(
    "guideline:check",
    err,
    () => {
      const {values} = parseCommandLine(args, {
        usage: "npm run guideline:check [-- --json] [--version v2]",
        options: {json: {type: "boolean", default: false}, version: {type: "string"}},
      });
      const versions = guidelineVersions(io.root);
      // Only a name from the list: a path (../../etc) must never reach the file system.
      if (values.version !== undefined && !versions.includes(values.version))
        fail(`unknown guideline version ${quote(values.version)}: expected one of ${versions.join(", ")}`);
      const version = values.version ?? versions.at(-1);
      if (version === undefined) fail("no guideline version under guideline/: expected guideline/v1/ ...", 1);
      // Every authored file the site reads, each version of the guideline among them (the build reads every one): one
      // that is broken stops the check, as it stops the build, and one run names every broken file it can read.
      const broken: Problem[] = [];
      const collected = <T>(load: () => T): T | null => {
        try {
          return load();
        } catch (error) {
          if (!(error instanceof AuthoredFileError)) throw error;
          broken.push(...error.problems);
          return null;
        }
      };
      const items = collected(() => loadItems(io.root));
      for (const load of [loadParts, loadCaseStudyIfAny, loadRubricWriterIfAny]) collected(() => load(io.root));
      if (items) collected(() => loadCalibration(io.root, items));
      // The version checked is read here and its logic checked below, with its warnings; every other version as the
      // build loads it, its logic checked too.
      const guidelines = versions.map((each) =>
        collected(() => (each === version ? readGuideline(each, io.root) : loadGuideline(each, io.root))),
      );
      // Past here nothing is null: a load that failed left its problems in `broken`.
      if (broken.length) throw new AuthoredFileError(broken);
      const guideline = guidelines[versions.indexOf(version)]!;
      // The logic: every condition type-checked, every rule and the rubric complete (lib/authoring/logic-check.ts).
      // The other versions lend their rule texts: a sentence quoted from one of them is a warning, not a problem.
      const others = guidelines.filter((each): each is Guideline => each !== null && each !== guideline);
      const logic = checkVersionLogic(guideline, [guideline, ...others]);
      // A logic with problems cannot be run: its problems are the report.
      if (logic.problems.length) {
        for (const warning of logic.warnings) err(`warning: ${formatProblem(warning)}`);
        for (const problem of logic.problems) err(formatProblem(problem));
        const count = `${logic.problems.length} problem${logic.problems.length > 1 ? "s" : ""}`;
        err(`guideline:check: ${count} in the logic of guideline/${version}`);
        return 1;
      }
      const report = checkGuideline(guideline, items!);
      if (values.json) {
        const rows = report.results.map(({id, ruledScore, derivedScore, candidates, rubricRow, flags, ok}) => ({
          id,
          ruledScore,
          derivedScore,
          candidates,
          rubricRow,
          flags,
          ok,
        }));
        out(JSON.stringify(rows, null, 2));
      } else {
        for (const result of report.results) {
          const ruled = String(result.ruledScore).padEnd(3);
          const derived = String(result.derivedScore ?? result.candidates.join("|")).padEnd(3);
          const row = result.rubricRow ?? "(no single row)";
          out(`${result.ok ? "ok  " : "FAIL"} ${result.id.padEnd(20)} ruled ${ruled} derived ${derived} ${row}`);
        }
      }
      // Untested parameters, rubric thresholds and rules pass the check: the author is told, the run does not fail.
      for (const warning of [...logic.warnings, ...report.warnings]) err(`warning: ${formatProblem(warning)}`);
      const problems = report.problems.map(caseProblemInWords);
      if (problems.length) {
        for (const problem of problems) err(formatProblem(problem));
        const count = `${problems.length} problem${problems.length > 1 ? "s" : ""}`;
        err(`guideline:check: ${count} under guideline/${version}`);
        return 1;
      }
      if (!values.json)
        out(
          `guideline:check: ${report.results.length} items, every one with exactly one score matching its ruling, ` +
            `under guideline/${version}`,
        );
    },
    out,
  );
}

await runAsEntry(import.meta, guidelineCheck);
