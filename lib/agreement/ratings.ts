// A cohort's ratings and the checks every input goes through, whatever its file. A problem names the file, the line
// (or field path) and the field, and says what would be valid.
import type {Phase} from "../authored/schemas/parts.js";
import {escapeUnsafe, quoteName, quoteValue} from "../text/quote-text.js";
import {raterNameFault} from "./rater-name.js";
import {listWords, plural} from "../text/format.js";

/** Literals, so it keys a record of counts: the authored `Score` type (verdict.ts) is number | "n/a". */
export type ScaleScore = 1 | 2 | 3 | 4 | 5 | "n/a";
export const scores: readonly ScaleScore[] = [1, 2, 3, 4, 5, "n/a"];
export const phases: readonly Phase[] = ["vague", "guideline"];

export interface CohortRating {
  rater: string;
  item: string;
  phase: Phase;
  score: ScaleScore;
  /** A file, and a line (CSV) or an answer's index (a trainee's record). */
  file: string;
  line?: number;
  answer?: number;
}

export interface InputProblem {
  file: string;
  /** 1 is the header. */
  line?: number;
  /** A CSV column, or a path in a JSON record like answers[3].item. */
  field?: string;
  message: string;
}

export function formatInputProblem({file, line, field, message}: InputProblem): string {
  // The whole line: a message can name a second file (where a duplicate score was first given).
  if (line !== undefined) return escapeUnsafe(`${file} line ${line}${field ? `, field ${field}` : ""}: ${message}`);
  return escapeUnsafe(field ? `${file} at ${field}: ${message}` : `${file}: ${message}`);
}

/** The most problems one read reports before it stops listing them. */
export const problemListLimit = 50;

/** Input that cannot be read as ratings; the message lists the problems, one per line. */
export class RatingsInputError extends Error {
  constructor(
    readonly problems: readonly InputProblem[],
    /** Problems found past the listing limit. */
    readonly more = 0,
  ) {
    const lines = problems.map(formatInputProblem);
    if (more) lines.push(`... and ${plural(more, "more problem")}`);
    super(lines.join("\n"));
    this.name = "RatingsInputError";
  }
}

type Checked<T> = {ok: true; value: T} | {ok: false; message: string};

/**
 * A rater's name, spaces and tabs around it dropped (a CSV cell is often padded), in one Unicode form (NFC: "José"
 * typed two ways is one rater), checked by the one rule every reader shares (rater-name.ts). Only spaces and tabs:
 * String#trim would also drop a line separator or a no-break space, which the rule refuses wherever the name is from.
 * `maxLength` is a judge's (rater-name.ts judgeRaterNameMaxLength); a person's is the default.
 */
export function checkRater(raw: string, maxLength?: number): Checked<string> {
  const name = raw.replace(/^[ \t]+|[ \t]+$/g, "").normalize("NFC");
  if (!name) return {ok: false, message: "empty: expected the rater's name"};
  const fault = raterNameFault(name, maxLength);
  return fault === null ? {ok: true, value: name} : {ok: false, message: `${quoteValue(name)}: ${fault}`};
}

/** A phase in any case ("Vague", as a spreadsheet capitalises it), as the header's names and "N/A" are read. */
export function checkPhase(raw: string): Checked<Phase> {
  const phase = raw.trim();
  const lower = phase.toLowerCase();
  return lower === "vague" || lower === "guideline"
    ? {ok: true, value: lower}
    : {ok: false, message: `${quoteValue(phase)} is not a phase: expected vague or guideline`};
}

export function checkScore(raw: string | number): Checked<ScaleScore> {
  const text = typeof raw === "number" ? String(raw) : raw.trim();
  if (/^[1-5]$/.test(text)) return {ok: true, value: Number(text) as ScaleScore};
  if (text.toLowerCase() === "n/a") return {ok: true, value: "n/a"};
  return {ok: false, message: `${quoteValue(text)} is not a score: expected 1, 2, 3, 4, 5 or n/a`};
}

