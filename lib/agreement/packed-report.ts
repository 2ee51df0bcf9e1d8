// The cohort report packed to cross from a worker to a page: a message's objects are all rebuilt at once, and 10,000
// raters' rows in two phases are some 400,000 objects, half a second of a frozen page. So the rows travel as JSON text
// in blocks, in a transferred buffer per phase, parsed only when shown. The pager that chooses which rows show, a
// page at a time, found by name and ordered, is here too: it pages through the packed rows by their search key and
// order, which the packing writes.
import type {Phase} from "../authored/schemas/parts.js";
import type {CohortReport, PhaseReport} from "./cohort-report.js";
import type {RaterAgreement} from "./rater-agreement.js";
import {thousands} from "../text/format.js";
import {quoteText} from "../text/quote-text.js";

/** Rows to a block. */
export const raterBlockSize = 100;

export interface PackedRows {
  text: Uint8Array;
  ends: Int32Array;
}

export interface PackedReport {
  /** With each phase's `raterAgreement` left empty. */
  report: CohortReport;
  raterBlocks: Record<Phase, PackedRows>;
  /** A search reads these, not the rows. */
  raterNames: Record<Phase, string[]>;
  /** Each rater's share of scores exactly the ruled one (NaN where none computes): the lowest first reads these. */
  raterExact: Record<Phase, Float64Array>;
}

/** The order a phase's raters are listed in: by name, or the lowest share of exact scores first (those to help). */
export type RaterOrder = "name" | "lowest";

/** The orders a phase's raters can be listed in, with the words the page gives each. */
export const raterOrders: readonly {order: RaterOrder; words: string}[] = [
  {order: "name", words: "By name"},
  {order: "lowest", words: "Lowest exact share first"},
];

/** `rows(from, to)` as Array.prototype.slice, parsing only the blocks it needs. */
export interface RowSource<Row> {
  readonly length: number;
  rows(from: number, to: number): Row[];
  rowsAt(places: readonly number[]): Row[];
  /**
   * The places of the rows whose name holds `query`, ignoring case (every place for an empty query), in `order`: by
   * name, or the lowest share of exact scores first, a rater with none last, alike ones by name.
   */
  find(query: string, order?: RaterOrder): number[];
}

function blocksOf(rows: readonly RaterAgreement[]): PackedRows {
  const encoder = new TextEncoder();
  const blocks: Uint8Array[] = [];
  for (let at = 0; at < rows.length; at += raterBlockSize)
    blocks.push(encoder.encode(JSON.stringify(rows.slice(at, at + raterBlockSize))));
  const text = new Uint8Array(blocks.reduce((sum, block) => sum + block.length, 0));
  const ends = new Int32Array(blocks.length);
  let end = 0;
  blocks.forEach((block, index) => {
    text.set(block, end);
    ends[index] = end += block.length;
  });
  return {text, ends};
}

const withoutRaters = (phase: PhaseReport): PhaseReport => ({...phase, raterAgreement: []});

export function packReport(report: CohortReport): PackedReport {
  return {
    report: {...report, vague: withoutRaters(report.vague), guideline: withoutRaters(report.guideline)},
    raterBlocks: {vague: blocksOf(report.vague.raterAgreement), guideline: blocksOf(report.guideline.raterAgreement)},
    raterNames: {
      vague: report.vague.raterAgreement.map((row) => row.rater),
      guideline: report.guideline.raterAgreement.map((row) => row.rater),
    },
    raterExact: {vague: exactShares(report.vague), guideline: exactShares(report.guideline)},
  };
}

const exactShares = (phase: PhaseReport): Float64Array =>
  Float64Array.from(phase.raterAgreement, (row) => row.exact.value ?? Number.NaN);

export const packedBuffers = ({raterBlocks, raterExact}: PackedReport): ArrayBuffer[] =>
  [
    raterBlocks.vague.text.buffer,
    raterBlocks.guideline.text.buffer,
    raterExact.vague.buffer,
    raterExact.guideline.buffer,
  ] as ArrayBuffer[];

