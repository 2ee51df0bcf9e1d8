// The facts a rule reads from a checklist line, as the version's logic declares them (guideline/vN/logic.yaml): a
// line of the item schema (./item.ts) names its rule, and its facts must have the shape that rule's facts declare.
// Nothing here names any one guideline's rules or facts.
import * as z from "zod/mini";
import type {GuidelineLogic, LogicFact} from "./logic.js";
import {itemOver, withItemChecks, lineFields, type Item} from "./item.js";

/** One declared fact as zod: its type, bounds, listed values or words, and its default; titled for the editor. */
function factSchema(fact: LogicFact): z.ZodMiniType {
  const base = ((): z.ZodMiniType => {
    switch (fact.type) {
      case "yes-no":
        return z.boolean();
      case "choice":
        return z.enum(fact.values as [string, ...string[]]);
      case "text":
        return z.string().check(z.minLength(1));
      case "count": {
        let count = z.int();
        if (fact.min !== undefined) count = count.check(z.minimum(fact.min));
        if (fact.max !== undefined) count = count.check(z.maximum(fact.max));
        if (!fact.words) return count;
        const words = fact.words.map((word) => z.literal(word));
        return z.union([count, ...words]);
      }
    }
  })();
  // Each fact carries its title and one-line description: the JSON Schema the case editor's data loader writes keeps
  // them, and the editor labels its fact forms with them.
  const titled = base.register(z.globalRegistry, {title: fact.title, description: fact.description});
  if (fact.default !== undefined) return z._default(titled, fact.default as never);
  return fact.absent === undefined ? titled : z.optional(titled);
}

/** A rule's declared facts as one object schema: a line's facts must have this shape. */
export const factsSchema = (facts: readonly LogicFact[]): z.ZodMiniObject =>
  z.strictObject(Object.fromEntries(facts.map((fact) => [fact.name, factSchema(fact)])));

/** Every rule's facts schema, by rule id, in the logic's order. */
export const declaredFactSchemas = (logic: GuidelineLogic): Record<string, z.ZodMiniObject> =>
  Object.fromEntries(logic.rules.map((rule) => [rule.id, factsSchema(rule.facts)]));

/** The item schema as a version's logic declares it. */
export type ItemSchema = z.ZodMiniType<Item>;

const declared = new WeakMap<GuidelineLogic, {item: ItemSchema; shape: ItemSchema}>();

/**
 * The item schema as the version's logic declares its part: each checklist line's rule is a declared rule and its
 * facts have that rule's declared shape (defaults filled in), each flag is a declared flag, and the deciding rule a
 * declared rule. The build reads items with it, and the case editor checks a case with it as JSON Schema.
 */
export const declaredItem = (logic: GuidelineLogic): ItemSchema => declaredSchemas(logic).item;

/** The declared item schema and its shape alone (without the item's own rules), built once per logic. */
function declaredSchemas(logic: GuidelineLogic): {item: ItemSchema; shape: ItemSchema} {
  const known = declared.get(logic);
  if (known) return known;
  const ruleIds = logic.rules.map((rule) => rule.id) as [string, ...string[]];
  const lines = logic.rules.map((rule) =>
    z.strictObject({...lineFields, rule: z.literal(rule.id), facts: factsSchema(rule.facts)}),
  );
  const line = z.discriminatedUnion("rule", lines as [(typeof lines)[number], ...typeof lines]);
  const flags = logic.flags as [string, ...string[]];
  const shape = itemOver(line, z.enum(flags), z.enum(ruleIds));
  const schemas = {item: withItemChecks(shape) as unknown as ItemSchema, shape: shape as unknown as ItemSchema};
  declared.set(logic, schemas);
  return schemas;
}

/** What the case editor checks a case with: the item schema and each rule's facts, as the version's logic declares. */
export interface CaseSchemas {
  item: ItemSchema;
  /** The item's shape alone, without its own rules: a case that has the shape is checked against its guideline
   *  too, so what is left to fix is listed at once, not as each fix uncovers the next. */
  shape: ItemSchema;
  facts: Record<string, z.ZodMiniObject>;
}

export const caseSchemas = (logic: GuidelineLogic): CaseSchemas => ({
  ...declaredSchemas(logic),
  facts: declaredFactSchemas(logic),
});