/** Checks item ids against the items the site knows. */
export function itemChecker(itemIds: readonly string[]): (raw: string) => Checked<string> {
  const known = new Set(itemIds);
  const list =
    itemIds.length > 12 ? `${itemIds.slice(0, 12).join(", ")} ... (${itemIds.length} in all)` : itemIds.join(", ");
  return (raw) => {
    const id = raw.trim();
    if (known.has(id)) return {ok: true, value: id};
    if (!id) return {ok: false, message: "empty: expected an item id"};
    // Ids are lower case ("Example-4" is example-4 written as a title): said with the fix, not the whole list.
    const lower = id.toLowerCase();
    if (known.has(lower))
      return {ok: false, message: `unknown item ${quoteValue(id)}: ids are lower case, write ${quoteValue(lower)}`};
    return {ok: false, message: `unknown item ${quoteValue(id)}: expected one of ${list}`};
  };
}

const where = (rating: CohortRating): string =>
  rating.line !== undefined
    ? `${rating.file} line ${rating.line}`
    : rating.answer !== undefined
      ? `${rating.file} at answers[${rating.answer}]`
      : rating.file;

/** An export's time as the file gives it (ISO, UTC), to the second: two exports a minute apart are told apart. */
const exportTime = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** The raters two files share, a few by name: "a", "b", "c" and 2 more. */
const raterList = (raters: readonly string[]): string =>
  listWords(
    raters.slice(0, 3).map((rater) => quoteName(rater)),
    {count: raters.length},
  );

/**
 * The one problem of a file whose raters score again what another file holds (the same trainee exported twice, a
 * CSV given twice under two names): said once for the two files, naming both and the fix, on /cohort and by
 * `npm run agreement` alike. `exported` are the two files' export times where both are trainees' exports.
 */
export function sameRatersProblem({
  file,
  first,
  raters,
  scores,
  exported,
  sizes,
}: {
  file: string;
  first: string;
  raters: readonly string[];
  scores: number;
  exported?: {file: string | null; first: string | null};
  /** How many ratings each file holds, where known. */
  sizes?: {file: number; first: number};
}): InputProblem {
  const newer = newerExport({first, exported, sizes});
  return {
    file,
    message:
      `${raterList(raters)} ${raters.length === 1 ? "is" : "are"} also in ${first}, which already holds ` +
      `${scores} of this file's scores (a rater scores each item once in each phase). Keep one of the two files ` +
      `and remove the other; where a file also holds other raters, remove only these raters' scores from it.${newer}`,
  };
}

/** An export's time as two exports are told apart: to the second, as the times are written. */
const exportSecond = (iso: string | null | undefined): string | undefined => iso?.slice(0, 19);

/**
 * Whether of two trainees' exports `a` is the one to keep in place of `b`: exported later (to the second) and holding
 * as many scores or more. A newer export holding fewer may come from another browser: neither is then the one.
 */
export const keepsNewer = (
  a: {exportedAt?: string | null; scores: number},
  b: {exportedAt?: string | null; scores: number},
): boolean => {
  const [mine, theirs] = [exportSecond(a.exportedAt), exportSecond(b.exportedAt)];
  return !!mine && !!theirs && mine > theirs && a.scores >= b.scores;
};

