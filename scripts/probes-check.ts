// npm run probes:check [-- --root DIR]: validates every probe version, checks immutability hashes and
// recorded runs, and runs every worked example through the real scorer.
import {resolve} from "node:path";
import {parseArgs} from "node:util";
import {checkExamples, checkHashes, loadHashes, loadProbes, loadRuns} from "../lib/probes/index.js";
import {formatProblem} from "../lib/problems.js";

const {values} = parseArgs({options: {root: {type: "string", default: "."}}});
const root = resolve(values.root);
const loaded = loadProbes(root);
const report = {errors: [...loaded.errors], warnings: [...loaded.warnings]};
const hashes = loadHashes(root, report);
if (hashes) checkHashes(loaded.probes, hashes, report);
const runs = loadRuns(root, loaded.probes, report);
let examples = 0;
for (const probe of loaded.probes) {
  for (const version of probe.versions) {
    const problems = checkExamples(version.file, version.data);
    report.errors.push(...problems);
    examples += version.data.examples.length;
    if (problems.length === 0)
      console.log(
        `ok ${version.file}: ${version.data.rules.length} rules, ${version.data.examples.length} worked examples score as declared`,
      );
  }
}
for (const warning of report.warnings) console.warn(`warning: ${formatProblem(warning)}`);
for (const error of report.errors) console.error(formatProblem(error));
const versions = loaded.probes.reduce((n, p) => n + p.versions.length, 0);
if (report.errors.length > 0) {
  console.error(`probes:check: ${report.errors.length} problem${report.errors.length === 1 ? "" : "s"}`);
  process.exit(1);
}
console.log(
  `probes:check: ${loaded.probes.length} probe(s), ${versions} version(s), ${examples} worked examples, ${runs.length} recorded run(s): all as declared`,
);
