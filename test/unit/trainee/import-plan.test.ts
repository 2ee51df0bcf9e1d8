import {describe, expect, it} from "vitest";
import {
  confirmImport,
  planImport,
  previewImport,
  previewIsStale,
  replacementWords,
  unknownItems,
} from "../../../lib/trainee/import-plan.js";
import {emptyProgress, recordAnswer, type Answer, type Progress} from "../../../lib/trainee/progress.js";
import {items, record} from "./helpers.js";

const now = "2026-03-01T12:00:00.000Z";
const known: ReadonlySet<string> = new Set(items.map((item) => item.id));
const brief = (answer: Answer) => `${answer.item} ${answer.phase} #${answer.attempt}: ${answer.score}`;

describe("what an import would change", () => {
  const mine = record(
    {item: "example-1", score: 5, phase: "vague"},
    {item: "example-2", score: 3},
    {item: "example-2", score: 4},
  );
  const theirs = record(
    {item: "example-1", score: 5, phase: "vague"}, // the same answer: unchanged
    {item: "example-2", score: 2}, // attempt 1 answered differently: replaced
    {item: "example-4", score: 3}, // added
  );

  it("adds into an empty record", () => {
    const preview = previewImport(emptyProgress(), theirs);
    expect([preview.added.length, preview.replaced, preview.unchanged, preview.kept]).toEqual([3, [], [], []]);
    expect(preview.result).toEqual(theirs);
  });

  it("says attempt by attempt what is added, replaced, unchanged and kept", () => {
    const preview = previewImport(mine, theirs);
    expect({
      added: preview.added.map(brief),
      replaced: preview.replaced.map(({current, incoming}) => `${brief(current)} -> ${incoming.score}`),
      unchanged: preview.unchanged.map(brief),
      kept: preview.kept.map(brief),
      result: preview.result.answers.map(brief),
    }).toEqual({
      added: ["example-4 guideline #1: 3"],
      replaced: ["example-2 guideline #1: 3 -> 2"],
      unchanged: ["example-1 vague #1: 5"],
      kept: ["example-2 guideline #2: 4"],
      result: [
        "example-1 vague #1: 5",
        "example-2 guideline #1: 2",
        "example-2 guideline #2: 4",
        "example-4 guideline #1: 3",
      ],
    });
  });

  it("takes an answer that differs only in when it was given as unchanged, and keeps this browser's time", () => {
    const here = record({item: "example-2", score: 3, phase: "vague"});
    const later = {...here, answers: here.answers.map((answer) => ({...answer, at: "2026-03-02T09:00:00.000Z"}))};
    const preview = previewImport(here, later);
    expect([preview.added, preview.replaced, preview.unchanged.map(brief)]).toEqual([
      [],
      [],
      ["example-2 vague #1: 3"],
    ]);
    expect(preview.result).toEqual(here);
    expect(planImport(here, later, known).changes).toBe(0);
  });

  it("says what differs in a replaced answer: its two scores, or what else when the score is the same", () => {
    const base: Answer = {item: "example-1", phase: "guideline", attempt: 1, score: 5, guideline: "v2", at: now};
    const line = {listing: {kind: "free", text: "formal"}, verdict: "met"} as const;
    const words = (incoming: Partial<Answer>, current: Partial<Answer> = {}) =>
      replacementWords({current: {...base, ...current}, incoming: {...base, ...incoming}});
    expect(words({score: 4})).toBe("5 here, 4 in the file");
    expect(words({score: "n/a"})).toBe("5 here, not applicable in the file");
    // The same day, another hour: "at" is a date and a time.
    expect(words({at: "2026-03-01T15:00:00.000Z"})).toBe("5 in both; in the file, answered at another time");
    // A checklist only in the file, then one on each side that differs.
    expect(words({checklist: {lines: [line]}, at: "2026-03-02T09:00:00.000Z"})).toBe(
      "5 in both; in the file, a checklist and answered at another time",
    );
    const other = {listing: {kind: "free", text: "short"}, verdict: "met"} as const;
    expect(words({checklist: {lines: [other]}}, {checklist: {lines: [line]}})).toBe(
      "5 in both; in the file, a different checklist",
    );
    expect(words({}, {checklist: {lines: [line]}})).toBe("5 in both; in the file, no checklist");
    expect(words({decidingRule: "refusals", guideline: "v1"}, {decidingRule: "numbers"})).toBe(
      "5 in both; in the file, another deciding rule and another version of the guideline",
    );
    expect(words({decidingRule: "refusals"})).toBe("5 in both; in the file, a deciding rule");
    // The same checklist with its keys in another order is the same checklist.
    expect(
      words(
        {checklist: {lines: [{verdict: "met", listing: {text: "formal", kind: "free"}}]}, at: "x"},
        {checklist: {lines: [line]}},
      ),
    ).toBe("5 in both; in the file, answered at another time");
  });

  it("treats answers that differ only in key order as the same, and leaves both records as they were", () => {
    const before = structuredClone(mine);
    const reordered: Progress = {
      ...mine,
      answers: mine.answers.map((answer) => Object.fromEntries(Object.entries(answer).reverse()) as Answer),
    };
    expect(previewImport(mine, reordered)).toMatchObject({added: [], replaced: [], kept: []});
    previewImport(mine, theirs);
    expect(mine).toEqual(before);
  });

  it("leaves a record whose next answer gets the next attempt number", () => {
    const merged = previewImport(
      mine,
      record({item: "example-2", score: 1}, {item: "example-2", score: 2}, {item: "example-2", score: 3}),
    ).result;
    const next = recordAnswer(merged, {item: "example-2", phase: "guideline", score: 3, guideline: "v2", at: now});
    expect(next.answers.filter((answer) => answer.item === "example-2").map((answer) => answer.attempt)).toEqual([
      1, 2, 3, 4,
    ]);
  });
});

