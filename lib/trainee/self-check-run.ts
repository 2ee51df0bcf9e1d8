// Which self-check run is on show, and whether it was blind. Its own module: the self-check page knows this before
// it shows its first case, and loads the scoring of a finished run only once there is one.
import type {Answer} from "./progress.js";

/** Where the trainee saw a case's ruling before or during a run: on Check in the walk, or at an earlier run's end. */
export interface SeenRuling {
  item: string;
  where: "walk" | "earlier-run";
}

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

/**
 * A self-check run over `items`, from every answer in the record. `run` picks it (1 is the first); left out, the
 * latest run with an answer, or the first. A ruling counts as seen when the trainee checked the case in the walk
 * (the ruling shows at once) or finished an earlier run (every ruling shows at its end), at a time before this run's
 * last answer: a run is blind only if every answer in it was given without one.
 */
export function selfCheckRun(answers: readonly Answer[], items: readonly string[], run?: number): SelfCheckRun {
  const inRun = (answer: Answer) => answer.mode === "self-check" && answer.phase === "guideline";
  const ofItems = answers.filter((answer) => items.includes(answer.item));
  const latest = Math.max(0, ...ofItems.filter(inRun).map((answer) => answer.attempt));
  const number = run ?? Math.max(1, latest);
  const these = ofItems.filter((answer) => inRun(answer) && answer.attempt === number);
  const complete = items.every((id) => these.some((answer) => answer.item === id));
  const endedAt = complete
    ? these.reduce((last, answer) => (time(answer.at) > time(last) ? answer.at : last), these[0]!.at)
    : null;
  const seen: SeenRuling[] = [];
  const until = endedAt === null ? Infinity : time(endedAt);
  for (const id of items) {
    const walk = ofItems.some(
      (answer) => answer.item === id && answer.phase === "guideline" && !inRun(answer) && time(answer.at) < until,
    );
    if (walk) seen.push({item: id, where: "walk"});
  }
  for (let earlier = 1; earlier < number; earlier++) {
    const done = selfCheckRun(answers, items, earlier);
    if (done.complete && time(done.endedAt!) < until) {
      for (const id of items) if (!seen.some((entry) => entry.item === id)) seen.push({item: id, where: "earlier-run"});
      break;
    }
  }
  return {run: number, answers: these, complete, endedAt, seen, blind: seen.length === 0};
}
