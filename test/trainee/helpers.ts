// Test helpers: the real items, and a trainee's listings built from the words they would select.
import type {Item} from "../../lib/item.js";
import {loadItems} from "../../lib/load.js";
import {locate, textOf} from "../../lib/quote.js";
import type {Listing, TraineeLine, TraineeVerdict} from "../../lib/trainee/progress.js";

export const items = loadItems();

export function item(id: string): Item {
  const found = items.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
}

/** A mark over the first whole-word occurrence of `words` in the request (or in an earlier turn). */
export function mark(of: Item, words: string, where: "request" | `turn-${number}` = "request"): Listing {
  const text = textOf(of, where);
  const span = text === null ? null : locate(text, words);
  if (!span) throw new Error(`"${words}" is not in ${of.id}'s ${where}`);
  return {kind: "mark", in: where, ...span};
}

export const free = (text: string): Listing => ({kind: "free", text});
export const option = (index: number): Listing => ({kind: "option", index});

/** A trainee line: a listing, a verdict, and whether it is the main task. */
export const line = (listing: Listing, verdict?: TraineeVerdict, main = false): TraineeLine => ({
  listing,
  ...(main ? {main: true} : {}),
  ...(verdict ? {verdict} : {}),
});
