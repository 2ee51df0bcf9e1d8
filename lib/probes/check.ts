// The probe's own fixture test: every worked example through the real scorer. Pure.
import {roundTotal, scoreReply, formatTotal} from "./score.js";
import type {ProbeVersion} from "./schema.js";

/** Mismatches between what each worked example declares and what the scorer says, one line each. */
export function checkExamples(file: string, version: ProbeVersion): string[] {
  const problems: string[] = [];
  version.examples.forEach((example, i) => {
    const at = `${file}: examples[${i}] (${example.label})`;
    const score = scoreReply(version.rules, example.text);
    if (example.kind === "correct" && score.total !== 1) problems.push(`${at}: the correct answer scores ${formatTotal(score.total)}, not 1.00`);
    if (example.kind === "rejected" && score.total === 1) problems.push(`${at}: a wrong answer scores 1.00: the rubric accepts it`);
    if (roundTotal(score.total) !== example.total) problems.push(`${at}.total: declared ${formatTotal(example.total)}, scored ${formatTotal(score.total)}`);
    for (const result of score.rules) {
      const declared = example.expected[result.id];
      if (declared !== undefined && declared !== result.outcome) problems.push(`${at}.expected.${result.id}: declared ${declared}, scored ${result.outcome}`);
    }
  });
  return problems;
}
