// The coordinator's reader takes the file the results page exports (lib/trainee/transfer.ts): the record inside the
// envelope, named by the name the trainee gave, or refused with the same message the site's import gives.
import {describe, expect, it} from "vitest";
import {readTraineeFile} from "../../../lib/agreement/ratings-progress.js";
import {formatInputProblem, RatingsCollector} from "../../../lib/agreement/ratings.js";
import {exportFile} from "../../../lib/trainee/transfer.js";
import {progressOf} from "./helpers.js";

const items = ["example-1", "example-2", "edge-5b"];
const now = "2026-03-01T12:00:00.000Z";
const read = (text: string, file = "trainees/alice.json") => readTraineeFile(text, file, items, new RatingsCollector());
const record = progressOf([
  ["example-1", "vague", 3],
  ["example-1", "guideline", 5],
]);

describe("ratings from the results page's export file", () => {
  it("reads the record in the envelope, named by the rater's name in it", () => {
    const collector = read(exportFile(record, {rater: "Ana Lind", now}));
    expect(collector.problems).toEqual([]);
    expect(collector.ratings.map(({rater, item, phase, score}) => [rater, item, phase, score])).toEqual([
      ["Ana Lind", "example-1", "vague", 3],
      ["Ana Lind", "example-1", "guideline", 5],
    ]);
  });

  it("names the rater by the file when the export carries no name", () => {
    expect(read(exportFile(record, {now}), "cohort/bob.json").ratings[0]!.rater).toBe("bob");
  });

  it("refuses a damaged, other-version or other-kind file with one problem naming it", () => {
    const good = exportFile(record, {now});
    const cases: [string, string][] = [
      [
        good.replace('"score": 3', '"score": 7'),
        "trainees/alice.json: the file is damaged: progress.answers[0].score has an unexpected value 7",
      ],
      [
        good.replace('"version": 1,\n  "exportedAt"', '"version": 2,\n  "exportedAt"'),
        "trainees/alice.json: the file is version 2; this site reads version 1: it comes from a newer Rater Notebook",
      ],
      [
        good.replace('"kind": "progress-export"', '"kind": "probe-run"'),
        'trainees/alice.json: this Rater Notebook file is not a progress export (its kind is "probe-run")',
      ],
    ];
    for (const [text, message] of cases) expect(read(text).problems.map(formatInputProblem)).toEqual([message]);
  });
});
