// The facts a rule reads from a checklist line, as the version's logic declares them; nothing here names any one
// guideline's rules or facts.
import {z} from "zod";
import type {GuidelineLogic, LogicFact} from "./logic.js";
import {itemOver, lineFields, type Item} from "./item.js";

/** Titled for the editor. */
function factSchema(fact: LogicFact): z.ZodType {
  const base = ((): z.ZodType => {
    switch (fact.type) {
      case "yes-no":
        return z.boolean();
      case "choice":
        return z.enum(fact.values as [string, ...string[]]);
      case "text":
        return z.string().min(1);
      case "count": {
        let count = z.int();
        if (fact.min !== undefined) count = count.min(fact.min);
        if (fact.max !== undefined) count = count.max(fact.max);
        if (!fact.words) return count;
        const words = fact.words.map((word) => z.literal(word));
        return z.union([count, ...words]);
      }
    }
  })();
  // Title and description (zod's .meta) stay in the JSON Schema the case editor labels its fact forms with.
  const titled = base.meta({title: fact.title, description: fact.description});
  if (fact.default !== undefined) return titled.default(fact.default as never);
  return fact.absent === undefined ? titled : titled.optional();
}

export const factsSchema = (facts: readonly LogicFact[]): z.ZodObject =>
  z.strictObject(Object.fromEntries(facts.map((fact) => [fact.name, factSchema(fact)])));

export const declaredFactSchemas = (logic: GuidelineLogic): Record<string, z.ZodObject> =>
  Object.fromEntries(logic.rules.map((rule) => [rule.id, factsSchema(rule.facts)]));

const declared = new WeakMap<GuidelineLogic, z.ZodType<Item>>();

/** The build reads items with it, and the case editor checks a case with it as JSON Schema. */
export function declaredItem(logic: GuidelineLogic): z.ZodType<Item> {
  const known = declared.get(logic);
  if (known) return known;
  const ruleIds = logic.rules.map((rule) => rule.id) as [string, ...string[]];
  const lines = logic.rules.map((rule) =>
    z.strictObject({...lineFields, rule: z.literal(rule.id), facts: factsSchema(rule.facts)}),
  );
  const line = z.discriminatedUnion("rule", lines as [(typeof lines)[number], ...typeof lines]);
  const flags = logic.flags as [string, ...string[]];
  const schema = itemOver(line, z.enum(flags), z.enum(ruleIds)) as unknown as z.ZodType<Item>;
  declared.set(logic, schema);
  return schema;
}
