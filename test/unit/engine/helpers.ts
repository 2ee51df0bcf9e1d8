// The engine's functions bound to guideline v2's compiled logic (guideline/v2/logic.yaml), for the tests written
// when each rule and the rubric were TypeScript: they call a rule, the rubric or the completeness check with
// parameters alone, as they did then, and hold the interpreter to the same expectations.
import type {ParameterValues} from "../../../lib/engine/logic.js";
import type {Verdict} from "../../../lib/authored/schemas/verdict.js";
import {
  completeness as completenessOf,
  type CompletenessOptions,
  type CompletenessReport,
} from "../../../lib/authoring/completeness.js";
import {compileLogic} from "../../../lib/engine/logic.js";
import {
  applyRubric as applyRubricOf,
  tally as tallyOf,
  type RubricOutcome,
  type Tally,
} from "../../../lib/engine/rubric.js";
import {
  applyRule as applyRuleOf,
  ruleOutcomes as ruleOutcomesOf,
  ruleReading,
  type RuleOutcome,
} from "../../../lib/engine/rules.js";
import type {ChecklistLine} from "../../../lib/authored/schemas/item.js";
import {loadGuideline} from "../../../lib/node/load.js";
import {impliedScore as impliedScoreOf, type ImpliedScore} from "../../../lib/trainee/implied.js";
import type {TraineeChecklist} from "../../../lib/trainee/progress.js";

export const v2Logic = compileLogic(loadGuideline("v2").logic);

type Line = Pick<ChecklistLine, "rule" | "facts">;

/** Each rule of v2 as a function of a line's facts and the parameters (an open reading is an array of outcomes). */
/** v2's rule ids (guideline/v2/logic.yaml), which the tests call by name. */
type V2Rule =
  | "main-task"
  | "stated-constraints"
  | "numbers"
  | "size-words"
  | "purpose"
  | "style-register"
  | "only-just"
  | "clarifying-question"
  | "main-task-partial"
  | "conflicting"
  | "refusal"
  | "not-rated"
  | "list-stated-only"
  | "standing-instructions"
  | "pasted-material";

export const rules: Record<V2Rule, (facts: Record<string, unknown>, parameters: ParameterValues) => RuleOutcome> =
  Object.fromEntries(
    [...v2Logic.rules.keys()].map((rule) => [
      rule,
      (facts: Record<string, unknown>, parameters: ParameterValues) =>
        ruleReading(v2Logic, {rule, facts} as Line, parameters) as RuleOutcome,
    ]),
  ) as Record<V2Rule, (facts: Record<string, unknown>, parameters: ParameterValues) => RuleOutcome>;

export const applyRule = (line: Line & Partial<ChecklistLine>, parameters: ParameterValues): RuleOutcome =>
  applyRuleOf(v2Logic, line, parameters);

export const ruleOutcomes = (line: Line, parameters: ParameterValues): readonly RuleOutcome[] =>
  ruleOutcomesOf(v2Logic, line, parameters);

export const applyRubric = (
  main: RuleOutcome,
  others: readonly Verdict[],
  parameters: ParameterValues,
  counted?: Tally,
): RubricOutcome[] => applyRubricOf(v2Logic, main, others, parameters, counted);

export const tally = (main: Verdict, others: readonly Verdict[], parameters: ParameterValues): Tally =>
  tallyOf(v2Logic, main, others, parameters);

export const completeness = (parameters: ParameterValues, options?: CompletenessOptions): CompletenessReport =>
  completenessOf({logic: v2Logic, parameters}, options);

export const impliedScore = (checklist: TraineeChecklist, parameters: ParameterValues): ImpliedScore =>
  impliedScoreOf(checklist, {logic: v2Logic, parameters});
