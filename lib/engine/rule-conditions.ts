// The one walk of a guideline rule's conditions over its data as written (lib/authored/schemas/logic.ts): what the
// completeness check and the counterexample search try values for (lib/authoring/fact-values.ts). The engine reads a
// compiled clause's names clause by clause (./logic.ts clauseNames), as a case's path needs. Browser-safe, pure.
import type {LogicRule} from "../authored/schemas/logic.js";

/**
 * Every condition a rule holds, as written, in its clauses' order: each clause's `when`, its verdict and flag where
 * written as CEL, `engages` where written as one, and each `open` entry's `when` (`declines` is a yes/no, never a
 * condition): the completeness check and the counterexample search try the values they compare with.
 */
export function ruleConditions(rule: LogicRule): string[] {
  return rule.clauses.flatMap((clause) => [
    ...(clause.when !== undefined ? [clause.when] : []),
    ...(typeof clause.verdict === "object" ? [clause.verdict.cel] : []),
    ...(typeof clause.flag === "object" ? [clause.flag.cel] : []),
    ...(typeof clause.engages === "string" ? [clause.engages] : []),
    ...(clause.open ?? []).map((entry) => entry.when),
  ]);
}
