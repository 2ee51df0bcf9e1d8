import {describe, expect, it} from "vitest";
import {everyShape, mainOutcomes, mainRuleOutcomes} from "../../../lib/authoring/checklist-shapes.js";
import {describeFinding, describeShape} from "../../../lib/authoring/completeness-words.js";
import {type Finding, type ReadingFinding, type Rubric, type StepFinding} from "../../../lib/authoring/completeness.js";
import {loadGuideline} from "../../../lib/node/load.js";
import {caseStudyParameters} from "../engine/case-study-parameters.js";
import type {ParameterValues} from "../../../lib/engine/logic.js";
import {applyRubric, applyRule, completeness} from "../engine/helpers.js";

const v2 = loadGuideline("v2").parameters;
// v1's rubric as the issue states it, so a change to v1's other data does not move these counts.
const v1: ParameterValues = {...caseStudyParameters, counting: "most-missed", mainNotMet: "unspecified"};
const withV2 = (overrides: ParameterValues): ParameterValues => ({...v2, ...overrides});

const choose = (n: number, k: number): number => (k < 0 || k > n ? 0 : k === 0 ? 1 : (choose(n - 1, k - 1) * n) / k);
const sum = (from: number, to: number, term: (k: number) => number): number => {
  let total = 0;
  for (let k = from; k <= to; k++) total += term(k);
  return total;
};
/** Multisets of size k from 5 verdicts. */
const multisetsOfSize = (k: number): number => choose(k + 4, 4);
const multisetsUpTo6 = sum(0, 6, multisetsOfSize);

/** Every multiset of up to six other verdicts as counts (met, met-flaw, partly, not met, can't be checked). */
function* countsUpTo6(): Generator<[number, number, number, number, number]> {
  for (let a = 0; a <= 6; a++)
    for (let b = 0; a + b <= 6; b++)
      for (let c = 0; a + b + c <= 6; c++)
        for (let d = 0; a + b + c + d <= 6; d++) for (let e = 0; a + b + c + d + e <= 6; e++) yield [a, b, c, d, e];
}

const ofKind = <K extends Finding["kind"]>(findings: Finding[], kind: K): (Finding & {kind: K})[] =>
  findings.filter((finding): finding is Finding & {kind: K} => finding.kind === kind);

describe("the shapes", () => {
  it("are the main outcomes times the multisets of 0-6 other verdicts", () => {
    expect(multisetsUpTo6).toBe(462);
    expect(mainOutcomes).toHaveLength(8);
    expect(completeness(v2).shapes).toBe(8 * 462);
    expect(completeness(v2, {maxOthers: 2}).shapes).toBe(8 * (1 + 5 + 15));
  });

  it("come fewest instructions first, the main outcomes in order, most others met first", () => {
    const shapes = everyShape(1);
    expect(shapes).toHaveLength(8 * (1 + 5));
    expect(shapes.slice(0, 2)).toEqual([
      {main: "met", others: []},
      {main: "met-flaw", others: []},
    ]);
    expect(shapes.slice(8, 11)).toEqual([
      {main: "met", others: ["met"]},
      {main: "met", others: ["met-flaw"]},
      {main: "met", others: ["partly"]},
    ]);
  });

  it("refuse a size that is not a whole number from 0 up", () => {
    expect(() => completeness(v2, {maxOthers: -1})).toThrow("maxOthers must be a whole number from 0 up, got -1");
    expect(completeness(v2, {maxOthers: 0}).shapes).toBe(8);
  });

  it("are shared by every call, and a report changed by its reader does not change the next", () => {
    const capOne = withV2({partialMainCap: 1});
    const pristine = completeness(capOne);
    const changed = completeness(capOne);
    for (const finding of changed.findings) {
      if (finding.kind === "gap") continue;
      const example = finding.kind === "reading" ? finding.smallest : finding.smallest.before;
      example.shape.others.push("not-met");
      if (finding.kind !== "reading") finding.change.from = "met";
    }
    expect(changed).not.toEqual(pristine);
    expect(completeness(capOne)).toEqual(pristine);
  });

  it("each goes through the rubric once, and no two alike", () => {
    const seen = new Set<string>();
    const recording: Rubric = (main, others, parameters) => {
      seen.add(`${JSON.stringify(main)}|${others.join(",")}`);
      return applyRubric(main, others, parameters);
    };
    completeness(v2, {rubric: recording});
    expect(seen.size).toBe(8 * 462);
  });

  it("hand the rubric the main task as the rules decide it", () => {
    const decided = {
      "met": applyRule({rule: "main-task", facts: {delivered: true}}, v2),
      "met-flaw": applyRule({rule: "stated-constraints", facts: {observed: "met-flaw"}}, v2),
      "partly": applyRule({rule: "main-task-partial", facts: {done: 4, of: 6}}, v2),
      "not-met-engages": applyRule({rule: "main-task", facts: {delivered: false, engages: true}}, v2),
      "not-met-ignores": applyRule({rule: "main-task", facts: {delivered: false, differentTask: true}}, v2),
      "declines-harmless": applyRule({rule: "refusal", facts: {harmful: false}}, v2),
      "cannot-check": applyRule({rule: "stated-constraints", facts: {observed: "cannot-check"}}, v2),
      "justified-refusal": applyRule({rule: "refusal", facts: {harmful: true}}, v2),
    };
    for (const outcome of mainOutcomes) {
      const {flag: _flag, ...rubricReads} = decided[outcome];
      expect(mainRuleOutcomes[outcome], outcome).toEqual(rubricReads);
    }
  });

  it("compare every one-step improvement: main steps from five ranks, other steps from four verdicts", () => {
    // Main: three outcomes at the bottom rank and one at each of the next three step up, in every multiset.
    const mainSteps = (3 + 1 + 1 + 1) * multisetsUpTo6;
    // Other: a multiset holding a given verdict is that verdict plus any multiset one smaller; the justified
    // refusal is not rated, so its shapes are not compared.
    const otherSteps = 7 * 4 * sum(1, 6, (k) => multisetsOfSize(k - 1));
    expect(completeness(v2).steps).toBe(mainSteps + otherSteps);
  });
});

