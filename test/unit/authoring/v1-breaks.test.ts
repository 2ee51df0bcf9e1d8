// Issue 7: v1 is the case study's first rubric, and only that. Scored under it, the seven examples break where the case
// study says they broke, Calibration A falls in the gap of the first style wording, and nothing else moves.
import {describe, expect, it} from "vitest";
import {deriveAll, ruleSetOf, type Derivation} from "../../../lib/engine/derive.js";
import {loadGuidelines, loadItems} from "../../../lib/node/load.js";

// The case study's own cases: v1 is its first rubric, and its breaks are its claims about them.
const items = loadItems().filter((item) => item.origin === "case-study");
const [v1, v2] = loadGuidelines();
const under = (derivations: Derivation[]) => new Map(derivations.map((d) => [d.id, d]));
const first = under(deriveAll(items, ruleSetOf(v1!)));
const final = under(deriveAll(items, ruleSetOf(v2!)));
const get = (derivations: Map<string, Derivation>, id: string): Derivation => {
  const found = derivations.get(id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
};

// Every item the first rubric cannot give one score, with the scores it falls between.
const breaks = {
  // "Three responses that met one of two instructions fell between 2 and 3"
  "example-2": [3, 2],
  "example-3": [3, 2],
  "example-7": [3, 2],
  // "A clarifying question fell between 1 and 2"
  "example-6": [2, 1],
  // Calibration D's twist is Example 6's case (a question that wasn't needed, engaging, nothing delivered): the
  // first rubric has no row for it either. The case study never scores the twist under v1; it cannot differ from
  // Example 6.
  "calibration-d-twist": [2, 1],
  // "This example exposed a gap in the first wording of the style rule"
  "calibration-a": [4, 3],
};

describe("v1 against v2, all 26 items", () => {
  it("derives the 26 items under both versions", () => {
    expect([first.size, final.size]).toEqual([26, 26]);
    expect(items.map((item) => item.id)).toEqual([...first.keys()]);
  });

  it.each(Object.entries(breaks))("%s falls between %j under v1, and v2 gives it its one ruled score", (id, scores) => {
    const before = get(first, id);
    expect(before.candidates).toEqual(scores);
    expect(before.score).toBeNull();
    const after = get(final, id);
    expect(after.candidates).toEqual([after.score]);
    expect(after.score).toBe(items.find((item) => item.id === id)!.score);
  });

  it("moves nothing else: every other item has the same one score under both", () => {
    const others = items.filter((item) => !(item.id in breaks));
    expect(others).toHaveLength(26 - Object.keys(breaks).length);
    const moved = others.filter((item) => {
      const [before, after] = [get(first, item.id), get(final, item.id)];
      return before.score === null || before.score !== after.score || before.candidates.length !== 1;
    });
    expect(moved.map((item) => item.id)).toEqual([]);
  });

  it("gives the broken items under v1 the rows the case study names", () => {
    expect(get(first, "example-2").rows).toEqual(["half-or-more", "fewer-than-half"]);
    expect(get(first, "example-6").rows).toEqual(["main-not-met-engages", "does-not-follow"]);
    expect(get(first, "calibration-a").rows).toEqual(["one-small-flaw", "half-or-more"]);
  });
});

describe("Example 5: a wrong answer scored 5, with no rule a trainee could cite", () => {
  const accuracyLine = (derivation: Derivation) => {
    const line = derivation.lines.find((candidate) => candidate.rule === "not-rated");
    if (!line) throw new Error("example-5 has no not-rated line");
    return line;
  };

  it("scores 5 under both versions", () => {
    expect(get(first, "example-5").score).toBe(5);
    expect(get(final, "example-5").score).toBe(5);
  });
  it("keeps accuracy out under both, but only v2 states the rule that does", () => {
    const [before, after] = [accuracyLine(get(first, "example-5")), accuracyLine(get(final, "example-5"))];
    expect([before.derived, before.clause, before.citable]).toEqual(["not-instruction", "separate-dimension", false]);
    expect([after.derived, after.clause, after.citable]).toEqual(["not-instruction", "separate-dimension", true]);
  });
  it("under v1, the author's rule is unwritten: applied by the engine, absent from the rules a trainee reads", () => {
    expect(v1!.rules.map((rule) => rule.id)).not.toContain("not-rated");
    expect(v1!.notRated).toBeUndefined();
    expect(v1!.unwrittenRules?.map((rule) => [rule.id, rule.text])).toEqual([
      ["not-rated", "Accuracy is rated separately."],
    ]);
    expect(v2!.unwrittenRules).toBeUndefined();
  });
  it("no other line under v2 and only the separate-dimension lines under v1 lack a citable rule", () => {
    const uncited = (derivations: Map<string, Derivation>) =>
      [...derivations.values()].flatMap((d) =>
        d.lines.filter((line) => !line.citable).map((line) => `${d.id}[${line.index}] ${line.rule}`),
      );
    expect(uncited(final)).toEqual([]);
    expect(uncited(first)).toEqual(["example-5[2] not-rated", "edge-10[3] not-rated"]);
  });
});

describe("the lines behind each break", () => {
  it("Calibration A: v1 reads the softer closing as a small flaw or as formal partly met; v2 as a small flaw", () => {
    const formal = (derivation: Derivation) => derivation.lines.find((line) => line.rule === "style-register")!;
    expect(formal(get(first, "calibration-a"))).toMatchObject({
      derived: null,
      verdicts: ["met-flaw", "partly"],
      clause: "slightly-less-formal",
      citable: true,
    });
    expect(formal(get(final, "calibration-a"))).toMatchObject({derived: "met-flaw", verdicts: ["met-flaw"]});
  });
  it("Example 3: one du breaks the register under both; the count, not the style rule, splits v1", () => {
    const formal = (derivation: Derivation) => derivation.lines.find((line) => line.rule === "style-register")!;
    expect(formal(get(first, "example-3")).verdicts).toEqual(["not-met"]);
    expect(formal(get(final, "example-3")).verdicts).toEqual(["not-met"]);
    expect(get(first, "example-3").tally).toEqual(get(final, "example-3").tally);
  });
  it("Example 6: the question wasn't needed under both; v1 has no row for it", () => {
    const main = (derivation: Derivation) => derivation.lines[0]!;
    expect(main(get(first, "example-6"))).toMatchObject({derived: "not-met", clause: "question-not-needed"});
    expect(main(get(final, "example-6"))).toMatchObject({derived: "not-met", clause: "question-not-needed"});
  });
});
