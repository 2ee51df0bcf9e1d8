// The cohort page's file reading, in Node (File is global): each file's ratings as columns with where each was read,
// and a file that scores again what another file holds (read now, or kept from an earlier drop) is left out, with
// each such rating named by its line or answer and the file that holds the first.
import {describe, expect, it} from "vitest";
import {columnRatings} from "../../../lib/agreement/rating-columns.js";
import {formatInputProblem} from "../../../lib/agreement/ratings.js";
import {readRatingsCsv} from "../../../lib/agreement/ratings-csv.js";
import {readTraineeFile} from "../../../lib/agreement/ratings-progress.js";
import {loadItems} from "../../../lib/node/load.js";
import {exportFile, progressFileByteLimit} from "../../../lib/trainee/transfer.js";
import {collectedColumns, readCohortFiles, type CsvReadOptions} from "../../../lib/agreement/cohort-files.js";
import {csvOf, progressOf} from "./helpers.js";
import {judgeRunOf} from "./judge-run.js";

const itemIds = loadItems().map((item) => item.id);

const trainee = (name: string, rater: string | null, scores: [string, "vague" | "guideline", 1 | 2 | 3][]) => {
  const record = progressOf(scores);
  return new File([JSON.stringify(rater === null ? record : {rater, ...record})], name);
};

/** The CSV reader the page's worker runs, on the text at once (Papa Parse reads no File in Node). */
const readCsv = async (file: File, {itemIds}: CsvReadOptions) => {
  const collector = readRatingsCsv(await file.text(), file.name, itemIds);
  return {
    ...collectedColumns(collector.ratings, itemIds),
    problems: collector.problems,
    more: collector.overflow,
    cancelled: false,
  };
};

/** What bytes that are not UTF-8 are told (a CSV a spreadsheet saved as Latin-1, most often). */
const notUtf8 =
  "not UTF-8 text: from a spreadsheet, save the ratings as “CSV UTF-8”; or give a trainee's .json file or a " +
  "judge's run file";