describe("v2", () => {
  const report = completeness(v2);

  it("has no gap, no step that lowers the score and no cliff", () => {
    expect(report.findings.map((finding) => finding.kind)).toEqual(["reading"]);
  });

  it("reads row 4's one small flaw as exactly one: two flaws or more score 3, the score of missing half", () => {
    const [reading] = ofKind(report.findings, "reading");
    // Everything met, two flaws or more: with the main task met, k others of which 2..k flawed; with the main task
    // flawed, k others of which 1..k flawed.
    const count = sum(0, 6, (k) => Math.max(0, k - 1)) + sum(0, 6, (k) => k);
    expect(count).toBe(36);
    expect(reading).toEqual<ReadingFinding>({
      kind: "reading",
      key: "reading:met-read-as-missed",
      reading: "met-read-as-missed",
      count,
      scores: [3],
      smallest: {
        shape: {main: "met-flaw", others: ["met-flaw"]},
        words: "main task met with a small flaw; one other met with a small flaw",
        scores: [3],
        rows: ["half-or-more"],
        rowNames: ["row 3, at least half met (half-or-more)"],
      },
      alike: {
        shape: {main: "met", others: ["met", "not-met"]},
        words: "main task met; two others: one met, one not met",
        scores: [3],
        rows: ["half-or-more"],
        rowNames: ["row 3, at least half met (half-or-more)"],
      },
    });
  });

  it("finds the issue's own example among them", () => {
    const report = completeness(v2, {maxOthers: 2});
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({kind: "reading", count: 1 + 1 + 2});
    expect(applyRubric(mainRuleOutcomes.met, ["met-flaw", "met-flaw"], v2)).toEqual([{score: 3, row: "half-or-more"}]);
  });
});

