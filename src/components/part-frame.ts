// What every part page shares: the data its loaders give it, the part it shows, and the frame around its body
// (the saved-progress notice, the part's header with where the trainee stands, and the links to the other parts).
import type {Guideline} from "../lib/authored/schemas/guideline.js";
import type {Item} from "../lib/authored/schemas/item.js";
import {itemPages, type ItemPages} from "../lib/site/links.js";
import {knowLanguageNames} from "../lib/authored/language.js";
import type {ItemRef, PagePart, PartPageData, SitePageData} from "../lib/node/page-data.js";
import {el, type Child} from "./dom.js";
import {PartHeader} from "./part-page.js";
import {NextPart} from "./walk-parts.js";
import {ProgressNotice} from "./progress-notice.js";
import type {ProgressStore} from "../lib/trainee/record-store.js";

/** What a page's loaders give it: the site's common data, and the items of the part it shows. */
export interface TraineeData {
  site: SitePageData;
  part?: PartPageData;
  /** The guideline versions before the current one (the guideline page shows them below it). */
  earlier?: Guideline[];
}

export interface PartContext {
  parts: PagePart[];
  guideline: Guideline;
  items: Item[];
  itemRefs: ItemRef[];
  rulings: PartPageData["rulings"];
  part: PagePart;
  store: ProgressStore;
  itemsById: Map<string, ItemRef>;
  itemPages: ItemPages;
}

export function partContext(data: TraineeData, partId: string, store: ProgressStore): PartContext {
  const part = data.site.parts.find((candidate) => candidate.id === partId);
  if (!part) throw new Error(`no part "${partId}" in data/parts.yaml`);
  knowLanguageNames(data.part?.languages ?? {});
  return {
    parts: data.site.parts,
    guideline: data.site.guideline,
    items: data.part?.items ?? [],
    itemRefs: data.site.itemRefs,
    rulings: data.part?.rulings ?? {},
    part,
    store,
    itemsById: new Map(data.site.itemRefs.map((item) => [item.id, item])),
    itemPages: itemPages(data.site.parts, data.site.itemRefs),
  };
}

/**
 * A part page's content; where the content's parts (data/parts.yaml) have no such part, as another guideline's may
 * not (lib/node/content-root.ts), a plain note saying so and the way to the parts it has: the page is built, but the
 * navigation leaves it out.
 */
export function withPart(site: SitePageData, partId: string, render: () => Node): Node {
  if (site.parts.some((part) => part.id === partId)) return render();
  return el(
    "p",
    {class: "part-missing"},
    "This guideline has no part for this page. ",
    el("a", {href: "./"}, "Start here"),
    " for the parts it has.",
  );
}

export const itemsOf = (ctx: Pick<PartContext, "items">, set: Item["set"]) =>
  ctx.items.filter((item) => item.set === set);

/**
 * A part's page: the saved-progress notice, the header with where the trainee stands, the body. A part with no items
 * (the guideline) opens with its prose and ends with the card to the next part; a part walked item by item (scored, or
 * Part 2's examples to read) keeps its prose in its walk, folded, and puts the card after its last item.
 */
export function partPage(ctx: PartContext, ...body: Child[]): HTMLElement {
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
