// npm run case:new -- --from <id> [--id <new-id>] | --blank [--set <set>] [--id <new-id>]
// Writes data/items/<new-id>.md, a case written for the notebook, started from the case <id> (or, with --blank, an
// empty case, as the case editor's blank case, in the set given: the fresh calibration cases unless given): a new id
// (the first free new-case-N unless given), origin notebook, no case-study number, ordered after the last case of its
// set. It never overwrites a file. Then it checks the new file as guideline:check does and prints what is left to do,
// each problem in words with its field and its fix.
import {readdirSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {checkGuideline} from "../lib/authoring/check.node.js";
import {orderAfterLast} from "../lib/authoring/case-places.js";
import {firstFreeId, notebookCaseFrom} from "../lib/authoring/new-case.js";
import {parseItemFile} from "../lib/authored/item-file.js";
import {itemRecord} from "../lib/authored/item-text.js";
import {writeItemFile} from "../lib/authored/item-writer.js";
import {AuthoredFileError, formatProblem, type Problem} from "../lib/authored/problems.js";
import {problemInWords} from "../lib/authored/problem-words.js";
import {CaseSet, Item} from "../lib/authored/schemas/item.js";
import {blankCase} from "../lib/authoring/case-editor.js";
import {fail, parseCommandLine, quote, runCli} from "../lib/node/cli.js";
import {contentPath} from "../lib/node/content-root.js";
import {lineWriter, runAsEntry, type CommandIO} from "../lib/node/command.js";
import {currentLogic, guidelineVersions, loadCaseStudyIfAny, loadGuideline} from "../lib/node/load.js";
import type {GuidelineLogic} from "../lib/authored/schemas/logic.js";
import {readAuthoredFile} from "../lib/node/read-file.js";

const usage = "npm run case:new -- --from <id> [--id <new-id>] | --blank [--set <set>] [--id <new-id>]";

export async function caseNew(args: readonly string[], io: CommandIO): Promise<number> {
  const out = lineWriter(io.stdout);
  const err = lineWriter(io.stderr);
  return runCli(
    "case:new",
    err,
    () => {
      const {values} = parseCommandLine(args, {
        usage,
        options: {from: {type: "string"}, id: {type: "string"}, blank: {type: "boolean"}, set: {type: "string"}},
      });
      if (values.blank && values.from !== undefined) fail(`--blank or --from, not both; usage: ${usage}`);
      if (!values.blank && values.from === undefined)
        fail(`missing --from <id> (the case to start from) or --blank; usage: ${usage}`);
      if (!values.blank && values.set !== undefined) fail(`--set goes with --blank; usage: ${usage}`);
      const set = values.set ?? "fresh-calibration";
      if (!CaseSet.safeParse(set).success)
        fail(`--set: got ${quote(set)}: expected one of ${CaseSet.options.join(", ")}`);
      const folder = join(io.root, "data", "items");
      const ids = readdirSync(folder)
        .filter((name) => name.endsWith(".md"))
        .map((name) => name.slice(0, -".md".length))
        .sort();
      // Only an id from the folder: a path (../x) must never reach the file system.
      if (values.from !== undefined && !ids.includes(values.from))
        fail(`unknown case ${quote(values.from)}: expected one of ${ids.join(", ")}`);
      const id = values.id ?? firstFreeId(ids);
      const checkedId = Item.shape.id.safeParse(id);
      if (!checkedId.success) fail(`--id: got ${quote(id)}: ${checkedId.error.issues[0]!.message}`);
      if (ids.includes(id))
        fail(`${contentPath(io.env, `data/items/${id}.md`)} already exists: choose another --id (never overwritten)`);
      // Its file missing, a case the case study lists is still the case study's, never the notebook's.
      if (loadCaseStudyIfAny(io.root)?.cases.includes(id))
        fail(
          `--id: ${quote(id)} is a case of the case study (${contentPath(io.env, "data/case-study.yaml")}): ` +
            "choose another --id",
        );

      const logic = currentLogic(io.root);
      const cases = ids.map((each) => readCase(folder, each, logic, io.env));
      if (values.blank) return writeBlank(io, {folder, id, set: set as CaseSet, cases});
      const source = cases.find((each) => each.id === values.from)!;
      // The source's text must read (its front matter and sections); its fields are checked in the new file.
      if (!source.record) throw source.error!;
      const file = contentPath(io.env, `data/items/${id}.md`);
      const order = orderAfterLast(
        cases.flatMap(({record}) =>
          typeof record?.order === "number" ? [{set: String(record.set), order: record.order}] : [],
        ),
        String(source.record.set),
      );
      const text = writeItemFile(notebookCaseFrom(source.record, {id, order}));
      // "wx": a file made meanwhile is not overwritten either.
      writeFileSync(join(folder, `${id}.md`), text, {flag: "wx"});
      out(
        `case:new: wrote ${file}, a case written for the notebook, from ${source.id} ` +
          `(${String(source.record.set)}, order ${order})`,
      );

      const items = cases.flatMap(({item}) => (item ? [item] : []));
      const started = source.item && (notebookCaseFrom(source.item, {id, order}) as Item);
      const left = leftToDo(io.root, {text, file, started, items});
      if (left.problems.length) {
        out(`Left to do before guideline:check accepts it (${left.problems.length}):`);
        for (const problem of left.problems) out(`  ${formatProblem(problemInWords(problem))}`);
      } else {
        out("guideline:check accepts it as it is: change the request, the response and the facts to make it new.");
      }
      out(left.derived);
    },
    out,
  );
}

/** The cases' places, as far as their files read. */
const placesOf = (cases: readonly CaseRead[]) =>
  cases.flatMap(({id, record}) =>
    typeof record?.order === "number" ? [{id, set: String(record.set), order: record.order}] : [],
  );

/** --blank: an empty case in `set`, as the case editor starts one, and what is left to do. */
function writeBlank(
  io: CommandIO,
  {folder, id, set, cases}: {folder: string; id: string; set: CaseSet; cases: readonly CaseRead[]},
): void {
  const out = lineWriter(io.stdout);
  const record: Record<string, unknown> = {...blankCase({set, cases: placesOf(cases)}), id};
  const order = String(record.order);
  const file = contentPath(io.env, `data/items/${id}.md`);
  const text = writeItemFile(record);
  writeFileSync(join(folder, `${id}.md`), text, {flag: "wx"});
  out(`case:new: wrote ${file}, an empty case written for the notebook (${set}, order ${order})`);
  const items = cases.flatMap(({item}) => (item ? [item] : []));
  const left = leftToDo(io.root, {text, file, started: null, items});
  out(`Left to do before guideline:check accepts it (${left.problems.length}):`);
  for (const problem of left.problems) out(`  ${formatProblem(problemInWords(problem))}`);
  out(left.derived);
  out(`Or write it in the case editor: npm run dev, open /authors/case and upload ${file}.`);
}

interface CaseRead {
  id: string;
  /** The front matter with the sections' texts, or null when the text does not read. */
  record: Record<string, unknown> | null;
  /** The case as the build parses it, or null when it does not parse (a case still being written, say). */
  item: Item | null;
  error: AuthoredFileError | null;
}

/** One case file, as far as it reads: a case still being written never stops another from being started. */
function readCase(folder: string, id: string, logic: GuidelineLogic, env: CommandIO["env"]): CaseRead {
  const file = contentPath(env, `data/items/${id}.md`);
  let record: Record<string, unknown> | null = null;
  try {
    const text = readAuthoredFile(join(folder, `${id}.md`), file, "item");
    record = itemRecord(text, file).record;
    return {id, record, item: parseItemFile(text, file, logic), error: null};
  } catch (error) {
    if (!(error instanceof AuthoredFileError)) throw error;
    return {id, record, item: null, error};
  }
}

/**
 * The new file's problems, as guideline:check names them, and the engine's score under the current guideline. A
 * file that does not parse yet (a notebook case needs a note on each line) is derived from its facts all the same:
 * the source case's, under the new id. Other cases that do not parse are left out of the check.
 */
function leftToDo(
  root: string,
  {text, file, started, items}: {text: string; file: string; started: Item | null; items: Item[]},
): {problems: Problem[]; derived: string} {
  const problems: Problem[] = [];
  let item = started;
  try {
    item = parseItemFile(text, file, currentLogic(root));
  } catch (error) {
    if (!(error instanceof AuthoredFileError)) throw error;
    problems.push(...error.problems);
  }
  if (!item) return {problems, derived: "The engine derives its score once the file parses."};
  const version = guidelineVersions(root).at(-1)!;
  const report = checkGuideline(loadGuideline(version, root), [...items, item]);
  problems.push(...report.problems.filter((problem) => problem.file === file));
  const result = report.results.find((each) => each.id === item.id)!;
  const derived = result.derivedScore ?? `no single score (${result.candidates.join(" or ")})`;
  return {
    problems,
    derived: `Under guideline/${version} the engine derives ${derived}; the file rules ${result.ruledScore}.`,
  };
}

await runAsEntry(import.meta, caseNew);
