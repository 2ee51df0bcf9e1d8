// Reading a coordinator's files in the browser (File API; nothing is uploaded): trainees' progress records and judges'
// run files (.json) and ratings CSVs (rater,item,phase,score). Each file is read on its own, so a malformed file is
// listed with its problems and left out while the others still count; a rater who appears in two files with the same
// item and phase, or one trainee's record under another name in two files, is one problem of the later file, which is
// left out (its ratings held, should the other file be removed). A file dropped again (the same bytes under the same
// name, listed under it or numbered) takes the place of the kept one; another file under a kept file's name is kept
// too, under that name numbered ("name (2).json"), never in its place.
// A CSV streams in chunks in the page's worker, with progress and cancel. A file's ratings are kept as columns (typed
// arrays), never as an object per rating.
import {columnsLength, emptyColumns, phaseOfCode, ratingColumns, type RatingColumns} from "./rating-columns.js";
import {sameRatersProblem, type CohortRating, type FileRecord, type InputProblem} from "./ratings.js";
import {recordAgain, type RecordAnswers} from "./ratings-progress.js";
import {jsonFileOf, notUtf8Text, readJsonFile, textKindOf, type InputKind} from "./file-kind.js";
import {utf8Decoder} from "../text/utf8.js";
import {jsonFileSizeProblem} from "./ratings-judge.js";
import {formatBytes} from "../text/format.js";

export interface FileResult {
  /** The name it is listed under: the dropped file's, numbered when another kept file has it. */
  name: string;
  /** The file's bytes' SHA-256 (fileDigest), which tells the same file dropped again from another of that name. */
  digest: string;
  /** The name as dropped when it is listed under another, and whether it took the place of a kept file's copy. */
  dropped?: {name: string; again: boolean};
  /** A trainee's export's time, as the file gives it. */
  exportedAt?: string | null;
  /** A trainee's record, which tells the same record exported twice (lib/agreement/ratings-progress.ts). */
  record?: RecordAnswers | null;
  /** The ratings of a file left out only because another file holds its raters' scores or its record, counted if
   *  that one goes. */
  held?: {ratings: RatingColumns; places: Int32Array};
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

const hex = (bytes: ArrayBuffer): string =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

const sha256 = (chunk: Uint8Array) => crypto.subtle.digest("SHA-256", chunk as Uint8Array<ArrayBuffer>);

/**
 * A file's content as one string: the SHA-256 of its chunks' SHA-256s in order (the chunks of utf8ChunkBytes, so a
 * CSV is hashed as it is read, never held whole). The same bytes give the same digest, whatever the file is called.
 */
async function fileDigest(sums: readonly Promise<ArrayBuffer>[]): Promise<string> {
  const joined = new Uint8Array(sums.length * 32);
  (await Promise.all(sums)).forEach((sum, index) => joined.set(new Uint8Array(sum), index * 32));
  return hex(await sha256(joined));
}

const chunksOf = (bytes: Uint8Array): Uint8Array[] => {
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.length || !chunks.length; start += utf8ChunkBytes)
    chunks.push(bytes.subarray(start, start + utf8ChunkBytes));
  return chunks;
};

const stemAndExt = (name: string): [string, string] => {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
};

/** "name (2).json": the first number that no listed file has. */
function numbered(name: string, taken: ReadonlySet<string>): string {
  const [stem, ext] = stemAndExt(name);
  for (let n = 2; ; n++) if (!taken.has(`${stem} (${n})${ext}`)) return `${stem} (${n})${ext}`;
}

/** Whether a file dropped as `name` may be listed as `listed`: that name, or that name numbered ("name (3).json"). */
function listedAs(listed: string, name: string): boolean {
  if (listed === name) return true;
  const [stem, ext] = stemAndExt(name);
  if (!listed.startsWith(`${stem} (`) || !listed.endsWith(`)${ext}`)) return false;
  return /^[1-9]\d*$/.test(listed.slice(stem.length + 2, listed.length - ext.length - 1));
}

