// The /judges page's view of two hand-written runs (test/unit/judges/page-runs.ts) over the calibration cases, ruled
// calibration-a 4, -b 2, -c 1, -d 5. Every figure and word below is worked out by hand from those scores and the
// lines each judge wrote; the rule titles are guideline/v2's.
import {describe, expect, it} from "vitest";
import {answerView, openAnswer} from "../../../lib/judges/judge-answer-view.js";
import {judgeRuleName, judgesView, statusWords} from "../../../lib/judges/judges-page.js";
import {judgesPageData} from "../../../lib/judges/page-data.node.js";
import type {LoadedPrompt} from "../../../lib/judges/prompts.node.js";
import {formatJudgeScore, judgeScore} from "../../../lib/judges/score-report.js";
import {loadGuidelines, loadItems} from "../../../lib/node/load.js";
import {carefulRun, htmlReply, inventedRule, lenientRun, pageRunFiles} from "./page-runs.js";
import {testPrompt} from "./run-files.js";

const runs = [carefulRun(), lenientRun()];
const data = judgesPageData(
  {
    runs: runs.map((run, index) => ({file: pageRunFiles[index]!, data: run})),
    prompts: [{name: testPrompt} as LoadedPrompt],
  },
  loadItems(),
  loadGuidelines(),
);
const view = judgesView(data);
const [careful, lenient] = view.runs;

