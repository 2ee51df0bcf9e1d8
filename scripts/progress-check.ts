// npm run progress:check -- <file>
// Checks a trainee's exported progress file (or a bare saved record) with the zod schema, as a coordinator does
// before collecting it: one line, "ok" with what it holds, or what is wrong; exit 1 when the file is refused (a file
// past the import's size limit too, refused unread in the words the import page uses).
import {fail, parseCommandLine, quote, readInput, runCli} from "../lib/node/cli.js";
import {lineWriter, runAsEntry, type CommandIO} from "../lib/node/command.js";
import {checkImportSize, progressFileByteLimit} from "../lib/trainee/transfer.js";
import {checkExportText} from "../lib/trainee/transfer-zod.node.js";
import {plural} from "../lib/text/format.js";

export async function progressCheck(args: readonly string[], io: CommandIO): Promise<number> {
  const out = lineWriter(io.stdout);
  const err = lineWriter(io.stderr);
  return runCli("progress:check", err, async () => {
    const {positionals} = parseCommandLine(args, {
      usage: "npm run progress:check -- <file>",
      options: {},
      positionals: ["file"],
    });
    const file = positionals[0]!;
    const refused: (message: string) => never = (message) => fail(`${quote(file)}: refused: ${message}`, 1);
    const text = await readInput(file, progressFileByteLimit, io, {
      notAFile: "give the trainee's exported progress file",
      tooLarge: (_quoted, bytes) => refused(checkImportSize(bytes)!.message),
    });
    const result = checkExportText(text);
    if (!result.ok) refused(result.message);
    const {answers} = result.progress;
    const firsts = answers.filter((answer) => answer.attempt === 1).length;
    const who = result.rater === null ? "no rater name" : `rater ${quote(result.rater)}`;
    const kind = result.envelope ? "export file" : "bare saved record";
    out(`${quote(file)}: ok, ${kind}, ${who}, ${plural(answers.length, "answer")} (${firsts} first)`);
  });
}

await runAsEntry(import.meta, progressCheck);