/**
 * Where a dropped file is listed among the files already listed: the same bytes listed under its name, or under its
 * name numbered, take the place of that file (`replaces`, the name it keeps); other bytes under a listed name are
 * listed under that name numbered. Nothing listed is ever replaced by another file.
 */
function placeFile(
  name: string,
  digest: string,
  listed: readonly Pick<FileResult, "name" | "digest">[],
): {name: string; replaces: string | null} {
  const copy = listed.find((file) => file.digest === digest && listedAs(file.name, name));
  if (copy) return {name: copy.name, replaces: copy.name};
  if (!listed.some((file) => file.name === name)) return {name, replaces: null};
  return {name: numbered(name, new Set(listed.map((file) => file.name))), replaces: null};
}

/** How much of a file the UTF-8 check reads at a time. */
const utf8ChunkBytes = 1024 * 1024;

/**
 * Whether a file is UTF-8 text throughout, by the check `npm run agreement` makes (utf8Decoder), read a chunk at a
 * time so a large CSV is never held whole; null when the signal aborts meanwhile. Papa Parse decodes what it reads
 * and would turn every byte that is not UTF-8 into U+FFFD unseen.
 */
async function isUtf8(file: Blob, signal: AbortSignal | undefined): Promise<{utf8: boolean; digest: string} | null> {
  const decode = utf8Decoder();
  const sums: Promise<ArrayBuffer>[] = [];
  let start = 0;
  let utf8 = true;
  do {
    if (signal?.aborted) return null;
    const end = Math.min(file.size, start + utf8ChunkBytes);
    const chunk = new Uint8Array(await file.slice(start, end).arrayBuffer());
    sums.push(sha256(chunk));
    if (utf8 && decode(chunk, end === file.size) === null) utf8 = false;
    start = end;
  } while (start < file.size);
  return {utf8, digest: await fileDigest(sums)};
}

/** A rater's item in a phase, the slot a rating fills. */
const slotKey = (rater: string, code: number, item: number) => `${rater}\u0000${phaseOfCode(code)}\u0000${item}`;

/**
 * The problems of a file whose raters score a rater's item, in a phase, that an earlier file already holds (only
 * raters named in both files can), or that holds an earlier file's record under another name (a trainee's export
 * named, or not, otherwise): one for each earlier file, naming the raters and how many scores, or how many answers
 * the two records share (none when the file scores nothing again).
 */
export function scoredAgain(
  result: Pick<FileResult, "name" | "exportedAt" | "record"> & {ratings: RatingColumns},
  files: readonly FileResult[],
): InputProblem[] {
  const earlier = files.filter((file) => file.ratings.raters.length);
  const mine = new Set(result.ratings.raters);
  const problems: InputProblem[] = [];
  const recordOfFile = (file: typeof result): FileRecord => ({
    file: file.name,
    raters: file.ratings.raters,
    answers: file.record ?? null,
    exportedAt: file.exportedAt ?? null,
  });
  for (const file of earlier) {
    // The same trainee's record under another name: left out whole, as the same name's scores given again are.
    const sameRecord = recordAgain(recordOfFile(result), recordOfFile(file));
    if (sameRecord) problems.push(sameRecord);
    const shared = new Set(file.ratings.raters.filter((rater) => mine.has(rater)));
    if (!shared.size) continue;
    const held = new Set<string>();
    const {raters, rater, item, code} = file.ratings;
    for (let i = 0; i < code.length; i++) {
      const name = raters[rater[i]!]!;
      if (shared.has(name)) held.add(slotKey(name, code[i]!, item[i]!));
    }
    const again = new Set<string>();
    let scores = 0;
    const own = result.ratings;
    for (let i = 0; i < own.code.length; i++) {
      const name = own.raters[own.rater[i]!]!;
      if (!shared.has(name) || !held.has(slotKey(name, own.code[i]!, own.item[i]!))) continue;
      again.add(name);
      scores++;
    }
    if (scores)
      problems.push(
        sameRatersProblem({
          file: result.name,
          first: file.name,
          raters: [...again],
          scores,
          exported: {file: result.exportedAt ?? null, first: file.exportedAt ?? null},
          sizes: {file: columnsLength(result.ratings), first: columnsLength(file.ratings)},
        }),
      );
  }
  return problems;
}

