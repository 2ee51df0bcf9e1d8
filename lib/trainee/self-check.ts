// The calibration self-check's summary: a blind run over the calibration cases, scored at the end against the
// pass rule in data/calibration.yaml (at least 4 of 5 exact, none two or more off). A wrong score given without a
// checklist blames the case's deciding rule, and only it.
import type {PassRule} from "../authored/schemas/content.js";
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Item, ChecklistRuleId} from "../authored/schemas/item.js";
import type {Score} from "../authored/schemas/verdict.js";
import {rulesMisapplied} from "./checklist-comparison.js";
import {derivedDecidingRules} from "./derived-deciding-rules.js";
import {compareScores, type ScoreComparison} from "./score-distance.js";
import type {Answer} from "./progress.js";
import {runPasses} from "./self-check-run.js";

export interface SelfCheckItem {
  id: string;
  ruled: Score;
  /** The first attempt's score, or null when the item has no answer. */
  trainee: Score | null;
  score: ScoreComparison | null;
  rulesMisapplied: ChecklistRuleId[];
  /** The rules come from a wrong score alone (no checklist to read). */
  fromScoreOnly: boolean;
}

export interface SelfCheckSummary {
  items: SelfCheckItem[];
  answered: number;
  total: number;
  exact: number;
  /** One point off, not exact: with exact and two or more off, the whole run. */
  oneOff: number;
  /** Two or more off, "not applicable" against a score included. */
  twoOrMoreOff: number;
  lenient: number;
  harsh: number;
  /** Mean of trainee minus ruled over the items both scored 1-5: above 0 lenient, below 0 harsh. */
  meanSignedDifference: number | null;
  /** Each rule misapplied, with the items where it was, most often first. */
  rulesMisapplied: {rule: ChecklistRuleId; items: string[]}[];
  /** Every item answered. */
  complete: boolean;
  /** No ruling of its cases was seen before the run ended: only then can it pass. */
  blind: boolean;
  pass: boolean;
}

/**
 * Summarises a self-check run. `answers` are the run's answers (the first attempt at each item counts); `items`
 * are the run's items in order; `rule` is the pass rule; `guideline`, the version the run is scored under, decides
 * the rule a wrong score alone is blamed on. An unanswered item fails the run, and so does one that was not blind
 * (`blind: false`, from selfCheckRun): it has no pass to award.
 */
export function selfCheckSummary(
  answers: readonly Answer[],
  items: readonly Item[],
  rule: PassRule,
  {guideline, blind = true}: {guideline: Guideline; blind?: boolean},
): SelfCheckSummary {
  const decides = derivedDecidingRules(guideline);
  const rows: SelfCheckItem[] = items.map((item) => {
    const answer = answers
      .filter((candidate) => candidate.item === item.id)
      .reduce<Answer | undefined>(
        (first, candidate) => (!first || candidate.attempt < first.attempt ? candidate : first),
        undefined,
      );
    if (!answer)
      return {id: item.id, ruled: item.score, trainee: null, score: null, rulesMisapplied: [], fromScoreOnly: false};
    const misapplied = rulesMisapplied(item, answer, decides);
    return {
      id: item.id,
      ruled: item.score,
      trainee: answer.score,
      score: compareScores(answer.score, item.score),
      rulesMisapplied: misapplied.rules,
      fromScoreOnly: misapplied.fromScoreOnly,
    };
  });
  const scored = rows.flatMap((row) => (row.score ? [row.score] : []));
  const count = (test: (score: ScoreComparison) => boolean) => scored.filter(test).length;
  const differences = scored.flatMap((score) => (score.difference === null ? [] : [score.difference]));
  const byRule = new Map<ChecklistRuleId, string[]>();
  for (const row of rows) for (const id of row.rulesMisapplied) byRule.set(id, [...(byRule.get(id) ?? []), row.id]);
  const exact = count((score) => score.distance === "exact");
  const twoOrMoreOff = count((score) => score.distance === "two-or-more-off");
  const complete = scored.length === rows.length;
  return {
    items: rows,
    answered: scored.length,
    total: rows.length,
    exact,
    oneOff: count((score) => score.distance === "one-off"),
    twoOrMoreOff,
    lenient: count((score) => score.direction === "lenient"),
    harsh: count((score) => score.direction === "harsh"),
    meanSignedDifference: differences.length
      ? differences.reduce((sum, difference) => sum + difference, 0) / differences.length
      : null,
    rulesMisapplied: [...byRule]
      .map(([id, where]) => ({rule: id, items: where}))
      .sort((a, b) => b.items.length - a.items.length || a.rule.localeCompare(b.rule)),
    complete,
    blind,
    pass: complete && runPasses({blind}, rule, {exact, twoOrMoreOff}),
  };
}
