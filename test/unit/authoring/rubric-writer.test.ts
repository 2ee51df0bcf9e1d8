import {describe, expect, it} from "vitest";
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {parse} from "yaml";
import {loadRubricWriter, projectRoot} from "../../../lib/node/load.js";
import {
  consequences,
  constraintProblem,
  countRange,
  countsOutside,
  describeConstraint,
  describeRange,
  editWriter,
  fieldsOf,
  readWriter,
  relate,
  rowProblem,
  type CountRange,
} from "../../../lib/authoring/rubric-writer.js";
import {RubricWriter} from "../../../lib/authored/schemas/content.js";

describe("the case study's rubric-writer table", () => {
  const check = loadRubricWriter();
  const request = countRange(check.request.constraint);

  it("reads the request's constraint as counts 0 to 2", () => {
    expect(request).toEqual([0, 2]);
  });
  it.each(check.rows.map((row) => [row.criterion, row] as const))(
    "classifies %s as the case study does",
    (_name, row) => {
      expect(relate(request, row.range)).toBe(row.relation);
    },
  );

  it("names the problems a row gives by reference when it is shown alone, and the others as written", () => {
    // The case study's table: Partial overlap, "Both of the above", under Narrower ("Penalizes compliant responses")
    // and Broader ("Rewards non-compliant responses").
    expect(rowProblem(check.rows, "partial-overlap")).toBe(
      "Both of the above (Penalizes compliant responses; Rewards non-compliant responses)",
    );
    expect(rowProblem(check.rows, "narrower")).toBe("Penalizes compliant responses");
    expect(rowProblem(check.rows, "no-overlap")).toBe("True contradiction");
  });

  it("refuses a reference to a row the table does not have, naming it", () => {
    // The table without its Broader row: the partial overlap's problemOf names a relation, but one no row has.
    const table = parse(readFileSync(join(projectRoot, "data/rubric-writer.yaml"), "utf8")) as {
      rows: {relation: string}[];
    };
    const broken = {...table, rows: table.rows.filter((row) => row.relation !== "broader")};
    const issues = RubricWriter.safeParse(broken).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["rows.2.problemOf.1", "no row is broader: expected one of same, narrower, partial-overlap, no-overlap"],
    ]);
  });
});

describe("countRange", () => {
  it("reads each kind of constraint", () => {
    expect(countRange({kind: "at-most", n: 4})).toEqual([0, 4]);
    expect(countRange({kind: "at-least", n: 3})).toEqual([3, null]);
    expect(countRange({kind: "exactly", n: 2})).toEqual([2, 2]);
    expect(countRange({kind: "between", min: 1, max: 3})).toEqual([1, 3]);
  });
});

describe("relate", () => {
  const at = (min: number, max: number | null): CountRange => [min, max];
  it("compares open-ended ranges", () => {
    expect(relate(at(3, null), at(3, null))).toBe("same");
    expect(relate(at(3, null), at(5, null))).toBe("narrower");
    expect(relate(at(3, null), at(1, null))).toBe("broader");
    expect(relate(at(3, null), at(0, 4))).toBe("partial-overlap");
    expect(relate(at(3, null), at(0, 2))).toBe("no-overlap");
  });
  it("treats ranges that touch at one count as overlapping", () => {
    expect(relate(at(0, 2), at(2, 5))).toBe("partial-overlap");
    expect(relate(at(2, 2), at(2, 2))).toBe("same");
  });
  it("reads a ceiling that needs one (the raters' rule) as making 'between one and three' broader", () => {
    // Why the table counts "at most" from 0: with [1, 2] the case study's partial-overlap row would not hold.
    expect(relate(at(1, 2), at(1, 3))).toBe("broader");
  });
});

