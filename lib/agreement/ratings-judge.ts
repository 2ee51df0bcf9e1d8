// Ratings from a judge's run file: each case the model answered, in the guideline phase, its score the one its reply
// gives. A reply that was no answer gives no rating, never a guessed score. Plain checks, no schema library: the page
// bundles this, and judges:check holds recorded runs to the whole schema. Each run is its own rater (model and
// start), so two runs of one model are two raters, and one run given twice is reported.
import {editedAnswer, readAnswer, unreadAnswer} from "../judges/answer.js";
import {runFileByteCap} from "../probes/limits.js";
import {formatBytes} from "../text/format.js";
import {progressFileByteLimit} from "../trainee/transfer.js";
import {modelMaxLength} from "../probes/limits.js";
import {isRunStart, judgeRaterName, judgeRaterNameMaxLength} from "./rater-name.js";
import {checkRater, checkScore, itemChecker, RatingsCollector, type ScaleScore} from "./ratings.js";

/** As for a probe run. */
export const judgeRunByteCap = runFileByteCap;

/** Past the larger of its two kinds' caps. */
export function jsonFileSizeProblem(bytes: number): string | null {
  if (bytes <= judgeRunByteCap) return null;
  return (
    `the file is ${formatBytes(bytes)}; a judge run is at most ${formatBytes(judgeRunByteCap)} ` +
    `and a progress file at most ${formatBytes(progressFileByteLimit)}`
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The statuses a case record has (lib/judges/schema.node.ts CaseStatus); only "answered" carries a score. */
const statuses = ["answered", "unparsed", "invalid", "truncated", "oversized"];

/**
 * Reads a parsed judge run (an object whose `kind` is "judge-run") into the collector. Each problem names the file,
 * the field and what would be valid; a run with any problem gives no rating.
 */
export function readJudgeRun(
  run: Record<string, unknown>,
  file: string,
  itemIds: readonly string[],
  collector: RatingsCollector = new RatingsCollector(),
): RatingsCollector {
  const before = collector.problemCount;
  const problem = (field: string, message: string) => collector.problem({file, field, message});
  const {model, startedAt, answers} = run;
  if (typeof model !== "string" || model.trim() === "")
    problem("model", "expected the model's name as text, like openai/gpt-5-mini");
  else if (model.length > modelMaxLength)
    problem(
      "model",
      `longer than ${modelMaxLength} characters, the most judge:run accepts: ` +
        "expected a model slug like openai/gpt-5-mini",
    );
  if (typeof startedAt !== "string" || !isRunStart(startedAt))
    problem("startedAt", "expected when the run started, like 2026-08-10T12:00:00.000Z");
  if (!Array.isArray(answers)) problem("answers", "expected the run's case records as a list");
  if (collector.problemCount > before) return collector;

  const rater = checkRater(judgeRaterName(model as string, startedAt as string), judgeRaterNameMaxLength);
  if (!rater.ok) {
    problem("model", `rater name ${rater.message}`);
    return collector;
  }
  const item = itemChecker(itemIds);
  const scored: {item: string; score: ScaleScore; index: number}[] = [];
  (answers as unknown[]).forEach((record, index) => {
    const at = `answers[${index}]`;
    if (!isRecord(record)) return problem(at, "expected a case record (case, status, answer)");
    const known = item(typeof record.case === "string" ? record.case : "");
    if (!known.ok) return problem(`${at}.case`, known.message);
    if (typeof record.status !== "string" || !statuses.includes(record.status))
      return problem(`${at}.status`, `expected one of ${statuses.join(", ")}`);
    // A reply that is not an answer gives no rating.
    if (record.status !== "answered") return;
    const {answer} = record;
    if (!isRecord(answer)) return problem(`${at}.answer`, "expected the judge's answer, with its score");
    // A score as the schema holds it: a whole number 1-5 or "n/a", never a number written as text.
    const raw = answer.score;
    if (raw === undefined) return problem(`${at}.answer.score`, "missing: expected 1, 2, 3, 4, 5 or n/a");
    const score = typeof raw === "number" || raw === "n/a" ? checkScore(raw) : checkScore(JSON.stringify(raw));
    if (!score.ok) return problem(`${at}.answer.score`, score.message);
    // The score counted is the reply's: a score edited by hand in the file would count as the judge's own.
    if (typeof record.reply !== "string")
      return problem(`${at}.reply`, "missing: expected the judge's reply, which its answer is read from");
    const reply = readAnswer(record.reply);
    if (!reply.ok) return problem(`${at}.status`, unreadAnswer(reply));
    if (reply.answer.score !== score.value)
      return problem(`${at}.answer.score`, editedAnswer(score.value, reply.answer.score));
    scored.push({item: known.value, score: score.value, index});
  });
  if (collector.problemCount > before) return collector;
  for (const {item: id, score, index} of scored)
    collector.add({rater: rater.value, item: id, phase: "guideline", score, file, answer: index}, `answers[${index}]`);
  return collector;
}
