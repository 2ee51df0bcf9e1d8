// The report packed for the trip from the cohort page's worker: it unpacks to the report it was, and a page of
// raters reads only the blocks it needs.
import {describe, expect, it} from "vitest";
import {cohortReport} from "../../../lib/agreement/cohort-report.js";
import {
  packedBuffers,
  packReport,
  raterBlockSize,
  raterRows,
  raterSearchKey,
  unpackReport,
} from "../../../lib/agreement/packed-report.js";
import {phases, type CohortRating, type ScaleScore} from "../../../lib/agreement/ratings.js";
import {loadItems} from "../../../lib/node/load.js";

const items = loadItems();
const examples = items.filter((item) => item.id.startsWith("example-"));

/** 250 raters, some named in other scripts: every example in the vague phase; the first 30 in the guideline phase. */
const ratings: CohortRating[] = Array.from(
  {length: 250},
  (_, r) => `${["rater", "Zoë", "評価者"][r % 3]}${r + 1}`,
).flatMap((rater, r) =>
  phases.flatMap((phase) =>
    phase === "guideline" && r >= 30
      ? []
      : examples.map((item, i) => ({rater, item: item.id, phase, score: (((r + i) % 5) + 1) as ScaleScore, file: "t"})),
  ),
);
const report = cohortReport(ratings, items, {bootstrap: {replicates: 20}});

