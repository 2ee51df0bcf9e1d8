// The preview's choice in the address (lib/authoring/candidate-choice.ts): a base, a candidate and the parameters set,
// written to the query and read back, refused in the words a parameter set twice is refused in.
import {describe, expect, it} from "vitest";
import {loadGuideline} from "../../../lib/node/load.js";
import {parameterDomains} from "../../../lib/authoring/parameter-domains.node.js";
import {choiceFromQuery, choiceToQuery} from "../../../lib/authoring/candidate-choice.js";
import {parseAssignments} from "../../../lib/engine/parameters.js";
import {errorOf} from "./helpers.js";

const domains = parameterDomains(loadGuideline("v2"));

describe("the preview's URL", () => {
  const versions = ["v1", "v2"];

  it("round-trips a choice", () => {
    const choice = {
      base: "v2",
      candidate: "v1",
      set: parseAssignments(["counting=at-least-half", "ceilingNeedsOne=false"], domains),
    };
    const query = choiceToQuery(choice);
    expect(query).toBe("base=v2&candidate=v1&set=counting%3Dat-least-half&set=ceilingNeedsOne%3Dfalse");
    expect(choiceFromQuery(query, versions, domains)).toEqual(choice);
    expect(choiceFromQuery(`?${query}`, versions, domains)).toEqual(choice);
  });

  it("fills in the newest version as base and the base as candidate", () => {
    expect(choiceFromQuery("", versions, domains)).toEqual({base: "v2", candidate: "v2", set: []});
    expect(choiceFromQuery("base=v1", versions, domains)).toEqual({base: "v1", candidate: "v1", set: []});
  });

  it("refuses a version given twice, as it refuses a parameter set twice, in the same words", () => {
    expect(errorOf(() => choiceFromQuery("base=v2&base=v1", versions, domains))).toBe(
      'base is set twice ("v2" and "v1"): set it once',
    );
    expect(errorOf(() => choiceFromQuery("base=v2&candidate=v1&candidate=v2", versions, domains))).toBe(
      'candidate is set twice ("v1" and "v2"): set it once',
    );
    expect(errorOf(() => choiceFromQuery("set=partialMainCap%3D2&set=partialMainCap%3D1", versions, domains))).toBe(
      'partialMainCap is set twice ("2" and "1"): set it once',
    );
  });

  it("refuses an unknown version or a bad assignment, naming the valid ones", () => {
    expect(errorOf(() => choiceFromQuery("base=v9", versions, domains))).toBe(
      'base: unknown version "v9": expected one of v1, v2',
    );
    expect(errorOf(() => choiceFromQuery("candidate=../v1", versions, domains))).toBe(
      'candidate: unknown version "../v1": expected one of v1, v2',
    );
    expect(errorOf(() => choiceFromQuery("set=counting%3Dsome", versions, domains))).toContain(
      "counting: expected one of at-least-half, more-than-half, most-missed",
    );
  });
});
