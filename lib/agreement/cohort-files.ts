// A coordinator's files, from the drop to what each comes to, in one module: whether a file counts, is held, takes a
// kept copy's place or is set aside is decided across its kind, its reading, its place in the list and the intake
// together, and `npm run agreement` reads files by the same kind and UTF-8 check, in the same words. Nothing is
// uploaded: each file is read on its own in the browser. A broken file is listed with its problems and the others
// still count; a file that scores raters again, or holds a trainee's record under another name, is held, should the
// other be removed. The intake is a plain state machine, so the page runs the jobs (reading, computing in its worker)
// and renders what it gets back, and a test drives it with no DOM, File or clock.
import {columnsLength, emptyColumns, phaseOfCode, ratingColumns, type RatingColumns} from "./rating-columns.js";
import {
  keepsNewer,
  RatingsCollector,
  sameRatersProblem,
  type CohortRating,
  type FileRecord,
  type InputProblem,
} from "./ratings.js";
import {readTraineeFile, recordAgain, type RecordAnswers} from "./ratings-progress.js";
import {jsonFileSizeProblem, readJudgeRun} from "./ratings-judge.js";
import {utf8Decoder} from "../text/utf8.js";
import {formatBytes, plural} from "../text/format.js";

// A file's kind, by its name and first bytes.

export type InputKind = "csv" | "trainee" | "judge";

export type TextKind = "csv" | "json";

export const inputKindNames: Record<InputKind, string> = {
  csv: "CSV",
  trainee: "trainee's record",
  judge: "judge run",
};

/** By extension, whatever they hold; any other name by its first character: a JSON object is JSON, else CSV. */
export function textKindOf(name: string, start: string): TextKind {
  return textKindByName(name) ?? (start.trimStart().startsWith("{") ? "json" : "csv");
}

export function textKindByName(name: string): TextKind | null {
  if (/\.csv$/i.test(name)) return "csv";
  if (/\.json$/i.test(name)) return "json";
  return null;
}

/** Said of bytes that are not UTF-8: most often a CSV a spreadsheet saved in its own encoding (a "José" in Latin-1). */
export const notUtf8Text =
  "not UTF-8 text: from a spreadsheet, save the ratings as “CSV UTF-8”; or give a trainee's .json file or a judge's " +
  "run file";

export type JsonFile =
  | {kind: "judge"; run: Record<string, unknown>}
  /** The trainee's reader says what is wrong when it is no record at all. */
  | {kind: "trainee"};

/** A judge run says so (`"kind": "judge-run"`); anything else is read as a trainee's record, whose reader names what
 *  is wrong. */
export function jsonFileOf(text: string): JsonFile {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return {kind: "trainee"};
  }
  const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
  return isObject && (value as {kind?: unknown}).kind === "judge-run"
    ? {kind: "judge", run: value as Record<string, unknown>}
    : {kind: "trainee"};
}

export function readJsonFile(
  json: JsonFile,
  text: string,
  file: string,
  itemIds: readonly string[],
  collector: RatingsCollector = new RatingsCollector(),
): RatingsCollector {
  return json.kind === "judge"
    ? readJudgeRun(json.run, file, itemIds, collector)
    : readTraineeFile(text, file, itemIds, collector);
}

// A file read: its ratings as columns (typed arrays, never an object a rating), where it is listed, and what it
// scores again that another file holds.

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

// The intake: after a drop or a remove every file that gave ratings is decided again in order, a trainee's newer
// export before an older one; a drop cancelled counts nothing and leaves the report shown as it was; a drop that
// changes no counted file keeps the report.

export type IntakeJob =
  /** The drop's files are being read, against `others`, the files kept. */
  | {stage: "read"; others: readonly FileResult[]}
  /**
   * The figures are being computed over `counted`, the files that count once this drop is kept (`next`), or once
   * the file `removed` is gone.
   */
  | {
      stage: "compute";
      results: readonly FileResult[];
      next: readonly FileResult[];
      counted: readonly FileResult[];
      removed?: string;
    };

