// The results page's links: a case by its label to its item on its part's page, and a rule by its title to the
// guideline (a rule this version lacks reads as plain words, lib/trainee/results.ts's namedRule).
import {itemHref, itemLabel, ruleHref, type ItemPages} from "../lib/site/links.js";
import type {Guideline} from "../lib/authored/schemas/guideline.js";
import type {Item} from "../lib/authored/schemas/item.js";
import {namedRule} from "../lib/trainee/results.js";
import {poolHref} from "../lib/trainee/self-check-pool.js";
import type {PartRef, WalkParts} from "../lib/site/part-refs.js";
import {el, fragment} from "./dom.js";

/** What the results page links against: the cases in walking order, by id, and the guideline the pages teach. */
export interface ResultsContext {
  items: Item[];
  itemsById: Map<string, Item>;
  /** Where each item is scored, for its link. */
  itemPages: ItemPages;
  guideline: Guideline;
  /** The parts the page points to (lib/site/part-refs.ts). */
  walkParts: WalkParts;
}

/** A link to a part by its number: "Part 4". */
export const PartLink = (part: PartRef, text = `Part ${part.number}`): HTMLElement =>
  el("a", {href: `.${part.path}`}, text);

/**
 * A case by its label, linked to where its ruling is read: its part's page, or, for a case answered in a self-check
 * pool's first run alone (`pool`), that run, where it is ruled (its part's page shows none to a case not scored there).
 */
export const CaseLink = ({
  id,
  ctx,
  pool = null,
}: {
  id: string;
  ctx: ResultsContext;
  pool?: string | null;
}): HTMLElement => {
  const item = ctx.itemsById.get(id)!;
  const href = pool === null ? itemHref(item.id, ctx.itemPages) : `${poolHref({id: pool}, 1)}#${item.id}`;
  return el("a", {href}, itemLabel(item));
};

/** A rule by its title, linked to the guideline; a rule the guideline lacks, as plain words. */
export const RuleLink = ({rule, ctx}: {rule: string; ctx: ResultsContext}): Node => {
  const {title, inGuideline} = namedRule(ctx.guideline, rule);
  return inGuideline ? el("a", {href: ruleHref(rule)}, title) : document.createTextNode(title);
};

/** Rules, each linked, separated by commas. */
export const RuleLinks = ({rules, ctx}: {rules: readonly string[]; ctx: ResultsContext}): DocumentFragment =>
  fragment(rules.map((rule, index) => [index ? ", " : "", RuleLink({rule, ctx})]));
