// npm run judge:score -- <run file> [--json] [--root DIR]: every figure of a recorded judge run worked out again
// from its file against today's rulings: asked, answered and not (with why), exact / one off / two or more off, the
// lean, the score matrix, the rules misapplied and the rulings changed since the run. The file is checked first as
// judges:check checks a recorded run: exit 1 with its file and field when it is broken, 2 for a usage error or a
// file that is not there or not a regular file.
import {isAbsolute, relative, resolve, sep} from "node:path";
import {formatProblem, type Problem} from "../lib/authored/problems.js";
import {checkJudgeRunFile} from "../lib/judges/check.node.js";
import {formatJudgeScore, judgeScore as scoreOfRun} from "../lib/judges/score-report.js";
import {runFileWanted} from "../lib/judges/runs.node.js";
import {fail, lookedFor, parseCommandLine, quotePath, runCli} from "../lib/node/cli.js";
import {lineWriter, rootFolder, runAsEntry, typedOrInRoot, typedPath, type CommandIO} from "../lib/node/command.js";
import {loadGuidelines, loadItems} from "../lib/node/load.js";
import {unreadableFile} from "../lib/node/read-file.js";
import {defaultKeyVariable} from "../lib/probes/request.js";
import {plural} from "../lib/text/format.js";

export async function judgeScore(args: readonly string[], io: CommandIO): Promise<number> {
  const out = lineWriter(io.stdout);
  const err = lineWriter(io.stderr);
  return runCli(
    "judge:score",
    err,
    () => {
      const {values, positionals} = parseCommandLine(args, {
        usage: "npm run judge:score -- <run file> [--json] [--root DIR]",
        options: {json: {type: "boolean", default: false}, root: {type: "string"}},
        positionals: ["run file"],
      });
      const root = rootFolder(io, values.root);
      // The file as typed, from where the command was typed, else from the root, where judge:run named it; the check
      // names it from the root.
      const typed = typedPath(io, positionals[0]!);
      const given = typedOrInRoot(io, root, positionals[0]!);
      // A folder given by mistake is named as one here: judges:check's words for one among the runs say to delete it.
      const unreadable = unreadableFile(resolve(given), runFileWanted);
      if (unreadable !== null) fail(`${quotePath(typed)}: ${unreadable}${lookedFor(typed, [root])}`);
      const file = relative(root, resolve(given));
      // Named from the root when it lies there, else as read (typed in another folder: whole): a file elsewhere was
      // named "../../tmp/…".
      const shown = file === ".." || file.startsWith(`..${sep}`) || isAbsolute(file) ? given : file;
      const named = (problem: Problem): Problem => (problem.file === file ? {...problem, file: shown} : problem);
      const items = loadItems(root);
      const check = checkJudgeRunFile(root, file, {
        apiKey: io.env[defaultKeyVariable],
        items,
        rootFlag: values.root,
      });
      for (const warning of check.warnings) err(`warning: ${formatProblem(named(warning))}`);
      if (!check.run) {
        for (const problem of check.problems) err(formatProblem(named(problem)));
        err(`judge:score: ${plural(check.problems.length, "problem")}: not scored`);
        return 1;
      }
      const score = scoreOfRun(shown, check.run, items, loadGuidelines(root), check.flagsAsked);
      out(values.json ? JSON.stringify(score, null, 2) : formatJudgeScore(score).join("\n"));
      return 0;
    },
    out,
  );
}

await runAsEntry(import.meta, judgeScore);
