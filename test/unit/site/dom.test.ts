// @vitest-environment jsdom
// The shapes several pages build alike, from src/components/dom.ts: a name with its id after.
import {describe, expect, it} from "vitest";
import {WordsThenId} from "../../../src/components/dom.js";

describe("WordsThenId", () => {
  it("names a rule by its words, then its id in code; with no words of its own, by the id alone", () => {
    const named = WordsThenId({words: "Stated constraints", id: "stated-constraints"});
    expect(named.outerHTML).toBe("<span>Stated constraints <code>(stated-constraints)</code></span>");
    // A rule whose title is its id (the rule fold), or one with no title (the probe page): no brackets round it.
    for (const words of [null, undefined, ""])
      expect(WordsThenId({words, id: "purpose"}).outerHTML).toBe("<code>purpose</code>");
  });
});
