// Rubric completeness (lib/authoring/completeness.ts): the full enumeration for v1's and v2's parameters. A page
// re-runs it each time an author moves a parameter, so it must stay well under a frame; the rubric's own calls on the
// same shapes are the floor it is compared with.
import {performance} from "node:perf_hooks";
import {everyShape, mainRuleOutcomes} from "../lib/authoring/checklist-shapes.js";
import {completeness} from "../lib/authoring/completeness.js";
import {loadGuideline} from "../lib/node/load.js";
import {scoringOf} from "../lib/engine/derive.js";
import {applyRubric} from "../lib/engine/rubric.js";
import {medianMs} from "./timing.js";
import {benchLogicCompleteness} from "./logic-completeness.js";

const frameMs = 1000 / 60;
const runs = 200;

export function benchCompleteness(): void {
  const versions = ["v1", "v2"].map((version) => ({version, scoring: scoringOf(loadGuideline(version))}));
  // The first call in a process builds the shapes and their steps, before the JIT has warmed to them: what a page
  // pays once. Cold under --completeness-only; after the engine's bench in the default run, the rubric is warm.
  const start = performance.now();
  completeness(versions[1]!.scoring);
  const first = performance.now() - start;

  const shapes = everyShape();
  console.log(`rubric completeness (median of ${runs} runs; every shape with up to six other instructions)`);
  console.log(`  first call in this process (builds the shapes and steps): ${first.toFixed(2)} ms`);
  for (const {version, scoring} of versions) {
    const {logic, parameters} = scoring;
    const report = completeness(scoring);
    const enumeration = medianMs(runs, () => completeness(scoring), {warmup: 20});
    const rubricAlone = medianMs(
      runs,
      () => {
        for (const {main, others} of shapes) applyRubric(logic, mainRuleOutcomes[main], others, parameters);
      },
      {warmup: 20},
    );
    console.log(
      `  ${version}: ${report.shapes} shapes, ${report.steps} steps, ${report.findings.length} findings: ` +
        `${enumeration.toFixed(2)} ms   (target: well under a frame, ${frameMs.toFixed(1)} ms)  ` +
        `${enumeration < frameMs / 4 ? "ok" : "OVER"}   (${(enumeration / rubricAlone).toFixed(1)}x the rubric ` +
        `alone on the same shapes, ${rubricAlone.toFixed(2)} ms)`,
    );
  }
  benchLogicCompleteness();
}