describe("what a criterion does to responses", () => {
  const check = loadRubricWriter();
  const request = countRange(check.request.constraint);

  it("names, for each of the case study's rows, the counts penalized and rewarded", () => {
    const found = check.rows.map((row) => {
      const {relation, penalizes, rewards} = consequences(request, row.range);
      return [row.criterion, relation, penalizes.map(describeRange), rewards.map(describeRange)];
    });
    expect(found).toEqual([
      ["no more than two", "same", [], []],
      ["exactly two", "narrower", ["0 to 1"], []],
      ["at most four", "broader", [], ["3 to 4"]],
      ["between one and three", "partial-overlap", ["exactly 0"], ["exactly 3"]],
      ["at least three", "no-overlap", ["0 to 2"], ["3 or more"]],
    ]);
  });

  it("finds a hole on both sides, and open ends", () => {
    expect(countsOutside([0, 10], [3, 5])).toEqual([
      [0, 2],
      [6, 10],
    ]);
    expect(countsOutside([2, null], [0, 4])).toEqual([[5, null]]);
    expect(countsOutside([2, null], [5, null])).toEqual([[2, 4]]);
    expect(countsOutside([2, 4], [2, null])).toEqual([]);
  });

  it("reads a ceiling as needing at least one when asked, which turns the case study's partial overlap broader", () => {
    const needsOne = countRange(check.request.constraint, {ceilingNeedsOne: true});
    expect(needsOne).toEqual([1, 2]);
    expect(countRange({kind: "at-most", n: 0}, {ceilingNeedsOne: true})).toEqual([0, 0]);
    expect(consequences(needsOne, [1, 3])).toEqual({relation: "broader", penalizes: [], rewards: [[3, 3]]});
  });

  it("describes constraints and refuses ones it cannot read", () => {
    expect(describeConstraint({kind: "between", min: 1, max: 3})).toBe("between 1 and 3");
    expect(describeConstraint({kind: "at-most", n: 2})).toBe("at most 2");
    expect(constraintProblem({kind: "exactly", n: 2})).toBeNull();
    expect(constraintProblem({kind: "at-least", n: -1})).toMatch(/whole number/);
    expect(constraintProblem({kind: "exactly", n: 1.5})).toMatch(/whole number/);
    expect(constraintProblem({kind: "between", min: 3, max: 1})).toMatch(/lower count first/);
  });
});

describe("the rubric-writer tool's fields", () => {
  const start = {
    request: fieldsOf({kind: "at-most", n: 2}),
    criterion: fieldsOf({kind: "exactly", n: 2}),
    ceilingNeedsOne: false,
  };

  it("reads the fields as the case study's first row: exactly 2 against at most 2 is narrower and penalizes 0 to 1", () => {
    expect(start.criterion).toEqual({kind: "exactly", n: "2", max: "4"});
    expect(readWriter(start)).toMatchObject({
      problem: null,
      relation: "narrower",
      summary: "The criterion “exactly 2” (exactly 2) is narrower than the request's “at most 2” (0 to 2).",
      penalized: "a response giving 0 to 1 meets the request but fails the criterion",
      rewarded: null,
    });
  });

  it("takes each edit, and names a count that is no number or a range run backwards", () => {
    const between = editWriter(start, {kind: "field", side: "criterion", field: "kind", value: "between"});
    // The upper count was 4 all along: between 2 and 4 against 0 to 2 overlaps at 2.
    expect(readWriter(between)).toMatchObject({
      relation: "partial-overlap",
      rewarded: expect.stringContaining("3 to 4"),
    });
    const blank = editWriter(start, {kind: "field", side: "request", field: "n", value: ""});
    expect(readWriter(blank)).toEqual({problem: "Cannot classify: a count is a whole number, 0 or more."});
    const backwards = editWriter(between, {kind: "field", side: "criterion", field: "max", value: "1"});
    expect(readWriter(backwards).problem).toBe('Cannot classify: "between" needs the lower count first (1 and 2?).');
    expect(editWriter(start, {kind: "ceiling", on: false})).toBe(start);
    expect(editWriter(start, {kind: "field", side: "request", field: "n", value: "2"})).toBe(start);
  });
});
