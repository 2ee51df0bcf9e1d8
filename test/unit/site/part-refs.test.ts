// The parts the results page points to, read off the content's parts: the case study's six, and another guideline's.
import {describe, expect, it} from "vitest";
import {join} from "node:path";
import {partsWords, walkParts} from "../../../lib/site/part-refs.js";
import {loadParts, projectRoot} from "../../../lib/node/load.js";

const withPages = (parts: ReturnType<typeof loadParts>) => parts.map((part) => ({...part, hasPage: true}));

describe("the parts a page points to", () => {
  it("reads the case study's: start at Part 1, the vague line in Part 1, the guideline in Parts 4 to 6", () => {
    const parts = walkParts(withPages(loadParts()));
    expect(parts.first).toEqual({number: 1, path: "/vague"});
    expect(parts.vague).toEqual({number: 1, path: "/vague"});
    // The examples, scored again with the guideline in Part 4.
    expect(parts.after).toEqual({number: 4, path: "/rubric"});
    expect(parts.guideline.map((part) => part.path)).toEqual(["/rubric", "/edge-cases", "/calibration"]);
    expect(partsWords(parts.guideline.map((part) => part.number))).toBe("Parts 4 to 6");
  });

  it("reads another guideline's: no vague part, the guideline scored in Part 2 alone", () => {
    const parts = walkParts(withPages(loadParts(join(projectRoot, "test/fixtures/second-guideline"))));
    expect(parts.first).toEqual({number: 1, path: "/guideline"});
    expect(parts.vague).toBeNull();
    expect(parts.after).toBeNull();
    expect(partsWords(parts.guideline.map((part) => part.number))).toBe("Part 2");
  });

  it("names parts with a gap between them one by one, and none as no part", () => {
    expect(partsWords([2, 5])).toBe("Parts 2 and 5");
    expect(partsWords([2, 3, 5])).toBe("Parts 2, 3 and 5");
    expect(partsWords([])).toBe("no part");
    // Two in a row are named both: "Parts 5 and 6" (the self-check's pool words), not "Parts 5 to 6".
    expect(partsWords([5, 6])).toBe("Parts 5 and 6");
  });

  it("leaves out a part whose page the site lacks", () => {
    const parts = loadParts().map((part) => ({...part, hasPage: part.path !== "/vague"}));
    expect(walkParts(parts).first?.path).toBe("/examples");
    expect(walkParts(parts).vague).toBeNull();
  });
});
