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
// - The marks are matched together: a line taken by another mark that fits it strictly better (the same order) sends
//   a mark on to the next line it overlaps. So a sentence marked whole beside its own marks on "kurze" and
//   "förmliche" is the main task it holds, not a second "kurze"; a mark that fits a line as well as the one holding it
//   (the same words marked twice), or that has no other line, stays on it as a repeat. The lines it covers that other
//   listings match are not in its `alsoCovers`: they are listed separately already.
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

/** A mark's overlapping lines, the one it fits best first (`better`'s order); none for a mark that cannot match. */
interface MarkFit {
  mark: Extract<Listing, {kind: "mark"}>;
  shown: string;
  fits: Scored[];
}

function fitMark(item: Item, mark: Extract<Listing, {kind: "mark"}>): MarkFit {
  const text = textOf(item, mark.in as ChecklistLine["quoteIn"]);
  if (text === null || mark.end <= mark.start || mark.start < 0 || mark.end > text.length)
    return {mark, shown: "", fits: []};
  const all = words(text);
  const marked = wordsIn(all, [mark]);
  const shown = text.slice(mark.start, mark.end).trim();
  const fits: Scored[] = [];
  if (marked.size)
    item.checklist.forEach((line, index) => {
      if (line.quoteIn !== mark.in) return;
      const quoted = wordsIn(all, quoteSpans(item, line));
      const common = shared(marked, quoted);
      if (common) fits.push({index, coverage: common / quoted.size, precision: common / marked.size});
    });
  fits.sort((a, b) => (better(item, a, b) ? -1 : better(item, b, a) ? 1 : 0));
  return {mark, shown, fits};
}

/**
 * The line each mark matches, marks taken together (see the head of this file): each mark asks for its lines in
 * order; a line keeps the mark that fits it best, and a mark it turns away for a strictly better one asks for its next.
 * A mark turned away by an equal fit, or with no line left, matches its first line as a repeat. -1: no line.
 */
function assignMarks(item: Item, marks: readonly MarkFit[]): number[] {
  const chosen = marks.map((mark) => (mark.fits.length ? 0 : -1));
  const settled = marks.map((mark) => !mark.fits.length);
  const holder = new Map<number, number>();
  const fitOf = (mark: number) => marks[mark]!.fits[chosen[mark]!]!;
  for (let next = settled.indexOf(false); next !== -1; next = settled.indexOf(false)) {
    const asking = next;
    const line = fitOf(asking).index;
    const held = holder.get(line);
    if (held === undefined || better(item, fitOf(asking), fitOf(held))) {
      holder.set(line, asking);
      settled[asking] = true;
      if (held === undefined) continue;
      // The mark it held asks for its next line, or stays as a repeat when it has none.
      if (chosen[held]! + 1 < marks[held]!.fits.length) {
        chosen[held]! += 1;
        settled[held] = false;
      } else chosen[held] = 0;
      continue;
    }
    settled[asking] = true;
    // Turned away for a better fit: the next line; for an equal one, or when none is left, a repeat of its first.
    if (better(item, fitOf(held), fitOf(asking)) && chosen[asking]! + 1 < marks[asking]!.fits.length) {
      chosen[asking]! += 1;
      settled[asking] = false;
    } else chosen[asking] = 0;
  }
  return chosen.map((position, mark) => (position === -1 ? -1 : marks[mark]!.fits[position]!.index));
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
  const marks = listings.flatMap((listing) => (listing.kind === "mark" ? [fitMark(item, listing)] : []));
  const lineOfMark = assignMarks(item, marks);
  /** Each listing's position in `marks`, or -1 for a free line or an option. */
  let count = 0;
  const markAt = listings.map((listing) => (listing.kind === "mark" ? count++ : -1));
  const results = listings.map((listing, index): ListingResult => {
    if (listing.kind === "free") return matchFree(item, listing);
    if (listing.kind === "option") return matchOption(item, listing);
    const line = lineOfMark[markAt[index]!]!;
    const match: LineMatch = line === -1 ? {kind: "none"} : lineMatch(item, line);
    return {listing, text: marks[markAt[index]!]!.shown, match, alsoCovers: []};
  });
  // The other ruled lines a mark covers at least half of, unless another listing matches them.
  const matchedElsewhere = (line: number, except: number) =>
    results.some((result, index) => index !== except && "index" in result.match && result.match.index === line);
  results.forEach((result, index) => {
    const mark = marks[markAt[index]!];
    if (!mark || !("index" in result.match)) return;
    const own = result.match.index;
    result.alsoCovers = mark.fits
      .map((fit) => (fit.index !== own && fit.coverage >= 0.5 ? fit.index : -1))
      .filter((line) => line !== -1 && item.checklist[line]!.role !== "candidate" && !matchedElsewhere(line, index))
      .sort((a, b) => a - b);
  });
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
