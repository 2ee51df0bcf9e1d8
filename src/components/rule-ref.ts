// A rule as the trainee pages cite it: its title, linked to its place in the guideline, and the sentence of it that
// applies. Its own module, so a page can link a rule without loading the ruling.
import {ruleHref} from "../lib/site/links.js";
import type {RuleCitation} from "../lib/trainee/feedback.js";
import {el} from "./dom.js";

/**
 * A rule, by its title, linked to its place in the guideline (unless `link` is false: a line that must hold no Tab
 * stop), with the sentence of it that applies (unless `quote` is false: quoted already nearby).
 */
export function RuleRef(
  rule: RuleCitation,
  {quote = true, link = true}: {quote?: boolean; link?: boolean} = {},
): HTMLElement {
  return el(
    "span",
    {class: "rule-ref"},
    link ? el("a", {href: ruleHref(rule.id)}, rule.title) : el("strong", {}, rule.title),
    quote && rule.sentence ? [": ", el("q", {class: "rule-quote"}, rule.sentence)] : null,
  );
}
