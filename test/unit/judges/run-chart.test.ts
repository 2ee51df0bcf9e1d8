// The /judges chart's rows (lib/judges/run-chart.ts): each run, and the visitor's own row beside them. Worked by hand
// from the calibration cases' ruled scores (data/items: calibration-a 4, -b 2, -c 1, -d 5), the two hand-written runs
// (test/unit/judges/page-runs.ts) and a saved record written here.
import {describe, expect, it} from "vitest";
import {judgesPageData} from "../../../lib/judges/page-data.node.js";
import type {LoadedPrompt} from "../../../lib/judges/prompts.node.js";
import {nextVisitorRow, runChartRows, visitorChartRow, type RunChartRow} from "../../../lib/judges/run-chart.js";
import {judgesView} from "../../../lib/judges/judges-page.js";
import {loadGuidelines, loadItems} from "../../../lib/node/load.js";
import {emptyProgress, type Answer, type Progress} from "../../../lib/trainee/progress.js";
import {carefulRun, lenientRun, pageRunFiles} from "./page-runs.js";
import {testPrompt} from "./run-files.js";

const data = judgesPageData(
  {
    runs: [carefulRun(), lenientRun()].map((run, index) => ({file: pageRunFiles[index]!, data: run})),
    prompts: [{name: testPrompt} as LoadedPrompt],
  },
  loadItems(),
  loadGuidelines(),
);

const answer = (item: string, score: Answer["score"], extra: Partial<Answer> = {}): Answer => ({
  item,
  phase: "guideline",
  attempt: 1,
  score,
  guideline: "v2",
  at: "2026-01-01T00:00:00.000Z",
  ...extra,
});
const record = (...answers: Answer[]): Progress => ({...emptyProgress(), answers});

describe("the /judges chart's rows", () => {
  it("draws each run by its exact, one off and two or more off, as shares of the cases it answered", () => {
    // Careful: a, c, d exact, b one off, of 4. Lenient: d exact, a one off, b two off, of 3 (c no answer).
    const rows = runChartRows(judgesView(data).runs);
    expect(rows.map((row) => [row.key, row.answered, row.counts])).toEqual([
      ["run-1", 4, {"exact": 3, "one-off": 1, "two-or-more-off": 0}],
      ["run-2", 3, {"exact": 1, "one-off": 1, "two-or-more-off": 1}],
    ]);
    expect(rows[0]!.shares).toEqual({"exact": 0.75, "one-off": 0.25, "two-or-more-off": 0});
  });

  it("labels each run on two lines, its model with where it stopped, then its prompt, version and date", () => {
    // judges-page.ts labels a run "model · prompt · version · date": on one line its date ran past a phone's chart.
    expect(runChartRows(judgesView(data).runs).map((row) => row.lines)).toEqual([
      ["test-only/careful", "check-test-v1 · v2 · 2026-11-20"],
      ["test-only/lenient", "check-test-v1 · v2 · 2026-11-21"],
    ]);
    // A stopped run's state goes with its model: after the date it ran past the chart ("… (stopped after 0 o").
    const stopped = {...data.runs[0]!, complete: false, answers: data.runs[0]!.answers.slice(0, 3)};
    const [row] = runChartRows(judgesView({...data, runs: [stopped]}).runs);
    expect(row!.lines).toEqual(["test-only/careful (stopped after 3 of 4)", "check-test-v1 · v2 · 2026-11-20"]);
    expect(row!.label).toBe("test-only/careful · check-test-v1 · v2 · 2026-11-20 (stopped after 3 of 4)");
  });

  it("adds the visitor's row: their first walk answers to the runs' cases, as a run's are counted", () => {
    const row = visitorChartRow(
      record(
        answer("calibration-a", 4), // ruled 4: exact
        answer("calibration-b", 4), // ruled 2: two off
        answer("calibration-d", 4), // ruled 5: one off, the first attempt
        answer("calibration-d", 5, {attempt: 2}), // a retry: not counted
        answer("calibration-c", 3, {mode: "self-check"}), // the blind self-check: not the walk
        answer("calibration-c", 5, {phase: "vague"}), // before the guideline: not counted
        answer("example-1", 5), // a case no run was asked: not counted
      ),
      data,
    );
    expect(row).toEqual({
      key: "you",
      label: "You",
      lines: ["You"],
      answered: 3,
      counts: {"exact": 1, "one-off": 1, "two-or-more-off": 1},
      shares: {"exact": 1 / 3, "one-off": 1 / 3, "two-or-more-off": 1 / 3},
    });
  });

  it("has no visitor's row when they have no walk answer to the runs' cases", () => {
    expect(visitorChartRow(emptyProgress(), data)).toBeNull();
    expect(
      visitorChartRow(record(answer("example-1", 5), answer("calibration-a", 4, {mode: "self-check"})), data),
    ).toBeNull();
  });
});

describe("the visitor's row after a save", () => {
  const row = (exact: number, oneOff: number): RunChartRow => ({
    key: "you",
    label: "You",
    lines: ["You"],
    answered: exact + oneOff,
    counts: {"exact": exact, "one-off": oneOff, "two-or-more-off": 0},
    shares: {"exact": exact / (exact + oneOff), "one-off": oneOff / (exact + oneOff), "two-or-more-off": 0},
  });

  it("keeps the row shown when its figures are the same, so the chart is not drawn again", () => {
    const shown = row(1, 1);
    expect(nextVisitorRow(shown, row(1, 1))).toBe(shown);
    expect(nextVisitorRow(null, null)).toBeNull();
  });

  it("takes the new row when a figure changed, and none when the answers are gone", () => {
    const next = row(2, 1);
    expect(nextVisitorRow(row(1, 1), next)).toBe(next);
    expect(nextVisitorRow(null, next)).toBe(next);
    expect(nextVisitorRow(row(1, 1), null)).toBeNull();
  });
});