export interface Intake<Report> {
  /** The files kept: counted, or left out with their problems. */
  kept: readonly FileResult[];
  /** The last drop's files when it was cancelled: listed as not counted until the next drop. */
  cancelled: readonly FileResult[];
  /** The report over the counted files among `kept`; null when none count. */
  report: Report | null;
  job: IntakeJob | null;
  /** The status line. */
  status: string;
}

export type IntakeEvent<Report> =
  | {type: "drop"; names: readonly string[]}
  | {type: "read"; results: readonly FileResult[]; aborted: boolean}
  /** The figures, or null when computing was cancelled. */
  | {type: "computed"; report: Report | null}
  | {type: "failed"; message: string}
  /** The file listed under `name` taken out. */
  | {type: "remove"; name: string}
  | {type: "clear"};

export const emptyIntake = <Report>(): Intake<Report> => ({
  kept: [],
  cancelled: [],
  report: null,
  job: null,
  status: "",
});

/** The files whose ratings count, in order. */
const countedFiles = (files: readonly FileResult[]): FileResult[] =>
  files.filter((file) => columnsLength(file.ratings) > 0);

const sameFiles = (a: readonly FileResult[], b: readonly FileResult[]): boolean =>
  a.length === b.length && a.every((file, index) => file === b[index]);

/** The files listed, in order: those kept, then a cancelled drop's. */
export const listedFiles = (intake: Intake<unknown>): FileResult[] => [...intake.kept, ...intake.cancelled];

/** Whether "Clear the files" is offered: some file counts. */
export const canClear = (intake: Intake<unknown>): boolean => countedFiles(intake.kept).length > 0;

/** Whether a file's Remove button is offered: no job runs. */
export const canRemove = (intake: Intake<unknown>): boolean => intake.job === null;

/**
 * The order files are decided in: as listed, but of two exports of one trainee (a rater in both, as each file holds
 * them, counted or held) the newer first, where it holds as many ratings or more: it then counts and the older is
 * held, whichever was chosen first (a folder lists them oldest first). A newer export with fewer ratings may come from
 * another browser (lib/agreement/ratings.ts says so), so the order chosen stands; no other file moves.
 */
function decisionOrder(files: readonly FileResult[]): FileResult[] {
  const own = (file: FileResult) => file.held?.ratings ?? file.ratings;
  // As the problem's words tell the newer export (lib/agreement/ratings.ts keepsNewer).
  const export_ = (file: FileResult) => ({
    exportedAt: file.kind === "trainee" ? file.exportedAt : null,
    scores: columnsLength(own(file)),
  });
  const goesFirst = (later: FileResult, earlier: FileResult) =>
    keepsNewer(export_(later), export_(earlier)) &&
    own(later).raters.some((rater) => own(earlier).raters.includes(rater));
  const order = [...files];
  for (let i = 0; i < order.length; i++)
    for (let j = i + 1; j < order.length; j++)
      if (goesFirst(order[j]!, order[i]!)) {
        order.splice(i, 0, ...order.splice(j, 1));
        j = i;
      }
  return order;
}

/**
 * The files kept, decided again: every file that gave ratings (counted, or left out only because another file held
 * its raters' scores) is decided with all its ratings against the files decided before it that count (decisionOrder),
 * so a held file counts when none holds its scores, and a file that scores them again is held in turn. Listed in
 * their own order; a file that counted and still counts is the same object.
 */
function decided(files: readonly FileResult[]): FileResult[] {
  const outcome = new Map<FileResult, FileResult>();
  const before: FileResult[] = [];
  for (const file of decisionOrder(files)) {
    const own = file.held ?? (columnsLength(file.ratings) > 0 ? {ratings: file.ratings, places: file.places} : null);
    let result = file;
    if (own) {
      const problems = scoredAgain({...file, ratings: own.ratings}, before);
      if (!problems.length) result = file.held ? {...file, ...own, held: undefined, problems: []} : file;
      else result = {...file, ...noRatings(), held: own, problems};
    }
    outcome.set(file, result);
    before.push(result);
  }
  return files.map((file) => outcome.get(file)!);
}

