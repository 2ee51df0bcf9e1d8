// An item's title before Check: its number and neutral topic. Its own module, so a reading page (Part 2) that shows
// the examples' titles loads none of the scoring code.
import {itemLabel} from "../site/links.js";
import type {Item} from "../authored/schemas/item.js";

/**
 * An item's title. Before Check: its number and neutral topic ("Edge case 4: translation without a language"), which
 * give nothing away. After: the case study's own name for it, which often states the ruling ("Justified clarifying
 * question"), as the ruling's headline.
 */
export const titleBefore = (item: Pick<Item, "id" | "set" | "origin" | "order" | "topic">): string =>
  `${itemLabel(item)}: ${item.topic}`;
