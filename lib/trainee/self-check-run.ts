// Which self-check run is on show, and whether it was blind. Its own module: the self-check page knows this before
// it shows its first case, and loads the scoring of a finished run only once there is one.
import type {PassRule} from "../authored/schemas/content.js";
import type {Item} from "../authored/schemas/item.js";
import type {Answer} from "./progress.js";

/** Whether a finished run passes: blind, and its counts meet its pool's pass rule (data/calibration.yaml). */
export const runPasses = (
  {blind}: {blind: boolean},
  rule: Pick<PassRule, "exactAtLeast" | "maxTwoOrMoreOff">,
  {exact, twoOrMoreOff}: {exact: number; twoOrMoreOff: number},
): boolean => blind && exact >= rule.exactAtLeast && twoOrMoreOff <= rule.maxTwoOrMoreOff;

/** A Check in the walk that shows a case's ruling: of `item`, in Part `part`. */
export interface Showing {
  item: string;
  part: number;
}

/**
 * For each of a run's cases, the Checks in the walk that show its ruling: of the case itself, in the part that walks
 * it (Part 6's calibration cases), and of a case whose ruling points to it (Edge case 4's "see Calibration D", the same
 * case: its ruling is Calibration D's). Any pointer counts, a contrast too (Edge case 5b's to Calibration C): the
 * run errs toward not blind.
 */
export type ShownBy = Readonly<Record<string, readonly Showing[]>>;

/** `cases`' Checks in the walk, from the items (their `compare`) and the parts scored with the guideline. */
export function shownBy(
  cases: readonly string[],
  items: readonly {id: string; set: Item["set"]; compare: readonly string[]}[],
  parts: readonly {number: number; items?: Item["set"] | undefined; phase?: string | undefined}[],
): ShownBy {
  const partOf = (set: Item["set"]) => parts.find((part) => part.items === set && part.phase === "guideline")?.number;
  return Object.fromEntries(
    cases.map((id) => [
      id,
      items.flatMap((item) => {
        const part = partOf(item.set);
        return part !== undefined && (item.id === id || item.compare.includes(id)) ? [{item: item.id, part}] : [];
      }),
    ]),
  );
}

/**
 * Whether any of `items` has a ruling that points to a case of `set` (`compare`): a part whose Checks show, say, the
 * calibration cases' rulings (Part 5: Edge case 4's "see Calibration D"). `all` are every case, for their sets. Any
 * pointer counts, a contrast too (Edge case 5b's to Calibration C): a blind run is kept blind by erring this way.
 */
export const pointsToSet = (
  items: readonly {compare: readonly string[]}[],
  set: Item["set"],
  all: readonly {id: string; set: Item["set"]}[],
): boolean => items.some((item) => item.compare.some((id) => all.find((other) => other.id === id)?.set === set));

/** Whether the trainee made `showing`'s Check in the walk (a guideline answer outside any run) before `until`. */
export const checkedInWalk = (answers: readonly Answer[], showing: Pick<Showing, "item">, until = Infinity): boolean =>
  answers.some(
    (answer) =>
      answer.item === showing.item &&
      answer.phase === "guideline" &&
      answer.mode !== "self-check" &&
      time(answer.at) < until,
  );

/** The cases a run asks, and the Checks in the walk that show their rulings. */
export interface RunCases {
  items: readonly string[];
  shownBy: ShownBy;
}

/**
 * Where the trainee saw a case's ruling before or during a run: on a Check in the walk (`via` the case checked, the
 * case itself or one whose ruling points to it, in Part `part`), or at an earlier run's end.
 */
export type SeenRuling =
  {item: string; where: "walk"; via: string; part: number} | {item: string; where: "earlier-run"};

export interface SelfCheckRun {
  /** Which run this is: run k holds each case's k-th self-check answer. */
  run: number;
  /** This run's answers, one per case answered. */
  answers: Answer[];
  complete: boolean;
  /** When the run ended (its last answer), if it has. */
  endedAt: string | null;
  /** The rulings of its cases the trainee saw before the run ended (or before now, for a run still open). */
  seen: SeenRuling[];
  /** Blind: no ruling of any of its cases seen before the run ended. Only a blind run can pass. */
  blind: boolean;
}

const time = (at: string): number => Date.parse(at);

/** What a run not yet finished shows in place of its rulings: on the self-check page and on the results page. */
export const unfinishedRunWords = (answered: number, total: number): string =>
  `${answered} of ${total} answered. The summary and the rulings appear when you have answered them all.`;

const inRun = (answer: Answer): boolean => answer.mode === "self-check" && answer.phase === "guideline";

const runAnswers = (answers: readonly Answer[], items: readonly string[], run: number): Answer[] =>
  answers.filter((answer) => inRun(answer) && answer.attempt === run && items.includes(answer.item));

/** When a run's answers `these` ended: at the last of them once every case has one, else null (not finished). */
const endOf = (these: readonly Answer[], items: readonly string[]): string | null =>
  items.every((id) => these.some((answer) => answer.item === id))
    ? these.reduce((last, answer) => (time(answer.at) > time(last) ? answer.at : last), these[0]!.at)
    : null;

/** The highest run number of a self-check answer over `items`: the latest run begun, or 0 before any. */
export const latestRun = (answers: readonly Answer[], items: readonly string[]): number =>
  Math.max(
    0,
    ...answers.filter((answer) => inRun(answer) && items.includes(answer.item)).map((answer) => answer.attempt),
  );

/** When run `run` over `items` was finished (the time of its last answer), or null while a case has no answer in it. */
export const runEnd = (answers: readonly Answer[], items: readonly string[], run: number): string | null =>
  endOf(runAnswers(answers, items, run), items);

/**
 * A self-check run over `cases`, from every answer in the record. `run` picks it (1 is the first); left out, the
 * latest run with an answer, or the first. A ruling counts as seen when the trainee made a Check in the walk that
 * shows it (the ruling shows at once) or finished an earlier run (every ruling shows at its end), at a time before
 * this run's last answer: a run is blind only if every answer in it was given without one.
 */
export function selfCheckRun(answers: readonly Answer[], cases: RunCases, run?: number): SelfCheckRun {
  const {items} = cases;
  const number = run ?? Math.max(1, latestRun(answers, items));
  const these = runAnswers(answers, items, number);
  const endedAt = endOf(these, items);
  const complete = endedAt !== null;
  const seen: SeenRuling[] = [];
  const until = endedAt === null ? Infinity : time(endedAt);
  for (const id of items) {
    const shown = (cases.shownBy[id] ?? []).find((showing) => checkedInWalk(answers, showing, until));
    if (shown) seen.push({item: id, where: "walk", via: shown.item, part: shown.part});
  }
  for (let earlier = 1; earlier < number; earlier++) {
    const ended = runEnd(answers, items, earlier);
    if (ended !== null && time(ended) < until) {
      for (const id of items) if (!seen.some((entry) => entry.item === id)) seen.push({item: id, where: "earlier-run"});
      break;
    }
  }
  return {run: number, answers: these, complete, endedAt, seen, blind: seen.length === 0};
}