describe("v1", () => {
  it("is the first rubric: most instructions missed, and no clause for engaging", () => {
    const loaded = loadGuideline("v1").parameters;
    expect([loaded.counting, loaded.mainNotMet]).toEqual([v1.counting, v1.mainNotMet]);
  });

  const report = completeness(v1);

  it("falls between 2 and 1 whenever the main task is not met but the response engages", () => {
    const [oneOrTwo] = ofKind(report.findings, "gap").filter((gap) => gap.scores.join() === "2,1");
    expect(oneOrTwo).toEqual({
      kind: "gap",
      key: "gap:2,1:main-not-met-engages,does-not-follow",
      count: multisetsUpTo6,
      scores: [2, 1],
      rows: ["main-not-met-engages", "does-not-follow"],
      rowNames: [
        "row 2, engages without doing the task (main-not-met-engages)",
        "row 1, does not follow (does-not-follow)",
      ],
      smallest: {
        shape: {main: "not-met-engages", others: []},
        words: "main task not met, but the response engages with the request; no other instructions",
        scores: [2, 1],
        rows: ["main-not-met-engages", "does-not-follow"],
        rowNames: [
          "row 2, engages without doing the task (main-not-met-engages)",
          "row 1, does not follow (does-not-follow)",
        ],
      },
    });
  });

  it("falls between 3 and 2 when exactly half the other instructions are missed", () => {
    const [exactlyHalf] = ofKind(report.findings, "gap").filter((gap) => gap.scores.join() === "3,2");
    // 2m others, m of them not met or unchecked (multisets of m from 2) and m met in some form (of m from 3), under
    // a main task met, met with a flaw, or partly met (the cap of 3 leaves both scores).
    const count = 3 * sum(1, 3, (m) => choose(m + 2, 2) * (m + 1));
    expect(count).toBe(192);
    expect(exactlyHalf).toMatchObject({
      count,
      rows: ["half-or-more", "fewer-than-half"],
      smallest: {
        shape: {main: "met", others: ["met", "not-met"]},
        words: "main task met; two others: one met, one not met",
      },
    });
  });

  it("has just those two gaps and the two-flaws reading, and no step finding", () => {
    expect(report.findings.map((finding) => finding.key)).toEqual([
      "gap:2,1:main-not-met-engages,does-not-follow",
      "gap:3,2:half-or-more,fewer-than-half",
      "reading:met-read-as-missed",
    ]);
    // The shape v2 compares with is a gap here, so the reading points to the next smallest that scores 3.
    expect(ofKind(report.findings, "reading")[0]!.alike?.words).toBe(
      "main task met; three others: two met, one not met",
    );
  });
});

describe("gaps", () => {
  it("are none for rubrics that decide every shape", () => {
    for (const parameters of [
      v2,
      withV2({counting: "more-than-half"}),
      withV2({partlyWeight: 0}),
      withV2({partlyWeight: 1}),
      withV2({partialMainCap: 1}),
    ])
      expect(ofKind(completeness(parameters).findings, "gap")).toEqual([]);
  });

  it("count a shape with no score at all", () => {
    const silentOnPartly: Rubric = (main, others, parameters) =>
      main.verdict === "partly" ? [] : applyRubric(main, others, parameters);
    const [gap] = ofKind(completeness(v2, {rubric: silentOnPartly}).findings, "gap");
    expect(gap).toMatchObject({
      count: multisetsUpTo6,
      scores: [],
      smallest: {words: "main task partly met; no other instructions"},
    });
    expect(describeFinding(gap!)).toBe(
      "gap: 462 shapes get no score; smallest: main task partly met; no other instructions",
    );
  });
});

describe("non-monotone steps", () => {
  it("show when the cap for a partly done main task is below the score for not doing it", () => {
    // Cap 1: partly met scores 1, below the 2 of a main task not met that engages, whatever the others.
    const [lowering, ...rest] = ofKind(completeness(withV2({partialMainCap: 1})).findings, "non-monotone");
    expect(rest).toEqual([]);
    expect(lowering).toEqual<StepFinding>({
      kind: "non-monotone",
      key: "non-monotone:main:not-met-engages>partly",
      change: {position: "main", from: "not-met-engages", to: "partly"},
      count: multisetsUpTo6,
      moves: [{before: [2], after: [1], count: multisetsUpTo6}],
      smallest: {
        before: {
          shape: {main: "not-met-engages", others: []},
          words: "main task not met, but the response engages with the request; no other instructions",
          scores: [2],
          rows: ["main-not-met-engages"],
          rowNames: ["row 2, engages without doing the task (main-not-met-engages)"],
        },
        after: {
          shape: {main: "partly", others: []},
          words: "main task partly met; no other instructions",
          scores: [1],
          rows: ["main-partly-capped"],
          rowNames: ["row 1, the cap for a partly done main task (main-partly-capped)"],
        },
      },
    });
  });

  it("are none for v1, v2 and a cap of 2", () => {
    for (const parameters of [v1, v2, withV2({partialMainCap: 2})])
      expect(ofKind(completeness(parameters).findings, "non-monotone")).toEqual([]);
  });
});

