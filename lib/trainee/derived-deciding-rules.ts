// Each item's deciding rule (./deciding-rules.ts), derived by the interpreter under a guideline version: what the
// build writes into the page data, and what the pages that load the interpreter anyway use.
import {derive, ruleSetOf} from "../engine/derive.js";
import type {Guideline} from "../authored/schemas/guideline.js";
import type {ChecklistRuleId, Item} from "../authored/schemas/item.js";
import {decidingRule, rowLines} from "./deciding-rule.js";
import type {DecidingRules} from "./deciding-rules.js";

/** Each item's deciding rule, derived under `guideline`. */
export function derivedDecidingRules(guideline: Guideline): DecidingRules {
  const ruleSet = ruleSetOf(guideline);
  return (item) => decidingRule(item, derive(item, ruleSet), guideline.logic).rule;
}

/**
 * The build's table of deciding rules, by item id. An item whose ruled score the engine does not derive has none
 * here: that is the item's own problem, which the items' check reports with its file and field and which stops the
 * build (lib/node/site-data.ts, items.json), not a failure of the page that shows it.
 */
export function decidingRuleTable(items: readonly Item[], guideline: Guideline): Record<string, ChecklistRuleId> {
  const ruleSet = ruleSetOf(guideline);
  return Object.fromEntries(
    items.flatMap((item) => {
      const derivation = derive(item, ruleSet);
      // An item whose every line is met and that names no rule has none either: the same check reports it.
      const settled =
        derivation.score === item.score && (item.decidingRule || rowLines(item, derivation, guideline.logic).length);
      return settled ? [[item.id, decidingRule(item, derivation, guideline.logic).rule]] : [];
    }),
  );
}
