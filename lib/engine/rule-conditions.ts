// The one walk of a guideline rule's conditions and the parameters it names in place of a verdict, over its data as
// written (lib/authored/schemas/logic.ts): what the engine compiles and reads (./logic.ts), and what the completeness
// check and the counterexample search try values for (lib/authoring/fact-values.ts). Browser-safe, pure.
import type {LogicRule} from "../authored/schemas/logic.js";

/**
 * Every condition a rule holds, as written, in its clauses' order: each clause's `when`, its verdict and flag where
 * written as CEL, `engages` where written as one, and each `open` entry's `when` (`declines` is a yes/no, never a
 * condition). The one walk of a rule's conditions: the engine compiles them, the completeness check and the
 * counterexample search try the values they compare with.
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

/** The parameters a rule's verdicts name in place of a verdict ($registerBreak), its clauses' and open entries'. */
export function ruleReferences(rule: LogicRule): string[] {
  return rule.clauses
    .flatMap((clause) => [
      ...(typeof clause.verdict === "string" ? [clause.verdict] : []),
      ...(clause.open ?? []).flatMap((entry) => entry.verdicts),
    ])
    .flatMap((value) => (value.startsWith("$") ? [value.slice(1)] : []));
}
