import {describe, expect, it} from "vitest";
import {firstFreeId, notebookCaseFrom, orderAfterLast} from "../../lib/authoring/new-case.js";

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
