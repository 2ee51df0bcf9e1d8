// Emits every item, validated, with the engine's derivation under each guideline version.
// A broken item file, or an item whose ruled score the engine does not reproduce, fails the build here.
import {checkGuideline} from "../../lib/check.js";
import {derive, ruleSetOf} from "../../lib/engine.js";
import {loadGuidelines, loadItems} from "../../lib/load.js";
import {formatProblem} from "../../lib/problems.js";

const guidelines = loadGuidelines();
const current = guidelines.at(-1)!;
const items = loadItems();
const report = checkGuideline(current, items);
if (report.problems.length) {
  throw new Error(`items disagree with guideline/${current.version}:\n${report.problems.map(formatProblem).join("\n")}`);
}
const derivations = Object.fromEntries(guidelines.map((guideline) => [guideline.version, items.map((item) => derive(item, ruleSetOf(guideline)))]));
process.stdout.write(JSON.stringify({items, derivations}));
