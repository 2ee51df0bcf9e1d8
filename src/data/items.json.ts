// Every item, validated, with the engine's derivation under each guideline version. A broken item file, or an
// item whose ruled score the current guideline does not reproduce, fails the build here.
import {checkGuideline} from "../../lib/check.js";
import {derive, ruleSetOf} from "../../lib/engine.js";
import {emitJson, loadGuidelines, loadItems} from "../../lib/load.js";
import {AuthoredFileError} from "../../lib/problems.js";

emitJson(() => {
  const guidelines = loadGuidelines();
  const items = loadItems();
  const report = checkGuideline(guidelines.at(-1)!, items);
  if (report.problems.length) throw new AuthoredFileError(report.problems);
  const derivations = Object.fromEntries(guidelines.map((guideline) => [guideline.version, items.map((item) => derive(item, ruleSetOf(guideline)))]));
  return {items, derivations};
});
