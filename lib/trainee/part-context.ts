// What a part's page works from: the data its loaders give it, and the part it shows, looked up once.
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Item} from "../authored/schemas/item.js";
import {knowLanguageNames} from "../authored/language.js";
import type {ItemRef, PagePart, PartPageData, SitePageData} from "../node/page-data.js";
import {itemPages, type ItemPages} from "../site/links.js";
import type {ProgressStore} from "./record-store.js";

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

/**
 * Whether the content's parts (data/parts.yaml) have a part: another guideline's may not (lib/node/content-root.ts),
 * and its page then says so rather than show it.
 */
export const hasPart = (site: Pick<SitePageData, "parts">, partId: string): boolean =>
  site.parts.some((part) => part.id === partId);

export function partContext(data: TraineeData, partId: string, store: ProgressStore): PartContext {
  const part = data.site.parts.find((candidate) => candidate.id === partId);
  if (!part) throw new Error(`no part "${partId}" in data/parts.yaml`);
  // The page's texts are tagged with these languages: their names are known before the first text is shown.
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

/** The part's items of one set, in walking order. */
export const itemsOf = (ctx: Pick<PartContext, "items">, set: Item["set"]): Item[] =>
  ctx.items.filter((item) => item.set === set);
