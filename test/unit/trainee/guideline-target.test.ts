import {describe, expect, it} from "vitest";
import {guidelineTargetStart, guidelineTargetStep} from "../../../lib/trainee/guideline-target.js";

describe("the guideline page's marked rule", () => {
  it("is the rule the address names, percent-encoded or not, and none for an address with no fragment", () => {
    const numbers = guidelineTargetStep(guidelineTargetStart, {kind: "address", hash: "#rule-numbers"});
    expect(numbers).toEqual({id: "rule-numbers"});
    expect(guidelineTargetStep(numbers, {kind: "address", hash: "#rule%2Drefusal"})).toEqual({id: "rule-refusal"});
    expect(guidelineTargetStep(numbers, {kind: "address", hash: ""})).toEqual({id: null});
    expect(guidelineTargetStep(numbers, {kind: "address", hash: "#"})).toEqual({id: null});
  });

  it("reads a malformed escape as it is, and keeps the state when the address names the rule marked already", () => {
    expect(guidelineTargetStep(guidelineTargetStart, {kind: "address", hash: "#rule-%E0%A4%A"})).toEqual({
      id: "rule-%E0%A4%A",
    });
    const numbers = {id: "rule-numbers"};
    expect(guidelineTargetStep(numbers, {kind: "address", hash: "#rule-numbers"})).toBe(numbers);
    expect(guidelineTargetStep(guidelineTargetStart, {kind: "address", hash: ""})).toBe(guidelineTargetStart);
  });
});
