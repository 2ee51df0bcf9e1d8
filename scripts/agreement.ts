// npm run agreement -- <ratings.csv | trainee.json | judge-run.json ...> [--json | --csv <table>] [--seed <n>]
//   [--replicates <n>]
// A cohort's agreement before the guideline (vague phase) and after it (guideline phase), from CSV files with the
// header rater,item,phase,score, trainees' progress files and judges' run files (each a rater named by its model,
// scoring in the guideline phase): Krippendorff's alpha (nominal, ordinal, interval, ratio), Gwet's AC1/AC2, Fleiss'
// kappa, simple agreement, the items and rules with the most disagreement, each rater against the ruled scores, and
// the headline: ordinal alpha before vs after with seeded bootstrap intervals.
// --json prints the whole report (each phase under its name); --csv prints one table (summary, items, raters, rules).
// Exit 2 for a usage error (a file named that is not there or not a regular file among them), 1 for input read and
// refused (every bad row is listed), 0 otherwise.
import {resolve} from "node:path";
import type {Writable} from "node:stream";
import {fail, numberFlag, parseCommandLine, quote, quotePath, runCli} from "../lib/node/cli.js";
import {lineWriter, runAsEntry, typedPath, type CommandIO} from "../lib/node/command.js";
import {jsonChunks} from "../lib/text/json-chunks.js";
import {loadGuidelines, loadItems} from "../lib/node/load.js";
import {escapeUnsafe} from "../lib/text/quote-text.js";
import {cohortItem, ruleTitles} from "../lib/agreement/cohort-item.js";
import {cohortReport} from "../lib/agreement/cohort-report.js";
import {readRatingFiles} from "../lib/agreement/read-files.node.js";
import {inputKindNames} from "../lib/agreement/cohort-files.js";
import {RatingsInputError} from "../lib/agreement/ratings.js";
import {cohortCsvChunks, csvTables, type CsvTable} from "../lib/agreement/report-csv.js";
import {cohortLines} from "../lib/agreement/report-format.js";
import {plural} from "../lib/text/format.js";

const usage =
  "npm run agreement -- <ratings.csv | trainee.json | judge-run.json ...> [--json | --csv <table>] [--seed <n>] " +
  "[--replicates <n>]";

/** Lines joined into chunks of about 64 kB. */
function* lineChunks(lines: Iterable<string>): Generator<string> {
  let chunk = "";
  for (const line of lines) {
    chunk += `${line}\n`;
    if (chunk.length >= 1 << 16) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/**
 * Writes to the command's standard output chunk by chunk, each written before the next is made: a cohort's whole
 * report as one string can be longer than a string may be, and held whole besides the report it would double the
 * memory used. `npm run agreement -- … | head` closes the pipe early: that is the reader's choice, not an error, so
 * printing stops there and the command ends as it would have. Any other failure to write is the command's.
 */
function printer(stdout: Writable): (chunks: Iterable<string>) => Promise<void> {
  // Each write's callback says how it went; the error event the stream emits besides must not end the process.
  stdout.on("error", () => {});
  let closed = false;
  const written = (chunk: string) =>
    new Promise<NodeJS.ErrnoException | null | undefined>((done) => stdout.write(chunk, done));
  return async (chunks) => {
    for (const chunk of chunks) {
      if (closed) return;
      const error = await written(chunk);
      if (error?.code === "EPIPE") closed = true;
      else if (error) throw error;
    }
  };
}

export async function agreement(args: readonly string[], io: CommandIO): Promise<number> {
  const err = lineWriter(io.stderr);
  const print = printer(io.stdout);
  return runCli(
    "agreement",
    err,
    async () => {
      const {values, positionals} = parseCommandLine(args, {
        usage,
        rest: "files",
        options: {
          json: {type: "boolean", default: false},
          csv: {type: "string"},
          seed: {type: "string"},
          replicates: {type: "string"},
        },
      });
      if (values.json && values.csv !== undefined) fail(`--json and --csv: choose one; usage: ${usage}`);
      const table = values.csv;
      if (table !== undefined && !(csvTables as readonly string[]).includes(table))
        fail(`--csv: unknown table ${quote(table)}: expected one of ${csvTables.join(", ")}`);
      const seed =
        values.seed === undefined
          ? undefined
          : numberFlag("seed", values.seed, {min: 0, max: 2 ** 32 - 1, whole: true});
      const replicates =
        values.replicates === undefined
          ? undefined
          : numberFlag("replicates", values.replicates, {min: 10, max: 100_000, whole: true});

      const items = loadItems(io.root).map(cohortItem);
      let read;
      try {
        read = readRatingFiles(
          positionals.map((path) => typedPath(io, path)),
          items.map((item) => item.id),
        );
      } catch (error) {
        if (!(error instanceof RatingsInputError)) throw error;
        for (const line of error.message.split("\n")) err(line);
        const count = error.problems.length + error.more;
        err(`agreement: fix the ratings above (${plural(count, "problem")})`);
        return 1;
      }
      for (const {path, sameAs} of read.repeated) {
        const which = resolve(path) === resolve(sameAs) ? "named twice" : `the same bytes as ${quotePath(sameAs)}`;
        err(`agreement: ${quotePath(path)}: ${which}, counted once`);
      }
      const report = cohortReport(read.ratings, items, {bootstrap: {seed, replicates}});
      if (values.json) {
        await print(jsonChunks({files: read.files, ...report}));
        await print(["\n"]);
      } else if (table !== undefined) {
        await print(cohortCsvChunks(report, table as CsvTable));
      } else {
        const files = read.files.map(
          (file) => `${escapeUnsafe(file.path)} (${inputKindNames[file.kind]}, ${plural(file.ratings, "rating")})`,
        );
        const head = `Read ${plural(files.length, "file")}: ${files.join(", ")}`;
        const titles = ruleTitles(loadGuidelines(io.root).at(-1)!);
        await print(lineChunks([head, ...cohortLines(report, {ruleTitles: titles})]));
      }
    },
    lineWriter(io.stdout),
  );
}

await runAsEntry(import.meta, agreement);
