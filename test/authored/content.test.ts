import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {CalibrationCheck, CaseStudy, RubricWriter} from "../../lib/authored/schemas/content.js";
import {
  loadCalibration,
  loadCaseStudy,
  loadGuideline,
  loadItems,
  loadParts,
  loadRubricWriter,
  parseYamlFile,
  projectRoot,
} from "../../lib/node/load.js";
import {resolveIntro, TrainingPart} from "../../lib/authored/schemas/parts.js";
import {authoredError} from "./helpers.js";

const messageOf = (run: () => unknown): string => authoredError(run).message;

describe("data/calibration.yaml", () => {
  it("holds the self-check's five items and its pass rule, with where the rule comes from", () => {
    const check = loadCalibration();
    expect(check.items).toEqual([
      "calibration-a",
      "calibration-b",
      "calibration-c",
      "calibration-d",
      "calibration-d-twist",
    ]);
    expect(check.pass).toEqual({exactAtLeast: 4, of: 5, maxTwoOrMoreOff: 0});
    expect(check.source).toMatch(/essay-scoring/);
    expect(check.source).toMatch(/exact and adjacent/);
    expect(check.source).toMatch(/sets no pass mark/);
  });
  it("names each item that is not a calibration case, and each unknown id", () => {
    const root = join(projectRoot, "test/fixtures/content/broken");
    expect(messageOf(() => loadCalibration(root, loadItems()))).toMatchInlineSnapshot(`
      "data/calibration.yaml at items[1]: "example-3" is in set examples: the self-check runs over calibration items
      data/calibration.yaml at items[2]: no item with id "calibration-z""
    `);
  });
  it("checks that the pass rule counts every item of the run, and asks no more exact than that", () => {
    const parse = (pass: string) =>
      messageOf(() =>
        parseYamlFile(
          `items: [a, b]\npass: ${pass}\nsource: x\nminutes: 10\n`,
          "data/calibration.yaml",
          CalibrationCheck,
        ),
      );
    expect(parse("{exactAtLeast: 2, of: 5, maxTwoOrMoreOff: 0}")).toMatchInlineSnapshot(
      `"data/calibration.yaml at pass.of: the run has 2 items: set of: 2"`,
    );
    expect(parse("{exactAtLeast: 3, of: 2, maxTwoOrMoreOff: 0}")).toMatchInlineSnapshot(
      `"data/calibration.yaml at pass.exactAtLeast: exactAtLeast cannot be more than of"`,
    );
  });
});

describe("data/case-study.yaml", () => {
  it("loads the four sections", () => {
    const caseStudy = loadCaseStudy();
    expect([caseStudy.problem, caseStudy.whatIDid, caseStudy.artifact, caseStudy.result].map((s) => s.title)).toEqual([
      "The Problem",
      "What I did",
      "The Artifact",
      "The Result",
    ]);
  });
  it("names a missing section", () => {
    const source = "problem: {title: The Problem, paragraphs: [{text: x}]}\n";
    expect(messageOf(() => parseYamlFile(source, "data/case-study.yaml", CaseStudy))).toContain(
      "data/case-study.yaml at whatIDid: missing: expected object",
    );
  });
});

describe("data/rubric-writer.yaml", () => {
  it("loads the five relations in the case study's order", () => {
    expect(loadRubricWriter().rows.map((row) => row.relation)).toEqual([
      "same",
      "narrower",
      "broader",
      "partial-overlap",
      "no-overlap",
    ]);
  });
  it("names a range whose ends are the wrong way round", () => {
    const check = loadRubricWriter();
    const broken = {...check, rows: [{...check.rows[0], range: [3, 1]}]};
    const parsed = RubricWriter.safeParse(broken);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["rows.0.range", "expected [min, max] with min <= max"],
    ]);
  });
});

describe("data/parts.yaml", () => {
  it("scores the seven examples twice (vague, then guideline) and each case set once under the guideline", () => {
    const scored = loadParts()
      .filter((part) => part.phase)
      .map((part) => `${part.id}: ${part.items} (${part.phase})`);
    expect(scored).toEqual([
      "vague: examples (vague)",
      "rubric: examples (guideline)",
      "edge-cases: edge-cases (guideline)",
      "calibration: calibration (guideline)",
    ]);
  });
  it("resolves an intro that points to the guideline", () => {
    const vague = loadParts().find((part) => part.id === "vague")!;
    expect(resolveIntro(vague, loadGuideline("v2"))[0]).toEqual({
      text: "Rate how well the response follows the user's instructions, from 1 (poor) to 5 (excellent).",
      from: "vague",
    });
  });
  it("names a phase with no items to score", () => {
    const parsed = TrainingPart.safeParse({
      id: "x",
      number: 1,
      title: "X",
      description: "x",
      path: "/x",
      minutes: 5,
      phase: "vague",
    });
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["phase", "a part scored in a phase needs the items it scores: add items"],
    ]);
  });
});
