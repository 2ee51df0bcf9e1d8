// npm run probes:score -- <probe> [--version v2] [--file reply.txt] [--json]
// Scores a reply (a file, or standard input) against a probe version: strict (the score) and loose beside it.
import {fail, parseCommandLine, quotePath, readInput, runCli} from "../lib/node/cli.js";
import {lineWriter, rootFolder, runAsEntry, typedPath, type CommandIO} from "../lib/node/command.js";
import {checkProbes, formatTotal, scoreBoth, scoreInputByteCap, selectVersion} from "../lib/probes/index.node.js";
import {quoteText} from "../lib/text/quote-text.js";

export async function probesScore(args: readonly string[], io: CommandIO): Promise<number> {
  const out = lineWriter(io.stdout);
  const err = lineWriter(io.stderr);
  return runCli(
    "probes:score",
    err,
    async () => {
      const {values, positionals} = parseCommandLine(args, {
        usage: "npm run probes:score -- <probe> [--version v2] [--file reply.txt] [--json] [--root DIR]",
        options: {
          version: {type: "string"},
          file: {type: "string"},
          json: {type: "boolean", default: false},
          root: {type: "string"},
        },
        positionals: ["probe"],
      });
      const name = positionals[0]!;
      const selection = selectVersion(checkProbes(rootFolder(io, values.root)), name, values.version);
      if (!selection.ok) fail(selection.message, selection.kind === "usage" ? 2 : 1);
      const {data} = selection.version;
      const file = values.file === undefined ? undefined : typedPath(io, values.file);
      // Typed at a terminal with no file: it waits for the reply there, and says so (it sat silent before).
      if (file === undefined && (io.stdin as {isTTY?: boolean}).isTTY)
        err("probes:score: paste the reply, then press Ctrl-D on a line of its own (or give --file reply.txt)");
      const text = await readInput(file, scoreInputByteCap, io, {
        notAFile: "give a file holding the reply",
        // A reply saved as UTF-16 (PowerShell's `>`) would otherwise be scored as garbled text, and fail.
        notText: (what) => fail(`${what}: not UTF-8 text: save the reply as UTF-8`),
      });
      // Scored all the same (a model may reply with nothing), but said: a must-not-match rule passes on nothing.
      if (text.trim() === "")
        err(
          `probes:score: ${file === undefined ? "standard input" : quotePath(file)} holds ` +
            `${text === "" ? "nothing" : "white space only"}: scored as an empty reply`,
        );
      const report = scoreBoth(data.rules, text);
      if (values.json) {
        out(JSON.stringify({probe: name, version: data.version, ...report}, null, 2));
      } else {
        const {strict, loose} = report;
        const strictText = `${formatTotal(strict.total)} (${strict.passed} of ${strict.of} steps, strict)`;
        const looseText = `${formatTotal(loose.total)} (${loose.passed} of ${loose.of})`;
        out(`${name} ${data.version}: ${strictText}   loose: ${looseText}`);
        strict.rules.forEach((rule, i) => {
          const l = loose.rules[i];
          const span = rule.span
            ? ` ${rule.mode === "must-match" ? "matched" : "found"} ${quoteText(rule.span.text)} at ${rule.span.start}`
            : "";
          const looseNote =
            l && l.outcome !== rule.outcome ? `   loose: ${l.outcome}${l.variant ? ` (${l.variant})` : ""}` : "";
          const checks =
            rule.outcome === "pass" ? "" : `   checks: ${data.rules.find(({id}) => id === rule.id)?.checks ?? ""}`;
          out(
            `  step ${rule.step} ${rule.outcome === "pass" ? "pass" : "FAIL"}  ${rule.id}${span}${checks}${looseNote}`,
          );
        });
      }
      return report.strict.total === 1 ? 0 : 1;
    },
    out,
  );
}

await runAsEntry(import.meta, probesScore);
