import {describe, expect, it} from "vitest";
import {loadGuideline, loadItems} from "../../lib/load.js";
import {parameterDomains} from "../../lib/parameter-domains.js";
import {parseAssignments} from "../../lib/parameter-values.js";
import {describeCandidate, previewLines, previewReport} from "../../lib/preview-report.js";

const items = loadItems();
const v2 = loadGuideline("v2");
const domains = parameterDomains(v2);

describe("describeCandidate", () => {
  it("names the version and the changes", () => {
    expect(describeCandidate("v2", "v2", [])).toBe("v2 unchanged");
    expect(describeCandidate("v2", "v1", [])).toBe("v1");
    expect(
      describeCandidate("v2", "v1", parseAssignments(["counting=at-least-half", "partlyWeight=0.25"], domains)),
    ).toBe("v1 with counting=at-least-half, partlyWeight=0.25");
  });
});

describe("previewReport and previewLines", () => {
  it("a candidate without the style-register rule: the only 4 goes, and the lines say so", () => {
    const candidate = {...v2, version: "v3", rules: v2.rules.filter((rule) => rule.id !== "style-register")};
    const report = previewReport({items, base: v2, candidate, set: [], domains});
    expect(report.workedExamples).toEqual({lost: [4], gained: []});
    expect(report.coverage.find((row) => row.score === 4)).toEqual({score: 4, before: 1, items: []});
    const lines = previewLines(report);
    expect(lines[0]).toBe("base v2, candidate v3: 26 items");
    expect(lines).toContain("  score 4 loses its last worked example");
    expect(lines).toContain("  no worked example under the candidate for score 4");
    expect(lines).toContain("      line 2 style-register: met-flaw [slightly-less-formal] -> undecided (no rule)");
    expect(lines).toContain("  calibration-a  5 or 3  (was 4)");
  });

  it("every untested parameter and rule of the base is listed; the lines say when there is none", () => {
    const report = previewReport({items, base: v2, candidate: v2, set: [], domains});
    expect(report.dependence.parameters.map((entry) => entry.name)).toEqual(domains.map((domain) => domain.name));
    expect(report.dependence.rules.map((entry) => entry.rule)).toEqual(v2.rules.map((rule) => rule.id));
    const lines = previewLines(report);
    expect(lines).toContain(`  parameters: ${report.dependence.untested.parameters.join(", ")}`);
    expect(lines).toContain("  rules: none, every rule moves some item");
    expect(lines.at(-3)).toBe("what the worked examples do not test under v2 (changing it moves no item's score):");
  });
});
