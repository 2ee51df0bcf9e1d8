// A cohort's ratings as columns: a million ratings are 9 MB in three typed arrays rather than a million objects, copy
// to and from a worker as a few blocks of memory, and are read by the report in tight loops.
import type {Phase} from "../authored/schemas/parts.js";
import {phases, scores, type CohortRating, type ScaleScore} from "./ratings.js";
import {quoteValue} from "../text/quote-text.js";

export interface RatingColumns {
  raters: string[];
  rater: Int32Array;
  /** An index into the item list the columns were made for. */
  item: Int32Array;
  /** phase index × 6 + score index (`ratingCode`). */
  code: Uint8Array;
}

/** 0-5: the vague phase's scores 1, 2, 3, 4, 5, n/a; 6-11: the guideline phase's. */
export const ratingCode = (phase: Phase, score: ScaleScore): number =>
  phases.indexOf(phase) * scores.length + scores.indexOf(score);
export const phaseOfCode = (code: number): Phase => phases[Math.floor(code / scores.length)]!;
export const scoreOfCode = (code: number): ScaleScore => scores[code % scores.length]!;
export const codeCount = phases.length * scores.length;

export const emptyColumns = (): RatingColumns => ({
  raters: [],
  rater: new Int32Array(0),
  item: new Int32Array(0),
  code: new Uint8Array(0),
});

export const columnsLength = (columns: RatingColumns): number => columns.code.length;

/** Raters are numbered in the order first seen; a rating of another item throws. */
export function ratingColumns(ratings: readonly CohortRating[], itemIds: readonly string[]): RatingColumns {
  const itemIndex = new Map(itemIds.map((id, index) => [id, index]));
  const raterIndex = new Map<string, number>();
  const n = ratings.length;
  const columns: RatingColumns = {
    raters: [],
    rater: new Int32Array(n),
    item: new Int32Array(n),
    code: new Uint8Array(n),
  };
  for (let i = 0; i < n; i++) {
    const rating = ratings[i]!;
    const item = itemIndex.get(rating.item);
    if (item === undefined) throw new RangeError(`a rating of an unknown item ${quoteValue(rating.item)}`);
    let rater = raterIndex.get(rating.rater);
    if (rater === undefined) {
      raterIndex.set(rating.rater, (rater = columns.raters.length));
      columns.raters.push(rating.rater);
    }
    columns.rater[i] = rater;
    columns.item[i] = item;
    columns.code[i] = ratingCode(rating.phase, rating.score);
  }
  return columns;
}

/** Several files' columns as one: a rater named in two of them is one rater, numbered where first seen. */
export function joinColumns(parts: readonly RatingColumns[]): RatingColumns {
  if (parts.length === 1) return parts[0]!;
  const n = parts.reduce((sum, part) => sum + part.code.length, 0);
  const joined: RatingColumns = {
    raters: [],
    rater: new Int32Array(n),
    item: new Int32Array(n),
    code: new Uint8Array(n),
  };
  const raterIndex = new Map<string, number>();
  let at = 0;
  for (const part of parts) {
    const renumber = new Int32Array(part.raters.length);
    part.raters.forEach((name, index) => {
      let rater = raterIndex.get(name);
      if (rater === undefined) {
        raterIndex.set(name, (rater = joined.raters.length));
        joined.raters.push(name);
      }
      renumber[index] = rater;
    });
    for (let i = 0; i < part.code.length; i++) joined.rater[at + i] = renumber[part.rater[i]!]!;
    joined.item.set(part.item, at);
    joined.code.set(part.code, at);
    at += part.code.length;
  }
  return joined;
}

/**
 * A copy of the columns and its buffers, to transfer to a worker: copying typed arrays here is a fast block copy,
 * where posting them would serialize them, a long task for a million ratings.
 */
export function transferableColumns(columns: RatingColumns): {columns: RatingColumns; buffers: ArrayBuffer[]} {
  const copy = {
    raters: columns.raters,
    rater: columns.rater.slice(),
    item: columns.item.slice(),
    code: columns.code.slice(),
  };
  return {columns: copy, buffers: [copy.rater.buffer, copy.item.buffer, copy.code.buffer]};
}

/**
 * The ratings back as records (for a test, or a caller that wants objects); `file` names where they came from.
 * @internal Only the tests turn ratings into the columns the worker holds.
 */
export function columnRatings(columns: RatingColumns, itemIds: readonly string[], file: string): CohortRating[] {
  return Array.from(columns.code, (code, i) => ({
    rater: columns.raters[columns.rater[i]!]!,
    item: itemIds[columns.item[i]!]!,
    phase: phaseOfCode(code),
    score: scoreOfCode(code),
    file,
  }));
}
