// Step 1, checked: which of the trainee's listed lines are the ruled checklist's, which are candidates the
// guideline keeps off it (with the candidate's note), and which ruled lines they missed.
//
// How a mark is compared with a line's quote (documented here because the page's feedback depends on it):
// - Both are read as sets of words (lib/authored/quote.ts `words`: letters and digits, "E-Mail" is one word), by
// position
//   in the text: the two "words" of "List three Swedish words for snow. Just the words." are different words.
// - A mark overlaps a line when they share at least one word. A selection of spaces or punctuation only matches
//   nothing.
// - Each mark matches one line: the overlapping line whose quote it covers the most (shared words / quote words),
//   then the one it is most about (shared words / mark words), then an instruction before the main task before a
//   candidate. So a whole-sentence mark matches one line, and the others it covers at least half of are listed in
//   `alsoCovers`: the trainee is told to list them separately. Selecting everything finds one line, not all.
// - A ruled line is found when at least one listing matches it.
// A line of the trainee's own words ("free") is compared with each line's text and quote word by word: words match
// when equal or when both have at least 5 letters and share their first 5 ("formality" ~ "formal"). It matches
// the line with the most matching words, a ruled line before a candidate on a tie. This is a rough reading of free
// text, and the page should say so.
import type {ChecklistLine, Item} from "../authored/schemas/item.js";
import {locate, quotesOf, textOf, words, type Span} from "../authored/quote.js";
import type {MarkIn} from "./draft.js";
import type {Listing} from "./progress.js";

/** A ruled line (main task or instruction) or a candidate, by its index in the item's checklist. */
export type LineMatch =
  | {kind: "ruled"; index: number; role: "main" | "instruction"; rule: ChecklistLine["rule"]}
  | {
      kind: "candidate";
      index: number;
      rule: ChecklistLine["rule"];
      /** Why it is not on the checklist. */
      note: string;
      source: ChecklistLine["source"];
    }
  | {kind: "none"};

export interface ListingResult {
  listing: Listing;
  /** The words marked, the line typed, or the option's text. */
  text: string;
  match: LineMatch;
  /** Other ruled lines a mark covers at least half of: list them separately. */
  alsoCovers: number[];
}

export interface RuledLineResult {
  index: number;
  line: ChecklistLine;
  found: boolean;
  /** The listings matched to it, by their position in the trainee's list. */
  listings: number[];
}

export interface StepOneResult {
  /** "marks": the trainee selects words of a quoted request; "list": they tick options of a described one. */
  mode: "marks" | "list";
  listings: ListingResult[];
  /** The main task and every instruction, in checklist order. */
  ruled: RuledLineResult[];
  found: number;
  missed: number;
  candidates: number;
  notOnChecklist: number;
}

/** How Step 1 works on this item: select words of a quoted request, or tick a list for a described one. */
export const stepOneMode = (item: Pick<Item, "request">): StepOneResult["mode"] =>
  item.request.form === "described" ? "list" : "marks";

/** Where a line's quote sits, as ranges of its text (the request unless the line names an earlier turn). */
/** The texts a trainee can mark in an item: the quoted request, and quoted earlier turns of the user. */
export function markableTexts(item: Pick<Item, "request" | "turns">): {where: MarkIn; text: string; label: string}[] {
  if (stepOneMode(item) === "list") return [];
  const texts: {where: MarkIn; text: string; label: string}[] = [
    {where: "request", text: item.request.text, label: "the request"},
  ];
  for (const turn of item.turns) {
    const where = `turn-${turn.turn}` as MarkIn;
    const text = turn.turn ? textOf(item, where) : null;
    if (text !== null && turn.role === "user") texts.push({where, text, label: `turn ${turn.turn}`});
  }
  return texts;
}

export function quoteSpans(item: Pick<Item, "request" | "turns">, line: ChecklistLine): Span[] {
  const text = textOf(item, line.quoteIn);
  if (text === null) return [];
  return quotesOf(line.quote).flatMap((quote) => locate(text, quote) ?? []);
}

const rolePriority = {instruction: 0, main: 1, candidate: 2} as const;

/** The word positions of a text that a range touches. */
function wordsIn(all: readonly Span[], ranges: readonly Span[]): Set<number> {
  const touched = new Set<number>();
  all.forEach((word, position) => {
    if (ranges.some((range) => word.start < range.end && word.end > range.start)) touched.add(position);
  });
  return touched;
}

const shared = (a: ReadonlySet<number>, b: ReadonlySet<number>): number => [...a].filter((x) => b.has(x)).length;

function lineMatch(item: Item, index: number): LineMatch {
  const line = item.checklist[index]!;
  return line.role === "candidate"
    ? {kind: "candidate", index, rule: line.rule, note: line.note ?? "", source: line.source}
    : {kind: "ruled", index, role: line.role, rule: line.rule};
}