/** Which of two trainees' exports is the newer, and which to keep: "" unless both give their export's time. */
function newerExport({
  first,
  exported,
  sizes,
}: {
  first: string;
  exported?: {file: string | null; first: string | null};
  sizes?: {file: number; first: number};
}): string {
  // Told apart to the second, as the times are written: two exports within one second name no newer one.
  const [mine, theirs] = [exportSecond(exported?.file), exportSecond(exported?.first)];
  // A record only grows in the browser that keeps it: a newer export holding fewer scores likely comes from another.
  const fewer = (newer: number, older: number) =>
    newer < older
      ? `, but it holds fewer scores (${newer} against ${older}): a record only grows in the browser that keeps it, ` +
        "so this one may come from another. Keep the file whose scores you mean to count and remove the other."
      : null;
  /** `which` exported at `at` is newer than `other`; `counts` are the two files' scores, the newer's first. */
  const newerWords = (which: string, at: string, other: string, otherAt: string, counts?: [number, number]) => {
    const times = `exported ${exportTime(at)}; ${other} was exported ${exportTime(otherAt)}`;
    const advice = (counts && fewer(...counts)) ?? `: keep it and remove ${other}.`;
    return ` The newer export is ${which} (${times})${advice}`;
  };
  return !mine || !theirs
    ? ""
    : mine === theirs
      ? ` Both were exported ${exportTime(mine)}, the same second: neither is the newer export.`
      : mine > theirs
        ? newerWords("this file", mine, first, theirs, sizes && [sizes.file, sizes.first])
        : newerWords(first, theirs, "this file", mine, sizes && [sizes.first, sizes.file]);
}

/**
 * The one problem of a trainee's file that holds the same saved record as another under another name (one's answers
 * begin the other's, each to the millisecond: one browser's record, exported twice, named once or not at all): the
 * later file is left out, on /cohort and by `npm run agreement` alike, so one trainee never counts as two raters.
 */
export function sameRecordProblem({
  file,
  first,
  answers,
  exported,
}: {
  file: string;
  first: string;
  /** How many answers, from the first, the two files share. */
  answers: number;
  exported?: {file: string | null; first: string | null};
}): InputProblem {
  return {
    file,
    message:
      `holds the same trainee's record as ${first}, under another name: its first ` +
      `${answers === 1 ? "answer is" : `${answers} answers are`} that file's, each to the millisecond, so its ` +
      "scores would count twice, as two raters'. Keep one of the two files and remove the other." +
      newerExport({first, exported}),
  };
}

/** A trainee's file as the same-record rule reads it (./ratings-progress.ts recordAgain): its name, its raters, its
 *  record (each answer as JSON) and when it was exported. */
export interface FileRecord {
  file: string;
  raters: readonly string[];
  answers: readonly string[] | null;
  exportedAt: string | null;
}

/** Two files' ratings scored again: where its problem is listed, the files, the raters and how many scores. */
interface Pair {
  at: number;
  file: string;
  first: string;
  raters: Set<string>;
  scores: number;
  said: boolean;
}

/**
 * Collects ratings and problems from any number of inputs; one rater's second score for an item in a phase is a
 * problem naming where the first was read, or, when the first is in another file, one problem for the two files
 * (sameRatersProblem). `result()` returns the ratings, or throws every problem found.
 */
export class RatingsCollector {
  readonly ratings: CohortRating[] = [];
  private readonly listed: InputProblem[] = [];
  /** Each trainee's file's rater, record and export time, by file (lib/agreement/ratings-progress.ts, recordOf). */
  readonly records = new Map<string, FileRecord>();
  /** The raters named after their files (a trainee's file with no name in it). */
  readonly unnamed = new Set<string>();
  /** How many ratings each file has given so far, those scored again included. */
  private readonly given = new Map<string, number>();
  private more = 0;
  /** Ratings scored again across files, by the two files: the raters and how many; `said` once worded as they stand. */
  private readonly across = new Map<string, Pair>();
  // Who scored what, in memory that grows with the ratings, not with raters × items: each rater's ratings kept so far
  // as a linked list (the first in `head`, each next in `next`), each with its item and phase as one number. A rater
  // scores each item once a phase, so a list is at most items × 2 long, and a million ratings, from twenty raters or
  // from a million, stream through with no key strings and no map of a million entries.
  private readonly raterIndex = new Map<string, number>();
  private readonly itemIndex = new Map<string, number>();
  private head = new Int32Array(64);
  private next = new Int32Array(1024);
  private slot = new Int32Array(1024);

  private static grown(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
    if (length <= array.length) return array;
    const grown = new Int32Array(Math.max(length, 2 * array.length));
    grown.set(array);
    return grown;
  }

