// Step 1 compares a trainee's marks with each ruled line's quote, so the quotes are data the page relies on: every
// ruled line of a quoted request has its words, every quote is found in its text, and a request the case study only
// describes offers its ruled lines to tick (the candidates the case study never raises were dropped: a distractor
// must teach something the guideline says).
import {describe, expect, it} from "vitest";
import {loadItems} from "../../../lib/node/load.js";
import {locate, quotesOf, textOf} from "../../../lib/authored/quote.js";

const items = loadItems();
const ids = new Set(items.map((item) => item.id));

describe.each(items.map((item) => [item.id, item] as const))("%s", (_id, item) => {
  it("finds every quote, as whole words, in the text it names", () => {
    const lost = item.checklist.flatMap((line) => {
      const text = textOf(item, line.quoteIn);
      return quotesOf(line.quote).filter((quote) => text === null || locate(text, quote) === null);
    });
    expect(lost).toEqual([]);
  });

  it("gives every ruled line of a quoted request its words, or says why it has none", () => {
    if (item.request.form !== "quoted") return;
    const bare = item.checklist.filter(
      (line) => line.role !== "candidate" && line.quoteIn === "request" && !line.quote && !line.unquoted,
    );
    expect(bare.map((line) => line.text)).toEqual([]);
  });

  it("gives every candidate a note a trainee who marks it can read", () => {
    expect(item.checklist.filter((line) => line.role === "candidate" && !line.note)).toEqual([]);
  });

  it("points only to items that exist", () => {
    const references = [...item.compare, ...item.notes.flatMap((note) => note.compare)];
    expect(references.filter((id) => !ids.has(id) || id === item.id)).toEqual([]);
  });
});

describe("the Step 1 data as a whole", () => {
  it("describes, rather than quotes, exactly the requests the issue names", () => {
    expect(items.filter((item) => item.request.form === "described").map((item) => item.id)).toEqual([
      "edge-4",
      "edge-5a",
      "edge-5b",
      "edge-7",
      "edge-10-twist",
    ]);
  });

  it("marks what the site reads in: the inferred lines and flags", () => {
    const inferred = items.flatMap((item) => [
      ...item.checklist.filter((line) => line.source === "inferred").map((line) => `${item.id}: ${line.text}`),
      ...item.flags.filter((flag) => flag.source === "inferred").map((flag) => `${item.id}: ${flag.flag} flag`),
    ]);
    expect(inferred).toMatchInlineSnapshot(`
      [
        "example-1: Exactly two examples",
        "example-5: The answer is correct",
        "edge-1a: Give examples",
        "edge-1b: Give examples",
        "edge-1c: Give examples",
        "edge-2: Explain inflation",
        "edge-3: Into German",
        "edge-6: Say whether a tomato is a fruit",
        "edge-7: Answer the turn-3 request",
        "edge-8: Summarize the email",
        "edge-8: No additions beyond the summary",
        "edge-10: quality flag",
        "edge-10-twist: Give three tips for sleeping better",
      ]
    `);
  });

  it("structures every note that addresses a score, with the items it compares", () => {
    // The case study's notes; the notebook's own cases are held by test/unit/items/notebook-cases.test.ts.
    const caseStudyItems = items.filter((item) => item.origin === "case-study");
    const notes = caseStudyItems.flatMap((item) =>
      item.notes
        .filter((note) => note.score !== undefined || note.compare.length)
        .map((note) => `${item.id}: ${note.label} -> ${note.score ?? "-"} ${note.compare.join(", ")}`.trim()),
    );
    expect(notes).toMatchInlineSnapshot(`
      [
        "edge-10: The twist -> - edge-10-twist",
        "calibration-a: Why not 5 -> 5",
        "calibration-a: Why not 3 -> 3 example-3",
        "calibration-b: Why raters give 3 -> 3",
        "calibration-b: Why not 3 like Example 4 -> 3 example-4",
        "calibration-b: Why not 1 -> 1",
        "calibration-c: Why not 2 -> 2",
        "calibration-c: Why not "not applicable" -> n/a",
        "calibration-d: Why raters give 2 -> 2 example-6",
        "calibration-d: The difference -> - example-6",
        "calibration-d: The twist -> - calibration-d-twist",
      ]
    `);
    // A label that names a score ("Why raters give 3", "Why not 1") always carries it.
    const unstructured = items.flatMap((item) =>
      item.notes.filter((note) => /^Why (raters give|not)\b/.test(note.label) && note.score === undefined),
    );
    expect(unstructured).toEqual([]);
    // ...and the score it names: "Why not 3 like Example 4" is 3, "Why not "not applicable"" is n/a.
    const named = (label: string): string | undefined =>
      /"not applicable"/.test(label) ? "n/a" : /^Why (?:raters give|not) ([1-5])\b/.exec(label)?.[1];
    const mismatched = items.flatMap((item) =>
      item.notes.filter((note) => named(note.label) !== undefined && named(note.label) !== String(note.score)),
    );
    expect(mismatched).toEqual([]);
  });
});
