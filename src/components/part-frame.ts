// The frame around every part page's body: the saved-progress notice, the part's header with where the trainee
// stands, and the links to the other parts. What the page works from is lib/trainee/part-context.ts.
import {hasPart, type PartContext} from "../lib/trainee/part-context.js";
import type {SitePageData} from "../lib/node/page-data.js";
import {el, type Child} from "./dom.js";
import {PartHeader} from "./part-page.js";
import {NextPart} from "./walk-parts.js";
import {ProgressNotice} from "./recorded.js";

// The item card (guideline-walk-item.ts) names the context from here.
export type {PartContext};

/**
 * A part page's content; where the content's parts (data/parts.yaml) have no such part, a plain note saying so and
 * the way to the parts it has: the page is built, but the navigation leaves it out.
 */
export function WithPart({site, part, page}: {site: SitePageData; part: string; page: () => Node}): Node {
  if (hasPart(site, part)) return page();
  return el(
    "p",
    {class: "part-missing"},
    "This guideline has no part for this page. ",
    el("a", {href: "./"}, "Start here"),
    " for the parts it has.",
  );
}

/**
 * A part's page: the saved-progress notice, the header with where the trainee stands, the body. A part with no items
 * (the guideline) opens with its prose and ends with the card to the next part; a part walked item by item (scored, or
 * Part 2's examples to read) keeps its prose in its walk, folded, and puts the card after its last item.
 */
export function PartPage(ctx: PartContext, {body = null}: {body?: Child} = {}): HTMLElement {
  const total = ctx.parts.length;
  const reading = !ctx.part.phase;
  const walked = !!ctx.part.items;
  return el(
    "div",
    {class: `part-page${reading ? " is-reading" : " is-scored"}`},
    ProgressNotice(ctx.store),
    PartHeader({part: ctx.part, items: ctx.itemRefs, total}, {store: ctx.store, intro: !walked}),
    body,
    walked ? null : NextPart(ctx),
  );
}
