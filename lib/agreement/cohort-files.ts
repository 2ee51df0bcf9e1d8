// Reading a coordinator's files in the browser (nothing is uploaded), each on its own, so a malformed file is listed
// and left out while the others count; a rater's repeat in a later file is that file's problem. A CSV streams in
// chunks with progress and cancel; ratings are kept as columns, never as an object per rating.
import Papa from "papaparse";
import {emptyColumns, phaseOfCode, ratingColumns, type RatingColumns} from "./rating-columns.js";
import type {CohortRating, InputProblem} from "./ratings.js";
import {problemListLimit, RatingsCollector} from "./ratings.js";
import {quoteValue} from "../text/quote-text.js";
import {papaConfig, RatingsCsvReader} from "./ratings-csv.js";
import {jsonFileOf, notUtf8Text, readJsonFile, textKindOf, utf8Decoder, type InputKind} from "./file-kind.js";
import {jsonFileSizeProblem} from "./ratings-judge.js";
import {formatBytes} from "../text/format.js";

export interface FileResult {
  name: string;
  kind: InputKind;
  size: number;
  /** None when the file was left out. */
  ratings: RatingColumns;
  /** A CSV line, or an answer's index in a trainee's record. */
  places: Int32Array;
  problems: InputProblem[];
  more: number;
  cancelled: boolean;
}

/** Streamed into columns, so larger than `npm run agreement` reads; a trainee's file and a judge's run have their own
 *  caps. */
export const csvByteCap = 256 * 1024 * 1024;

export interface ReadOptions {
  itemIds: readonly string[];
  /** 0-1. */
  onProgress?: (file: File, share: number) => void;
  signal?: AbortSignal;
  /** The main-thread stream when absent. */
  readCsv?: (file: File, options: CsvReadOptions) => Promise<CsvReadResult>;
  /** A file read now must not score a rater's item in a phase again. */
  kept?: readonly FileResult[];
}

export interface CsvReadOptions {
  itemIds: readonly string[];
  onProgress: (share: number) => void;
  signal?: AbortSignal;
}

export interface CsvReadResult {
  ratings: RatingColumns;
  places: Int32Array;
  problems: InputProblem[];
  more: number;
  cancelled: boolean;
}

export function collectedColumns(
  ratings: readonly CohortRating[],
  itemIds: readonly string[],
): {ratings: RatingColumns; places: Int32Array} {
  return {
    ratings: ratingColumns(ratings, itemIds),
    places: Int32Array.from(ratings, (rating) => rating.line ?? rating.answer ?? 0),
  };
}

const noRatings = () => ({ratings: emptyColumns(), places: new Int32Array(0)});

const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export const csvChunkBytes = 1024 * 1024;

/** While `afterChunk` answers (a promise), the parser waits. */
export function streamRatingsCsv(
  file: File,
  itemIds: readonly string[],
  afterChunk: (share: number) => boolean | Promise<boolean>,
): Promise<{collector: RatingsCollector; cancelled: boolean}> {
  const collector = new RatingsCollector();
  const reader = new RatingsCsvReader(file.name, itemIds, collector);
  let cancelled = false;
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve({collector: reader.end(), cancelled});
    };
    Papa.parse<string[]>(file, {
      ...papaConfig,
      chunkSize: csvChunkBytes,
      chunk: (results, parser) => {
        const errors = new Map<number, Papa.ParseError[]>();
        for (const error of results.errors) {
          const row = error.row ?? results.data.length - 1;
          errors.set(row, [...(errors.get(row) ?? []), error]);
        }
        results.data.forEach((row, index) => reader.row(row, errors.get(index)));
        const share = Math.min(1, results.meta.cursor / Math.max(1, file.size));
        const go = afterChunk(share);
        const next = (more: boolean) => {
          if (more) return;
          cancelled = true;
          parser.abort();
          finish();
        };
        if (typeof go === "boolean") next(go);
        else {
          parser.pause();
          go.then((more) => {
            next(more);
            if (more) parser.resume();
          }, reject);
        }
      },
      complete: finish,
      error: (error: Error) => reject(error),
    });
  });
}

/** The page is given a turn between chunks, and Cancel is heard there. */
export async function readCsvOnMainThread(
  file: File,
  {itemIds, onProgress, signal}: CsvReadOptions,
): Promise<CsvReadResult> {
  const {collector, cancelled} = await streamRatingsCsv(file, itemIds, async (share) => {
    onProgress(share);
    await yieldToEventLoop();
    return !signal?.aborted;
  });
  return {
    ...(cancelled ? noRatings() : collectedColumns(collector.ratings, itemIds)),
    problems: collector.problems,
    more: collector.overflow,
    cancelled,
  };
}

/** By `npm run agreement`'s check, a chunk at a time so a large CSV is never held whole: Papa Parse would turn every
 *  byte that is not UTF-8 into U+FFFD unseen. Null when aborted. */
