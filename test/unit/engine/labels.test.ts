// lib/engine/labels.ts: the one wording of each verdict and rubric row. Expected words are the guideline's own
// (guideline/v2/guideline.yaml's rubric) and the case study's, written out here by hand.
import {describe, expect, it} from "vitest";
import {describeShape} from "../../../lib/authoring/completeness-words.js";
import {rubricRowLabels, rubricRowShortLabels, verdictInListLabels, verdictLabels} from "../../../lib/engine/labels.js";

describe("verdict and rubric-row wording", () => {
  it("states a small flaw with a comma on its own, and without one inside a list", () => {
    expect(verdictLabels["met-flaw"]).toBe("met, with a small flaw");
    expect(verdictInListLabels["met-flaw"]).toBe("met with a small flaw");
    expect(verdictInListLabels["cannot-check"]).toBe(verdictLabels["cannot-check"]);
  });

  it("gives every row a short form that starts with its score where the row fixes one", () => {
    expect(rubricRowShortLabels["one-small-flaw"]).toBe("4, one small flaw");
    expect(rubricRowShortLabels["not-applicable"]).toBe("not applicable");
    expect(Object.keys(rubricRowShortLabels).sort()).toEqual(Object.keys(rubricRowLabels).sort());
  });

  it("describes a checklist shape in the same words", () => {
    expect(describeShape({main: "met-flaw", others: ["met-flaw", "partly"]})).toBe(
      "main task met with a small flaw; two others: one met with a small flaw, one partly met",
    );
    expect(describeShape({main: "not-met-ignores", others: []})).toBe(
      "main task not met: the response ignores the request or does a different task; no other instructions",
    );
    expect(describeShape({main: "not-met-engages", others: ["cannot-check"]})).toBe(
      "main task not met, but the response engages with the request; one other can't be checked",
    );
  });
});
