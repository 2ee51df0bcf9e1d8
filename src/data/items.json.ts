// Every item, validated. A broken item file, or an item whose ruled score the current guideline does not
// reproduce, fails the build here, so the pages only ever receive items the engine agrees with.
import {checkGuideline} from "../../lib/check.js";
import {emitJson, loadGuidelines, loadItems} from "../../lib/load.js";
import {AuthoredFileError} from "../../lib/problems.js";

emitJson(() => {
  const items = loadItems();
  const report = checkGuideline(loadGuidelines().at(-1)!, items);
  if (report.problems.length) throw new AuthoredFileError(report.problems);
  return {items};
});
