import {describe, expect, it} from "vitest";
import {
  answerOf,
  blindAnswerText,
  cardAnswers,
  cardStateText,
  cardUpdate,
  chooseScoreHint,
  impliedShown,
  retryOffered,
  stepsOffered,
  type CardAction,
  type CardState,
} from "../../../lib/trainee/score-card-state.js";
import type {TraineeLine} from "../../../lib/trainee/progress.js";
import type {ImpliedScore} from "../../../lib/trainee/implied.js";
import {item, record} from "./helpers.js";

describe("the answers a score card shows", () => {
  const progress = record(
    {item: "calibration-a", score: 3},
    {item: "calibration-a", score: 4, mode: "self-check"},
    {item: "calibration-a", score: 2, mode: "self-check"},
    {item: "calibration-a", score: 5},
  );
  const scores = (answers: {score: unknown}[]) => answers.map((answer) => answer.score);

  it("is every attempt at its slot in the walk, first first", () => {
    expect(scores(cardAnswers(progress, "calibration-a", {phase: "guideline", mode: "walk"}))).toEqual([3, 5]);
    expect(cardAnswers(progress, "calibration-a", {phase: "vague", mode: "walk"})).toEqual([]);
  });

  it("is only this run's answer in the blind run", () => {
    const run = (number: number) =>
      scores(cardAnswers(progress, "calibration-a", {phase: "guideline", mode: "self-check", run: number}));
    expect(run(1)).toEqual([4]);
    expect(run(2)).toEqual([2]);
    expect(run(3)).toEqual([]);
  });
});

describe("what a score card offers", () => {
  it("offers the steps with the guideline only; folded, only where the case study quotes the request", () => {
    const quoted = item("example-3").request;
    const described = item("edge-4").request; // data/items/edge-4.md: the request is described, not quoted
    expect(stepsOffered({phase: "vague", folded: false, request: quoted})).toBe(false);
    expect(stepsOffered({phase: "guideline", folded: false, request: quoted})).toBe(true);
    expect(stepsOffered({phase: "guideline", folded: false, request: described})).toBe(true);
    expect(stepsOffered({phase: "guideline", folded: true, request: quoted})).toBe(true);
    expect(stepsOffered({phase: "guideline", folded: true, request: described})).toBe(false);
  });

  it("offers a retry after Check with the guideline, never in the blind run nor for a “before” score", () => {
    const offered = {committed: true, phase: "guideline", mode: "walk", exact: false} as const;
    expect(retryOffered(offered)).toBe(true);
    expect(retryOffered({...offered, committed: false})).toBe(false);
    expect(retryOffered({...offered, mode: "self-check"})).toBe(false);
    expect(retryOffered({...offered, phase: "vague"})).toBe(false);
    // Issue 29: Try again is not offered after an exact answer.
    expect(retryOffered({...offered, exact: true})).toBe(false);
  });

  it("shows the line on the implied score with the steps built, and after Check only for a checklist with lines", () => {
    expect(impliedShown({built: true, committed: false, lines: 0})).toBe(true);
    expect(impliedShown({built: true, committed: true, lines: 2})).toBe(true);
    // "… shows here as you list and check the instructions" stayed under the ruling of a score given alone.
    expect(impliedShown({built: true, committed: true, lines: 0})).toBe(false);
    // The edge-case map's steps, folded and never opened: no checklist in view.
    expect(impliedShown({built: false, committed: false, lines: 0})).toBe(false);
  });
});

describe("what a score card says", () => {
  it("says the first answer by the title, answered in the blind run and checked elsewhere", () => {
    expect(cardStateText(undefined, "walk")).toBe("Not scored yet");
    expect(cardStateText({score: 3}, "walk")).toBe("Checked: 3");
    expect(cardStateText({score: "n/a"}, "self-check")).toBe("Answered: not applicable");
    // A score chosen and not checked is said so, not "Not scored yet" beside the marked score.
    expect(cardStateText(undefined, "self-check", 4)).toBe("Chosen: 4, not checked yet");
    expect(cardStateText({score: 3}, "walk", 4)).toBe("Checked: 3");
    expect(blindAnswerText({score: 4})).toBe(
      "Answered: 4. The rulings show when you have answered every case of the run.",
    );
  });

  it("names N in the hint only where “not applicable” is offered", () => {
    expect(chooseScoreHint(true)).toEqual({text: "Choose a score first", keys: "keys 1-5, or N for not applicable"});
    expect(chooseScoreHint(false)).toEqual({text: "Choose a score first", keys: "keys 1-5"});
  });
});