describe("the packed report", () => {
  const packed = packReport(report);

  it("carries no rater's row as an object, and the rows as blocks of JSON text in one buffer a phase", () => {
    expect(packed.report.vague.raterAgreement).toEqual([]);
    expect(packed.report.guideline.raterAgreement).toEqual([]);
    expect(packed.raterBlocks.vague.ends).toHaveLength(Math.ceil(250 / raterBlockSize));
    expect(packed.raterBlocks.guideline.ends).toHaveLength(1);
    const {text, ends} = packed.raterBlocks.vague;
    expect(ends.at(-1)).toBe(text.length);
    const first = JSON.parse(new TextDecoder().decode(text.subarray(0, ends[0]))) as unknown[];
    expect(first).toEqual(report.vague.raterAgreement.slice(0, raterBlockSize));
    expect(packedBuffers(packed)).toEqual([
      text.buffer,
      packed.raterBlocks.guideline.text.buffer,
      packed.raterExact.vague.buffer,
      packed.raterExact.guideline.buffer,
    ]);
  });

  it("unpacks to the report it was, every figure and every key in its place, after a trip with its buffers", () => {
    const copy = packReport(report);
    const unpacked = unpackReport(structuredClone(copy, {transfer: packedBuffers(copy)}));
    expect(unpacked).toEqual(report);
    expect(JSON.stringify(unpacked)).toBe(JSON.stringify(report));
  });

  it("reads any range of rows, across blocks and past the end; names in any script", () => {
    const rows = raterRows(packed, "vague");
    expect(rows.length).toBe(250);
    const all = report.vague.raterAgreement;
    expect(rows.rows(0, 100)).toEqual(all.slice(0, 100));
    expect(rows.rows(95, 205)).toEqual(all.slice(95, 205));
    expect(rows.rows(200, 300)).toEqual(all.slice(200));
    expect(rows.rows(300, 400)).toEqual([]);
    expect(raterRows(packed, "guideline").rows(0, 100)).toEqual(report.guideline.raterAgreement);
  });

  it("finds raters by any part of their name, ignoring case and the spaces around, and reads them by place", () => {
    const rows = raterRows(packed, "vague");
    const all = report.vague.raterAgreement;
    const zoe = rows.find("  zOË ");
    expect(zoe).toEqual(all.flatMap((row, at) => (row.rater.startsWith("Zoë") ? [at] : [])));
    expect(zoe.length).toBe(83);
    expect(rows.rowsAt(zoe.slice(0, 3)).map((row) => row.rater)).toEqual(zoe.slice(0, 3).map((at) => all[at]!.rater));
    expect(rows.find("評価者2").map((at) => all[at]!.rater)).toEqual(
      all.map((row) => row.rater).filter((name) => name.includes("評価者2")),
    );
    expect(rows.find("")).toEqual(all.map((_, at) => at));
    expect(rows.find("nobody")).toEqual([]);
    expect(rows.rowsAt([249, 0])).toEqual([all[249], all[0]]);
    // (stop 78, a coordinator's walk: "Gunther" found no "Günther") accents and marks aside, either way, and ë typed
    // as e and a combining mark finds the names written with one character.
    expect(rows.find("zoe")).toEqual(zoe);
    expect(rows.find("Zoe\u0308")).toEqual(zoe);
    // A Latin letter's accents alone: ø, ß read plainer; Devanagari's vowel sign is its letter's own.
    expect(["Bjørn", "Günther", "Straße", "राम"].map(raterSearchKey)).toEqual(["bjorn", "gunther", "strasse", "राम"]);
    expect(raterSearchKey("राम").includes(raterSearchKey("रम"))).toBe(false);
  });

  it("lists the raters with the lowest share of exact scores first, a rater with none computed last, alike by name", () => {
    const rows = raterRows(packed, "vague");
    const all = report.vague.raterAgreement;
    const exact = (at: number) => all[at]!.exact.value;
    const lowest = rows.find("", "lowest");
    expect([...lowest].sort((a, b) => a - b)).toEqual(all.map((_, at) => at));
    // Worked from the unpacked rows: each share no higher than the next, equal shares in name (place) order.
    for (let i = 1; i < lowest.length; i++) {
      const [a, b] = [lowest[i - 1]!, lowest[i]!];
      expect(
        exact(a)! < exact(b)! || (exact(a) === exact(b) && a < b),
        `${all[a]!.rater} before ${all[b]!.rater}`,
      ).toBe(true);
    }
    expect(exact(lowest[0]!)).toBe(Math.min(...all.map((row) => row.exact.value!)));
    // A search keeps the order among the raters it finds.
    const zoe = rows.find("zoë", "lowest");
    expect(zoe).toEqual(lowest.filter((at) => all[at]!.rater.startsWith("Zoë")));
    // A share that does not compute comes after every share, by name. None does today (a rater is listed with a
    // score, and "not applicable" matches itself), so the guideline phase's 30 have every third share made NaN.
    const shares = Float64Array.from(packed.raterExact.guideline, (share, at) => (at % 3 === 0 ? Number.NaN : share));
    const after = raterRows({...packed, raterExact: {...packed.raterExact, guideline: shares}}, "guideline");
    const placed = after.find("", "lowest");
    expect(placed).toHaveLength(30);
    expect(placed.slice(20)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27]);
    expect(placed.slice(0, 20).every((at) => !Number.isNaN(shares[at]!))).toBe(true);
  });

  it("carries each rater's share of exact scores through the worker's trip, its buffers transferred", () => {
    const copy = packReport(report);
    expect([...copy.raterExact.vague]).toEqual(report.vague.raterAgreement.map((row) => row.exact.value));
    const arrived = structuredClone(copy, {transfer: packedBuffers(copy)});
    // Transferred, not copied: the worker's side is left empty.
    expect(copy.raterExact.vague.length).toBe(0);
    const all = report.vague.raterAgreement;
    const lowest = raterRows(arrived, "vague").find("", "lowest");
    expect(all[lowest[0]!]!.exact.value).toBe(Math.min(...all.map((row) => row.exact.value!)));
    expect(lowest).toEqual(raterRows(packed, "vague").find("", "lowest"));
  });

  it("packs an empty report", () => {
    const empty = cohortReport([], items, {bootstrap: {replicates: 10}});
    const packedEmpty = packReport(empty);
    expect(packedEmpty.raterBlocks.vague.ends).toHaveLength(0);
    expect(packedEmpty.raterBlocks.vague.text).toHaveLength(0);
    expect(raterRows(packedEmpty, "vague").rows(0, 100)).toEqual([]);
    expect(unpackReport(packedEmpty)).toEqual(empty);
  });
});
