import {describe, expect, it} from "vitest";
import {comparedItems, lineNoteShown, rubricRowNamed, twistSpoiledBy} from "../../../lib/trainee/ruling-details.js";
import {item} from "./helpers.js";
import {loadGuideline} from "../../../lib/node/load.js";

const {logic} = loadGuideline("v2");

describe("a note that gives a twist away", () => {
  const itemsById = new Map([
    ["edge-10", {}],
    ["edge-10-twist", {twistOf: "edge-10"}],
    ["edge-9", {}],
  ]);
  const note = {compare: ["edge-9", "edge-10-twist"]};

  it("waits for the twist of this case while the trainee has not scored it", () => {
    expect(twistSpoiledBy(note, {id: "edge-10"}, itemsById, () => false)).toBe("edge-10-twist");
    expect(twistSpoiledBy(note, {id: "edge-10"}, itemsById, (id) => id === "edge-10-twist")).toBeNull();
  });

  it("shows when it names no twist of this case, or when nothing says what is scored", () => {
    expect(twistSpoiledBy({compare: ["edge-9"]}, {id: "edge-10"}, itemsById, () => false)).toBeNull();
    expect(twistSpoiledBy(note, {id: "edge-9"}, itemsById, () => false)).toBeNull();
    expect(twistSpoiledBy(note, {id: "edge-10"}, itemsById)).toBeNull();
  });
});

describe("a ruled line's note in the full checklist", () => {
  it("is left out where it only says the line again", () => {
    // data/items/example-3.md: "Short" with the note "Short met", "Formal" with "formal not met".
    const [, short, formal] = item("example-3").checklist;
    expect(lineNoteShown(short!)).toBe(false);
    expect(lineNoteShown(formal!)).toBe(false);
  });

  it("shows where it adds something, never for a line the site reads in, and not where there is none", () => {
    expect(lineNoteShown({source: "case-study", text: "Short", note: "[invented article, not shown]"})).toBe(true);
    expect(lineNoteShown({source: "inferred", text: "Short", note: "a reason"})).toBe(false);
    expect(lineNoteShown({source: "case-study", text: "Short"})).toBe(false);
  });
});

describe("the rubric line", () => {
  // guideline/v2's words: level 2 joins two rows with "or"; level 3's "met or partly met" holds one too; level 5 none.
  const two = {checklist: "Main task met or partly met but fewer than half …, or main task not met but …"};
  const three = {checklist: "Main task met or partly met; at least half of the other instructions met"};
  const five = {checklist: "Every instruction met"};

  it("names the row that applies wherever the level's words hold an “or”, and only with a level and a row", () => {
    expect(rubricRowNamed(logic, two, "main-not-met-engages")).toBe(true);
    expect(rubricRowNamed(logic, three, "half-or-more")).toBe(true);
    expect(rubricRowNamed(logic, five, "all-met")).toBe(false);
    expect(rubricRowNamed(logic, undefined, "all-met")).toBe(false);
    expect(rubricRowNamed(logic, two, null)).toBe(false);
    // Another guideline's row, which v2's rubric does not declare: its level's own words stand.
    expect(rubricRowNamed(logic, three, "mostly-supported")).toBe(false);
  });
});

describe("the cases a ruling compares with", () => {
  it("keeps the order of the links and leaves out an id the site does not know", () => {
    const byId = new Map([
      ["example-2", {id: "example-2"}],
      ["edge-4", {id: "edge-4"}],
    ]);
    expect(comparedItems(["edge-4", "edge-99", "example-2"], byId)).toEqual([{id: "edge-4"}, {id: "example-2"}]);
  });
});