describe("an import's plan, and whether the preview read is still true on confirming", () => {
  // The same two records as above: the file adds example-4, replaces example-2's first attempt (3 here, 2 in the
  // file), and this browser keeps example-2's second attempt; example-1's "before" score is the same in both.
  const mine = record(
    {item: "example-1", score: 5, phase: "vague"},
    {item: "example-2", score: 3},
    {item: "example-2", score: 4},
  );
  const theirs = record(
    {item: "example-1", score: 5, phase: "vague"},
    {item: "example-2", score: 2},
    {item: "example-4", score: 3},
  );
  /** `progress` with one more answer given later, as another tab would save it. */
  const plus = (progress: Progress, answer: Pick<Answer, "item" | "score">): Progress =>
    recordAnswer(progress, {phase: "guideline", guideline: "v2", at: now, ...answer});
  const counts = (preview: ReturnType<typeof previewImport>) =>
    [preview.added.length, preview.replaced.length, preview.kept.length].join(" / ");

  it("counts the answers an import would write, added or replaced, and names the cases the site lacks", () => {
    const plan = planImport(mine, theirs, known);
    expect([plan.changes, plan.unknownItems]).toEqual([2, []]);
    const foreign = record({item: "example-2", score: 3}, {item: "example-99", score: 3});
    // example-2 #1: the same answer as here, saved a second earlier (helpers' record): the time alone is no change;
    // example-99: added, and not a case of this site.
    expect(planImport(mine, foreign, known)).toMatchObject({changes: 1, unknownItems: ["example-99"]});
    expect(planImport(theirs, theirs, known).changes).toBe(0);
  });

  it("imports what the trainee read when nothing changed meanwhile", () => {
    const shown = previewImport(mine, theirs);
    const decision = confirmImport(mine, theirs, shown);
    expect(decision.kind).toBe("import");
    expect(decision.preview.result.answers.map(brief)).toEqual([
      "example-1 vague #1: 5",
      "example-2 guideline #1: 2",
      "example-2 guideline #2: 4",
      "example-4 guideline #1: 3",
    ]);
  });

  it("shows the preview again when another tab answered a case the file adds: added 1 -> 0, the same answer", () => {
    const shown = previewImport(mine, theirs);
    const meanwhile = plus(mine, {item: "example-4", score: 3});
    const decision = confirmImport(meanwhile, theirs, shown);
    expect(decision.kind).toBe("changed");
    // The file's example-4 is the tab's answer given at another time: unchanged, not replaced.
    expect(counts(decision.preview)).toBe("0 / 1 / 1");
    expect(decision.preview.unchanged.map(brief)).toContain("example-4 guideline #1: 3");
    expect(previewIsStale(shown, decision.preview)).toBe(true);
  });

  it("shows it again when another tab answered a case the file lacks: kept 1 -> 2", () => {
    const decision = confirmImport(plus(mine, {item: "example-5", score: 4}), theirs, previewImport(mine, theirs));
    expect([decision.kind, counts(decision.preview)]).toEqual(["changed", "1 / 1 / 2"]);
  });

  it("shows it again after Start over in another tab: everything in the file is added, nothing replaced or kept", () => {
    const decision = confirmImport(emptyProgress(), theirs, previewImport(mine, theirs));
    expect([decision.kind, counts(decision.preview)]).toEqual(["changed", "3 / 0 / 0"]);
  });

  it("is stale when any one of the three counts moves, and only then", () => {
    const shown = previewImport(mine, theirs);
    expect(previewIsStale(shown, previewImport(mine, theirs))).toBe(false);
    const one = shown.added[0]!;
    expect(previewIsStale(shown, {...shown, added: []})).toBe(true);
    expect(previewIsStale(shown, {...shown, replaced: []})).toBe(true);
    expect(previewIsStale(shown, {...shown, kept: [one, one]})).toBe(true);
  });
});

describe("answers to cases the site does not have", () => {
  it("lists each unknown case once, in the order first answered, and none of the site's", () => {
    const progress = record(
      {item: "example-98", score: 3},
      {item: "example-2", score: 3},
      {item: "edge-99", score: 2, phase: "vague"},
      {item: "example-98", score: 4},
    );
    expect(unknownItems(progress, known)).toEqual(["example-98", "edge-99"]);
    expect(unknownItems(record({item: "example-2", score: 3}), known)).toEqual([]);
  });
});
