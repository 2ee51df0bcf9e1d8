// Each item's deciding rule (lib/trainee/deciding-rule.ts) under the guideline a page teaches, which the results
// blame for a wrong score given without a checklist: derived by the interpreter (./derived-deciding-rules.ts), or
// read from the table the build derived the same way into the page data (lib/node/page-data.ts), so /results never
// loads the interpreter. This module imports nothing of it.
import type {ChecklistRuleId, Item} from "../authored/schemas/item.js";

/** The rule a wrong score given alone is blamed on, for an item. */
export type DecidingRules = (item: Pick<Item, "id" | "score" | "checklist" | "decidingRule">) => ChecklistRuleId;

/** Each item's deciding rule, read from the table the build wrote (by item id). */
export const builtDecidingRules =
  (table: Readonly<Record<string, ChecklistRuleId>>): DecidingRules =>
  (item) => {
    const rule = table[item.id];
    if (rule === undefined) throw new Error(`no deciding rule was built for ${item.id}`);
    return rule;
  };