/** Reads every file; each is checked and counted on its own. */
export async function readCohortFiles(files: readonly File[], options: ReadOptions): Promise<FileResult[]> {
  const results: FileResult[] = [];
  const kept = [...(options.kept ?? [])];
  for (const file of files) {
    const head = await file.slice(0, 64).text();
    const textKind = textKindOf(file.name, head);
    const result: FileResult = {
      name: file.name,
      digest: "",
      // A JSON file's content says which it is; until it is read (or when it is too large to be), a trainee's record.
      kind: textKind === "csv" ? "csv" : "trainee",
      size: file.size,
      ...noRatings(),
      problems: [],
      more: 0,
      cancelled: false,
    };
    /** Lists the file, under its name or numbered, once its digest is known; false when the drop is cancelled. */
    const list = (digest: string): boolean => {
      result.digest = digest;
      const place = placeFile(file.name, digest, [...kept, ...results]);
      result.name = place.name;
      if (place.replaces !== null || place.name !== file.name)
        result.dropped = {name: file.name, again: place.replaces !== null};
      // The same file twice in one drop is listed once; a kept copy is replaced by the intake.
      const earlier = results.findIndex((other) => other.name === place.replaces);
      if (earlier >= 0) results.splice(earlier, 1);
      const copy = kept.findIndex((other) => other.name === place.replaces);
      if (copy >= 0) kept.splice(copy, 1);
      results.push(result);
      return true;
    };
    const problem = (message: string) => result.problems.push({file: result.name, message});
    // A JSON file is held to the larger cap before it is read; a trainee's reader holds its file to its own limit.
    const tooLarge =
      textKind === "csv"
        ? file.size > csvByteCap && `larger than ${formatBytes(csvByteCap)}, the most read from one CSV file`
        : jsonFileSizeProblem(file.size);
    if (tooLarge) {
      // Not read: told apart from another file by its size alone.
      list(`unread, ${file.size} bytes`);
      problem(tooLarge);
      continue;
    }
    if (options.signal?.aborted) {
      list("");
      result.cancelled = true;
      continue;
    }
    let read: {ratings: RatingColumns; places: Int32Array};
    if (textKind === "json") {
      const bytes = new Uint8Array(await file.arrayBuffer());
      list(await fileDigest(chunksOf(bytes).map(sha256)));
      const text = utf8Decoder()(bytes, true);
      if (text === null) {
        problem(notUtf8Text);
        continue;
      }
      const json = jsonFileOf(text);
      result.kind = json.kind;
      const collector = readJsonFile(json, text, result.name, options.itemIds);
      read = collectedColumns(collector.ratings, options.itemIds);
      result.problems = collector.problems;
      result.more = collector.overflow;
      if (json.kind === "trainee") {
        const kept = collector.records.get(result.name);
        result.exportedAt = kept?.exportedAt ?? null;
        result.record = kept?.answers ?? null;
      }
    } else {
      const utf8 = await isUtf8(file, options.signal);
      if (utf8 === null) {
        list("");
        result.cancelled = true;
        continue;
      }
      list(utf8.digest);
      if (!utf8.utf8) {
        problem(notUtf8Text);
        continue;
      }
      const named = result.name === file.name ? file : new File([file], result.name, {type: file.type});
      const csv = await options.readCsv(named, {
        itemIds: options.itemIds,
        onProgress: (share) => options.onProgress?.(named, share),
        signal: options.signal,
      });
      read = csv;
      result.problems = csv.problems;
      result.more = csv.more;
      result.cancelled = csv.cancelled;
    }
    if (result.cancelled || result.problems.length) continue;
    // A file that scores again what another holds is left out whole, as a file with any other problem is; its
    // ratings are held, to count should the other file be removed.
    const again = scoredAgain({...result, ...read}, [...kept, ...results.slice(0, -1)]);
    if (again.length) {
      result.problems = again;
      result.held = read;
    } else Object.assign(result, read);
  }
  return results;
}