  /** The first rating with this rating's rater, item and phase, if any; records this one otherwise. */
  private firstOf(rating: CohortRating): CohortRating | undefined {
    let rater = this.raterIndex.get(rating.rater);
    if (rater === undefined) this.raterIndex.set(rating.rater, (rater = this.raterIndex.size));
    let item = this.itemIndex.get(rating.item);
    if (item === undefined) this.itemIndex.set(rating.item, (item = this.itemIndex.size));
    const slot = 2 * item + (rating.phase === "vague" ? 0 : 1);
    this.head = RatingsCollector.grown(this.head, rater + 1);
    // Entries are 1 + a rating's index; 0 ends a list.
    for (let entry = this.head[rater]!; entry; entry = this.next[entry - 1]!)
      if (this.slot[entry - 1] === slot) return this.ratings[entry - 1];
    const index = this.ratings.length;
    this.next = RatingsCollector.grown(this.next, index + 1);
    this.slot = RatingsCollector.grown(this.slot, index + 1);
    this.next[index] = this.head[rater]!;
    this.slot[index] = slot;
    this.head[rater] = index + 1;
    return undefined;
  }

  /** How many problems there are, listed or not, without wording any pair's (`problems` does). */
  get problemCount(): number {
    return this.listed.length + this.more;
  }

  /** Problems found past the listing limit. */
  get overflow(): number {
    return this.more;
  }

  /**
   * The problems found so far, in the order found; a pair of files' problem worded with the ratings given so far
   * (whole once every file is read), when asked for rather than at each rating scored again.
   */
  get problems(): InputProblem[] {
    for (const pair of this.across.values()) if (!pair.said) this.sayPair(pair);
    return this.listed;
  }

  problem(problem: InputProblem): void {
    if (this.listed.length < problemListLimit) this.listed.push(problem);
    else this.more++;
  }

  add(rating: CohortRating, field?: string): void {
    this.given.set(rating.file, (this.given.get(rating.file) ?? 0) + 1);
    const first = this.firstOf(rating);
    if (first && first.file !== rating.file) {
      // One problem for the two files, its words brought up to date as it grows.
      const key = `${rating.file}\u0000${first.file}`;
      let pair = this.across.get(key);
      if (!pair) {
        const at = this.listed.length;
        const made: Pair = {at, file: rating.file, first: first.file, raters: new Set(), scores: 0, said: false};
        this.across.set(key, (pair = made));
        this.problem({file: rating.file, message: ""});
      }
      pair.raters.add(rating.rater);
      pair.scores++;
      pair.said = false;
      return;
    }
    if (first) {
      this.problem({
        file: rating.file,
        ...(rating.line === undefined ? (field === undefined ? {} : {field}) : {line: rating.line}),
        message:
          `${quoteName(rating.rater)} already scored ${rating.item} in the ${rating.phase} phase (${where(first)}): ` +
          "expected one score per rater, item and phase",
      });
      return;
    }
    this.ratings.push(rating);
  }

  /** A pair's problem in words, with the two files' ratings as given so far: whole once every file is read. */
  private sayPair(pair: Pair): void {
    pair.said = true;
    if (pair.at >= this.listed.length) return;
    const exportedAt = (file: string) => this.records.get(file)?.exportedAt ?? null;
    const exported = {file: exportedAt(pair.file), first: exportedAt(pair.first)};
    this.listed[pair.at] = sameRatersProblem({
      file: pair.file,
      first: pair.first,
      raters: [...pair.raters],
      scores: pair.scores,
      exported,
      sizes: {file: this.given.get(pair.file)!, first: this.given.get(pair.first)!},
    });
  }

  result(): CohortRating[] {
    // Every file read: each pair's words with the files' whole counts (a file's last ratings may follow its last
    // score given again).
    for (const pair of this.across.values()) this.sayPair(pair);
    if (this.listed.length) throw new RatingsInputError(this.listed, this.more);
    return this.ratings;
  }
}