interface Scored {
  index: number;
  coverage: number;
  precision: number;
}

/** Whether a beats b: more coverage, then more precision, then an instruction before the main task before a
 *  candidate. For a free line a ruled line beats a candidate before precision counts (`ruledFirst`): typed words
 *  that fit a ruled line as well as a candidate most likely mean the ruled line. */
function better(item: Item, a: Scored, b: Scored, ruledFirst = false): boolean {
  const role = (entry: Scored) => rolePriority[item.checklist[entry.index]!.role];
  const candidate = (entry: Scored) => (role(entry) === rolePriority.candidate ? 1 : 0);
  if (a.coverage !== b.coverage) return a.coverage > b.coverage;
  if (ruledFirst && candidate(a) !== candidate(b)) return candidate(a) < candidate(b);
  if (a.precision !== b.precision) return a.precision > b.precision;
  return (role(a) - role(b) || a.index - b.index) < 0;
}

function matchMark(item: Item, mark: Extract<Listing, {kind: "mark"}>): ListingResult {
  const text = textOf(item, mark.in as ChecklistLine["quoteIn"]);
  const none = (shown: string): ListingResult => ({listing: mark, text: shown, match: {kind: "none"}, alsoCovers: []});
  if (text === null || mark.end <= mark.start || mark.start < 0 || mark.end > text.length) return none("");
  const all = words(text);
  const marked = wordsIn(all, [mark]);
  const shown = text.slice(mark.start, mark.end).trim();
  if (!marked.size) return none(shown);
  const scored: Scored[] = [];
  item.checklist.forEach((line, index) => {
    if (line.quoteIn !== mark.in) return;
    const quoted = wordsIn(all, quoteSpans(item, line));
    const common = shared(marked, quoted);
    if (common) scored.push({index, coverage: common / quoted.size, precision: common / marked.size});
  });
  if (!scored.length) return none(shown);
  const best = scored.reduce((a, b) => (better(item, b, a) ? b : a));
  const alsoCovers = scored
    .filter((entry) => entry !== best && entry.coverage >= 0.5 && item.checklist[entry.index]!.role !== "candidate")
    .map((entry) => entry.index);
  return {listing: mark, text: shown, match: lineMatch(item, best.index), alsoCovers};
}

// Small words that say nothing about which instruction a free line means.
const stopWords = new Set(
  (
    "the and for with that this not are was you your its from into like any all but must should make sure " +
    "please has have had can could would will also there their them they what"
  ).split(" "),
);

const contentWords = (text: string): string[] =>
  words(text)
    .map((word) => word.text.toLowerCase())
    .filter((word) => word.length >= 3 && !stopWords.has(word));

const sameWord = (a: string, b: string): boolean =>
  a === b || (a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5));

function matchFree(item: Item, free: Extract<Listing, {kind: "free"}>): ListingResult {
  const typed = contentWords(free.text);
  // Here coverage counts the typed words that match the line, precision their share of the line's words.
  let best: Scored | null = null;
  for (const [index, line] of item.checklist.entries()) {
    const own = contentWords([line.text, ...quotesOf(line.quote)].join(" "));
    const common = typed.filter((word) => own.some((other) => sameWord(word, other))).length;
    if (!common) continue;
    const entry = {index, coverage: common, precision: common / own.length};
    if (!best || better(item, entry, best, true)) best = entry;
  }
  return {
    listing: free,
    text: free.text.trim(),
    match: best ? lineMatch(item, best.index) : {kind: "none"},
    alsoCovers: [],
  };
}

function matchOption(item: Item, option: Extract<Listing, {kind: "option"}>): ListingResult {
  const line = item.checklist[option.index];
  return line
    ? {listing: option, text: line.text, match: lineMatch(item, option.index), alsoCovers: []}
    : {listing: option, text: "", match: {kind: "none"}, alsoCovers: []};
}

/** Compares what a trainee listed in Step 1 with the item's ruled checklist and its candidates. */
export function matchStepOne(item: Item, listings: readonly Listing[]): StepOneResult {
  const results = listings.map((listing) =>
    listing.kind === "mark"
      ? matchMark(item, listing)
      : listing.kind === "free"
        ? matchFree(item, listing)
        : matchOption(item, listing),
  );
  const ruled: RuledLineResult[] = [];
  item.checklist.forEach((line, index) => {
    if (line.role === "candidate") return;
    const matched = results.flatMap((result, position) =>
      result.match.kind === "ruled" && result.match.index === index ? [position] : [],
    );
    ruled.push({index, line, found: matched.length > 0, listings: matched});
  });
  const found = ruled.filter((line) => line.found).length;
  return {
    mode: stepOneMode(item),
    listings: results,
    ruled,
    found,
    missed: ruled.length - found,
    candidates: results.filter((result) => result.match.kind === "candidate").length,
    notOnChecklist: results.filter((result) => result.match.kind === "none").length,
  };
}
