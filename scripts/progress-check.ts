// npm run progress:check -- <file>
// Checks a trainee's exported progress file (or a bare saved record) as a coordinator does before collecting it, with
// the import page's own reader (lib/trainee/transfer.ts): one line, "ok" with what it holds, or what is wrong in the
// import page's words; exit 1 when the file is refused (a file past the size limit too, refused unread), 2 when it
// cannot be opened or is not a regular file (lib/node/cli.ts CliError).
import {fail, parseCommandLine, quote, quotePath, readInput, runCli} from "../lib/node/cli.js";
import {lineWriter, runAsEntry, typedPath, type CommandIO} from "../lib/node/command.js";
import {checkImportSize, progressFileByteLimit, readImport} from "../lib/trainee/transfer.js";
import {plural} from "../lib/text/format.js";

export async function progressCheck(args: readonly string[], io: CommandIO): Promise<number> {
  const out = lineWriter(io.stdout);
  const err = lineWriter(io.stderr);
  return runCli(
    "progress:check",
    err,
    async () => {
      const {positionals} = parseCommandLine(args, {
        usage: "npm run progress:check -- <file>",
        options: {},
        positionals: ["file"],
      });
      const file = typedPath(io, positionals[0]!);
      const refused: (message: string) => never = (message) => fail(`${quotePath(file)}: refused: ${message}`, 1);
      const text = await readInput(file, progressFileByteLimit, io, {
        notAFile: "give the trainee's exported progress file",
        tooLarge: (_quoted, bytes) => refused(checkImportSize(bytes)!.message),
      });
      const result = readImport(text);
      if (!result.ok) refused(result.message);
      const {answers} = result.progress;
      const firsts = answers.filter((answer) => answer.attempt === 1).length;
      const who = result.rater === null ? "no rater name" : `rater ${quote(result.rater)}`;
      // Only an export file's envelope says when it was made.
      const kind = result.exportedAt === null ? "bare saved record" : "export file";
      out(`${quotePath(file)}: ok, ${kind}, ${who}, ${plural(answers.length, "answer")} (${firsts} first)`);
    },
    out,
  );
}

await runAsEntry(import.meta, progressCheck);
