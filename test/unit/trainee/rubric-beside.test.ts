import {describe, expect, it} from "vitest";
import {loadGuidelines, loadParts} from "../../../lib/node/load.js";
import {examplesLeftOut, rubricBeside} from "../../../lib/trainee/rubric-beside.js";

const [v1, v2] = loadGuidelines();
const parts = loadParts();
const part = (id: string) => parts.find((candidate) => candidate.id === id)!;

describe("the rubric beside a part's cases", () => {
  it("leaves out the levels' worked examples, and says so: v2's level 4 is Calibration A", () => {
    const beside = rubricBeside(v2!.rubric, true);
    // guideline/v2/guideline.yaml, level 4: "… doesn't affect its purpose (e.g. a formal German email that closes
    // with Viele Grüße instead of Mit freundlichen Grüßen)".
    expect(beside.levels.find((level) => level.score === 4)!.checklist).toBe(
      "Every instruction met, but one has a small flaw that doesn't affect its purpose",
    );
    expect(beside.levels.map((level) => level.meaning)).toEqual(v2!.rubric.map((level) => level.meaning));
    expect(beside.levels.filter((level, at) => level.checklist !== v2!.rubric[at]!.checklist)).toHaveLength(1);
    expect(beside.note).toBe(
      "The rubric's worked examples are left out beside these cases: an example could give one of them away.",
    );
    // A rubric with no worked example is shown as it is, with no note; and so is any rubric where nothing is left out.
    expect(rubricBeside(v1!.rubric, true)).toEqual({levels: v1!.rubric, note: null});
    expect(rubricBeside(v2!.rubric, false)).toEqual({levels: v2!.rubric, note: null});
  });

  it("is without examples beside the calibration cases and in every blind self-check, with them in the other parts", () => {
    // data/parts.yaml: Part 6 (the calibration cases, Calibration A among them) leaves them out.
    expect(examplesLeftOut(part("calibration"))).toBe(true);
    for (const id of ["rubric", "edge-cases", "vague"]) expect(examplesLeftOut(part(id)), id).toBe(false);
    expect(examplesLeftOut(part("rubric"), "self-check")).toBe(true);
  });
});
