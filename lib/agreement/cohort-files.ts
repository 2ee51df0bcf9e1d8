// Reading a coordinator's files in the browser (File API; nothing is uploaded): trainees' progress records and
// judges' run files (.json) and ratings CSVs (rater,item,phase,score). Each file is read on its own, so a malformed
// file is listed with its problems and left out while the others still count; a rater who appears in two files with
// the same item and phase is a problem of the later file. A CSV streams in chunks in the page's worker, with
// progress and cancel. A file's ratings are kept as columns (typed arrays), never as an object per rating.
import {emptyColumns, phaseOfCode, ratingColumns, type RatingColumns} from "./rating-columns.js";
import {problemListLimit, type CohortRating, type InputProblem} from "./ratings.js";
import {quoteValue} from "../text/quote-text.js";
import {jsonFileOf, notUtf8Text, readJsonFile, textKindOf, utf8Decoder, type InputKind} from "./file-kind.js";
import {jsonFileSizeProblem} from "./ratings-judge.js";
import {formatBytes} from "../text/format.js";

export interface FileResult {
  name: string;
  kind: InputKind;
  size: number;
  /** The ratings the file gave, as columns over the page's items; none when it was left out. */
  ratings: RatingColumns;
  /** Where each rating was read: its CSV line, or its answer's index in a trainee's record. */
  places: Int32Array;
  problems: InputProblem[];
  /** Problems past the listing limit. */
  more: number;
  cancelled: boolean;
}

/**
 * The largest CSV read: about a million rows and then some. Streamed into columns, so larger than `npm run agreement`
 * reads (lib/agreement/read-files.node.ts); a trainee's file is held to progressFileByteLimit, as everywhere, and a
 * judge's run to judgeRunByteCap (lib/agreement/ratings-judge.ts).
 */
export const csvByteCap = 256 * 1024 * 1024;

export interface ReadOptions {
  itemIds: readonly string[];
  /** Called with the share of a CSV read so far (0-1). */
  onProgress?: (file: File, share: number) => void;
  /** Aborts a CSV being read. */
  signal?: AbortSignal;
  /** Reads a CSV in the page's worker (lib/agreement/cohort-worker-client.ts). */
  readCsv: (file: File, options: CsvReadOptions) => Promise<CsvReadResult>;
  /** Files already counted, which a file read now must not score again (a rater's item in a phase). */
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

/** Ratings read (a collector's) as columns, with where each was read. */
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

/** How much of a file the UTF-8 check reads at a time. */
const utf8ChunkBytes = 1024 * 1024;

/**
 * Whether a file is UTF-8 text throughout, by the check `npm run agreement` makes (utf8Decoder), read a chunk at a
 * time so a large CSV is never held whole; null when the signal aborts meanwhile. Papa Parse decodes what it reads
 * and would turn every byte that is not UTF-8 into U+FFFD unseen.
 */
async function isUtf8(file: Blob, signal: AbortSignal | undefined): Promise<boolean | null> {
  const decode = utf8Decoder();
  let start = 0;
  do {
    if (signal?.aborted) return null;
    const end = Math.min(file.size, start + utf8ChunkBytes);
    if (decode(new Uint8Array(await file.slice(start, end).arrayBuffer()), end === file.size) === null) return false;
    start = end;
  } while (start < file.size);
  return true;
}

/** A rater's item in a phase, the slot a rating fills. */
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
      const csv = await options.readCsv(file, {
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
