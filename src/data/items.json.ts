// Every item, validated, with what the rule engine derives for it under the current guideline: the score and the
// rubric row that gives it. A broken item file, or an item whose ruled score the engine does not reproduce, fails
// the build here, so the pages only ever receive items the engine agrees with.
import {checkGuideline} from "../../lib/check.js";
import {emitJson, loadGuidelines, loadItems} from "../../lib/load.js";
import {AuthoredFileError} from "../../lib/problems.js";

emitJson(() => {
  const items = loadItems();
  const report = checkGuideline(loadGuidelines().at(-1)!, items);
  if (report.problems.length) throw new AuthoredFileError(report.problems);
  return {
    version: report.version,
    items,
    derivedScores: Object.fromEntries(report.results.map((result) => [result.id, result.derivedScore])),
    rubricRows: Object.fromEntries(report.results.map((result) => [result.id, result.rubricRow])),
  };
});
