// What the cohort page's worker computes: the library's report over every file's ratings, which unpacks to the report
// the CLI prints, with each table as the CLI writes it as CSV.
import {describe, expect, it} from "vitest";
import {cohortReport} from "../../../lib/agreement/cohort-report.js";
import {unpackReport} from "../../../lib/agreement/packed-report.js";
import {ratingColumns} from "../../../lib/agreement/rating-columns.js";
import {readRatingsCsv} from "../../../lib/agreement/ratings-csv.js";
import {cohortCsv, csvTables} from "../../../lib/agreement/report-csv.js";
import {loadItems} from "../../../lib/node/load.js";
import {computeReport} from "../../../lib/agreement/cohort-compute.js";
import {csvOf} from "./helpers.js";

const items = loadItems();
const itemIds = items.map((item) => item.id);
const read = (rows: string[][]) => readRatingsCsv(csvOf(rows), "ratings.csv", itemIds).result();
const first = read([
  ["ann", "example-1", "vague", "3"],
  ["ben", "example-1", "vague", "5"],
  ["ann", "example-2", "guideline", "2"],
]);
const second = read([
  ["cy", "example-1", "vague", "4"],
  ["ann", "example-3", "vague", "n/a"],
  ["cy", "example-2", "guideline", "2"],
]);

describe("the cohort page's report", () => {
  it("is the library's report over every file, with the tables as CSV", async () => {
    const expected = cohortReport([...first, ...second], items);
    const computed = computeReport([ratingColumns(first, itemIds), ratingColumns(second, itemIds)], items);
    expect(unpackReport(computed.packed)).toEqual(expected);
    for (const name of csvTables) expect(await computed.csv[name].text(), name).toBe(cohortCsv(expected, name));
  });

  it("downloads each table as UTF-8 with a byte order mark, so a spreadsheet reads its names as written", async () => {
    // A coordinator's walk: "Bjørn" opened in Excel as "BjÃ¸rn" from a download with no mark.
    const named = read([
      ["Bjørn", "example-1", "vague", "3"],
      ["李明", "example-1", "vague", "4"],
    ]);
    const computed = computeReport([ratingColumns(named, itemIds)], items);
    for (const name of csvTables) {
      const bytes = new Uint8Array(await computed.csv[name].arrayBuffer());
      expect([...bytes.slice(0, 3)], name).toEqual([0xef, 0xbb, 0xbf]);
      // After the mark, the table as the command line writes it.
      expect(new TextDecoder("utf-8", {ignoreBOM: true}).decode(bytes), name).toBe(
        `\ufeff${cohortCsv(cohortReport(named, items), name)}`,
      );
    }
  });
});
