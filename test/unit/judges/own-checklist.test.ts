// A judge held to its own checklist (lib/judges/own-checklist.ts) and its answer set against the ruling line by line
// (lib/judges/judge-answer-view.ts): the counts /judges shows per run. The answers are written by hand; the rulings
// are the case files' (data/items): example-2 is ruled 3 (main task met; three bullet points met, the closing question
// not met: 1 of 2, at least half), example-5 is ruled 5 with an accuracy flag and a line for what is not rated,
// edge-6 is ruled 5 with a prompt flag.
import {describe, expect, it} from "vitest";
import type {JudgeAnswer, JudgeLine} from "../../../lib/judges/answer.js";
import {answerView} from "../../../lib/judges/judge-answer-view.js";
import type {JudgesPageData} from "../../../lib/judges/judges-page.js";
import {caseFlagsText, ownChecklist, ownChecklistWords} from "../../../lib/judges/own-checklist.js";
import type {PublishedRun} from "../../../lib/judges/published.js";
import {loadGuidelines, loadItems} from "../../../lib/node/load.js";

const items = loadItems();
const guidelines = loadGuidelines();
const v2 = guidelines.find((guideline) => guideline.version === "v2")!;

const line = (instruction: string, main: boolean, rule: string, verdict: JudgeLine["verdict"]): JudgeLine => ({
  instruction,
  main,
  rule,
  verdict,
});
const summarize = line("Summarize this article on city bike-sharing", true, "main-task", "met");
const bullets = (verdict: JudgeLine["verdict"]) => line("in three bullet points", false, "numbers", verdict);
const question = (verdict: JudgeLine["verdict"], rule = "stated-constraints") =>
  line("end with one question for discussion", false, rule, verdict);

// Its checklist implies 3 (1 of 2 met, as ruled) but it scored 2: against its checklist, and a slip.
const slipped: JudgeAnswer = {checklist: [summarize, bullets("met"), question("not-met")], score: 2};
// Its checklist implies 2 (0 of 2 met) but it scored 3: against its checklist, not a slip (its checklist is wrong).
const wrongChecklist: JudgeAnswer = {checklist: [summarize, bullets("not-met"), question("not-met")], score: 3};
// Consistent and right: implies 3, scored 3.
const consistent: JudgeAnswer = {checklist: [summarize, bullets("met"), question("not-met")], score: 3};
const percent = line("what is 15% of 80?", true, "main-task", "met");
const answerOnly = line("Just the answer, no explanation", false, "only-just", "met");

