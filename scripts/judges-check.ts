// npm run judges:check [-- --root DIR]: checks the judges' prompts (listed with their hashes, unchanged once listed)
// and every recorded judge run (its prompt and guideline, its cases, each answer read again from its reply, its
// figures recomputed, nothing key-shaped, nor the key in OPENROUTER_API_KEY in any form when it is set).
import {resolve} from "node:path";
import {formatProblem} from "../lib/authored/problems.js";
import {checkJudges} from "../lib/judges/check.node.js";
import {parseCommandLine, runCli} from "../lib/node/cli.js";
import {defaultKeyVariable} from "../lib/probes/request.js";
import {plural} from "../lib/text/format.js";

process.exitCode = await runCli("judges:check", () => {
  const {values} = parseCommandLine(process.argv.slice(2), {
    usage: "npm run judges:check [-- --root DIR]",
    options: {root: {type: "string", default: "."}},
  });
  // The user's key, when set, so a run holding it in any form is refused too; it is never printed.
  const check = checkJudges(resolve(values.root), {apiKey: process.env[defaultKeyVariable]});
  for (const {file, data} of check.runs)
    console.log(`ok ${file}: ${data.model}, ${data.figures.answered} of ${data.figures.asked} cases answered`);
  for (const warning of check.warnings) console.warn(`warning: ${formatProblem(warning)}`);
  for (const error of check.problems) console.error(formatProblem(error));
  if (check.problems.length > 0) {
    console.error(`judges:check: ${plural(check.problems.length, "problem")}`);
    return 1;
  }
  console.log(
    `judges:check: ${plural(check.prompts.length, "prompt")}, ${plural(check.runs.length, "recorded run")}: ` +
      "all as recorded",
  );
});
