import type {Item, QuoteIn} from "./schemas/item.js";

// Where a checklist line's quote sits in its text: the build checks quotes with it, and Step 1 compares marks.

export interface Span {
  start: number;
  end: number;
}

/** Joined across an inner hyphen or apostrophe ("E-Mail", "four-line", "Juliet's"). */
const wordPattern = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const wordCharacter = /[\p{L}\p{N}]/u;

export function words(text: string): (Span & {text: string})[] {
  return [...text.matchAll(wordPattern)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    text: match[0],
  }));
}

const isWordCharacter = (character: string | undefined): boolean =>
  character !== undefined && wordCharacter.test(character);

/** As whole words ("tre" is found in "tre tips", not in "bättre"); case and spacing must match exactly. `from` lets
 *  the case editor look past the first place, for a repeated quote. */
export function locate(text: string, quote: string, from = 0): Span | null {
  for (let start = text.indexOf(quote, from); start >= 0; start = text.indexOf(quote, start + 1)) {
    const end = start + quote.length;
    const startsClean = !isWordCharacter(quote[0]) || !isWordCharacter(text[start - 1]);
    const endsClean = !isWordCharacter(quote.at(-1)) || !isWordCharacter(text[end]);
    if (startsClean && endsClean) return {start, end};
  }
  return null;
}

export const quotesOf = (quote: string | readonly string[] | undefined): readonly string[] =>
  quote === undefined ? [] : typeof quote === "string" ? [quote] : quote;

/** Only the user's turns state instructions (a standing one), and only those the trainee's Step 1 can mark. */
export function textOf(item: Pick<Item, "request" | "turns">, quoteIn: QuoteIn = "request"): string | null {
  if (quoteIn === "request") return item.request.text;
  const number = Number(quoteIn.slice("turn-".length));
  const turn = item.turns.find((candidate) => candidate.turn === number);
  return turn && turn.form === "quoted" && turn.role === "user" ? turn.text : null;
}