describe("a judge run against its own checklist", () => {
  it("counts the cases it scored against its own checklist, and the slips: its checklist right, its score off", () => {
    const counts = ownChecklist(
      [
        {case: "example-2", answer: slipped},
        {case: "example-2", answer: wrongChecklist},
        {case: "example-2", answer: consistent},
        {case: "example-5", answer: null},
      ],
      items,
      v2,
      false,
    );
    expect(counts.againstChecklist).toEqual([
      {case: "example-2", implied: [3], scored: 2, ruled: 3, slip: true},
      {case: "example-2", implied: [2], scored: 3, ruled: 3, slip: false},
    ]);
    expect(counts.slips).toHaveLength(1);
    // A prompt that did not ask for flags: no answer has the field, and no flags are counted.
    expect(counts.flags).toBeNull();
  });

  it("counts the ruled flags it raised, only where the ruling has flags, when its prompt asked for them", () => {
    const counts = ownChecklist(
      [
        {case: "example-5", answer: {checklist: [percent, answerOnly], score: 5, flags: ["accuracy"]}},
        {case: "edge-6", answer: {checklist: [], score: 5, flags: ["quality"]}},
        // example-2's ruling has no flag: nothing to count there.
        {case: "example-2", answer: {...consistent, flags: []}},
      ],
      items,
      v2,
      true,
    );
    expect(counts.flags).toEqual({
      ruled: 2,
      raised: 1,
      cases: [
        {case: "example-5", ruled: ["accuracy"], raised: ["accuracy"], matched: ["accuracy"], missed: []},
        {case: "edge-6", ruled: ["prompt"], raised: ["quality"], matched: [], missed: ["prompt"]},
      ],
    });
    expect(caseFlagsText(counts.flags!.cases[0]!)).toBe("The ruling flags accuracy; it raised it.");
    expect(caseFlagsText(counts.flags!.cases[1]!)).toBe(
      "The ruling flags prompt; it raised none of them. It also raised quality.",
    );
  });

  it("counts no flags where its prompt did not ask for them, though its model added some", () => {
    // A checklist-v1 run whose model added flags unasked: before, any answer with the field made the run's flags count.
    const answers = [
      {case: "example-5", answer: {checklist: [percent, answerOnly], score: 5, flags: []}},
      {case: "edge-6", answer: {checklist: [], score: 5, flags: ["quality" as const]}},
    ];
    const counts = ownChecklist(answers, items, v2, false);
    expect(counts.flags).toBeNull();
    expect(ownChecklistWords(counts, "checklist-v1", (id) => id).at(-1)).toBe(
      "Flags: not asked for by its prompt, checklist-v1.",
    );
  });

  it("counts an answer without the flags field as raising none, where its prompt asked for them", () => {
    // example-5's ruling flags accuracy (data/items/example-5.md); the answer says nothing of flags.
    const counts = ownChecklist(
      [{case: "example-5", answer: {checklist: [percent, answerOnly], score: 5}}],
      items,
      v2,
      true,
    );
    expect(counts.flags).toEqual({
      ruled: 1,
      raised: 0,
      cases: [{case: "example-5", ruled: ["accuracy"], raised: [], matched: [], missed: ["accuracy"]}],
    });
  });

  it('says the rulings raise no flag where the cases it answered have none, never "0 of the 0 flags"', () => {
    // example-2's ruling raises no flag (data/items/example-2.md): the answer's flags field counts nothing.
    const counts = ownChecklist([{case: "example-2", answer: {...consistent, flags: []}}], items, v2, true);
    expect(ownChecklistWords(counts, "checklist-v2", (id) => id).at(-1)).toBe(
      "Flags: the rulings raise none in the cases it answered.",
    );
  });
});

