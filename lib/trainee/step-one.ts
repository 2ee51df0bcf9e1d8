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
// - Then the marks are read together. A mark whose line another listing holds better (a mark that fits it strictly
//   better, or a line typed or ticked for it) moves to a line no listing has and that it covers at least half of:
//   the main task if the trainee chose that mark as the main task, else the best such line. So a sentence marked
//   whole beside its own marks on "kurze" and "förmliche" is the main task it holds, not a second "kurze". Marks are
//   read in the order of their words in the text, so the order they were listed in changes nothing. A mark with no
//   such line, or that fits its line as well as the other (the same words marked twice), stays: a repeat. A line's
//   listings come best fit first, and a mark's `alsoCovers` leaves out the lines other listings have.
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
  shown: string;
  fits: Scored[];
}

function fitMark(item: Item, mark: Extract<Listing, {kind: "mark"}>): MarkFit {
  const text = textOf(item, mark.in as ChecklistLine["quoteIn"]);
  if (text === null || mark.end <= mark.start || mark.start < 0 || mark.end > text.length) return {shown: "", fits: []};
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
  return {shown, fits};
}

/**
 * The line each listing matches once the marks are read together (see the head of this file): `first` is each
 * listing's own best line (-1: none), `fits` each mark's fits (null for a free line or an option), `main` the listing
 * the trainee chose as the main task. Returns each listing's line (-1: none).
 */
function readTogether(
  item: Item,
  listings: readonly Listing[],
  first: readonly number[],
  fits: readonly (Scored[] | null)[],
  main: number | undefined,
): number[] {
  const lines = [...first];
  const fitOn = (listing: number, line: number) => fits[listing]?.find((fit) => fit.index === line);
  /** Another listing holds `line` better than `listing` does: a line typed or ticked, or a strictly better mark. */
  const heldBetter = (listing: number, line: number) =>
    lines.some((other, at) => {
      if (at === listing || other !== line) return false;
      if (!fits[at]) return true;
      return better(item, fitOn(at, line)!, fitOn(listing, line)!);
    });
  // The marks by where their words are (text, start, end), so the order they were listed in changes nothing.
  const marks = listings.flatMap((listing, at) => (listing.kind === "mark" && lines[at] !== -1 ? [{listing, at}] : []));
  const order = marks
    .sort(
      ({listing: x, at: a}, {listing: y, at: b}) =>
        x.in.localeCompare(y.in) || x.start - y.start || x.end - y.end || a - b,
    )
    .map(({at}) => at);
  for (const at of order) {
    if (!heldBetter(at, lines[at]!)) continue;
    const open = fits[at]!.filter(
      (fit) =>
        fit.coverage >= 0.5 &&
        item.checklist[fit.index]!.role !== "candidate" &&
        !lines.some((other) => other === fit.index),
    );
    const to = (at === main && open.find((fit) => item.checklist[fit.index]!.role === "main")) || open[0];
    if (to) lines[at] = to.index;
  }
  return lines;
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
export function matchStepOne(item: Item, listings: readonly Listing[], {main}: {main?: number} = {}): StepOneResult {
  const fits = listings.map((listing) => (listing.kind === "mark" ? fitMark(item, listing) : null));
  const alone = listings.map((listing, at): ListingResult => {
    if (listing.kind === "free") return matchFree(item, listing);
    if (listing.kind === "option") return matchOption(item, listing);
    const best = fits[at]!.fits[0];
    return {listing, text: fits[at]!.shown, match: best ? lineMatch(item, best.index) : {kind: "none"}, alsoCovers: []};
  });
  const lines = readTogether(
    item,
    listings,
    alone.map((result) => ("index" in result.match ? result.match.index : -1)),
    fits.map((fit) => fit?.fits ?? null),
    main,
  );
  const results = alone.map((result, at): ListingResult => {
    const fit = fits[at];
    if (!fit || lines[at] === -1) return result;
    const own = lines[at]!;
    // The other ruled lines it covers at least half of, unless another listing has them: list them apart.
    const alsoCovers = fit.fits
      .filter(
        (other) =>
          other.index !== own &&
          other.coverage >= 0.5 &&
          item.checklist[other.index]!.role !== "candidate" &&
          !lines.some((line, elsewhere) => elsewhere !== at && line === other.index),
      )
      .map((other) => other.index)
      .sort((a, b) => a - b);
    return {...result, match: lineMatch(item, own), alsoCovers};
  });
  /** A line's listings, best first: marks by `better` (the words themselves), then lines typed or ticked, in order. */
  const byFit = (line: number) => (a: number, b: number) => {
    const [x, y] = [fits[a]?.fits.find((fit) => fit.index === line), fits[b]?.fits.find((fit) => fit.index === line)];
    if (!x || !y) return x ? -1 : y ? 1 : a - b;
    return better(item, x, y) ? -1 : better(item, y, x) ? 1 : a - b;
  };
  const ruled: RuledLineResult[] = [];
  item.checklist.forEach((line, index) => {
    if (line.role === "candidate") return;
    const matched = results
      .flatMap((result, position) => (result.match.kind === "ruled" && result.match.index === index ? [position] : []))
      .sort(byFit(index));
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