async function isUtf8(file: Blob, signal: AbortSignal | undefined): Promise<boolean | null> {
  const decode = utf8Decoder();
  let start = 0;
  do {
    if (signal?.aborted) return null;
    const end = Math.min(file.size, start + csvChunkBytes);
    if (decode(new Uint8Array(await file.slice(start, end).arrayBuffer()), end === file.size) === null) return false;
    start = end;
  } while (start < file.size);
  return true;
}

const slotKey = (rater: string, code: number, item: number) => `${rater}\u0000${phaseOfCode(code)}\u0000${item}`;

/**
 * Adds to a file's problems each rating that scores a rater's item, in a phase, that an earlier file already holds
 * (only raters named in both files can have one); returns how many there are.
 */
function scoredAgain(result: FileResult, files: readonly FileResult[], itemIds: readonly string[]): number {
  const earlier = files.filter((file) => file.ratings.raters.length);
  if (!earlier.length) return 0;
  const before = new Set(earlier.flatMap((file) => file.ratings.raters));
  const again = new Set(result.ratings.raters.filter((rater) => before.has(rater)));
  if (!again.size) return 0;
  const where = new Map<string, string>();
  for (const file of earlier) {
    const {raters, rater, item, code} = file.ratings;
    const shared = raters.map((name) => again.has(name));
    for (let i = 0; i < code.length; i++)
      if (shared[rater[i]!]) where.set(slotKey(raters[rater[i]!]!, code[i]!, item[i]!), file.name);
  }
  const {raters, rater, item, code} = result.ratings;
  let found = 0;
  for (let i = 0; i < code.length; i++) {
    const name = raters[rater[i]!]!;
    const first = again.has(name) ? where.get(slotKey(name, code[i]!, item[i]!)) : undefined;
    if (first === undefined) continue;
    found++;
    if (result.problems.length >= problemListLimit) {
      result.more++;
      continue;
    }
    const place = result.places[i]!;
    result.problems.push({
      file: result.name,
      ...(result.kind === "csv" ? {line: place} : {field: `answers[${place}]`}),
      message:
        `${quoteValue(name)} already scored ${itemIds[item[i]!]} in the ${phaseOfCode(code[i]!)} phase in ` +
        `${first}: expected one score per rater, item and phase`,
    });
  }
  return found;
}

/** Reads every file; each is checked and counted on its own. */
export async function readCohortFiles(files: readonly File[], options: ReadOptions): Promise<FileResult[]> {
  const results: FileResult[] = [];
  for (const file of files) {
    const head = await file.slice(0, 64).text();
    const textKind = textKindOf(file.name, head);
    const result: FileResult = {
      name: file.name,
      // A JSON file's content says which it is; until it is read (or when it is too large to be), a trainee's record.
      kind: textKind === "csv" ? "csv" : "trainee",
      size: file.size,
      ...noRatings(),
      problems: [],
      more: 0,
      cancelled: false,
    };
    results.push(result);
    // A JSON file is held to the larger cap before it is read; a trainee's reader holds its file to its own limit.
    const tooLarge =
      textKind === "csv"
        ? file.size > csvByteCap && `larger than ${formatBytes(csvByteCap)}, the most read from one CSV file`
        : jsonFileSizeProblem(file.size);
    if (tooLarge) {
      result.problems.push({file: file.name, message: tooLarge});
      continue;
    }
    if (options.signal?.aborted) {
      result.cancelled = true;
      continue;
    }
    let read: {ratings: RatingColumns; places: Int32Array};
    if (textKind === "json") {
      const text = utf8Decoder()(new Uint8Array(await file.arrayBuffer()), true);
      if (text === null) {
        result.problems.push({file: file.name, message: notUtf8Text});
        continue;
      }
      const json = jsonFileOf(text);
      result.kind = json.kind;
      const collector = readJsonFile(json, text, file.name, options.itemIds);
      read = collectedColumns(collector.ratings, options.itemIds);
      result.problems = collector.problems;
      result.more = collector.overflow;
    } else {
      const utf8 = await isUtf8(file, options.signal);
      if (utf8 === null) {
        result.cancelled = true;
        continue;
      }
      if (!utf8) {
        result.problems.push({file: file.name, message: notUtf8Text});
        continue;
      }
      const csv = await (options.readCsv ?? readCsvOnMainThread)(file, {
        itemIds: options.itemIds,
        onProgress: (share) => options.onProgress?.(file, share),
        signal: options.signal,
      });
      read = csv;
      result.problems = csv.problems;
      result.more = csv.more;
      result.cancelled = csv.cancelled;
    }
    if (result.cancelled || result.problems.length) continue;
    Object.assign(result, read);
    // A file that scores again what another holds is left out whole, as a file with any other problem is.
    if (scoredAgain(result, [...(options.kept ?? []), ...results.slice(0, -1)], options.itemIds))
      Object.assign(result, noRatings());
  }
  return results;
}
