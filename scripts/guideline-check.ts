// npm run guideline:check [-- --json] [--version v2]
// Derives every item's score under a guideline version and fails on any disagreement with the ruled score.
import {parseArgs} from "node:util";
import {checkGuideline} from "../lib/check.js";
import {guidelineVersions, loadGuideline, loadItems} from "../lib/load.js";
import {AuthoredFileError, formatProblem} from "../lib/problems.js";

const {values} = parseArgs({options: {json: {type: "boolean", default: false}, version: {type: "string"}}});

try {
  const version = values.version ?? guidelineVersions().at(-1)!;
  const report = checkGuideline(loadGuideline(version), loadItems());
  if (values.json) {
    const rows = report.results.map(({id, ruledScore, derivedScore, candidates, rubricRow, flags, ok}) => ({
      id,
      ruledScore,
      derivedScore,
      candidates,
      rubricRow,
      flags,
      ok,
    }));
    console.log(JSON.stringify(rows, null, 2));
  } else {
    for (const result of report.results) {
      console.log(
        `${result.ok ? "ok  " : "FAIL"} ${result.id.padEnd(20)} ruled ${String(result.ruledScore).padEnd(3)} derived ${String(result.derivedScore ?? result.candidates.join("|")).padEnd(3)} ${result.rubricRow ?? "(no single row)"}`,
      );
    }
  }
  if (report.problems.length) {
    for (const problem of report.problems) console.error(formatProblem(problem));
    console.error(
      `guideline:check: ${report.problems.length} problem${report.problems.length > 1 ? "s" : ""} under guideline/${version}`,
    );
    process.exitCode = 1;
  } else if (!values.json) {
    console.log(
      `guideline:check: ${report.results.length} items, every one with exactly one score matching its ruling, under guideline/${version}`,
    );
  }
} catch (error) {
  if (!(error instanceof AuthoredFileError)) throw error;
  console.error(error.message);
  console.error("guideline:check: fix the authored files above");
  process.exitCode = 1;
}
