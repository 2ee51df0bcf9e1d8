// npm run judges:check [-- --root DIR]: checks the judges' prompts (listed with their hashes, unchanged once listed)
// and every recorded judge run (its prompt and guideline, its cases, each answer read again from its reply, its
// figures recomputed, nothing key-shaped, nor the key in OPENROUTER_API_KEY in any form when it is set).
import {formatProblem} from "../lib/authored/problems.js";
import {checkJudges} from "../lib/judges/check.node.js";
import {parseCommandLine, runCli} from "../lib/node/cli.js";
import {lineWriter, rootFolder, runAsEntry, type CommandIO} from "../lib/node/command.js";
import {defaultKeyVariable} from "../lib/probes/request.js";
import {plural} from "../lib/text/format.js";

export async function judgesCheck(args: readonly string[], io: CommandIO): Promise<number> {
  const out = lineWriter(io.stdout);
  const err = lineWriter(io.stderr);
  return runCli(
    "judges:check",
    err,
    () => {
      const {values} = parseCommandLine(args, {
        usage: "npm run judges:check [-- --root DIR]",
        options: {root: {type: "string"}},
      });
      // The user's key, when set, so a run holding it in any form is refused too; it is never printed.
      const check = checkJudges(rootFolder(io, values.root), {
        apiKey: io.env[defaultKeyVariable],
        rootFlag: values.root,
      });
      for (const {file, data} of check.runs)
        out(`ok ${file}: ${data.model}, ${data.figures.answered} of ${data.figures.asked} cases answered`);
      for (const warning of check.warnings) err(`warning: ${formatProblem(warning)}`);
      for (const error of check.problems) err(formatProblem(error));
      if (check.problems.length > 0) {
        err(`judges:check: ${plural(check.problems.length, "problem")}`);
        return 1;
      }
      out(
        `judges:check: ${plural(check.prompts.length, "prompt")}, ${plural(check.runs.length, "recorded run")}: ` +
          "all as recorded",
      );
    },
    out,
  );
}

await runAsEntry(import.meta, judgesCheck);
