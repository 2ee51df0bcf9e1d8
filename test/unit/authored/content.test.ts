import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {CalibrationCheck, CaseStudy, RubricWriter} from "../../../lib/authored/schemas/content.js";
import {
  loadCalibration,
  loadCaseStudy,
  loadGuideline,
  loadItems,
  loadParts,
  loadRubricWriter,
  parseYamlFile,
  projectRoot,
} from "../../../lib/node/load.js";
import {resolveIntro, TrainingPart} from "../../../lib/authored/schemas/parts.js";
import {authoredError} from "./helpers.js";

const messageOf = (run: () => unknown): string => authoredError(run).message;

describe("data/calibration.yaml", () => {
  it("holds the self-check's two pools, the calibration cases and the fresh ones, each with its pass rule", () => {
    const check = loadCalibration();
    expect(check.pools.map(({id, set, items}) => ({id, set, items}))).toEqual([
      {
        id: "calibration",
        set: "calibration",
        items: ["calibration-a", "calibration-b", "calibration-c", "calibration-d", "calibration-d-twist"],
      },
      {
        id: "fresh",
        set: "fresh-calibration",
        items: ["fresh-1", "fresh-2", "fresh-3", "fresh-4", "fresh-5", "fresh-6", "fresh-7"],
      },
    ]);
    const [calibration, fresh] = check.pass;
    expect(calibration).toMatchObject({pool: "calibration", exactAtLeast: 4, of: 5, maxTwoOrMoreOff: 0});
    expect(calibration!.source).toMatch(/essay-scoring/);
    expect(calibration!.source).toMatch(/exact and adjacent/);
    expect(calibration!.source).toMatch(/sets no pass mark/);
    // The calibration pool's rule asks 4 of 5 exact: 80%. Of seven, 80% is 5.6 cases, so six must be exact.
    expect(fresh).toMatchObject({pool: "fresh", exactAtLeast: 6, of: 7, maxTwoOrMoreOff: 0});
    expect(fresh!.source).toMatch(/sets no pass mark/);
    expect(fresh!.source).toMatch(/80%/);
  });
  it("names each item that is not in its pool's set, and each unknown id", () => {
    const root = join(projectRoot, "test/fixtures/content/broken");
    expect(messageOf(() => loadCalibration(root, loadItems()))).toMatchInlineSnapshot(`
      "data/calibration.yaml at pools[0].items[1]: "example-3" is in set examples: pool calibration runs over set calibration
      data/calibration.yaml at pools[0].items[2]: no item with id "calibration-z"
      data/calibration.yaml at pools[1].items[0]: "calibration-b" is in set calibration: pool fresh runs over set fresh-calibration
      data/calibration.yaml at pools[0].items: "calibration-b" is in set calibration but in no pool of data/calibration.yaml: add it to pool calibration's items, and add 1 to the number of cases its pass rule counts (of)
      data/calibration.yaml at pools[0].items: "calibration-c" is in set calibration but in no pool of data/calibration.yaml: add it to pool calibration's items, and add 1 to the number of cases its pass rule counts (of)
      data/calibration.yaml at pools[0].items: "calibration-d" is in set calibration but in no pool of data/calibration.yaml: add it to pool calibration's items, and add 1 to the number of cases its pass rule counts (of)
      data/calibration.yaml at pools[0].items: "calibration-d-twist" is in set calibration but in no pool of data/calibration.yaml: add it to pool calibration's items, and add 1 to the number of cases its pass rule counts (of)
      data/calibration.yaml at pools[1].items: "fresh-1" is in set fresh-calibration but in no pool of data/calibration.yaml: add it to pool fresh's items, and add 1 to the number of cases its pass rule counts (of)
      data/calibration.yaml at pools[1].items: "fresh-2" is in set fresh-calibration but in no pool of data/calibration.yaml: add it to pool fresh's items, and add 1 to the number of cases its pass rule counts (of)
      data/calibration.yaml at pools[1].items: "fresh-3" is in set fresh-calibration but in no pool of data/calibration.yaml: add it to pool fresh's items, and add 1 to the number of cases its pass rule counts (of)
      data/calibration.yaml at pools[1].items: "fresh-4" is in set fresh-calibration but in no pool of data/calibration.yaml: add it to pool fresh's items, and add 1 to the number of cases its pass rule counts (of)
      data/calibration.yaml at pools[1].items: "fresh-5" is in set fresh-calibration but in no pool of data/calibration.yaml: add it to pool fresh's items, and add 1 to the number of cases its pass rule counts (of)
      data/calibration.yaml at pools[1].items: "fresh-6" is in set fresh-calibration but in no pool of data/calibration.yaml: add it to pool fresh's items, and add 1 to the number of cases its pass rule counts (of)
      data/calibration.yaml at pools[1].items: "fresh-7" is in set fresh-calibration but in no pool of data/calibration.yaml: add it to pool fresh's items, and add 1 to the number of cases its pass rule counts (of)"
    `);
  });
  it("names a case in a set the pools run over that is in none of them, and what to change in its pass rule", () => {
    const items = loadItems();
    const fresh8 = {...items.find((item) => item.id === "fresh-1")!, id: "fresh-8"};
    expect(messageOf(() => loadCalibration(projectRoot, [...items, fresh8]))).toBe(
      'data/calibration.yaml at pools[1].items: "fresh-8" is in set fresh-calibration but in no pool of ' +
        "data/calibration.yaml: add it to pool fresh's items, and add 1 to the number of cases its pass rule counts (of)",
    );
  });
  it("checks that each pass rule names a pool, counts every item of it and asks no more exact than that", () => {
    const parse = (yaml: string) => messageOf(() => parseYamlFile(yaml, "data/calibration.yaml", CalibrationCheck));
    const pools = "pools: [{id: one, set: calibration, items: [a, b], minutes: 10}]\n";
    const rule = (fields: string) => `pass: [{pool: one, source: x, ${fields}}]\n`;
    expect(parse(pools + rule("exactAtLeast: 2, of: 5, maxTwoOrMoreOff: 0"))).toMatchInlineSnapshot(
      `"data/calibration.yaml at pass[0].of: pool one has 2 items: set of: 2"`,
    );
    expect(parse(pools + rule("exactAtLeast: 3, of: 2, maxTwoOrMoreOff: 0"))).toMatchInlineSnapshot(
      `"data/calibration.yaml at pass[0].exactAtLeast: exactAtLeast cannot be more than of"`,
    );
    expect(parse(`${pools}pass: [{pool: two, source: x, exactAtLeast: 2, of: 2, maxTwoOrMoreOff: 0}]\n`))
      .toMatchInlineSnapshot(`
        "data/calibration.yaml at pass: pool one has no pass rule: add one with pool: one
        data/calibration.yaml at pass[0].pool: no pool named "two": expected one of "one""
      `);
    expect(
      parse(
        `${pools}pass: [{pool: one, source: x, exactAtLeast: 2, of: 2, maxTwoOrMoreOff: 0}, ` +
          "{pool: one, source: y, exactAtLeast: 1, of: 2, maxTwoOrMoreOff: 0}]\n",
      ),
    ).toMatchInlineSnapshot(`"data/calibration.yaml at pass[1].pool: a second pass rule for pool one: keep one"`);
  });
  it("keeps each case in one pool, and each pool's name once", () => {
    const parse = (yaml: string) => messageOf(() => parseYamlFile(yaml, "data/calibration.yaml", CalibrationCheck));
    const rule = (pool: string) => `{pool: ${pool}, source: x, exactAtLeast: 2, of: 2, maxTwoOrMoreOff: 0}`;
    expect(
      parse(
        "pools: [{id: one, set: calibration, items: [a, b], minutes: 10}, " +
          "{id: two, set: fresh-calibration, items: [c, c], minutes: 10}, " +
          "{id: three, set: fresh-calibration, items: [b, d], minutes: 10}]\n" +
          `pass: [${rule("one")}, ${rule("two")}, ${rule("three")}]\n`,
      ),
    ).toMatchInlineSnapshot(`
      "data/calibration.yaml at pools[1].items[1]: an item is listed twice
      data/calibration.yaml at pools[2].items[0]: "b" is already in pool one: list it in one pool"
    `);
    expect(
      parse(
        "pools: [{id: one, set: calibration, items: [a, b], minutes: 10}, " +
          "{id: one, set: fresh-calibration, items: [c, d], minutes: 10}]\n" +
          `pass: [${rule("one")}]\n`,
      ),
    ).toMatchInlineSnapshot(`"data/calibration.yaml at pools[1].id: a second pool named one: rename it"`);
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
      phase: "vague",
    });
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["phase", "a part scored in a phase needs the items it scores: add items"],
    ]);
  });
});
