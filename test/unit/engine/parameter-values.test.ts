// A guideline's parameters as an author sets them (lib/engine/parameters.ts): each `name=value` read into its type,
// and refused in words that name what would be accepted.
import {describe, expect, it} from "vitest";
import {loadGuideline} from "../../../lib/node/load.js";
import {parameterDomains} from "../../../lib/authoring/parameter-domains.node.js";
import {caseStudyParameterNames} from "./case-study-parameters.js";
import {
  describeDomain,
  overridesOf,
  parseAssignment,
  parseAssignments,
  type ParameterDomain,
} from "../../../lib/engine/parameters.js";
import {errorOf} from "../authoring/helpers.js";

const domains = parameterDomains(loadGuideline("v2"));
const domain = (name: string): ParameterDomain => domains.find((entry) => entry.name === name)!;

describe("parseAssignment", () => {
  it("reads each kind of value", () => {
    expect(parseAssignment("counting=most-missed", domains)).toEqual({name: "counting", value: "most-missed"});
    expect(parseAssignment("ceilingNeedsOne=false", domains)).toEqual({name: "ceilingNeedsOne", value: false});
    expect(parseAssignment("partialMainCap=2", domains)).toEqual({name: "partialMainCap", value: 2});
    expect(parseAssignment("partlyWeight=0.3", domains)).toEqual({name: "partlyWeight", value: 0.3});
    expect(parseAssignment(" partlyWeight = .75 ", domains)).toEqual({name: "partlyWeight", value: 0.75});
  });

  it("accepts every value of every domain, written as formatAssignment writes it", () => {
    for (const entry of domains)
      for (const value of entry.values)
        expect(parseAssignment(`${entry.name}=${value}`, domains)).toEqual({name: entry.name, value});
  });

  it("a bad name lists the valid names; a bad value lists the valid values or the range", () => {
    // The case study's eleven parameters, as the tests state them (test/unit/engine/case-study-parameters.ts).
    const names = caseStudyParameterNames.join(", ");
    expect(names).toMatch(/^partlyWeight, counting, partialMainCap, .*accuracyRated/);
    expect(errorOf(() => parseAssignment("count=2", domains))).toBe(
      `unknown parameter "count": expected one of ${names}`,
    );
    expect(errorOf(() => parseAssignment("ceilingNeedsOne", domains))).toMatch(
      /^expected <parameter>=<value>, got "ceilingNeedsOne": parameters are partlyWeight, counting, /,
    );
    expect(errorOf(() => parseAssignment("counting=most", domains))).toMatchInlineSnapshot(
      `"counting: expected one of at-least-half, more-than-half, most-missed, got "most""`,
    );
    expect(errorOf(() => parseAssignment("partialMainCap=2.5", domains))).toMatchInlineSnapshot(
      `"partialMainCap: expected a whole number from 1 to 5, got "2.5""`,
    );
    expect(errorOf(() => parseAssignment("partialMainCap=6", domains))).toContain("from 1 to 5");
    // What was typed is quoted as lib/text/quote-text.ts quotes it: an override escaped, a long value cut at 60
    // characters.
    expect(errorOf(() => parseAssignment("counting=most\u202E", domains))).toBe(
      'counting: expected one of at-least-half, more-than-half, most-missed, got "most\\u{202E}"',
    );
    expect(errorOf(() => parseAssignment(`counting=${"é".repeat(70)}`, domains))).toMatch(
      new RegExp(`got "${"é".repeat(60)}…"$`),
    );
    expect(errorOf(() => parseAssignment("partlyWeight=1.5", domains))).toMatchInlineSnapshot(
      `"partlyWeight: expected a number from 0 to 1, got "1.5""`,
    );
    expect(errorOf(() => parseAssignment("partlyWeight=", domains))).toContain('got ""');
    expect(errorOf(() => parseAssignment("partlyWeight=1e-1", domains))).toContain("expected a number");
    expect(errorOf(() => parseAssignment("accuracyRated=yes", domains))).toMatchInlineSnapshot(
      `"accuracyRated: expected true or false, got "yes""`,
    );
  });

  it("describes an open range", () => {
    const open: ParameterDomain = {...domain("partialMainCap"), max: null};
    expect(describeDomain(open)).toBe("a whole number of at least 1");
    expect(describeDomain({...open, min: null})).toBe("a whole number");
  });
});

describe("parseAssignments", () => {
  it("reads several, and refuses a parameter set twice", () => {
    const read = parseAssignments(["counting=most-missed", "partlyWeight=0"], domains);
    expect(overridesOf(read)).toEqual({counting: "most-missed", partlyWeight: 0});
    expect(errorOf(() => parseAssignments(["partialMainCap=2", "partialMainCap=1"], domains))).toBe(
      'partialMainCap is set twice ("2" and "1"): set it once',
    );
  });
});
