// npm run probes:check [-- --root DIR]: validates every probe version, checks immutability hashes and
// recorded runs (nothing key-shaped, nor the key in OPENROUTER_API_KEY in any form when it is set; score
// recomputed from the reply), and runs every worked example through the real scorer.
import {resolve} from "node:path";
import {parseCommandLine, runCli} from "../lib/node/cli.js";
import {checkProbes, defaultKeyVariable} from "../lib/probes/index.node.js";
import {formatProblem} from "../lib/authored/problems.js";
import {plural} from "../lib/text/format.js";

process.exitCode = await runCli("probes:check", () => {
  const {values} = parseCommandLine(process.argv.slice(2), {
    usage: "npm run probes:check [-- --root DIR]",
    options: {root: {type: "string", default: "."}},
  });
  // The user's key, when set, so a run holding it in any form is refused too; it is never printed.
  const check = checkProbes(resolve(values.root), {apiKey: process.env[defaultKeyVariable]});
  let examples = 0;
  for (const probe of check.probes) {
    for (const version of probe.versions) {
      examples += version.data.examples.length;
      const {rules, examples: declared} = version.data;
      if (!check.problems.some((problem) => problem.file === version.file))
        console.log(`ok ${version.file}: ${rules.length} rules, ${declared.length} worked examples score as declared`);
    }
  }
  for (const warning of check.warnings) console.warn(`warning: ${formatProblem(warning)}`);
  for (const error of check.problems) console.error(formatProblem(error));
  if (check.problems.length > 0) {
    console.error(`probes:check: ${plural(check.problems.length, "problem")}`);
    return 1;
  }
  const versions = check.probes.reduce((n, p) => n + p.versions.length, 0);
  console.log(
    `probes:check: ${check.probes.length} probe(s), ${versions} version(s), ${examples} worked examples, ` +
      `${check.runs.length} recorded run(s): all as declared`,
  );
});
