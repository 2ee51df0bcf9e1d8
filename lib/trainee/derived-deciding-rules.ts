// Each item's deciding rule (./deciding-rules.ts), derived by the interpreter under a guideline version: what the
// build writes into the page data, and what the pages that load the interpreter anyway use.
import {derive, ruleSetOf} from "../engine/derive.js";
import type {Guideline} from "../authored/schemas/guideline.js";
import {decidingRule} from "./deciding-rule.js";
import type {DecidingRules} from "./deciding-rules.js";

/** Each item's deciding rule, derived under `guideline`. */
export function derivedDecidingRules(guideline: Guideline): DecidingRules {
  const ruleSet = ruleSetOf(guideline);
  return (item) => decidingRule(item, derive(item, ruleSet)).rule;
}
