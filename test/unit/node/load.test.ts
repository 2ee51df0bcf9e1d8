import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {
  bySetThenOrder,
  guidelineVersions,
  loadCaseStudy,
  loadGuideline,
  loadGuidelines,
  loadItems,
  parseGuidelineFile,
  projectRoot,
} from "../../../lib/node/load.js";
import {AuthoredFileError} from "../../../lib/authored/problems.js";

const fixtureRoot = join(projectRoot, "test/fixtures/guideline/root");

describe("loadItems", () => {
  it("loads the 33 real items in the order a trainee walks them: the case study's 26, then the notebook's seven", () => {
    const items = loadItems();
    expect(items.map((item) => item.id)).toEqual([
      "example-1",
      "example-2",
      "example-3",
      "example-4",
      "example-5",
      "example-6",
      "example-7",
      "edge-1a",
      "edge-1b",
      "edge-1c",
      "edge-2",
      "edge-3",
      "edge-4",
      "edge-5a",
      "edge-5b",
      "edge-6",
      "edge-7",
      "edge-8",
      "edge-9",
      "edge-10",
      "edge-10-twist",
      "calibration-a",
      "calibration-b",
      "calibration-c",
      "calibration-d",
      "calibration-d-twist",
      "fresh-1",
      "fresh-2",
      "fresh-3",
      "fresh-4",
      "fresh-5",
      "fresh-6",
      "fresh-7",
    ]);
    expect([...items].sort(bySetThenOrder)).toEqual(items);
  });
  it("loads a fixture folder, naming files relative to the root", () => {
    expect(loadItems(projectRoot, join(projectRoot, "test/fixtures/items/valid")).map((item) => item.id)).toEqual([
      "good-item",
    ]);
  });
  it("refuses a gloss taken from another case that is not that case's, naming the file and the field", () => {
    const folder = mkdtempSync(join(tmpdir(), "items-"));
    try {
      cpSync(join(projectRoot, "data/items"), folder, {recursive: true});
      const file = join(folder, "calibration-a.md");
      writeFileSync(file, readFileSync(file, "utf8").replace("Could you write me a short, formal", "Write a formal"));
      expect(() => loadItems(projectRoot, folder)).toThrow(
        /calibration-a\.md at request\.glossFrom: the request gloss is not example-3's: copy its gloss word for word$/,
      );
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  });
  it("refuses a new case left at the case study's origin, naming the file and the field", () => {
    // A copy of the content: the case study's list is of the root's own cases.
    const root = mkdtempSync(join(tmpdir(), "content-"));
    const folder = join(root, "data/items");
    try {
      for (const path of ["data", "guideline"]) cpSync(join(projectRoot, path), join(root, path), {recursive: true});
      // Edge case 4 copied under a new id, its origin left at the default.
      const text = readFileSync(join(folder, "edge-4.md"), "utf8");
      writeFileSync(
        join(folder, "edge-11.md"),
        text.replace("id: edge-4", "id: edge-11").replace("order: 6", "order: 20"),
      );
      expect(() => loadItems(root)).toThrow(
        /^data\/items\/edge-11\.md at origin: the case study has no case "edge-11" \(data\/case-study\.yaml lists /,
      );
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  });
  it("refuses a case the case study lists with no file, and a case listed twice", () => {
    const root = mkdtempSync(join(tmpdir(), "content-"));
    try {
      for (const path of ["data", "guideline"]) cpSync(join(projectRoot, path), join(root, path), {recursive: true});
      rmSync(join(root, "data/items/edge-3.md"));
      // data/case-study.yaml lists edge-3 twelfth.
      expect(() => loadItems(root)).toThrow(
        "data/case-study.yaml at cases[11]: no case file data/items/edge-3.md: write the case's file, or take edge-3 " +
          "off the list",
      );
      const listed = join(root, "data/case-study.yaml");
      writeFileSync(listed, readFileSync(listed, "utf8").replace("  - edge-3\n", "  - edge-4\n"));
      expect(() => loadCaseStudy(root)).toThrow(
        'data/case-study.yaml at cases[12]: "edge-4" is listed already: list each case once',
      );
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  });
  it("collects the problems of every broken file in a folder before failing", () => {
    let message = "";
    try {
      loadItems(projectRoot, join(projectRoot, "test/fixtures/items/broken"));
    } catch (error) {
      message = (error as Error).message;
    }
    const files = [...new Set(message.split("\n").map((line) => line.split(/:| at /)[0]))];
    expect(files).toEqual([
      "test/fixtures/items/broken/bad-yaml.md",
      "test/fixtures/items/broken/facts-of-other-rule.md",
      "test/fixtures/items/broken/id-mismatch.md",
      "test/fixtures/items/broken/missing-field.md",
      "test/fixtures/items/broken/missing-front-matter.md",
      "test/fixtures/items/broken/missing-request-section.md",
      "test/fixtures/items/broken/repeated-section.md",
      "test/fixtures/items/broken/score-not-a-score.md",
      "test/fixtures/items/broken/score-out-of-range.md",
      "test/fixtures/items/broken/two-main-lines.md",
      "test/fixtures/items/broken/unknown-field.md",
      "test/fixtures/items/broken/unknown-rule.md",
      "test/fixtures/items/broken/unknown-section.md",
      "test/fixtures/items/broken/unknown-verdict.md",
      "test/fixtures/items/broken/wrong-facts.md",
    ]);
  });
});

describe("guidelines", () => {
  it("lists the released versions in numeric order", () => {
    expect(guidelineVersions()).toEqual(["v1", "v2"]);
    expect(loadGuidelines().map((guideline) => guideline.version)).toEqual(["v1", "v2"]);
  });
  it("rejects a guideline whose version does not match its folder", () => {
    expect(guidelineVersions(fixtureRoot)).toEqual(["v3"]);
    expect(() => loadGuideline("v3", fixtureRoot)).toThrowErrorMatchingInlineSnapshot(
      `[AuthoredFileError: guideline/v3/guideline.yaml at version: "v2" does not match its folder: set version: v3]`,
    );
  });
  it("rejects a replaces: that names no version before it, as a folder copied from another keeps", () => {
    // Before, nothing read replaces: a v3 copied from v2 by hand and left "replaces: v3", or a version that is not
    // there, passed.
    const root = mkdtempSync(join(tmpdir(), "rater-notebook-replaces-"));
    try {
      cpSync(join(projectRoot, "guideline"), join(root, "guideline"), {recursive: true});
      cpSync(join(root, "guideline/v2"), join(root, "guideline/v3"), {recursive: true});
      const file = join(root, "guideline/v3/guideline.yaml");
      const source = readFileSync(file, "utf8");
      expect(source).toMatch(/^version: v2\nreplaces: v1\n/m);
      const problems = (replaces: string) => {
        writeFileSync(file, source.replace("version: v2\nreplaces: v1\n", `version: v3\nreplaces: ${replaces}\n`));
        try {
          loadGuideline("v3", root);
          return [];
        } catch (error) {
          return (error as AuthoredFileError).problems.map((problem) => `${problem.field}: ${problem.message}`);
        }
      };
      expect(problems("v2")).toEqual([]);
      expect(problems("v1")).toEqual([]);
      for (const named of ["v3", "v4", "v0"])
        expect(problems(named)).toEqual([
          `replaces: "${named}" is not a version before v3 under guideline/: set replaces: to the one it was ` +
            "written from (v1, v2)",
        ]);
      cpSync(join(root, "guideline/v3"), join(root, "guideline/v1"), {recursive: true});
      rmSync(join(root, "guideline/v2"), {recursive: true});
      rmSync(join(root, "guideline/v3"), {recursive: true});
      writeFileSync(join(root, "guideline/v1/guideline.yaml"), source.replace("version: v2\n", "version: v1\n"));
      expect(() => loadGuideline("v1", root)).toThrow(
        'guideline/v1/guideline.yaml at replaces: "v1" is not a version before v1 under guideline/: remove it: no ' +
          "version comes before this one",
      );
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  });
  it("rejects bad YAML, naming the file", () => {
    expect(() => parseGuidelineFile('title: "unclosed\n', "guideline/v9/guideline.yaml")).toThrow(
      /^guideline\/v9\/guideline\.yaml: not valid YAML \(line \d+\): Missing closing "quote/,
    );
  });
  it("rejects a guideline that fails the schema, naming the file and the field", () => {
    expect(() => parseGuidelineFile("version: 2\n", "guideline/v9/guideline.yaml")).toThrow(
      /^guideline\/v9\/guideline\.yaml at version: expected string, got 2$/m,
    );
  });
  it("rejects a logic.yaml whose condition misspells a fact, naming the file, the rule, the clause, the field and the fix", () => {
    const root = mkdtempSync(join(tmpdir(), "rater-notebook-logic-"));
    try {
      cpSync(join(projectRoot, "guideline"), join(root, "guideline"), {recursive: true});
      const file = join(root, "guideline/v2/logic.yaml");
      const written = 'when: bound == "ceiling" && delivered == 0 && ceilingNeedsOne';
      const source = readFileSync(file, "utf8");
      expect(source).toContain(written);
      writeFileSync(file, source.replace(written, written.replace("delivered", "delivred")));
      let thrown: unknown;
      try {
        loadGuideline("v2", root);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AuthoredFileError);
      expect((thrown as AuthoredFileError).problems).toEqual([
        {
          file: "guideline/v2/logic.yaml",
          field: "rules[2].clauses[1].when",
          message:
            'rule numbers, clause ceiling-needs-one, when: unknown name "delivred" (did you mean delivered?): ' +
            "expected a fact (bound, limit, delivered) or a parameter (partlyWeight, counting, partialMainCap, " +
            "mainNotMet, ceilingNeedsOne, registerBreak, slightLapse, additionsBreakWithoutWording, " +
            "mainPartThreshold, clarifyingQuestionTest, accuracyRated)",
        },
      ]);
      // v1 beside it still loads: the sentences it keeps from v2's texts are v2's words, not a problem.
      expect(loadGuideline("v1", root).version).toBe("v1");
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  });
});