describe("each run as a rater", () => {
  it("labels a run by model, prompt, guideline version and day, and says it is complete", () => {
    expect(careful!.label).toBe(`test-only/careful · ${testPrompt} · v2 · 2026-11-20`);
    expect(careful!.state).toBe("complete");
    expect(careful!.file).toBe(pageRunFiles[0]);
    // It was served as the model asked for: nothing to add.
    expect(careful!.servedAs).toEqual([]);
  });

  it("counts exact, one off and two or more off of the cases answered, with the lean in the results page's words", () => {
    // Careful: a, c, d exact; b 3 for 2, one off. One miss above, an average of 1/4 = 0.25: under the 0.3 bar.
    expect(careful!.figures).toMatchObject({answered: 4, exact: 3, oneOff: 1, twoOrMoreOff: 0, lenient: 1, harsh: 0});
    expect(careful!.asked).toBe(4);
    expect(careful!.leanWords).toBe(
      "No clear lean: 1 above the ruling, 0 below, and its average score is within 0.3 of a point of the rulings' " +
        "average.",
    );
    // Lenient: c is no answer; d exact, a 5 for 4 one off, b 4 for 2 two off. Both misses above, average 3/3 = 1.
    expect(lenient!.figures).toMatchObject({answered: 3, exact: 1, oneOff: 1, twoOrMoreOff: 1, lenient: 2, harsh: 0});
    expect(lenient!.leanWords).toBe("It tends to score higher than the ruling: both misses were above it.");
  });

  it("names the rules misapplied by title, and a rule id the guideline lacks as unknown, as the judge wrote it", () => {
    expect(careful!.rulesMisapplied).toEqual([{id: "purpose", title: "Purpose", cases: ["calibration-b"]}]);
    expect(careful!.unknownRules).toEqual([]);
    // Formal fully met where the ruling has a small flaw (a); one sentence met where the purpose rule rules it not (b).
    expect([...lenient!.rulesMisapplied].sort((x, y) => x.id.localeCompare(y.id))).toEqual([
      {id: "purpose", title: "Purpose", cases: ["calibration-b"]},
      {id: "style-register", title: "Style and register", cases: ["calibration-a"]},
    ]);
    expect(lenient!.unknownRules).toEqual([{text: inventedRule, cases: ["calibration-b"]}]);
  });

  it("judge:score names the rules misapplied as the page does, a rule id the guideline lacks among them", () => {
    const score = judgeScore(pageRunFiles[1]!, lenientRun(), loadItems(), loadGuidelines(), false);
    expect(score.unknownRules).toEqual(lenient!.unknownRules);
    // The page's rules above, most often first, ties by id; then the id the judge made up, as it wrote it.
    const report = formatJudgeScore(score);
    const from = report.indexOf("  Rules misapplied:");
    expect(report.slice(from, from + 4)).toEqual([
      "  Rules misapplied:",
      "    Purpose (purpose): 1 case, calibration-b",
      "    Style and register (style-register): 1 case, calibration-a",
      `    unknown rule id ${inventedRule}: 1 case, calibration-b`,
    ]);
    // A right-to-left override in a made-up id is printed escaped, never raw.
    const reversed = formatJudgeScore({...score, unknownRules: [{text: "numbrs\u202E", cases: ["calibration-a"]}]});
    expect(reversed).toContain("    unknown rule id numbrs\\u{202E}: 1 case, calibration-a");
  });

  it("lists a reply that is no answer with why, never scored", () => {
    expect(lenient!.unanswered).toEqual([
      {
        case: "calibration-c",
        status: "unparsed",
        problem: "not JSON: the reply is not a JSON object",
        words: statusWords.unparsed,
      },
    ]);
    expect(statusWords.unparsed).toBe("not JSON");
    expect(lenient!.missing).toEqual([]);
  });

  it("puts the runs side by side, a row each, a column per figure", () => {
    // A row per run, in the runs' order; each label is its parts around its date.
    expect(view.runs.map((run) => run.label)).toEqual([careful!.label, lenient!.label]);
    expect(view.runs.map(({labelParts: {before, after}, date}) => `${before}${date}${after}`)).toEqual([
      careful!.label,
      lenient!.label,
    ]);
    expect(view.sideBySide.figures).toEqual(["Exact", "One off", "Two or more off", "Answered of asked", "Lean"]);
    expect(view.sideBySide.rows).toEqual([
      ["3", "1", "0", "4 of 4", careful!.leanWords],
      ["1", "1", "1", "3 of 4", lenient!.leanWords],
    ]);
  });

  it("gives the start time where two runs of one model, prompt and version share a day, so no two read the same", () => {
    // Two runs of the careful model the same day read "test-only/careful · … · 2026-11-20" both, in every table.
    const again = {...data.runs[0]!, startedAt: "2026-11-20T15:30:00.000Z"};
    const later = {...data.runs[0]!, startedAt: "2026-11-20T15:30:42.000Z"};
    const [first, second, third, other] = judgesView({
      ...data,
      runs: [data.runs[0]!, again, later, data.runs[1]!],
      files: [...pageRunFiles, "b.json", "c.json"],
    }).runs;
    expect([first!.startedAt.slice(11, 16), first!.date]).toEqual(["09:00", "2026-11-20 09:00 UTC"]);
    expect([second!.date, third!.date]).toEqual(["2026-11-20 15:30:00 UTC", "2026-11-20 15:30:42 UTC"]);
    expect(second!.label).toBe(`test-only/careful · ${testPrompt} · v2 · 2026-11-20 15:30:00 UTC`);
    // Another model's run keeps its day alone.
    expect(other!.date).toBe("2026-11-21");
  });

  it("shortens a label to what tells its run from the others, and two runs never read the same", () => {
    // Two models: the model alone tells them apart.
    expect(view.runs.map((run) => run.shortLabel)).toEqual(["test-only/careful", "test-only/lenient"]);
    const careful = data.runs[0]!;
    const runs = [
      careful,
      {...careful, startedAt: "2026-11-22T09:00:00.000Z"},
      {...careful, prompt: "other-prompt"},
      {...careful, guideline: "v1"},
      {...careful, startedAt: "2026-11-20T15:30:00.000Z", complete: false},
      data.runs[1]!,
    ];
    const labels = judgesView({...data, runs, files: runs.map((_run, index) => `${index}.json`)}).runs.map(
      (run) => run.shortLabel,
    );
    expect(labels).toEqual([
      // Its prompt (another careful run has another), its version (another careful run of that prompt is v1), and
      // its date with the time (two careful runs of that prompt and version started on 2026-11-20).
      `test-only/careful · ${testPrompt} · v2 · 2026-11-20 09:00 UTC`,
      `test-only/careful · ${testPrompt} · v2 · 2026-11-22`,
      // No other careful run has this prompt: the prompt is enough.
      "test-only/careful · other-prompt",
      // The only v1 run of its prompt.
      `test-only/careful · ${testPrompt} · v1`,
      `test-only/careful · ${testPrompt} · v2 · 2026-11-20 15:30 UTC (stopped after 4 of 4)`,
      "test-only/lenient",
    ]);
  });

  it("says of a run with no answer that there is nothing to compare, not that every answer agrees", () => {
    // A run stopped before its first answer (an older file: judge:run records none now) read "No rule misapplied:
    // every answer agrees with the ruling line by line" and "none of these answers can be above or below".
    const empty = {...data.runs[0]!, complete: false, stopped: "the endpoint could not be reached", answers: []};
    const [none] = judgesView({...data, runs: [empty], files: [pageRunFiles[0]!]}).runs;
    expect([none!.figures.answered, none!.leanWords, none!.noRuleMisapplied]).toEqual([
      0,
      "No lean to report: it answered no case.",
      "No answer to compare with the ruling.",
    ]);
    expect(careful!.noRuleMisapplied).toBe("No rule misapplied: every answer agrees with the ruling line by line.");
    // judge:score says of it what /judges says, in the same words.
    const emptyRun = {...carefulRun(), complete: false, finishedAt: null, stopped: empty.stopped, answers: []};
    const scored = judgeScore(pageRunFiles[0]!, emptyRun, loadItems(), loadGuidelines(), false);
    // --json's lean says the same: no answer, not answers that cannot be compared.
    expect(scored.lean).toEqual({kind: "no-answers"});
    const report = formatJudgeScore(scored);
    expect(report).toContain("  Lean: No lean to report: it answered no case.");
    expect(report).toContain("  No answer to compare with the ruling.");
  });

  it("says when a run stopped early, and which cases it did not reach", () => {
    const stopped = {...data.runs[0]!, complete: false, stopped: "the endpoint could not be reached"};
    stopped.answers = stopped.answers.slice(0, 3);
    const [one] = judgesView({...data, runs: [stopped], files: [pageRunFiles[0]!]}).runs;
    expect(one!.state).toBe("stopped after 3 of 4");
    expect(one!.label).toBe(`test-only/careful · ${testPrompt} · v2 · 2026-11-20 (stopped after 3 of 4)`);
    expect(one!.missing).toEqual(["calibration-d"]);
  });
});

