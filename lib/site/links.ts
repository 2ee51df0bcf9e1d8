// How the site names and links an item or a rule, one way everywhere: an item's short label, the page where a
// trainee scores it (from data/parts.yaml: which part shows which item set, in which phase) and a rule's anchor on
// the guideline page. Pure and browser-safe (type imports only).
import type {Item} from "../authored/schemas/item.js";
import type {Phase, TrainingPart} from "../authored/schemas/parts.js";

/** Where the guideline page states a rule: its entry's anchor (src/components/guideline.ts, `rule-<id>`). */
export const ruleHref = (ruleId: string): string => `./guideline#rule-${ruleId}`;

/** Each item's page in each phase, by item id: the path of the part that scores it. Built by `itemPages`. */
export type ItemPages = Readonly<Record<Phase, Readonly<Record<string, string>>>>;

const phases: readonly Phase[] = ["vague", "guideline"];

/**
 * The page of a set no part shows: the fresh calibration cases are scored only in the blind self-check, with the
 * guideline.
 */
const selfCheckOnly: Partial<Record<Item["set"], string>> = {"fresh-calibration": "/self-check"};

/**
 * Which page scores each item in each phase: the first part, in data/parts.yaml's order, that shows the item's set
 * and is scored in that phase. With the guideline, the examples are scored in Part 4 (Part 2 only shows them); under
 * the one-line instruction, in Part 1; a set no part shows, on the self-check page. An item no page scores in a phase
 * has no page in it.
 */
export function itemPages(
  parts: readonly Pick<TrainingPart, "path" | "items" | "phase">[],
  items: readonly Pick<Item, "id" | "set">[],
): ItemPages {
  const pagesIn = (phase: Phase): Record<string, string> => {
    const pathOfSet = new Map<Item["set"], string>();
    for (const part of parts)
      if (part.items && part.phase === phase && !pathOfSet.has(part.items)) pathOfSet.set(part.items, part.path);
    const pages: Record<string, string> = {};
    for (const item of items) {
      const path = pathOfSet.get(item.set) ?? (phase === "guideline" ? selfCheckOnly[item.set] : undefined);
      if (path) pages[item.id] = path;
    }
    return pages;
  };
  return Object.fromEntries(phases.map((phase) => [phase, pagesIn(phase)])) as Record<Phase, Record<string, string>>;
}

/**
 * A link to an item on the page that scores it in `phase` (`./rubric#example-3`); an item with no page there is a
 * bug in the caller.
 */
export function itemHref(itemId: string, pages: ItemPages, phase: Phase = "guideline"): string {
  const path = pages[phase][itemId];
  if (path === undefined) throw new Error(`no page scores the item ${itemId} in the ${phase} phase`);
  return `.${path}#${itemId}`;
}

const setLabels: Record<Item["set"], string> = {
  "examples": "Example",
  "edge-cases": "Edge case",
  "calibration": "Calibration",
  "fresh-calibration": "Fresh case",
};

/** An item's number within its set: "4", "1a", "D" (a calibration case, as the case study letters them), "3". */
export function itemNumber(id: string, set: Item["set"]): {number: string; twist: boolean} {
  const [, number = id, twist] = /^(?:example|edge|calibration|fresh)-([a-z0-9]+?)(-twist)?$/.exec(id) ?? [];
  return {number: set === "calibration" ? number.toUpperCase() : number, twist: !!twist};
}

/** A short human label for an item id: "Example 4", "Edge case 1a", "Calibration D, twist", "Fresh case 3". */
export function itemLabel(id: string, set: Item["set"]): string {
  const {number, twist} = itemNumber(id, set);
  return `${setLabels[set]} ${number}${twist ? ", twist" : ""}`;
}
