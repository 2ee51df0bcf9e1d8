// The ruling built before Check (issue 29, Speed): built once in the next idle moment for the answer Check would
// record, in the record as Check will leave it; taken on Check only when it was built for exactly those answers (the
// time aside) and that record; otherwise built then. Timers run by hand: no clock.
import {describe, expect, it} from "vitest";
import type {Timers} from "../../../lib/site/schedule.js";
import {emptyProgress, recordAnswer, type Answer, type Progress} from "../../../lib/trainee/progress.js";
import {rulingAhead} from "../../../lib/trainee/score-card-state.js";

function handTimers() {
  const due: (() => void)[] = [];
  const timers: Timers = {
    setTimeout: (run) => due.push(run),
    clearTimeout: () => {},
    idle: (run) => void due.push(run),
  };
  /** Runs every timer and idle callback due, and those they schedule in turn. */
  const runAll = () => {
    while (due.length) due.shift()!();
  };
  return {timers, runAll};
}

const answer = (score: Answer["score"], at = "2026-01-01T10:00:00.000Z"): Omit<Answer, "attempt"> => ({
  item: "example-1",
  phase: "guideline",
  score,
  guideline: "v2",
  at,
});

function setUp(start: Progress = emptyProgress()) {
  let record = start;
  const built: {scores: Answer["score"][]; answers: number}[] = [];
  /** The rulings handed on as they are built ahead (the card lays each out unseen). */
  const handed: unknown[] = [];
  const {timers, runAll} = handTimers();
  const ahead = rulingAhead(
    (answers, progress) => {
      built.push({scores: answers.map((one) => one.score), answers: progress.answers.length});
      return {scores: answers.map((one) => one.score)};
    },
    {
      record: () => record,
      answersIn: (progress) => progress.answers.filter((one) => one.item === "example-1"),
      built: (ruling) => handed.push(ruling),
      timers,
    },
  );
  /** What Check does: records the answer, then takes the ruling of the card's answers. */
  const check = (next: Omit<Answer, "attempt">) => {
    record = recordAnswer(record, next);
    return ahead.take(
      record.answers.filter((one) => one.item === "example-1"),
      record,
    );
  };
  return {ahead, built, handed, runAll, check, setRecord: (next: Progress) => (record = next)};
}

describe("the ruling built ahead of Check", () => {
  it("is built once, when idle, for the answer Check would record, and Check takes it without building again", () => {
    const {ahead, built, runAll, check} = setUp();
    ahead.soon(() => answer(3));
    expect(built).toEqual([]);
    runAll();
    // Built for the record as Check leaves it: one answer in it.
    expect(built).toEqual([{scores: [3], answers: 1}]);
    // Checked a minute later: the time differs, and no ruling shows it.
    expect(check(answer(3, "2026-01-01T10:01:00.000Z"))).toEqual({scores: [3]});
    expect(built).toHaveLength(1);
  });

  it("hands on each ruling built ahead as it is built, the very one Check then takes, and none built on Check", () => {
    const {ahead, handed, runAll, check} = setUp();
    ahead.soon(() => answer(3));
    expect(handed).toEqual([]);
    runAll();
    expect(handed).toEqual([{scores: [3]}]);
    // The same object: the card shows what it laid out.
    expect(check(answer(3))).toBe(handed[0]);
    // A retry: its ruling holds both attempts.
    ahead.soon(() => answer(4));
    runAll();
    expect(handed).toEqual([{scores: [3]}, {scores: [3, 4]}]);
    // A ruling Check has to build itself (another score than the one built ahead) is not handed on.
    expect(check(answer(5))).toEqual({scores: [3, 5]});
    expect(handed).toHaveLength(2);
  });

  it("is built again when Check records another answer than the one it was built for", () => {
    const {ahead, built, runAll, check} = setUp();
    ahead.soon(() => answer(3));
    runAll();
    expect(check(answer(4))).toEqual({scores: [4]});
    expect(built.map((one) => one.scores)).toEqual([[3], [4]]);
  });

  it("is built again when the record changed meanwhile (an answer in another tab)", () => {
    const {ahead, built, runAll, check, setRecord} = setUp();
    ahead.soon(() => answer(3));
    runAll();
    setRecord(recordAnswer(emptyProgress(), {...answer(5), item: "example-2"}));
    expect(check(answer(3))).toEqual({scores: [3]});
    expect(built).toEqual([
      {scores: [3], answers: 1},
      {scores: [3], answers: 2},
    ]);
  });

  it("builds nothing while there is no answer to check, and a retry's ruling holds both attempts", () => {
    const {ahead, built, runAll, check} = setUp(recordAnswer(emptyProgress(), answer(1)));
    ahead.soon(() => null);
    runAll();
    expect(built).toEqual([]);
    ahead.soon(() => answer(2));
    runAll();
    expect(built).toEqual([{scores: [1, 2], answers: 2}]);
    expect(check(answer(2))).toEqual({scores: [1, 2]});
    expect(built).toHaveLength(1);
  });
});
