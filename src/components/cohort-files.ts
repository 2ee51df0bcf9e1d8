// Reading a coordinator's files in the browser (File API; nothing is uploaded): trainees' progress records (.json)
// and ratings CSVs (rater,item,phase,score). Each file is read on its own, so a malformed file is listed with its
// problems and left out while the others still count; a rater who appears in two files with the same item and phase
// is a problem of the later file. A CSV streams in chunks (in a worker when one is given), with progress and cancel.
import Papa from "papaparse";
import type {CohortRating, InputProblem} from "../lib/agreement/ratings.js";
import {problemListLimit, RatingsCollector} from "../lib/agreement/ratings.js";
import {papaConfig, RatingsCsvReader} from "../lib/agreement/ratings-csv.js";
import {readTraineeFile} from "../lib/agreement/ratings-progress.js";

export type FileKind = "csv" | "trainee";

export interface FileResult {
  name: string;
  kind: FileKind;
  size: number;
  /** The ratings the file gave, empty when it was left out. */
  ratings: CohortRating[];
  problems: InputProblem[];
  /** Problems past the listing limit. */
  more: number;
  cancelled: boolean;
}

/** A trainee's record is JSON; a .csv is CSV; any other name is judged by its first character. */
export function kindOfFile(name: string, start: string): FileKind {
  if (/\.csv$/i.test(name)) return "csv";
  if (/\.json$/i.test(name)) return "trainee";
  return start.trimStart().startsWith("{") ? "trainee" : "csv";
}

/** The largest trainee's record read (a record holds a few hundred answers; this is far more). */
export const traineeByteCap = 5 * 1024 * 1024;
/** The largest CSV read: about a million rows and then some. */
export const csvByteCap = 256 * 1024 * 1024;

export interface ReadOptions {
  itemIds: readonly string[];
  /** Called with the share of a CSV read so far (0-1). */
  onProgress?: (file: File, share: number) => void;
  /** Aborts a CSV being read. */
  signal?: AbortSignal;
  /** Reads a CSV off the main thread; the main-thread stream when absent. */
  readCsv?: (file: File, options: CsvReadOptions) => Promise<CsvReadResult>;
}

export interface CsvReadOptions {
  itemIds: readonly string[];
  onProgress: (share: number) => void;
  signal?: AbortSignal;
}

export interface CsvReadResult {
  ratings: CohortRating[];
  problems: InputProblem[];
  more: number;
  cancelled: boolean;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** How much of a CSV Papa Parse reads at a time. */
export const csvChunkBytes = 1024 * 1024;

/**
 * Streams a CSV File through Papa Parse in chunks into a collector. After each chunk, `afterChunk` hears the share
 * read so far and says whether to go on; while it answers (a promise), the parser waits.
 */
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

/** The main-thread path: the page is given a turn between chunks, and Cancel is heard there. */
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
    ratings: cancelled ? [] : collector.ratings,
    problems: collector.problems,
    more: collector.overflow,
    cancelled,
  };
}

const slotKey = (rating: CohortRating) => `${rating.rater}\u0000${rating.phase}\u0000${rating.item}`;

/** Reads every file; each is checked and counted on its own. */
export async function readCohortFiles(files: readonly File[], options: ReadOptions): Promise<FileResult[]> {
  const results: FileResult[] = [];
  const keptRaters = new Set<string>();
  for (const file of files) {
    const head = await file.slice(0, 64).text();
    const kind = kindOfFile(file.name, head);
    const result: FileResult = {
      name: file.name,
      kind,
      size: file.size,
      ratings: [],
      problems: [],
      more: 0,
      cancelled: false,
    };
    results.push(result);
    const cap = kind === "csv" ? csvByteCap : traineeByteCap;
    if (file.size > cap) {
      const mb = Math.round(cap / 1024 / 1024);
      result.problems.push({
        file: file.name,
        message: `larger than ${mb} MB, the most read from one ${kind === "csv" ? "CSV" : "trainee's"} file`,
      });
      continue;
    }
    if (options.signal?.aborted) {
      result.cancelled = true;
      continue;
    }
    let ratings: CohortRating[];
    if (kind === "trainee") {
      const collector = readTraineeFile(await file.text(), file.name, options.itemIds);
      ratings = collector.ratings;
      result.problems = collector.problems;
    } else {
      const read = await (options.readCsv ?? readCsvOnMainThread)(file, {
        itemIds: options.itemIds,
        onProgress: (share) => options.onProgress?.(file, share),
        signal: options.signal,
      });
      ratings = read.ratings;
      result.problems = read.problems;
      result.more = read.more;
      result.cancelled = read.cancelled;
    }
    if (result.cancelled || result.problems.length) continue;
    // A second score for the same rater, item and phase in another file: only raters already seen can have one.
    const raters = new Set(ratings.map((rating) => rating.rater));
    const again = [...raters].filter((rater) => keptRaters.has(rater));
    if (again.length) {
      const where = new Map<string, string>();
      for (const kept of results)
        for (const rating of kept.ratings) if (again.includes(rating.rater)) where.set(slotKey(rating), kept.name);
      for (const rating of ratings) {
        const first = where.get(slotKey(rating));
        if (first === undefined) continue;
        if (result.problems.length >= problemListLimit) {
          result.more++;
          continue;
        }
        result.problems.push({
          file: file.name,
          ...(rating.line !== undefined ? {line: rating.line} : {field: `answers[${rating.answer}]`}),
          message:
            `${JSON.stringify(rating.rater)} already scored ${rating.item} in the ${rating.phase} phase in ` +
            `${first}: expected one score per rater, item and phase`,
        });
      }
      if (result.problems.length) continue;
    }
    for (const rater of raters) keptRaters.add(rater);
    result.ratings = ratings;
  }
  return results;
}