export function raterRows(packed: PackedReport, phase: Phase): RowSource<RaterAgreement> {
  const {text, ends} = packed.raterBlocks[phase];
  const decoder = new TextDecoder();
  const parsed = new Map<number, RaterAgreement[]>();
  const block = (index: number): RaterAgreement[] => {
    let rows = parsed.get(index);
    if (!rows) {
      const start = index === 0 ? 0 : ends[index - 1]!;
      parsed.set(index, (rows = JSON.parse(decoder.decode(text.subarray(start, ends[index]))) as RaterAgreement[]));
    }
    return rows;
  };
  const length = packed.report[phase].raters;
  const names = packed.raterNames[phase];
  const exact = packed.raterExact[phase];
  /** Every place, the lowest share first (NaN as the highest), alike ones by place: sorted once, when first asked. */
  let lowest: number[] | undefined;
  const lowestFirst = (): number[] => {
    if (lowest) return lowest;
    const rank = Float64Array.from(exact, (share) => (Number.isNaN(share) ? Infinity : share));
    return (lowest = Array.from({length}, (_, at) => at).sort((a, b) => rank[a]! - rank[b]! || a - b));
  };
  /** The names as a search reads them (raterSearchKey), once, when first searched. */
  let searched: string[] | undefined;
  const row = (at: number) => block(Math.floor(at / raterBlockSize))[at % raterBlockSize]!;
  return {
    length,
    rows(from, to) {
      const end = Math.min(to, length);
      const rows: RaterAgreement[] = [];
      for (let at = Math.max(0, from); at < end; at++) rows.push(row(at));
      return rows;
    },
    rowsAt: (places) => places.map(row),
    find(query, order = "name") {
      const wanted = raterSearchKey(query.trim());
      // The order kept is the caller's to keep too: an empty search copies it; a search filters it, which keeps it (a
      // pass over the raters, not a sort).
      const places = order === "lowest" ? lowestFirst() : Array.from({length}, (_, at) => at);
      if (!wanted) return order === "lowest" ? [...places] : places;
      const byName = (searched ??= names.map(raterSearchKey));
      return places.filter((at) => byName[at]!.includes(wanted));
    },
  };
}

/** Latin letters a search reads as plainer ones, though no mark sets them apart: "bjorn" finds "Bjørn". */
const plainer: Readonly<Record<string, string>> = {ø: "o", ł: "l", ß: "ss", æ: "ae", œ: "oe", đ: "d"};

/**
 * A name as the raters' search reads it: lower case, a Latin letter's accents set aside (and ø, ł, ß … read as o, l,
 * ss …), so "gunther" finds "Günther", typed with its ü as one character or as u and a mark. Only a Latin letter's:
 * in other scripts a mark is a letter's own (Devanagari's vowel signs), and "रम" must not find "राम".
 */
export const raterSearchKey = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{Mn}+/gu, "$1")
    .toLowerCase()
    .replace(/[øłßæœđ]/g, (letter) => plainer[letter]!);

// The pager: which of a phase's rows show, by the search, the order and the page chosen.

export const ratersPerPage = 50;

/**
 * What a phase's table of raters offers: ten raters are read at a glance, so shown whole; more get the search and the
 * order; more than a page, the pager's buttons too.
 */
export const raterControls = (raters: number): {find: boolean; pager: boolean} => ({
  find: raters > 10,
  pager: raters > ratersPerPage,
});

export interface RaterPage {
  /** `first` up to, not including, `last`. */
  first: number;
  last: number;
  /** Null when there is no page that way (the button is disabled). */
  previous: number | null;
  next: number | null;
  shown: string;
}

export function raterPage({total, found, first, query}: {total: number; found: number; first: number; query: string}) {
  const last = Math.min(found, first + ratersPerPage);
  const page: RaterPage = {
    first,
    last,
    previous: first === 0 ? null : Math.max(0, first - ratersPerPage),
    next: last >= found ? null : first + ratersPerPage,
    shown: !query
      ? `Raters ${thousands(first + 1)}–${thousands(last)} of ${thousands(total)}; the raters CSV holds them all.`
      : found
        ? `Raters ${thousands(first + 1)}–${thousands(last)} of the ${thousands(found)} whose name holds ` +
          `${quoteText(query)} (${thousands(total)} in all).`
        : `No rater's name holds ${quoteText(query)} (${thousands(total)} in all).`,
  };
  return page;
}

/**
 * What the coordinator chose in a phase's table of raters: the words typed in its search, the order, and the page's
 * first row.
 */
export interface RaterChoice {
  typed: string;
  order: RaterOrder;
  first: number;
}

export type RaterAction =
  {kind: "find"; typed: string} | {kind: "order"; order: RaterOrder} | {kind: "page"; first: number};

/**
 * Typing, or another order, starts again from the first rater listed; a page is where its button points (lib's
 * `raterPage`).
 */
export function chooseRaters(choice: RaterChoice, action: RaterAction): RaterChoice {
  switch (action.kind) {
    case "find":
      return action.typed === choice.typed && choice.first === 0 ? choice : {...choice, typed: action.typed, first: 0};
    case "order":
      return action.order === choice.order && choice.first === 0 ? choice : {...choice, order: action.order, first: 0};
    case "page":
      return action.first === choice.first ? choice : {...choice, first: action.first};
  }
}

/** @internal Only the tests read a packed report back to compare it with the unpacked one. */
export function unpackReport(packed: PackedReport): CohortReport {
  const phase = (name: Phase): PhaseReport => {
    const rows = raterRows(packed, name);
    return {...packed.report[name], raterAgreement: rows.rows(0, rows.length)};
  };
  return {...packed.report, vague: phase("vague"), guideline: phase("guideline")};
}