describe("reading the coordinator's files", () => {
  it("keeps each file's ratings as columns, with the line or answer each was read from", async () => {
    const json = trainee("alice.json", null, [
      ["example-1", "vague", 3],
      ["example-2", "guideline", 2],
    ]);
    const csv = new File([csvOf([["ben", "example-1", "vague", "5"]])], "ratings.csv");
    const [alice, ratings] = await readCohortFiles([json, csv], {itemIds, readCsv});
    const expected = readTraineeFile(await json.text(), "alice.json", itemIds).ratings;
    expect(columnRatings(alice!.ratings, itemIds, "alice.json")).toEqual(
      expected.map(({rater, item, phase, score, file}) => ({rater, item, phase, score, file})),
    );
    expect([...alice!.places]).toEqual([0, 1]);
    expect(ratings!.ratings.raters).toEqual(["ben"]);
    expect([...ratings!.places]).toEqual([2]);
  });

  it("leaves out a file that scores again what a file read before it holds", async () => {
    const first = trainee("bob.json", "bob", [["example-1", "vague", 3]]);
    const again = trainee("bob-again.json", "bob", [
      ["example-2", "vague", 2],
      ["example-1", "vague", 1],
    ]);
    const [kept, left] = await readCohortFiles([first, again], {itemIds, readCsv});
    expect(kept!.ratings.raters).toEqual(["bob"]);
    expect(left!.ratings.raters).toEqual([]);
    expect(left!.problems.map(formatInputProblem)).toEqual([
      'bob-again.json: "bob" is also in bob.json, which already holds 1 of this file\'s scores (a rater scores ' +
        "each item once in each phase). Keep one of the two files and remove the other; where a file also holds other raters, " +
        "remove only these raters' scores from it.",
    ]);
    // Its ratings are held, to count should bob.json be removed.
    expect(left!.held?.ratings.raters).toEqual(["bob"]);
  });

  it("says once that a trainee is in two exports, naming both files, the newer export and the fix", async () => {
    // Ana's early export (the vague phase only), then her final one: 2 scores of the final one are the early one's.
    const early = exportFile(
      progressOf([
        ["example-1", "vague", 3],
        ["example-2", "vague", 2],
      ]),
      {
        rater: "Ana",
        now: "2026-12-05T09:30:00.000Z",
      },
    );
    const final = exportFile(
      progressOf([
        ["example-1", "vague", 3],
        ["example-2", "vague", 2],
        ["example-1", "guideline", 3],
        ["example-2", "guideline", 1],
      ]),
      {rater: "Ana", now: "2026-12-06T14:05:00.000Z"},
    );
    const [, left] = await readCohortFiles([new File([early], "ana-early.json"), new File([final], "ana-final.json")], {
      itemIds,
      readCsv,
    });
    expect(left!.problems.map(formatInputProblem)).toEqual([
      'ana-final.json: "Ana" is also in ana-early.json, which already holds 2 of this file\'s scores (a rater ' +
        "scores each item once in each phase). Keep one of the two files and remove the other; where a file also holds other raters, " +
        "remove only these raters' scores from it. The newer export " +
        "is this file (exported 2026-12-06 14:05:00 UTC; ana-early.json was exported 2026-12-05 09:30:00 UTC): keep it " +
        "and remove ana-early.json.",
    ]);
    // Exported the same second, at the same millisecond or 400 ms later: neither is the newer, and the problem
    // says so, the times being written to the second.
    for (const now of ["2026-12-05T09:30:00.000Z", "2026-12-05T09:30:00.400Z"]) {
      const same = exportFile(progressOf([["example-1", "vague", 3]]), {rater: "Ana", now});
      const [, twin] = await readCohortFiles([new File([early], "a.json"), new File([same], "b.json")], {
        itemIds,
        readCsv,
      });
      expect(twin!.problems.map(formatInputProblem), now).toEqual([
        'b.json: "Ana" is also in a.json, which already holds 1 of this file\'s scores (a rater scores each item ' +
          "once in each phase). Keep one of the two files and remove the other; where a file also holds other raters, " +
          "remove only these raters' scores from it. Both were exported 2026-12-05 " +
          "09:30:00 UTC, the same second: neither is the newer export.",
      ]);
    }
  });

  it("leaves out the same trainee's record under another name: an unnamed early export, then the final one", async () => {
    // Without a name each export is named by its file, so one trainee would count as two raters: 2 answers alike.
    const early = exportFile(
      progressOf([
        ["example-1", "vague", 3],
        ["example-2", "vague", 2],
      ]),
      {now: "2026-03-01T09:30:00.000Z"},
    );
    const final = progressOf([
      ["example-1", "vague", 3],
      ["example-2", "vague", 2],
      ["example-1", "guideline", 3],
    ]);
    const later = (rater?: string) =>
      new File([exportFile(final, {rater, now: "2026-03-08T14:05:00.000Z"})], "final.json");
    for (const rater of [undefined, "Bo"]) {
      const [kept, left] = await readCohortFiles([new File([early], "early.json"), later(rater)], {itemIds, readCsv});
      expect(kept!.ratings.raters).toEqual(["early"]);
      expect(left!.ratings.raters, rater).toEqual([]);
      expect(left!.problems.map(formatInputProblem), rater).toEqual([
        "final.json: holds the same trainee's record as early.json, under another name: its first 2 answers are that " +
          "file's, each to the millisecond, so its scores would count twice, as two raters'. Keep one of the two " +
          "files and remove the other. The newer export is this file (exported 2026-03-08 14:05:00 UTC; early.json " +
          "was exported 2026-03-01 09:30:00 UTC): keep it and remove early.json.",
      ]);
      // Held, to count should early.json be removed.
      expect(left!.held?.ratings.raters).toEqual([rater ?? "final"]);
    }
    // Another trainee whose first answer differs (a score, or its time) is another record: counted.
    const other = exportFile(progressOf([["example-1", "vague", 4]]), {now: "2026-03-08T15:00:00.000Z"});
    const [, counted] = await readCohortFiles([new File([early], "early.json"), new File([other], "other.json")], {
      itemIds,
      readCsv,
    });
    expect(counted!.problems).toEqual([]);
    expect(counted!.ratings.raters).toEqual(["other"]);
  });

  it("keeps two files of one name with other contents, the second numbered and its rater named by it", async () => {
    // Two trainees who exported the same day without a name: both files are rater-notebook-progress-<date>.json.
    const name = "rater-notebook-progress-2026-12-05.json";
    const ana = exportFile(progressOf([["example-1", "vague", 3]]), {now: "2026-12-05T10:00:00.000Z"});
    const ben = exportFile(progressOf([["example-1", "vague", 5]]), {now: "2026-12-05T11:00:00.000Z"});
    const [first] = await readCohortFiles([new File([ana], name)], {itemIds, readCsv});
    const [second] = await readCohortFiles([new File([ben], name)], {itemIds, readCsv, kept: [first!]});
    expect(second).toMatchObject({
      name: "rater-notebook-progress-2026-12-05 (2).json",
      dropped: {name, again: false},
      problems: [],
    });
    expect(second!.ratings.raters).toEqual(["rater-notebook-progress-2026-12-05 (2)"]);
    expect(second!.digest).not.toBe(first!.digest);
    // The same file again (from another folder) is the same file: listed once, in its own name, not left out.
    const [again] = await readCohortFiles([new File([ana], name)], {itemIds, readCsv, kept: [first!, second!]});
    expect(again).toMatchObject({name, dropped: {name, again: true}, problems: [], digest: first!.digest});
    expect(again!.ratings.raters).toEqual(["rater-notebook-progress-2026-12-05"]);
    // Two of one name in one drop: both kept too.
    const both = await readCohortFiles([new File([ana], name), new File([ben], name)], {itemIds, readCsv});
    expect(both.map((file) => file.name)).toEqual([name, "rater-notebook-progress-2026-12-05 (2).json"]);
  });

  it("knows a numbered file dropped again by its bytes: it takes its own place, not a third number", async () => {
    // a.json twice with other bytes: the second is listed as "a (2).json"; that second file dropped again is the
    // same file, listed once as "a (2).json" and counted, its rater still "a (2)" (no duplicate of itself).
    const first = exportFile(progressOf([["example-1", "vague", 3]]), {now: "2026-12-05T10:00:00.000Z"});
    const second = exportFile(progressOf([["example-1", "vague", 5]]), {now: "2026-12-05T11:00:00.000Z"});
    const [a] = await readCohortFiles([new File([first], "a.json")], {itemIds, readCsv});
    const [a2] = await readCohortFiles([new File([second], "a.json")], {itemIds, readCsv, kept: [a!]});
    expect(a2!.name).toBe("a (2).json");
    const [again] = await readCohortFiles([new File([second], "a.json")], {itemIds, readCsv, kept: [a!, a2!]});
    expect(again).toMatchObject({name: "a (2).json", dropped: {name: "a.json", again: true}, problems: []});
    expect(again!.ratings.raters).toEqual(["a (2)"]);
    // So too when a.json itself has been removed: the bytes are found under "a (2).json", not listed as a.json.
    const [alone] = await readCohortFiles([new File([second], "a.json")], {itemIds, readCsv, kept: [a2!]});
    expect(alone).toMatchObject({name: "a (2).json", dropped: {name: "a.json", again: true}, problems: []});
    // The same bytes under a name of another stem ("ab (2).json" is not "a.json" numbered) are another file.
    const [other] = await readCohortFiles([new File([second], "ab.json")], {itemIds, readCsv, kept: [a2!]});
    expect(other!.name).toBe("ab.json");
    expect(other!.dropped).toBeUndefined();
  });

  it("checks a new drop against the files kept from earlier ones, naming the file that holds the scores", async () => {
    const [kept] = await readCohortFiles([trainee("ann.json", "ann", [["example-3", "guideline", 2]])], {
      itemIds,
      readCsv,
    });
    const csv = new File(
      [
        csvOf([
          ["cy", "example-3", "guideline", "4"],
          ["ann", "example-3", "vague", "4"],
          ["ann", "example-3", "guideline", "4"],
        ]),
      ],
      "more.csv",
    );
    const [read] = await readCohortFiles([csv], {itemIds, readCsv, kept: [kept!]});
    expect(read!.problems.map(formatInputProblem)).toEqual([
      'more.csv: "ann" is also in ann.json, which already holds 1 of this file\'s scores (a rater scores each item ' +
        "once in each phase). Keep one of the two files and remove the other; where a file also holds other raters, " +
        "remove only these raters' scores from it.",
    ]);
    // The same file alone, or with the kept file gone (replaced by a new drop), counts.
    const [alone] = await readCohortFiles([csv], {itemIds, readCsv});
    expect(alone!.problems).toEqual([]);
    expect(alone!.ratings.raters).toEqual(["cy", "ann"]);
  });

  it("refuses a trainee's file past the limit by its size, in the import page's words", async () => {
    // progressFileByteLimit is 2,000,000 bytes (2 MB); one byte more still rounds to 2 MB, so the bytes say it.
    const big = new File([new Uint8Array(progressFileByteLimit + 1)], "big.json");
    const [result] = await readCohortFiles([big], {itemIds, readCsv});
    expect(result!.problems).toEqual([
      {file: "big.json", message: "the file is 2,000,001 bytes; a progress file is at most 2 MB"},
    ]);
  });

  it("refuses a large CSV only past the CSV cap", async () => {
    // 3 MB of rows: past a progress file's limit, far within a CSV's (256 MiB).
    const rows = Array.from({length: 150_000}, (_, n) => `rater-${n},example-1,vague,3\n`).join("");
    const big = new File([`rater,item,phase,score\n${rows}`], "big.csv");
    expect(big.size).toBeGreaterThan(progressFileByteLimit);
    const [result] = await readCohortFiles([big], {itemIds, readCsv});
    expect(result!.kind).toBe("csv");
    expect(result!.problems).toEqual([]);
  });

  it("reads a judge's run, whatever its file is called, as a judge run: its answered cases after the guideline", async () => {
    const run = judgeRunOf("openai/gpt-5-mini", "2026-08-10T12:00:00.000Z", [
      ["example-1", 4],
      ["example-2", null],
      ["example-3", 3],
    ]);
    const [judge, unnamed] = await readCohortFiles(
      [new File([JSON.stringify(run)], "run.json"), new File([JSON.stringify(run)], "run-copy")],
      {itemIds, readCsv},
    );
    expect(judge).toMatchObject({kind: "judge", problems: []});
    expect(columnRatings(judge!.ratings, itemIds, "run.json")).toEqual(
      [
        ["example-1", 4],
        ["example-3", 3],
      ].map(([item, score]) => ({
        rater: "openai/gpt-5-mini (judge, 2026-08-10 12:00:00.000 UTC)",
        item,
        phase: "guideline",
        score,
        file: "run.json",
      })),
    );
    // Where each rating was read: its record's index among the run's answers.
    expect([...judge!.places]).toEqual([0, 2]);
    // The same run again (a copy under another name) scores the same rater's cases again: left out.
    expect(unnamed!.kind).toBe("judge");
    expect(columnRatings(unnamed!.ratings, itemIds, "run-copy")).toEqual([]);
    expect(unnamed!.problems).toMatchObject([{file: "run-copy"}]);
  });

  it("refuses a .json file past a judge run's cap (8 MiB) by its size, before reading it", async () => {
    const big = new File([new Uint8Array(9_000_000)], "big.json");
    const [result] = await readCohortFiles([big], {itemIds, readCsv});
    expect(result!.problems).toEqual([
      {file: "big.json", message: "the file is 9 MB; a judge run is at most 8 MiB and a progress file at most 2 MB"},
    ]);
  });

  it("refuses a file that is not UTF-8 in the words of npm run agreement, not as a CSV without its header", async () => {
    // The words of test/cli/agreement.test.ts's binary.csv: one check, one message.
    const message = notUtf8;
    const binary = new Uint8Array([0xff, 0xfe, 0x00, 0x80, 0x81]);
    const results = await readCohortFiles([new File([binary], "binary.csv"), new File([binary], "binary.json")], {
      itemIds,
      readCsv,
    });
    expect(results.map((result) => result.problems)).toEqual([
      [{file: "binary.csv", message}],
      [{file: "binary.json", message}],
    ]);
  });

  it("checks every byte of a CSV read in chunks, a character split between two chunks read whole", async () => {
    const header = "rater,item,phase,score\n";
    // "é" is two bytes: the padding puts its first byte last in the first mebibyte chunk, its second first in the next.
    const row = "ren\u00e9,example-1,vague,3\n";
    const pad = " ".repeat(1024 * 1024 - header.length - 5);
    const split = new File([`${header}${pad}\n${row}`], "split.csv");
    expect(new Uint8Array(await split.slice(1024 * 1024 - 1, 1024 * 1024 + 1).arrayBuffer())).toEqual(
      new Uint8Array([0xc3, 0xa9]),
    );
    const late = new File([header, " ".repeat(2 * 1024 * 1024), new Uint8Array([0xff]), row], "late.csv");
    const [kept, refused] = await readCohortFiles([split, late], {itemIds, readCsv});
    expect(kept!.problems).toEqual([]);
    expect(kept!.ratings.raters).toEqual(["ren\u00e9"]);
    expect(refused!.problems).toEqual([{file: "late.csv", message: notUtf8}]);
  });
});
