// The probe's own fixture test: every worked example through the real scorer. Pure.
import {fieldPath, type Problem} from "../problems.js";
import {roundTotal, scoreReply, formatTotal} from "./score.js";
import type {ProbeVersion} from "./schema.js";

/** Mismatches between what each worked example declares and what the scorer says, one problem each; the message ends with the example's label. */
export function checkExamples(file: string, version: ProbeVersion): Problem[] {
  const problems: Problem[] = [];
  version.examples.forEach((example, i) => {
    const problem = (path: PropertyKey[], message: string) =>
      problems.push({
        file,
        field: fieldPath(["examples", i, ...path]),
        message: `${message} (example "${example.label}")`,
      });
    const score = scoreReply(version.rules, example.text);
    if (example.kind === "correct" && score.total !== 1)
      problem([], `the correct answer scores ${formatTotal(score.total)}, not 1.00`);
    if (example.kind === "rejected" && score.total === 1)
      problem([], "a wrong answer scores 1.00: the rubric accepts it");
    if (roundTotal(score.total) !== example.total)
      problem(["total"], `declared ${formatTotal(example.total)}, scored ${formatTotal(score.total)}`);
    for (const result of score.rules) {
      const declared = example.expected[result.id];
      if (declared !== undefined && declared !== result.outcome)
        problem(["expected", result.id], `declared ${declared}, scored ${result.outcome}`);
    }
  });
  return problems;
}
