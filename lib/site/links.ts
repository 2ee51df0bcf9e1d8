// How the site names and links an item or a rule, one way everywhere.
import type {Item} from "../authored/schemas/item.js";
import type {Phase, TrainingPart} from "../authored/schemas/parts.js";

/** Where the guideline page states a rule: its entry's anchor (src/components/guideline.ts, `rule-<id>`). */
export const ruleHref = (ruleId: string): string => `./guideline#rule-${ruleId}`;

/** The id an address's fragment names ("#rule-numbers", "#edge-4", percent-encoded or not; "" for none). */
export function fragmentId(hash: string): string {
  const fragment = hash.replace(/^#/, "");
  try {
    return decodeURIComponent(fragment);
  } catch {
    // A malformed escape: read it as it is.
    return fragment;
  }
}

/** A case's link from its own part's page (its end, the self-check's summary): the part shows it by its fragment. */
export const hereHref = (itemId: string): string => `#${itemId}`;

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

/** What an item's number and label read: its id and set, and, for a case written for the notebook, its order. */
export type NumberedItem = Pick<Item, "id" | "set" | "origin" | "order">;

/**
 * A case-study case's number within its set, read from its id: "4", "1a", "D" (a calibration case, as the case study
 * letters them), "3", and whether it is a twist.
 */
export function caseStudyNumber(id: string, set: Item["set"]): {number: string; twist: boolean} {
  const [, number = id, twist] = /^(?:example|edge|calibration|fresh)-([a-z0-9]+?)(-twist)?$/.exec(id) ?? [];
  return {number: set === "calibration" ? number.toUpperCase() : number, twist: !!twist};
}

/**
 * An item's number within its set, as a trainee sees it: a case of the case study by the case study's number ("1a",
 * "D"), a case written for the notebook by its order in its part ("15"), never by its id.
 */
export const itemNumber = (item: NumberedItem): {number: string; twist: boolean} =>
  item.origin === "notebook" ? {number: String(item.order), twist: false} : caseStudyNumber(item.id, item.set);

/** A label from a set and a number: "Example 4", "Edge case 1a", "Calibration D, twist", "Fresh case 3". */
const labelOf = (set: Item["set"], {number, twist}: {number: string; twist: boolean}): string =>
  `${setLabels[set]} ${number}${twist ? ", twist" : ""}`;

/** An item's short human label: "Example 4", "Edge case 1a", "Calibration D, twist", "Edge case 15" (a notebook
 *  case, by its order). */
export const itemLabel = (item: NumberedItem): string => labelOf(item.set, itemNumber(item));

/** Case labels in a line of text: between commas, or semicolons where a label holds a comma ("Calibration D, twist"
 *  among commas read as two cases). */
export const labelList = (labels: readonly string[]): string =>
  labels.join(labels.some((label) => label.includes(",")) ? "; " : ", ");

/** A case by its label among `items`, or by its id when they lack it (a record from another version of the site). */
export const labelOrId = (id: string, items: ReadonlyMap<string, NumberedItem>): string => {
  const item = items.get(id);
  return item ? itemLabel(item) : id;
};

/** A case-study case's label by its id alone, for a list that holds only ids of the case study's cases. */
export const caseStudyLabel = (id: string, set: Item["set"]): string => labelOf(set, caseStudyNumber(id, set));

const setOfPrefix: Record<string, Item["set"]> = {example: "examples", edge: "edge-cases", calibration: "calibration"};

/** A case-study case's label by its id alone ("example-3": "Example 3"); another id as it is. */
export const caseStudyLabelOfId = (id: string): string => {
  const set = setOfPrefix[id.split("-")[0]!];
  return set ? caseStudyLabel(id, set) : id;
};

/** Where a text's gloss comes from, when the case study glosses its same words under another case (`glossFrom`). */
export const glossFromWords = (id: string, which: "request" | "response"): string =>
  `as given for ${caseStudyLabelOfId(id)}, the same ${which}`;

/**
 * An item's title. Before Check: its number and neutral topic ("Edge case 4: translation without a language"), which
 * give nothing away. After: the case study's own name for it, which often states the ruling ("Justified clarifying
 * question"), as the ruling's headline.
 */
export const titleBefore = (item: Pick<Item, "id" | "set" | "origin" | "order" | "topic">): string =>
  `${itemLabel(item)}: ${item.topic}`;
