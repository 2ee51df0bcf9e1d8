import {describe, expect, it} from "vitest";
import {
  firstFreeId,
  loadedWords,
  madeNotebookWords,
  notebookCaseFrom,
  orderAfterLast,
  withNewId,
} from "../../lib/authoring/new-case.js";

describe("firstFreeId", () => {
  it("the first new-case-N no case has", () => {
    expect(firstFreeId([])).toBe("new-case-1");
    expect(firstFreeId(["new-case-1", "new-case-3", "example-1"])).toBe("new-case-2");
    expect(firstFreeId(["fresh-1", "fresh-2"], "fresh")).toBe("fresh-3");
  });
});

describe("orderAfterLast", () => {
  const cases = [
    {set: "examples", order: 7},
    {set: "edge-cases", order: 14},
    {set: "edge-cases", order: 2.5},
    {set: "calibration", order: 4.5},
  ];
  it("one past the highest whole order of the set, 1 in an empty set", () => {
    expect(orderAfterLast(cases, "edge-cases")).toBe(15);
    expect(orderAfterLast(cases, "calibration")).toBe(5);
    expect(orderAfterLast(cases, "fresh-calibration")).toBe(1);
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
    {id: "fresh-7", set: "fresh-calibration", order: 7},
  ];
  it("makes a case of the case study given a new id a case written for the notebook, after its set's last", () => {
    expect(withNewId(edge3, "edge-12", cases)).toEqual({
      record: {id: "edge-12", set: "edge-cases", order: 15, origin: "notebook", title: "T", checklist: []},
      madeNotebook: true,
    });
    // "case-study" said in so many words is the same as unsaid.
    expect(withNewId({...edge3, origin: "case-study"}, "edge-12", cases).record).toMatchObject({
      origin: "notebook",
      order: 15,
    });
  });
  it("leaves the case as it is under its own id, and a notebook case only takes the new id", () => {
    expect(withNewId(edge3, "edge-3", cases)).toEqual({record: edge3, madeNotebook: false});
    const fresh = {id: "fresh-7", set: "fresh-calibration", order: 7, origin: "notebook"};
    expect(withNewId(fresh, "fresh-8", cases)).toEqual({record: {...fresh, id: "fresh-8"}, madeNotebook: false});
  });
  it("says what changed, in one sentence", () => {
    const made = withNewId(edge3, "edge-12", cases).record;
    expect(madeNotebookWords("edge-3", made)).toBe(
      "With a new id this is no longer edge-3 of the case study but a case written for the notebook: " +
        "origin notebook, no case-study number, and order 15, after the last case of its set.",
    );
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
