// npm run probes:check [-- --root DIR]: validates every probe version, checks immutability hashes and
// recorded runs (nothing key-shaped, nor the key in OPENROUTER_API_KEY in any form when it is set; score
// recomputed from the reply), and runs every worked example through the real scorer.
import {parseCommandLine, runCli} from "../lib/node/cli.js";
import {lineWriter, rootFolder, runAsEntry, type CommandIO} from "../lib/node/command.js";
import {checkProbes, defaultKeyVariable} from "../lib/probes/index.node.js";
import {formatProblem} from "../lib/authored/problems.js";
import {plural} from "../lib/text/format.js";

export async function probesCheck(args: readonly string[], io: CommandIO): Promise<number> {
  const out = lineWriter(io.stdout);
  const err = lineWriter(io.stderr);
  return runCli(
    "probes:check",
    err,
    () => {
      const {values} = parseCommandLine(args, {
        usage: "npm run probes:check [-- --root DIR]",
        options: {root: {type: "string"}},
      });
      // The user's key, when set, so a run holding it in any form is refused too; it is never printed.
      const check = checkProbes(rootFolder(io, values.root), {apiKey: io.env[defaultKeyVariable]});
      let examples = 0;
      for (const probe of check.probes) {
        for (const version of probe.versions) {
          examples += version.data.examples.length;
          const {rules, examples: declared} = version.data;
          if (!check.problems.some((problem) => problem.file === version.file))
            out(`ok ${version.file}: ${rules.length} rules, ${declared.length} worked examples score as declared`);
        }
      }
      for (const warning of check.warnings) err(`warning: ${formatProblem(warning)}`);
      for (const error of check.problems) err(formatProblem(error));
      if (check.problems.length > 0) {
        err(`probes:check: ${plural(check.problems.length, "problem")}`);
        return 1;
      }
      const versions = check.probes.reduce((n, p) => n + p.versions.length, 0);
      out(
        `probes:check: ${check.probes.length} probe(s), ${versions} version(s), ${examples} worked examples, ` +
          `${check.runs.length} recorded run(s): all as declared`,
      );
    },
    out,
  );
}

await runAsEntry(import.meta, probesCheck);
