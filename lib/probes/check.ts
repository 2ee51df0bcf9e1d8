// The probe's own fixture tests: every worked example, and every recorded run, through the real scorer.
import {fieldPath, type Problem} from "../authored/problems.js";
import {utf8Length} from "../text/format.js";
import {bytesPerToken, oversizedExcerptLength, replyByteBound} from "./limits.js";
import {roundTotal, scoreReply, formatTotal} from "./score.js";
import {droppedNotes, isServedModel, servedByRule} from "./run-metadata.js";
import type {ProbeVersion, Run} from "./schema.node.js";
import {quoteValue} from "../text/quote-text.js";

/** One problem each; the message ends with the example's label. */
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
      problem(
        ["total"],
        roundTotal(example.total) === example.total
          ? `declared ${formatTotal(example.total)}, scored ${formatTotal(score.total)}`
          : // Shown to two decimals it read "declared 0.83, scored 0.83": said as written, and what to write.
            `declared ${example.total}, which has more than two decimals: write ${formatTotal(score.total)}, the ` +
              "total it scores, to two decimals",
      );
    for (const result of score.rules) {
      const declared = example.expected[result.id];
      if (declared !== undefined && declared !== result.outcome)
        problem(["expected", result.id], `declared ${declared}, scored ${result.outcome}`);
    }
  });
  return problems;
}

/**
 * A recorded run against the version it names. A run is a real answer, never edited: its score must be what
 * the real scorer gives its reply, its flags must agree with its reply, and it must fit the version's bounds.
 */
export function checkRun(file: string, run: Run, version: ProbeVersion): Problem[] {
  const problems: Problem[] = [];
  const problem = (field: string, message: string) => problems.push({file, field, message});
  const edited = "a run is a real answer, never edited; delete the file";
  const {maxTokens, temperature} = version.parameters;
  if (run.parameters.maxTokens !== maxTokens || run.parameters.temperature !== temperature)
    problem(
      "parameters",
      `differ from ${version.version}'s (maxTokens ${maxTokens}, temperature ${temperature}): ${edited}`,
    );
  if (run.servedBy !== null && !isServedModel(run.servedBy, run.model))
    problem("servedBy", `${servedByRule}; ${edited}`);
  for (const note of run.dropped ?? []) {
    const field = note === droppedNotes.servedBy ? "servedBy" : "finishReason";
    if (run[field] !== null) problem(field, `a dropped field is recorded as null: ${edited}`);
  }
  if (run.truncated !== (run.finishReason === "length"))
    problem(
      "truncated",
      `${run.truncated} with finish reason ${quoteValue(run.finishReason)}: truncated means "length"; ${edited}`,
    );
  const bytes = utf8Length(run.reply);
  const bound = replyByteBound(version.parameters);
  if (run.oversized) {
    if (run.replyBytes === undefined || run.replyBytes <= bound)
      problem(
        "replyBytes",
        `an oversized reply is larger than ${bound} bytes (maxTokens × ${bytesPerToken}); ${edited}`,
      );
    if (run.reply.length > oversizedExcerptLength)
      problem("reply", `an oversized run keeps only the first ${oversizedExcerptLength} characters; ${edited}`);
  } else {
    if (bytes > bound)
      problem(
        "reply",
        `${bytes} bytes, more than maxTokens × ${bytesPerToken} = ${bound}: ` +
          "an oversized reply is kept as an excerpt, unscored",
      );
    if (run.replyBytes !== undefined && run.replyBytes !== bytes)
      problem("replyBytes", `${run.replyBytes}, but the reply is ${bytes} bytes; ${edited}`);
  }
  if (run.truncated || run.oversized) {
    if (run.score !== null)
      problem("score", `a ${run.truncated ? "truncated" : "oversized"} reply is not scored: expected null; ${edited}`);
    return problems;
  }
  if (run.score === null) {
    problem("score", `missing: a complete reply is scored; ${edited}`);
    return problems;
  }
  if (bytes > bound) return problems;
  // The real scorer on the recorded reply: a stored score that differs was edited, or scored by other rules.
  const actual = scoreReply(version.rules, run.reply);
  const recorded = run.score;
  const rules = (rs: readonly {id: string; outcome: string}[]) => rs.map((r) => `${r.id} ${r.outcome}`).join(", ");
  recorded.rules.forEach((rule, i) => {
    const expected = actual.rules[i];
    if (!expected) problem(fieldPath(["score", "rules", i]), `no rule ${i + 1} in ${version.version}; ${edited}`);
    else if (rule.id !== expected.id)
      problem(fieldPath(["score", "rules", i, "id"]), `"${rule.id}", but rule ${i + 1} is "${expected.id}"; ${edited}`);
    else if (rule.outcome !== expected.outcome)
      problem(
        fieldPath(["score", "rules", i, "outcome"]),
        `recorded ${rule.outcome}, the reply scores ${expected.outcome}; ${edited}`,
      );
  });
  if (recorded.rules.length < actual.rules.length)
    problem(
      "score.rules",
      `${recorded.rules.length} rules, expected ${actual.rules.length} (${rules(actual.rules)}); ${edited}`,
    );
  if (recorded.passed !== actual.passed)
    problem("score.passed", `recorded ${recorded.passed}, the reply passes ${actual.passed}; ${edited}`);
  if (recorded.of !== actual.of)
    problem("score.of", `recorded ${recorded.of}, the version has ${actual.of} rules; ${edited}`);
  if (recorded.total !== actual.total) {
    // Two decimals, unless they hide the difference.
    const precise = formatTotal(recorded.total) === formatTotal(actual.total);
    const show = (total: number) => (precise ? String(total) : formatTotal(total));
    problem("score.total", `recorded ${show(recorded.total)}, the reply scores ${show(actual.total)}; ${edited}`);
  }
  return problems;
}
