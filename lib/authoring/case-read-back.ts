// The file the case editor writes, read back as guideline:check reads it, and marked stretches that occur more than
// once in their text (the file, keeping only the words, places them at their first).
import {Lexer} from "marked";
import {itemSections, sectionOf} from "../authored/item-text.js";
import {writeItemFile} from "../authored/item-writer.js";
import {locate, quotesOf, textOf} from "../authored/quote.js";
import type {Item, QuoteIn} from "../authored/schemas/item.js";
import {fieldPath, type Problem} from "../authored/problems.js";
import {readCaseFile} from "./case-file.js";
import {caseWords} from "./case-words.js";
import {isRecord, linesOf, type CaseRecord} from "./case-record.js";
import type {ItemSchema} from "../authored/schemas/facts.js";

/** "## …", or a line underlined ---. */
const startsSection = (text: string): boolean =>
  Lexer.lex(text.trim()).some((token) => token.type === "heading" && token.depth === 2);

/** A text holding a line the file reads as a new section (cut there, the rest refused), a text not kept as typed, or
 *  what the written file breaks (a response of spaces, written empty). `sectionsOnly`: the texts alone. */
export function writtenFileProblems(
  written: CaseRecord,
  schema: ItemSchema,
  file: string,
  sectionsOnly: boolean,
): Problem[] {
  const texts = Object.entries(itemSections).flatMap(([heading, [parent, key]]) => {
    const holder = written[parent];
    const text = isRecord(holder) ? holder[key] : undefined;
    const field = `${parent}.${key}`;
    return typeof text === "string" ? [{section: sectionOf(field) ?? heading, field, parent, key, text}] : [];
  });
  const problems: Problem[] = texts
    .filter(({text}) => startsSection(text))
    .map(({section, field}) => ({file, field, message: caseWords.startsSection(section)}));
  if (problems.length || sectionsOnly) return problems;
  const reread = readCaseFile(writeItemFile(written), file, schema);
  const back = reread.record;
  for (const {section, field, parent, key, text} of texts) {
    const holder = back?.[parent];
    const kept = isRecord(holder) ? holder[key] : undefined;
    // The file writes a text trimmed, and reads its line ends as \n: the same text, in meaning.
    if (back && kept !== text.trim().replace(/\r\n?/g, "\n"))
      problems.push({file, field, message: caseWords.notKept(section)});
  }
  return problems.length ? problems : reread.problems;
}

/** Each marked stretch that occurs more than once, as whole words, in the text it quotes: it stands for the first. */
export function repeatedQuotes(record: CaseRecord, file: string): Problem[] {
  const request = isRecord(record.request) ? record.request : {};
  const quoted = {
    request: {text: typeof request.text === "string" ? request.text : ""},
    turns: Array.isArray(record.turns) ? record.turns.filter(isRecord) : [],
  } as unknown as Pick<Item, "request" | "turns">;
  return linesOf(record).flatMap((line, index) => {
    const quoteIn = typeof line.quoteIn === "string" ? (line.quoteIn as QuoteIn) : "request";
    const text = textOf(quoted, quoteIn);
    if (typeof text !== "string" || !(typeof line.quote === "string" || Array.isArray(line.quote))) return [];
    const quotes = quotesOf(line.quote as string | string[]);
    return quotes.flatMap((quote, at) => {
      const first = typeof quote === "string" && quote !== "" ? locate(text, quote) : null;
      if (!first || !locate(text, quote, first.start + 1)) return [];
      const field = fieldPath(["checklist", index, "quote", ...(Array.isArray(line.quote) ? [at] : [])]);
      const where = quoteIn === "request" ? "the request" : `turn ${quoteIn.slice("turn-".length)}`;
      return [{file, field, message: caseWords.repeatedQuote(quote, where)}];
    });
  });
}