describe("the answer Check records", () => {
  const at = new Date(Date.UTC(2026, 2, 1, 10, 0, 0));
  const lines: TraineeLine[] = [{listing: {kind: "free", text: "a"}, main: true, verdict: "met"}];

  it("holds the score, the version and the time, and no more when nothing else was given", () => {
    expect(answerOf("example-1", {phase: "vague", mode: "walk", score: 4, guideline: "v2", at})).toEqual({
      item: "example-1",
      phase: "vague",
      score: 4,
      guideline: "v2",
      at: "2026-03-01T10:00:00.000Z",
    });
  });

  it("holds the blind run's mode, the checklist written and the rule picked", () => {
    expect(
      answerOf("edge-4", {
        phase: "guideline",
        mode: "self-check",
        score: 2,
        draft: {lines, mainNotMet: undefined},
        decidingRule: "numbers",
        guideline: "v2",
        at,
      }),
    ).toEqual({
      item: "edge-4",
      phase: "guideline",
      mode: "self-check",
      score: 2,
      checklist: {lines},
      decidingRule: "numbers",
      guideline: "v2",
      at: "2026-03-01T10:00:00.000Z",
    });
    // An empty list is no checklist.
    expect(
      answerOf("edge-4", {
        phase: "guideline",
        mode: "walk",
        score: 2,
        draft: {lines: [], mainNotMet: undefined},
        guideline: "v2",
        at,
      }),
    ).not.toHaveProperty("checklist");
  });
});

