// Reads the files a coordinator names into ratings, each checked first (a regular file, within the cap, UTF-8). A file
// that cannot be read stops the command with one line; bad rows across all files are reported together. A file whose
// bytes an earlier one holds (the same path named twice, a copy) is counted once, as /cohort lists a file dropped
// again once.
import {fail, quotePath, readFileOrFail} from "../node/cli.js";
import {utf8Decoder} from "../text/utf8.js";
import {formatBytes} from "../text/format.js";
import {RatingsCollector, type CohortRating} from "./ratings.js";
import {readRatingsCsv} from "./ratings-csv.js";
import {checkImportSize, progressFileByteLimit} from "../trainee/transfer.js";
import {jsonFileOf, notUtf8Text, readJsonFile, textKindByName, textKindOf, type InputKind} from "./cohort-files.js";
import {jsonFileSizeProblem, judgeRunByteCap} from "./ratings-judge.js";
import {textHash} from "../judges/prompts.node.js";

/** About a million rows: the whole text is held, then the ratings. The cohort page streams CSVs and reads larger. */
export const fileByteCap = 32 * 1024 * 1024;

/** Reading holds about 1.2 kB a rating: three files of 32 MiB at one rater a line took 3.7 GB, and six ran the heap
 *  out. */
export const totalByteCap = 64 * 1024 * 1024;

const csvTooLarge = (path: string, cap: number) => (): never =>
  fail(
    `${quotePath(path)}: larger than ${formatBytes(cap)}, the most read from one file: ` +
      "split the ratings into several files",
    1,
  );

/** A trainee's file past the limit, in the words the import page and the cohort page use. */
const progressTooLarge = (path: string, size: number): never =>
  fail(`${quotePath(path)}: ${checkImportSize(size)!.message}`, 1);

/** A JSON file past the larger of a judge run's and a trainee's file's caps, before it is read. */
const jsonTooLarge =
  (path: string) =>
  (size: number): never =>
    fail(`${quotePath(path)}: ${jsonFileSizeProblem(size)}`, 1);

/**
 * A file's text, after checking it is a regular file within the cap, naming the file otherwise: exit 2 when it cannot
 * be opened or is not a regular file, 1 when it is too large or not UTF-8 text.
 */
export function readTextFile(
  path: string,
  cap = fileByteCap,
  tooLarge: (size: number) => never = csvTooLarge(path, cap),
): string {
  const bytes = readFileOrFail(path, cap, {
    notAFile: "give a CSV file, a trainee's .json file or a judge's run file",
    tooLarge,
  });
  return utf8Decoder()(bytes, true) ?? fail(`${quotePath(path)}: ${notUtf8Text}`, 1);
}

export interface ReadFile {
  path: string;
  kind: InputKind;
  ratings: number;
}

/** A file named after another that holds the same bytes, read the same way: counted once, as `sameAs`. */
export interface RepeatedFile {
  path: string;
  sameAs: string;
}

/**
 * Reads every file, counting each set of bytes once; returns the ratings, or throws RatingsInputError listing every
 * bad row of every file.
 */
export function readRatingFiles(
  paths: readonly string[],
  itemIds: readonly string[],
  {cap = fileByteCap, totalCap = totalByteCap}: {cap?: number; totalCap?: number} = {},
): {ratings: CohortRating[]; files: ReadFile[]; repeated: RepeatedFile[]} {
  const collector = new RatingsCollector();
  const files: ReadFile[] = [];
  const repeated: RepeatedFile[] = [];
  const digests = new Map<string, string>();
  let total = 0;
  for (const path of paths) {
    // A .json file is held to a judge run's cap (the larger) before it is read, and to a progress file's limit once
    // its content shows it is a trainee's; a file its first character shows to be JSON is held to the same.
    const text =
      textKindByName(path) === "json"
        ? readTextFile(path, judgeRunByteCap, jsonTooLarge(path))
        : readTextFile(path, cap);
    const isJson = textKindOf(path, text) === "json";
    // The same bytes read the same way (a .json name reads them as JSON).
    const key = `${isJson ? "json" : "csv"} ${textHash(text)}`;
    const sameAs = digests.get(key);
    if (sameAs !== undefined) {
      repeated.push({path, sameAs});
      continue;
    }
    digests.set(key, path);
    const bytes = Buffer.byteLength(text);
    if (isJson && bytes > judgeRunByteCap) jsonTooLarge(path)(bytes);
    const json = isJson ? jsonFileOf(text) : null;
    if (json?.kind === "trainee" && bytes > progressFileByteLimit) progressTooLarge(path, bytes);
    const kind: InputKind = json?.kind ?? "csv";
    total += bytes;
    if (total > totalCap)
      fail(
        `${quotePath(path)}: the files up to this one hold more than ${formatBytes(totalCap)}, the most read in one ` +
          "run: give fewer files at a time",
        1,
      );
    const before = collector.ratings.length;
    if (json) readJsonFile(json, text, path, itemIds, collector);
    else readRatingsCsv(text, path, itemIds, collector);
    files.push({path, kind, ratings: collector.ratings.length - before});
  }
  return {ratings: collector.result(), files, repeated};
}
