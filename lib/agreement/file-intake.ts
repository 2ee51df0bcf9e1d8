// The cohort page's file intake as a plain state machine: which files are listed (counted, or left out with their
// problems), which report shows, what the status line says, and which job runs. The page runs the jobs (reading a
// drop's files, computing the figures in its worker), tells this each outcome as an event, and renders the state it
// gets back. Nothing here touches the DOM, a File or a clock.
//
// The rules, each kept from the page as it was: a drop while a job runs is ignored; a file dropped again (the same
// bytes under the same name) takes the place of the kept one, and another file under a kept file's name is kept beside
// it, numbered (lib/agreement/cohort-files.ts placeFile), never in its place; after a drop or a remove every file that
// gave ratings is decided again in order, a trainee's newer export before an older one (one held only by a removed
// file counts, one that scores its raters again, or holds its record, is held); a drop cancelled (while read or
// computed) counts nothing, lists its files as cancelled until the next drop, and leaves the files and report shown
// before as they were; a drop that changes no counted file (only files left out) keeps the report as it is; a file
// with problems is set aside, listed, while the others still count.
import {scoredAgain, type FileResult} from "./cohort-files.js";
import {keepsNewer} from "./ratings.js";
import {columnsLength, emptyColumns} from "./rating-columns.js";
import {plural} from "../text/format.js";

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
      else result = {...file, ratings: emptyColumns(), places: new Int32Array(0), held: own, problems};
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
      ratings: emptyColumns(),
      places: new Int32Array(0),
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
