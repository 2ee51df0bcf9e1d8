// The ruling built before Check (issue 29, Speed): while the trainee's work stands still (a score chosen, a line
// checked), the ruling their answer would get is built in the next idle moment, so Check only records the answer
// and shows it. Check takes it only when it was built for exactly the answers and record Check makes (the time of
// the answer aside, which no ruling shows); otherwise it builds the ruling then, as before. Building one early also
// warms the ruling's code, so a page's first Check is no slower than the rest. Timers are passed in for tests.
import {browserTimers, debounce, type Timers} from "../site/schedule.js";
import {recordAnswer, type Answer, type Progress} from "./progress.js";

export interface RulingAhead<T> {
  /** The work changed: build the ruling of `next()` (the answer Check would record, or null) when next idle. */
  soon(next: () => Omit<Answer, "attempt"> | null): void;
  /** Check recorded the answers: the ruling built ahead for them, or one built now. */
  take(answers: Answer[], progress: Progress): T;
}

/** What a ruling is built from, less the answer's time: two answers alike in all else get the same ruling. */
const keyOf = (answers: Answer[], progress: Progress): string =>
  JSON.stringify([answers.map(({at: _at, ...rest}) => rest), progress.answers.length]);

/**
 * `build` makes the ruling of the card's answers (first attempt first) in the record they are part of; `answersIn`
 * picks the card's answers from a record.
 */
export function rulingAhead<T>(
  build: (answers: Answer[], progress: Progress) => T,
  {
    record,
    answersIn,
    built: onBuilt = () => {},
    timers = browserTimers(),
  }: {
    record: () => Progress;
    answersIn: (progress: Progress) => Answer[];
    /** Gets each ruling built ahead, as it is built, with the answers it rules (the card lays it out unseen). */
    built?: (ruling: T, answers: Answer[]) => void;
    timers?: Timers;
  },
): RulingAhead<T> {
  let built: {key: string; ruling: T} | null = null;
  let next: () => Omit<Answer, "attempt"> | null = () => null;
  const ahead = debounce(
    () => {
      const answer = next();
      if (!answer) return;
      const progress = recordAnswer(record(), answer);
      const answers = answersIn(progress);
      const key = keyOf(answers, progress);
      if (built?.key === key) return;
      const ruling = build(answers, progress);
      // The ruling's code still loading: built again once it is in, rather than kept waiting.
      if (ruling instanceof Promise)
        ruling.then(
          () => ahead.request(),
          () => undefined,
        );
      else {
        built = {key, ruling};
        onBuilt(ruling, answers);
      }
    },
    {delayMs: 0, idleTimeoutMs: 50, timers},
  );
  return {
    soon(work) {
      next = work;
      ahead.request();
    },
    take(answers, progress) {
      ahead.cancel();
      const key = keyOf(answers, progress);
      const ruling = built?.key === key ? built.ruling : build(answers, progress);
      built = null;
      return ruling;
    },
  };
}