describe("the cases one by one", () => {
  it("gives each case its ruled score and each run's score with its distance, or why there is none", () => {
    expect(
      view.cases.map((row) => [
        row.id,
        row.ruled,
        ...row.cells.map((cell) => (cell.kind === "answered" ? `${cell.text} ${cell.score.distance}` : cell.text)),
      ]),
    ).toEqual([
      ["calibration-a", "4", "4 exact", "5 one-off"],
      ["calibration-b", "2", "3 one-off", "4 two-or-more-off"],
      ["calibration-c", "1", "1 exact", "not JSON"],
      ["calibration-d", "5", "5 exact", "5 exact"],
    ]);
  });
});

describe("one answer against its ruling", () => {
  it("sets the judge's checklist beside the ruled one, each difference with the rule that decides it", () => {
    const answer = answerView(data, 0, "calibration-b");
    expect(answer?.kind).toBe("answered");
    if (answer?.kind !== "answered") return;
    expect(answer.scoreWords).toBe("one off, higher than the ruling");
    expect(answer.lines.map((line) => [line.ruled?.text, line.judge?.instruction, line.status])).toEqual([
      ["Describe the plot of Romeo and Juliet", "Describe the plot of Romeo and Juliet", "agree"],
      ["One sentence", "in one sentence", "verdict-differs"],
    ]);
    const [, sentence] = answer.lines;
    expect(sentence!.ruled?.verdict).not.toBe(sentence!.judge?.verdict);
    // It named the size words rule; the purpose rule decides the line.
    expect(sentence!.judge?.rule).toEqual({known: true, id: "size-words", title: "Size words"});
    expect(sentence!.decidedBy).toMatchObject({id: "purpose", title: "Purpose"});
    expect(answer.lines[0]!.decidedBy).toBeNull();
    expect([answer.matching, answer.ruledLines]).toEqual([1, 2]);
  });

  it("shows an invented rule id as unknown, with the text the judge wrote", () => {
    const answer = answerView(data, 1, "calibration-b");
    if (answer?.kind !== "answered") throw new Error("expected an answer");
    expect(answer.lines[1]!.judge?.rule).toEqual({known: false, text: inventedRule});
    expect(answer.lines[1]!.decidedBy).toMatchObject({id: "purpose"});
  });

  it("shows a reply that is no answer by its status, problem and text, unchanged", () => {
    // The problem recorded is "not JSON: the reply is not a JSON object": under its status it is not said twice.
    expect(answerView(data, 1, "calibration-c")).toEqual({
      kind: "unanswered",
      status: "not JSON",
      problem: "the reply is not a JSON object",
      excerpt: htmlReply,
    });
  });

  it("has nothing to show for a case a run holds no record of, or one the site lacks", () => {
    expect(answerView(data, 0, "example-1")).toBeNull();
    expect(answerView(data, 5, "calibration-a")).toBeNull();
  });
});

describe("a rule as a judge names it", () => {
  it("is known by its title, or unknown as written", () => {
    expect(judgeRuleName(data.rules, "refusal")).toEqual({known: true, id: "refusal", title: "Refusals"});
    expect(judgeRuleName(data.rules, "Refusal")).toEqual({known: false, text: "Refusal"});
  });
});

describe("the answer open below the cases", () => {
  it("opens one answer at a time, opens the open one afresh (to bring it to the reader again), and closes", () => {
    const first = openAnswer(null, {kind: "open", run: 0, case: "calibration-a"});
    expect(first).toEqual({run: 0, case: "calibration-a"});
    expect(openAnswer(first, {kind: "open", run: 1, case: "calibration-b"})).toEqual({run: 1, case: "calibration-b"});
    const again = openAnswer(first, {kind: "open", run: 0, case: "calibration-a"});
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    expect(openAnswer(first, {kind: "close"})).toBeNull();
  });
});
