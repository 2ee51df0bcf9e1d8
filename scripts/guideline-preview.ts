// npm run guideline:preview -- [--base v2] [--candidate v1] [--set <setting>=<value> ...] [--json] [--list]
//   [--write vN]
// What a change to the guideline does to the worked examples: the items whose score moves, the items left with no
// single score, the coverage of the scores 1-5, and the parameters, rubric thresholds and rules no example tests.
// The candidate is --candidate's version (the base when absent) with every --set applied on top, so
// `--candidate v1 --set counting=at-least-half` previews v1 with one of v2's fixes. A setting is a parameter
// (`counting=most-missed`), a clause's verdict or flag (`numbers.ceiling-needs-one=partly`,
// `conflicting.serves-one.flag=none`) or a rubric row's threshold (`rubric.one-small-flaw=2`); --list prints every
// one the candidate has, with its values. --write vN writes the candidate as guideline/vN/ (never over a version).
// Exit 1 when any item has no single score under the candidate (for CI), 2 for a usage error, 0 otherwise.
import {mkdirSync, writeFileSync} from "node:fs";
import {dirname, join} from "node:path";
import {fail, parseCommandLine, quote, runCli} from "../lib/node/cli.js";
import {lineWriter, runAsEntry, type CommandIO} from "../lib/node/command.js";
import {guidelineSources, guidelineVersions, loadGuideline, loadItems} from "../lib/node/load.js";
import {parameterDomains} from "../lib/authoring/parameter-domains.node.js";
import {AssignmentError, assignmentWords, parseAssignments} from "../lib/engine/parameters.js";
import {ruleSetOf} from "../lib/engine/derive.js";
import {checkGuideline} from "../lib/authoring/check.node.js";
import {previewLines, previewReport, writtenVersionLines} from "../lib/authoring/preview-report.js";
import {isRuleChangeText, levelsToReword, parseRuleChanges} from "../lib/authoring/rule-changes.js";
import {levelsToRewordWords, ruleChangeWords, settingLines} from "../lib/authoring/rule-change-words.js";
import {versionFiles} from "../lib/authoring/version-writer.js";
import {VersionWriteError} from "../lib/authoring/version-name.js";
import {ruleNamesInList} from "../lib/engine/labels.js";

const usage =
  "npm run guideline:preview -- [--base v2] [--candidate v1] [--set <setting>=<value> ...] [--json] [--list] " +
  "[--write vN]";

export async function guidelinePreview(args: readonly string[], io: CommandIO): Promise<number> {
  const out = lineWriter(io.stdout);
  const err = lineWriter(io.stderr);
  return runCli(
    "guideline:preview",
    err,
    () => {
      const {values} = parseCommandLine(args, {
        usage,
        options: {
          base: {type: "string"},
          candidate: {type: "string"},
          set: {type: "string", multiple: true},
          json: {type: "boolean", default: false},
          list: {type: "boolean", default: false},
          write: {type: "string"},
        },
      });
      // A change given beside --list would be ignored without a word, the command ending as if it had been made.
      if (values.list)
        for (const flag of ["set", "write"] as const)
          if (values[flag] !== undefined)
            fail(`--${flag} does not go with --list, which lists the settings; usage: ${usage}`);
      const versions = guidelineVersions(io.root);
      // Only a name from the list: a path (../../etc) must never reach the file system.
      const version = (flag: string, value: string | undefined, fallback: string | undefined): string => {
        if (value !== undefined && !versions.includes(value))
          fail(`--${flag}: unknown guideline version ${quote(value)}: expected one of ${versions.join(", ")}`);
        const chosen = value ?? fallback;
        if (chosen === undefined) fail("no guideline version under guideline/: expected guideline/v1/ ...", 1);
        return chosen;
      };
      const baseVersion = version("base", values.base, versions.at(-1));
      const candidateVersion = version("candidate", values.candidate, baseVersion);
      const base = loadGuideline(baseVersion, io.root);
      const candidate = candidateVersion === baseVersion ? base : loadGuideline(candidateVersion, io.root);
      const titles = ruleNamesInList(candidate);
      if (values.list) {
        for (const line of settingLines(candidate.logic, titles)) out(line);
        return;
      }
      const domains = parameterDomains(base);
      const texts = values.set ?? [];
      let set, changes;
      try {
        set = parseAssignments(
          texts.filter((text) => !isRuleChangeText(text)),
          domains,
        );
        changes = parseRuleChanges(
          texts.filter((text) => isRuleChangeText(text)),
          candidate.logic,
        );
      } catch (error) {
        if (error instanceof AssignmentError) fail(`--set: ${error.message}`);
        throw error;
      }

      if (values.write !== undefined) {
        let written;
        try {
          written = versionFiles({
            base: {version: candidateVersion, ...guidelineSources(candidateVersion, io.root)},
            version: values.write,
            versions,
            parameters: set,
            changes,
            words: [
              ...set.map((assignment) => assignmentWords(candidate.logic, assignment)),
              ...changes.map((change) => ruleChangeWords(change, {logic: candidate.logic, titles})),
            ],
            titles,
          });
        } catch (error) {
          if (error instanceof VersionWriteError) fail(`--write: ${error.message}`);
          throw error;
        }
        for (const file of written.files) {
          mkdirSync(dirname(join(io.root, file.path)), {recursive: true});
          writeFileSync(join(io.root, file.path), file.text, {flag: "wx"});
          out(`wrote ${file.path}`);
        }
        out(`${values.write} changes ${candidateVersion}:`);
        for (const change of written.changes) out(`  ${change.words}`);
        const reword = levelsToRewordWords(
          levelsToReword(candidate.logic, candidate.parameters, set, changes),
          values.write,
        );
        // What guideline:check will say of the version as written: its items' files against it, not what moved since
        // the newest version, which may itself disagree with them.
        const writtenVersion = loadGuideline(values.write, io.root);
        const check = checkGuideline(writtenVersion, loadItems(io.root));
        for (const line of writtenVersionLines(check, values.write, ruleSetOf(writtenVersion).ruleIds)) out(line);
        if (reword) out(reword);
        return;
      }

      const candidateDomains = candidate === base ? domains : parameterDomains(candidate);
      const preview = previewReport({
        items: loadItems(io.root),
        base,
        candidate,
        set,
        changes,
        domains,
        candidateDomains,
      });
      if (values.json) out(JSON.stringify(preview, null, 2));
      else for (const line of previewLines(preview)) out(line);
      if (preview.unsettled.length) {
        err(
          `guideline:preview: ${preview.unsettled.length} of ${preview.itemCount} items have no single score ` +
            `under ${preview.candidate.description}`,
        );
        return 1;
      }
    },
    out,
  );
}

await runAsEntry(import.meta, guidelinePreview);