describe("a score card while it is shown", () => {
  const start: CardState = {
    score: null,
    committed: false,
    hint: false,
    elsewhere: false,
    pageOnly: false,
    answers: [],
    reveal: true,
    shown: null,
    staged: null,
    decidingRule: undefined,
    stepsBuilt: false,
    stepsOpen: false,
    implied: {kind: "none"},
  };
  const act = (state: CardState, ...actions: CardAction[]) => actions.reduce(cardUpdate, state);

  it("asks for a score on a Check without one, and is checked with one", () => {
    expect(act(start, {kind: "check"})).toMatchObject({hint: true, committed: false});
    expect(act(start, {kind: "check"}, {kind: "score", score: 3}, {kind: "check"})).toMatchObject({
      hint: false,
      committed: true,
      score: 3,
    });
  });

  it("takes the record a Check brings in the same step: the checked card and its ruling are one state", () => {
    const answers = cardAnswers(record({item: "calibration-a", score: 4}), "calibration-a", {
      phase: "guideline",
      mode: "walk",
    });
    const brought = {answers, reveal: true, shown: 2, pageOnly: false};
    const checked = act(start, {kind: "score", score: 4}, {kind: "check", record: brought});
    expect(checked).toMatchObject({committed: true, hint: false, score: 4, answers, reveal: true, shown: 2});
    // With no score chosen, the record is not taken (there is none: Check only asks for a score).
    expect(act(start, {kind: "check", record: brought})).toMatchObject({
      committed: false,
      hint: true,
      answers: [],
      shown: null,
    });
  });

  it("takes no score or rule once checked, and a retry clears the score and keeps the ruling in view", () => {
    const checked = act(start, {kind: "score", score: 4}, {kind: "check"}, {kind: "arrived", shown: 1});
    expect(act(checked, {kind: "score", score: 2})).toBe(checked);
    expect(act(checked, {kind: "deciding", rule: "numbers"})).toBe(checked);
    expect(act(checked, {kind: "retry"})).toMatchObject({committed: false, score: null, shown: 1});
  });

  it("stages a ruling built ahead only while none shows, and shows the one the record's answers get", () => {
    const staged = act(start, {kind: "stage", ruling: 1});
    expect(staged.staged).toBe(1);
    const shown = act(staged, {kind: "record", answers: [], reveal: true, shown: 1, pageOnly: false});
    expect(shown.shown).toBe(1);
    expect(act(shown, {kind: "stage", ruling: 2})).toBe(shown);
    // The blind run: the answer is kept, and no ruling shows until every case is answered.
    expect(act(shown, {kind: "record", answers: [], reveal: false, shown: null, pageOnly: false})).toMatchObject({
      reveal: false,
      shown: null,
    });
  });

  it("is the same state for a record that brings it the same answers, reveal and ruling (every self-check card hears of every answer)", () => {
    const answers = cardAnswers(
      record({item: "calibration-a", score: 3}, {item: "calibration-a", score: 5}),
      "calibration-a",
      {
        phase: "guideline",
        mode: "walk",
      },
    );
    expect(answers).toHaveLength(2);
    const recorded = act(start, {kind: "record", answers, reveal: true, shown: 1, pageOnly: false});
    expect(act(recorded, {kind: "record", answers: [...answers], reveal: true, shown: 1, pageOnly: false})).toBe(
      recorded,
    );
    expect(act(recorded, {kind: "record", answers, reveal: false, shown: 1, pageOnly: false})).not.toBe(recorded);
    expect(
      act(recorded, {kind: "record", answers: answers.slice(1), reveal: true, shown: 1, pageOnly: false}).answers,
    ).toHaveLength(answers.length - 1);
  });

  it("shows its case checked in another tab as checked there, and takes no answer of its own after it", () => {
    // Before, a second tab's card stayed unchecked: its Check recorded a second answer, taken for a retry in the walk
    // and for a blind case answered twice in the self-check.
    const answers = cardAnswers(record({item: "example-3", score: 3}), "example-3", {phase: "guideline", mode: "walk"});
    const elsewhere = act(
      start,
      {kind: "score", score: 2},
      {kind: "record", answers, reveal: true, shown: 1, pageOnly: false},
    );
    expect(elsewhere).toMatchObject({committed: true, elsewhere: true, score: 3, answers, shown: 1, hint: false});
    expect(act(elsewhere, {kind: "score", score: 5})).toBe(elsewhere);
    expect(act(elsewhere, {kind: "check"})).toBe(elsewhere);
    // The same answers read anew (a save in another tab reads the whole record again): nothing changes.
    const copies = answers.map((answer) => ({...answer}));
    expect(act(elsewhere, {kind: "record", answers: copies, reveal: true, shown: 1, pageOnly: false})).toBe(elsewhere);
    // Deleted elsewhere ("Start over"): the card starts again.
    expect(act(elsewhere, {kind: "record", answers: [], reveal: true, shown: null, pageOnly: false})).toMatchObject({
      committed: false,
      elsewhere: false,
      score: null,
      answers: [],
    });
  });

  it("says a Check's answer is kept on this page only while the browser saves none, and stops once it does", () => {
    // With storage full the card said only "Your first answer is the one recorded"; the notice was at the page's top.
    const answers = cardAnswers(record({item: "example-3", score: 3}), "example-3", {phase: "guideline", mode: "walk"});
    const scored = act(start, {kind: "score", score: 3});
    const unsaved = act(scored, {kind: "check", record: {answers, reveal: true, shown: 1, pageOnly: true}});
    expect(unsaved).toMatchObject({committed: true, pageOnly: true, elsewhere: false});
    // The same answers, the record written at last (storage freed): the card no longer says so.
    const saved = act(unsaved, {kind: "record", answers, reveal: true, shown: 1, pageOnly: false});
    expect(saved).toMatchObject({committed: true, pageOnly: false});
    expect(act(saved, {kind: "record", answers, reveal: true, shown: 1, pageOnly: false})).toBe(saved);
    // A card whose answer was saved does not take another answer's failure to save for its own.
    const later = act(scored, {kind: "check", record: {answers, reveal: true, shown: 1, pageOnly: false}});
    expect(act(later, {kind: "record", answers, reveal: true, shown: 1, pageOnly: true})).toBe(later);
    // A retry clears it: the next Check says anew whether its answer was saved.
    expect(act(unsaved, {kind: "retry"})).toMatchObject({committed: false, pageOnly: false});
  });

  it("opens the folded steps once built, and is the same state for a fold already so", () => {
    const open = act(start, {kind: "steps", open: true});
    expect(open).toMatchObject({stepsOpen: true, stepsBuilt: true});
    expect(act(open, {kind: "steps", open: true})).toBe(open);
    expect(act(open, {kind: "steps", open: false})).toMatchObject({stepsOpen: false, stepsBuilt: true});
  });

  it("takes what the checklist implies, and is the same state when it implies what it did", () => {
    const noMain: ImpliedScore = {ok: false, reason: "no-main", lines: []};
    const implies = act(start, {kind: "implied", line: {kind: "score", implied: noMain}});
    expect(implies.implied).toEqual({kind: "score", implied: noMain});
    // Worked out anew after a verdict given with no main task yet: the same line, so no patch.
    expect(act(implies, {kind: "implied", line: {kind: "score", implied: {...noMain, lines: []}}})).toBe(implies);
    expect(act(start, {kind: "implied", line: {kind: "none"}})).toBe(start);
    const working = act(implies, {kind: "implied", line: {kind: "working"}});
    expect(working.implied).toEqual({kind: "working"});
    expect(act(working, {kind: "implied", line: {kind: "working"}})).toBe(working);
    expect(act(working, {kind: "implied", line: {kind: "none"}}).implied).toEqual({kind: "none"});
  });
});