describe("cliffs", () => {
  it("show when partly met caps the main task two levels below met with a small flaw", () => {
    // Cap 2: only everything else met lifts "main task met with a small flaw" to 4; one shape per size.
    const [cliff, ...rest] = ofKind(completeness(withV2({partialMainCap: 2})).findings, "cliff");
    expect(rest).toEqual([]);
    expect(cliff).toMatchObject({
      key: "cliff:main:partly>met-flaw",
      count: 7,
      moves: [{before: [2], after: [4], count: 7}],
      smallest: {before: {words: "main task partly met; no other instructions"}, after: {scores: [4]}},
    });
  });

  it("count every step of a cap of 1, where partly met is 1 and met with a flaw 3 or 4 when half is met", () => {
    let expected = 0;
    for (const [met, flawed, partly, notMet, unchecked] of countsUpTo6()) {
      const of = met + flawed + partly + notMet + unchecked;
      if (of === 0 || met + flawed + partly / 2 >= of / 2) expected++;
    }
    const [cliff] = ofKind(completeness(withV2({partialMainCap: 1})).findings, "cliff");
    expect(cliff).toMatchObject({key: "cliff:main:partly>met-flaw", count: expected});
    expect(cliff!.moves.map(({before, after}) => `${before}->${after}`).sort()).toEqual(["1->3", "1->4"]);
  });

  it("show when a partly met instruction is worth nothing: one partly met is a 2, met with a flaw a 4", () => {
    for (const parameters of [withV2({counting: "more-than-half"}), withV2({partlyWeight: 0})]) {
      const cliffs = ofKind(completeness(parameters).findings, "cliff");
      expect(cliffs).toHaveLength(1);
      expect(describeFinding(cliffs[0]!)).toBe(
        "cliff: 1 step where another instruction goes from partly met to met with a small flaw moves the score two " +
          "levels or more; smallest: main task met; one other partly met (2) -> main task met; one other met with a " +
          "small flaw (4)",
      );
    }
  });

  it("are none for v1 and v2, and none across a gap", () => {
    // v1's main task not met but engaging is 2 or 1; partly met with nothing else asked is 3: the step moves the
    // score one level or two depending on the reading, so it is not a cliff for certain.
    for (const parameters of [v1, v2]) expect(ofKind(completeness(parameters).findings, "cliff")).toEqual([]);
  });
});

describe("readings", () => {
  it("are none when row 4 is read as at least one small flaw", () => {
    const atLeastOneFlaw: Rubric = (main, others, parameters) => {
      const verdicts = [main.verdict, ...others];
      const everyMet = verdicts.every((verdict) => verdict === "met" || verdict === "met-flaw");
      return everyMet && verdicts.includes("met-flaw")
        ? [{score: 4, row: "one-small-flaw"}]
        : applyRubric(main, others, parameters);
    };
    expect(completeness(v2, {rubric: atLeastOneFlaw}).findings).toEqual([]);
  });
});

describe("describeShape and describeFinding", () => {
  it("say a shape in plain words, the others grouped best first", () => {
    expect(describeShape({main: "met", others: ["met-flaw", "met-flaw"]})).toBe(
      "main task met; two others met with a small flaw",
    );
    expect(describeShape({main: "cannot-check", others: ["met", "partly", "partly", "cannot-check"]})).toBe(
      "main task can't be checked; four others: one met, two partly met, one can't be checked",
    );
    expect(describeShape({main: "justified-refusal", others: []})).toBe("a justified refusal; no other instructions");
  });

  it("say v2's reading as a sentence, naming its row by number and words as the authors' page does, its id after", () => {
    // guideline/v2/logic.yaml: row 3 (half-or-more) is "at least half met" under counting: at-least-half.
    expect(completeness(v2).findings.map(describeFinding)).toEqual([
      "reading: 36 shapes meet every instruction, some with a small flaw, yet score 3 by a row for missed " +
        'instructions; smallest: "main task met with a small flaw; one other met with a small flaw" scores 3 by row ' +
        '3, at least half met (half-or-more), as "main task met; two others: one met, one not met" does, which ' +
        "misses an instruction",
    ]);
  });

  it("say each of v1's findings in one line", () => {
    expect(completeness(v1).findings.map(describeFinding)).toEqual([
      "gap: 462 shapes get 2 or 1, by row 2, engages without doing the task (main-not-met-engages) or row 1, does " +
        "not follow (does-not-follow); smallest: main task not met, but the response engages with the request; no " +
        "other instructions",
      "gap: 192 shapes get 3 or 2, by row 3, some instructions missed (half-or-more) or row 2, most instructions " +
        "missed (fewer-than-half); smallest: main task met; two others: one met, one not met",
      "reading: 36 shapes meet every instruction, some with a small flaw, yet score 3 by a row for missed " +
        'instructions; smallest: "main task met with a small flaw; one other met with a small flaw" scores 3 by row ' +
        '3, some instructions missed (half-or-more), as "main task met; three others: two met, one not met" does, ' +
        "which misses an instruction",
    ]);
  });
});