/** The files kept once `name` is taken out, decided again. */
const filesWithout = (files: readonly FileResult[], name: string): FileResult[] =>
  decided(files.filter((file) => file.name !== name));

/** What a drop did with files of a kept file's name, in words. */
function droppedWords(results: readonly FileResult[]): string {
  return results
    .filter((file) => file.dropped)
    .map(({name, dropped}) =>
      dropped!.again
        ? ` ${dropped!.name} was dropped again: the same file, listed once.`
        : ` ${dropped!.name} has the name of a file already listed but not its content: both are kept, this one ` +
          `as ${name}.`,
    )
    .join("");
}

/** A cancelled drop: nothing from it counts, and the files and report shown before stay. */
function dropCancelled<Report>(intake: Intake<Report>, results: readonly FileResult[], message: string) {
  return {
    ...intake,
    job: null,
    cancelled: results.map((result) => ({
      ...result,
      ...noRatings(),
      problems: [],
      more: 0,
      cancelled: true,
    })),
    status: message + (intake.report ? " The report still shows the files before." : ""),
  };
}

/**
 * The drop kept (or the remove done): its files listed, the report over those that count; the status words what this
 * action's own files (`results`, none for a remove) did, never a file's earlier drop again.
 */
function dropKept<Report>(
  intake: Intake<Report>,
  next: readonly FileResult[],
  report: Report | null,
  {done = "", results = []}: {done?: string; results?: readonly FileResult[]} = {},
): Intake<Report> {
  const counted = countedFiles(next).length;
  const bad = next.filter((file) => file.problems.length).length;
  // Read without a problem and nothing in it to count (a CSV's header alone, a record with no answers): said, since
  // "0 files counted" alone reads as if the file had been refused.
  const empty = next
    .filter((file) => !file.problems.length && !file.cancelled && !columnsLength(file.ratings))
    .map((file) => file.name);
  const emptyWords = !empty.length
    ? ""
    : empty.length === 1
      ? `; ${empty[0]} holds no ratings`
      : `; ${plural(empty.length, "file")} hold no ratings`;
  return {
    kept: next,
    cancelled: [],
    report,
    job: null,
    status:
      done +
      `${plural(counted, "file")} counted` +
      (bad ? `, ${plural(bad, "file")} left out (see the list)` : "") +
      emptyWords +
      "." +
      droppedWords(results),
  };
}

const removedWords = (name: string) => `${name} removed. `;

function expectJob(intake: Intake<unknown>, stage: IntakeJob["stage"], event: string): void {
  if (intake.job?.stage !== stage) throw new Error(`a "${event}" event with no ${stage} job running`);
}

