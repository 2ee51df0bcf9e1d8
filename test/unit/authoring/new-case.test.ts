import {describe, expect, it} from "vitest";
import {firstFreeId, becameWords, loadedWords, notebookCaseFrom, withNewId} from "../../../lib/authoring/new-case.js";

describe("firstFreeId", () => {
  it("the first new-case-N no case has", () => {
    expect(firstFreeId([])).toBe("new-case-1");
    expect(firstFreeId(["new-case-1", "new-case-3", "example-1"])).toBe("new-case-2");
    expect(firstFreeId(["fresh-1", "fresh-2"], "fresh")).toBe("fresh-3");
  });
});

describe("notebookCaseFrom", () => {
  const record = {
    id: "edge-1a",
    set: "edge-cases",
    order: 1,
    caseStudyNumber: "1",
    title: "T",
    request: {language: "en", text: "Ask"},
    checklist: [{role: "main", facts: {delivered: true}}],
  };
  it("a copy under the new id and order, written for the notebook, with no case-study number", () => {
    const started = notebookCaseFrom(record, {id: "new-case-1", order: 15});
    expect(started).toEqual({
      id: "new-case-1",
      set: "edge-cases",
      order: 15,
      origin: "notebook",
      title: "T",
      request: {language: "en", text: "Ask"},
      checklist: [{role: "main", facts: {delivered: true}}],
    });
    (started.checklist as {facts: {delivered: boolean}}[])[0]!.facts.delivered = false;
    expect(record.checklist[0]!.facts.delivered).toBe(true);
    expect(record.caseStudyNumber).toBe("1");
  });
});