describe("one answer against its ruling", () => {
  const run = (answers: {case: string; answer: JudgeAnswer}[]): PublishedRun => ({
    model: "lab/hand",
    prompt: "checklist-v2",
    guideline: "v2",
    cases: answers.map((entry) => entry.case),
    startedAt: "2026-01-02T03:04:05.000Z",
    complete: true,
    stopped: null,
    answers: answers.map((entry) => ({
      case: entry.case,
      ruled: items.find((item) => item.id === entry.case)!.score,
      status: "answered",
      answer: entry.answer,
      excerpt: null,
      problem: null,
      startedAt: "2026-01-02T03:04:05.000Z",
      servedBy: null,
    })),
  });
  const data = (published: PublishedRun): JudgesPageData => ({
    runs: [published],
    files: ["data/judges/runs/hand.json"],
    items,
    guideline: v2,
    rules: v2.rules.map(({id, title}) => ({id, title})),
    promptNames: ["checklist-v1", "checklist-v2"],
    flagsAsked: ["checklist-v2"],
  });

  it("never calls a line decided by a rule id the guideline lacks 'agrees'", () => {
    const invented = {checklist: [summarize, bullets("met"), question("not-met", "closing-question-rule")], score: 3};
    const view = answerView(data(run([{case: "example-2", answer: invented}])), 0, "example-2")!;
    if (view.kind !== "answered") throw new Error("expected an answer");
    const statuses = view.lines.map((entry) => [entry.ruled?.text, entry.status]);
    expect(statuses).toEqual([
      ["Summarize the article on city bike-sharing", "agree"],
      ["Three bullet points", "agree"],
      ["End with one question for discussion", "unknown-rule"],
    ]);
    expect(view.lines[2]!.words).not.toBe("agrees");
    expect(view.matching).toBe(2);
  });

  it("shows a ruled line the answer has no line for (Example 5's, what is not rated) as missing, and its flags", () => {
    const view = answerView(
      data(run([{case: "example-5", answer: {checklist: [percent, answerOnly], score: 5, flags: []}}])),
      0,
      "example-5",
    )!;
    if (view.kind !== "answered") throw new Error("expected an answer");
    const notRated = view.lines.find((entry) => entry.ruled?.text === "The answer is correct")!;
    expect(notRated).toMatchObject({judge: null, status: "missing", words: "not listed"});
    expect(notRated.decidedBy?.id).toBe("not-rated");
    expect(view.flags).toEqual({
      case: "example-5",
      ruled: ["accuracy"],
      raised: [],
      matched: [],
      missed: ["accuracy"],
    });
  });

  it("counts the ruled lines shown as missing in 'N of M ruled lines match its own' (Example 5: 2 of 3)", () => {
    // Example 5's ruled checklist has three lines: the main task and "just the answer", both met, and "the answer is
    // correct", not rated. The answer lists the first two as ruled and has no line for the third: 2 of 3.
    const view = answerView(
      data(run([{case: "example-5", answer: {checklist: [percent, answerOnly], score: 5, flags: []}}])),
      0,
      "example-5",
    )!;
    if (view.kind !== "answered") throw new Error("expected an answer");
    expect([view.matching, view.ruledLines]).toEqual([2, 3]);
  });

  it("leaves out a line the ruling keeps off the checklist, rightly unlisted (Example 1), or its flag raised (Example 5)", () => {
    // Example 1's ruling: the main task and "no more than two" met, and "exactly two examples" not an instruction (a
    // preference the request never states: the guideline says not to list it). The perfect answer lists the first two:
    // 2 of 2, with no line shown as missing (it showed "not listed: Only what the request says", 2 of 3).
    const examples = line("Give me examples of irregular English verbs", true, "main-task", "met");
    const noMore = line("no more than two", false, "numbers", "met");
    const perfect = answerView(
      data(run([{case: "example-1", answer: {checklist: [examples, noMore], score: 5}}])),
      0,
      "example-1",
    )!;
    if (perfect.kind !== "answered") throw new Error("expected an answer");
    expect(perfect.lines.map((entry) => [entry.ruled?.text, entry.status])).toEqual([
      ["Give examples of irregular English verbs", "agree"],
      ["No more than two examples", "agree"],
    ]);
    expect([perfect.matching, perfect.ruledLines]).toEqual([2, 2]);
    // Example 5 with its accuracy flag raised: the line for what is not rated was not missed.
    const flagged = answerView(
      data(run([{case: "example-5", answer: {checklist: [percent, answerOnly], score: 5, flags: ["accuracy"]}}])),
      0,
      "example-5",
    )!;
    if (flagged.kind !== "answered") throw new Error("expected an answer");
    expect(flagged.lines.some((entry) => entry.status === "missing")).toBe(false);
    expect([flagged.matching, flagged.ruledLines]).toEqual([2, 2]);
  });

  it("holds a run whose prompt did not ask for flags to the line its flag would have covered", () => {
    // The same Example 5 answer, its accuracy flag added unasked, under checklist-v1 (which asks for none): the line
    // for what is not rated is missing, 2 of 3, and no flags are set against the ruling's.
    const unasked = {
      ...run([{case: "example-5", answer: {checklist: [percent, answerOnly], score: 5, flags: ["accuracy"]}}]),
    };
    const view = answerView(data({...unasked, prompt: "checklist-v1"}), 0, "example-5")!;
    if (view.kind !== "answered") throw new Error("expected an answer");
    expect(view.lines.filter((entry) => entry.status === "missing")).toHaveLength(1);
    expect([view.matching, view.ruledLines]).toEqual([2, 3]);
    expect(view.flags).toBeNull();
  });
});
