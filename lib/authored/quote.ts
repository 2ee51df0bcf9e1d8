import type {Item, QuoteIn} from "./schemas/item.js";

// Where a checklist line's quote sits in the text it quotes, and the words of a text. Pure and browser-safe:
// the item schema uses it to check quotes at build time, Step 1 uses it to compare a trainee's marks.

/** A half-open character range [start, end) in a text. */
export interface Span {
  start: number;
  end: number;
}

/** A word: letters and digits, joined across an inner hyphen or apostrophe ("E-Mail", "four-line", "Juliet's"). */
const wordPattern = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const wordCharacter = /[\p{L}\p{N}]/u;

/** Every word of a text with its range, in order. */
export function words(text: string): (Span & {text: string})[] {
  return [...text.matchAll(wordPattern)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    text: match[0],
  }));
}

const isWordCharacter = (character: string | undefined): boolean =>
  character !== undefined && wordCharacter.test(character);

/**
 * The first place a quote occurs in a text as whole words (not inside a longer word: "tre" is found in
 * "tre tips", not in "bättre"), or null. Case and spacing must match exactly: a quote is the text's own words.
 * `from`: where to start looking (the case editor looks again past the first place, to find a repeated quote).
 */
export function locate(text: string, quote: string, from = 0): Span | null {
  for (let start = text.indexOf(quote, from); start >= 0; start = text.indexOf(quote, start + 1)) {
    const end = start + quote.length;
    const startsClean = !isWordCharacter(quote[0]) || !isWordCharacter(text[start - 1]);
    const endsClean = !isWordCharacter(quote.at(-1)) || !isWordCharacter(text[end]);
    if (startsClean && endsClean) return {start, end};
  }
  return null;
}

/** A line's quote as a list: a main task may quote more than one stretch of the request. */
export const quotesOf = (quote: string | readonly string[] | undefined): readonly string[] =>
  quote === undefined ? [] : typeof quote === "string" ? [quote] : quote;

/**
 * The text a quote is taken from: the request, or the quoted earlier turn of the user's with that number; null if
 * none. Only the user's turns state instructions (a standing one), and only those the trainee's Step 1 can mark.
 */
export function textOf(item: Pick<Item, "request" | "turns">, quoteIn: QuoteIn = "request"): string | null {
  if (quoteIn === "request") return item.request.text;
  const number = Number(quoteIn.slice("turn-".length));
  const turn = item.turns.find((candidate) => candidate.turn === number);
  return turn && turn.form === "quoted" && turn.role === "user" ? turn.text : null;
}