/** The intake after an event. A drop or a clear while a job runs changes nothing. */
export function intakeAfter<Report>(intake: Intake<Report>, event: IntakeEvent<Report>): Intake<Report> {
  switch (event.type) {
    case "drop": {
      if (!event.names.length || intake.job) return intake;
      return {
        ...intake,
        job: {stage: "read", others: intake.kept},
        status: `Reading ${plural(event.names.length, "file")}…`,
      };
    }
    case "read": {
      expectJob(intake, "read", event.type);
      if (event.aborted)
        return dropCancelled(intake, event.results, "Reading cancelled: nothing from these files is counted.");
      // A file dropped again takes the place of its kept copy; no other kept file is replaced.
      const again = new Set(event.results.filter((file) => file.dropped?.again).map((file) => file.name));
      const others = (intake.job as Extract<IntakeJob, {stage: "read"}>).others;
      // Decided again with the drop's files: a trainee's newer export counts in place of an older one kept.
      const next = decided([...others.filter((file) => !again.has(file.name)), ...event.results]);
      const counted = countedFiles(next);
      // Dropping only files that are left out changes no figure: the report stays as it is.
      const {results} = event;
      if (sameFiles(counted, countedFiles(intake.kept))) return dropKept(intake, next, intake.report, {results});
      if (!counted.length) return dropKept(intake, next, null, {results});
      return {
        ...intake,
        job: {stage: "compute", results: event.results, next, counted},
        status: "Computing the figures…",
      };
    }
    case "computed": {
      expectJob(intake, "compute", event.type);
      const job = intake.job as Extract<IntakeJob, {stage: "compute"}>;
      if (event.report === null && job.removed !== undefined)
        return {...intake, job: null, status: `Computing cancelled: ${job.removed} is still counted.`};
      if (event.report === null)
        return dropCancelled(intake, job.results, "Computing cancelled: nothing from these files is counted.");
      const done = job.removed === undefined ? "" : removedWords(job.removed);
      return dropKept(intake, job.next, event.report, {done, results: job.results});
    }
    case "remove": {
      if (intake.job || !intake.kept.some((file) => file.name === event.name)) return intake;
      const next = filesWithout(intake.kept, event.name);
      const counted = countedFiles(next);
      if (sameFiles(counted, countedFiles(intake.kept)))
        return dropKept(intake, next, intake.report, {done: removedWords(event.name)});
      if (!counted.length) return dropKept(intake, next, null, {done: removedWords(event.name)});
      return {
        ...intake,
        job: {stage: "compute", results: [], next, counted, removed: event.name},
        status: "Computing the figures…",
      };
    }
    case "failed": {
      if (!intake.job) throw new Error('a "failed" event with no job running');
      const doing = intake.job.stage === "read" ? "read the files" : "compute the figures";
      return {...intake, job: null, status: `Could not ${doing}: ${event.message}`};
    }
    case "clear":
      return intake.job ? intake : {...emptyIntake<Report>(), status: "The files are cleared."};
  }
}

/**
 * What the cohort page shows besides the intake: how far the file being read is, whether files are dragged over the
 * drop zone, and how many times the report has changed (each report its own part of the page, built once).
 */
export interface IntakeShown<Report> {
  intake: Intake<Report>;
  reading: {file: string; share: number} | null;
  dragging: boolean;
  reports: number;
}

export type IntakeAction<Report> =
  IntakeEvent<Report> | {type: "progress"; file: string; share: number} | {type: "drag"; over: boolean};

export const intakeShownStart = <Report>(): IntakeShown<Report> => ({
  intake: emptyIntake<Report>(),
  reading: null,
  dragging: false,
  reports: 0,
});

/** The page after an action; a read's progress counts only while the files are read. */
export function intakeShownAfter<Report>(
  shown: IntakeShown<Report>,
  action: IntakeAction<Report>,
): IntakeShown<Report> {
  if (action.type === "drag") return action.over === shown.dragging ? shown : {...shown, dragging: action.over};
  if (action.type === "progress")
    return shown.intake.job?.stage === "read" ? {...shown, reading: {file: action.file, share: action.share}} : shown;
  const intake = intakeAfter(shown.intake, action);
  if (intake === shown.intake) return shown;
  return {...shown, intake, reading: null, reports: shown.reports + (intake.report === shown.intake.report ? 0 : 1)};
}

/** The page's report part: the report on show (or none) and its number, which names its part of the page. */
export interface ReportShown<Report> {
  number: number;
  report: Report | null;
}

/** The report part after the page changed: another report, or the same state while the report is the same. */
export const reportShownAfter = <Report>(part: ReportShown<Report>, page: IntakeShown<Report>): ReportShown<Report> =>
  page.reports === part.number ? part : {number: page.reports, report: page.intake.report};

/** The status line: the file being read and how far, or the intake's. */
export const intakeStatus = ({intake, reading}: IntakeShown<unknown>): string =>
  reading ? `Reading ${reading.file}: ${Math.round(reading.share * 100)}%` : intake.status;