describe("withNewId", () => {
  // Edge case 3 of the case study, at order 5 of the edge cases; the set's last case is at 14.
  const edge3 = {id: "edge-3", set: "edge-cases", order: 5, caseStudyNumber: "3", title: "T", checklist: []};
  const cases = [
    {id: "edge-3", set: "edge-cases", order: 5},
    {id: "edge-10-twist", set: "edge-cases", order: 14},
    {id: "fresh-4", set: "fresh-calibration", order: 4},
    {id: "fresh-7", set: "fresh-calibration", order: 7},
  ];
  const fromEdge3 = {loaded: edge3, cases};
  /** The id typed key by key, each step from the record the one before made, as the page does. */
  const typed = (record: Record<string, unknown>, ids: string[], loaded = record) =>
    ids.reduce((at, id) => withNewId(at, id, {loaded, cases}).record, record);

  it("makes a case of the case study given a new id a case written for the notebook, after its set's last", () => {
    expect(withNewId(edge3, "edge-12", fromEdge3)).toEqual({
      record: {id: "edge-12", set: "edge-cases", order: 15, origin: "notebook", title: "T", checklist: []},
      became: "notebook",
    });
    // "case-study" said in so many words is the same as unsaid.
    const said = {...edge3, origin: "case-study"};
    expect(withNewId(said, "edge-12", {loaded: said, cases}).record).toMatchObject({origin: "notebook", order: 15});
  });
  it("gives the loaded case back when its id is typed back, whatever was typed between", () => {
    // The first key already made it a notebook case; typing the id back makes it edge case 3 again, as loaded.
    expect(typed(edge3, ["edge-3x", "edge-3"])).toEqual(edge3);
    const away = typed(edge3, ["e", "ed", "edge-", "edge-1", "edge-12"]);
    expect(away).toMatchObject({origin: "notebook", order: 15});
    expect(withNewId(away, "edge-3", fromEdge3)).toEqual({record: edge3, became: "case-study"});
    // What the author changed meanwhile stays; only the id, origin, number and order are the loaded case's.
    const retitled = {...away, title: "New title"};
    expect(withNewId(retitled, "edge-3", fromEdge3).record).toEqual({...edge3, title: "New title"});
  });
  it("leaves out what only the case study says of its own case, and gives it back under the loaded id", () => {
    // Example 2 of the case study: its row of the scored table, the raters' split, the open question and the lesson.
    const example2 = {
      id: "example-2",
      set: "examples",
      order: 2,
      caseStudyNumber: "2",
      split: [{score: 4}, {score: 2}],
      openQuestion: "How much does missing one of two instructions cost? The scale gives no way to weigh parts.",
      scoredRow: {mainTask: "Met", others: "Three bullets met; closing question not met (1 of 2)", score: "3"},
      lesson: {text: "Main task met or partly met; …", from: "The rubric, score 3"},
      title: "T",
    };
    const examples = [
      ...cases,
      {id: "example-2", set: "examples", order: 2},
      {id: "example-7", set: "examples", order: 7},
    ];
    const away = withNewId(example2, "example-2-all-met", {loaded: example2, cases: examples});
    expect(away.record).toEqual({id: "example-2-all-met", set: "examples", order: 8, origin: "notebook", title: "T"});
    expect(withNewId(away.record, "example-2", {loaded: example2, cases: examples}).record).toEqual(example2);
    expect(notebookCaseFrom(example2, {id: "new-case-1", order: 8})).toEqual({
      id: "new-case-1",
      set: "examples",
      order: 8,
      origin: "notebook",
      title: "T",
    });
  });
  it("moves a notebook case given a new id off its loaded order, to after its set's last", () => {
    const fresh4 = {id: "fresh-4", set: "fresh-calibration", order: 4, origin: "notebook"};
    // fresh-4 keeps order 4: a new case there would stand where fresh-4 does. The last is fresh-7 at 7.
    expect(withNewId(fresh4, "fresh-9", {loaded: fresh4, cases})).toEqual({
      record: {...fresh4, id: "fresh-9", order: 8},
      became: null,
    });
    expect(typed(fresh4, ["fresh-", "fresh-9", "fresh-4"])).toEqual(fresh4);
  });
  it("keeps an order no other case of the set has, and gives a case with none the place after the last", () => {
    const moved = {id: "fresh-9", set: "fresh-calibration", order: 12, origin: "notebook"};
    const loaded = {...moved, id: "fresh-4", order: 4};
    expect(withNewId(moved, "fresh-10", {loaded, cases}).record).toEqual({...moved, id: "fresh-10"});
    const blank = {id: "new-case", set: "fresh-calibration", origin: "notebook"};
    expect(withNewId(blank, "sea-poem", {loaded: blank, cases}).record).toEqual({...blank, id: "sea-poem", order: 8});
    // Back under the blank's id, it is the blank again: it had no order.
    expect(typed(blank, ["sea-poem", "new-case"])).toEqual(blank);
  });
  it("says when the origin changed, in one sentence", () => {
    const made = withNewId(edge3, "edge-12", fromEdge3);
    expect(becameWords("edge-3", made)).toBe(
      "With a new id this is no longer edge-3 of the case study but a case written for the notebook: " +
        "origin notebook, none of the case study's own words on it (its number, and an example's scored row, split, " +
        "open question and lesson), and order 15, after the last case of its set.",
    );
    expect(becameWords("edge-3", withNewId(made.record, "edge-3", fromEdge3))).toBe(
      "Under its own id again this is edge-3 of the case study, as loaded: its origin, order and the case study's own " +
        "words on it are back.",
    );
    expect(becameWords("edge-3", withNewId(made.record, "edge-13", fromEdge3))).toBeNull();
  });
});

describe("loadedWords", () => {
  it("offers a case of the case study a free id, and says what a new id makes of it", () => {
    expect(loadedWords({id: "edge-3"}, ["edge-3", "new-case-1"])).toBe(
      "Loaded edge-3, a case of the case study. Give it a new id (new-case-2 is free) and it becomes a case " +
        "written for the notebook; change it, then download it.",
    );
    expect(loadedWords({id: "fresh-2", origin: "notebook"}, [])).toBe(
      "Loaded fresh-2: change it, give it a new id, download it.",
    );
  });
});
