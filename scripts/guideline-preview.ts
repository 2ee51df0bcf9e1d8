// npm run guideline:preview -- [--base v2] [--candidate v1] [--set <parameter>=<value> ...] [--json]
// What a change to the guideline does to the worked examples: the items whose score moves, the items left with no
// single score, the coverage of the scores 1-5, and the parameters and rules no example tests.
// The candidate is --candidate's version (the base when absent) with every --set applied on top, so
// `--candidate v1 --set counting=at-least-half` previews v1 with one of v2's fixes.
// Exit 1 when any item has no single score under the candidate (for CI), 2 for a usage error, 0 otherwise.
import {fail, parseCommandLine, quote, runCli} from "../lib/node/cli.js";
import {lineWriter, runAsEntry, type CommandIO} from "../lib/node/command.js";
import {guidelineVersions, loadGuideline, loadItems} from "../lib/node/load.js";
import {parameterDomains} from "../lib/authoring/parameter-domains.node.js";
import {AssignmentError, parseAssignments} from "../lib/engine/parameter-values.js";
import {previewLines, previewReport} from "../lib/authoring/preview-report.js";

const usage = "npm run guideline:preview -- [--base v2] [--candidate v1] [--set <parameter>=<value> ...] [--json]";

export async function guidelinePreview(args: readonly string[], io: CommandIO): Promise<number> {
  const out = lineWriter(io.stdout);
  const err = lineWriter(io.stderr);
  return runCli("guideline:preview", err, () => {
    const {values} = parseCommandLine(args, {
      usage,
      options: {
        base: {type: "string"},
        candidate: {type: "string"},
        set: {type: "string", multiple: true},
        json: {type: "boolean", default: false},
      },
    });
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
    const domains = parameterDomains(base);
    let set;
    try {
      set = parseAssignments(values.set ?? [], domains);
    } catch (error) {
      if (error instanceof AssignmentError) fail(`--set: ${error.message}`);
      throw error;
    }
    const candidate = candidateVersion === baseVersion ? base : loadGuideline(candidateVersion, io.root);

    const report = previewReport({items: loadItems(io.root), base, candidate, set, domains});
    if (values.json) out(JSON.stringify(report, null, 2));
    else for (const line of previewLines(report)) out(line);
    if (report.unsettled.length) {
      err(
        `guideline:preview: ${report.unsettled.length} of ${report.itemCount} items have no single score ` +
          `under ${report.candidate.description}`,
      );
      return 1;
    }
  });
}

await runAsEntry(import.meta, guidelinePreview);
