// guideline:check's completeness of each version's logic (lib/authoring/logic-completeness.ts): every rule over the
// facts and parameters its conditions read, and the rubric over every checklist shape under the parameters its rows
// read. Cold (the first call: the conditions parsed) and warm (parsed and kept), against a frame.
import {performance} from "node:perf_hooks";
import {logicCompleteness} from "../lib/authoring/logic-completeness.js";
import {loadGuideline} from "../lib/node/load.js";
import {medianMs} from "./timing.js";

const frameMs = 1000 / 60;
const runs = 50;

export function benchLogicCompleteness(): void {
  console.log(`logic completeness, guideline:check (median of ${runs} runs warm)`);
  for (const version of ["v1", "v2"]) {
    const logic = loadGuideline(version).logic;
    const file = `guideline/${version}/logic.yaml`;
    const start = performance.now();
    const report = logicCompleteness(logic, {file});
    const cold = performance.now() - start;
    const warm = medianMs(runs, () => logicCompleteness(logic, {file}), {warmup: 5});
    console.log(
      `  ${version}: ${report.tried.combinations} fact and parameter combinations over ${logic.rules.length} rules, ` +
        `${report.tried.shapes} checklist shapes under the rubric's parameters, ${report.problems.length} problems: ` +
        `cold ${cold.toFixed(1)} ms, warm ${warm.toFixed(2)} ms   (target: warm within a frame, ` +
        `${frameMs.toFixed(1)} ms)  ${warm <= frameMs ? "ok" : "OVER"}`,
    );
  }
}
