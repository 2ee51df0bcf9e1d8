// The note under a ruling newer than the answer it rules (lib/trainee/ruling.ts's staleRuling).
import {describe, expect, it} from "vitest";
import {staleRuling, staleRulingNote, staleSentence} from "../../../lib/trainee/ruling.js";

const scoredUnder = (guideline: string) => ({item: "example-1", guideline});

describe("whether an answer's ruling has moved", () => {
  it("asks only about answers scored under another version, and only about their item and version", () => {
    expect(staleRuling(scoredUnder("v2"), "v2", () => true)).toBeNull();
    expect(staleRuling(scoredUnder("v1"), "v2", () => false)).toBeNull();
    const asked: string[] = [];
    const moved = staleRuling(scoredUnder("v1"), "v2", (id, version) => {
      asked.push(`${id} ${version}`);
      return true;
    });
    expect(moved).toEqual({scoredUnder: "v1", current: "v2"});
    expect(asked).toEqual(["example-1 v1"]);
  });
});

describe("the stale-ruling note", () => {
  const rulings = {
    v1: {"example-1": 2, "example-2": 4, "example-3": null},
    v2: {"example-1": 3, "example-2": 4, "example-3": 5, "example-4": "n/a"},
  } as const;

  it("is absent for an answer under today's version, or where the earlier version ruled the same", () => {
    expect(staleRulingNote({item: "example-1", guideline: "v2"}, "v2", rulings)).toBeNull();
    expect(staleRulingNote({item: "example-2", guideline: "v1"}, "v2", rulings)).toBeNull();
  });

  it("says what the earlier version ruled, when it ruled otherwise", () => {
    expect(staleRulingNote({item: "example-1", guideline: "v1"}, "v2", rulings)).toBe(
      "You scored this under an earlier version of the guideline, which ruled it 2. The ruling shown is today's.",
    );
    expect(staleRulingNote({item: "example-3", guideline: "v1"}, "v2", rulings)).toBe(
      "You scored this under an earlier version of the guideline, which gave no single score. " +
        "The ruling shown is today's.",
    );
  });

  it("counts an item the earlier version never ruled as moved, without a score to quote", () => {
    expect(staleRulingNote({item: "example-4", guideline: "v1"}, "v2", rulings)).toBe(
      "You scored this under an earlier version of the guideline. The ruling shown is today's.",
    );
  });

  it("words a not-applicable score as the scale does", () => {
    expect(staleSentence("n/a")).toBe(
      "You scored this under an earlier version of the guideline, which ruled it not applicable. " +
        "The ruling shown is today's.",
    );
  });
});
