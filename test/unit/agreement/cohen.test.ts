import {describe, expect, it} from "vitest";
import {cohenKappa, cohenKappaTable} from "../../../lib/agreement/cohen.js";
import {seededRandom} from "../../../lib/agreement/bootstrap.js";
import {anxiety, sasTable} from "./published.js";

describe("Cohen's kappa against published values", () => {
  // R irr, kappa2(anxiety[,2:3], weight), as quoted in statsmodels' test_cohens_kappa_irr.
  it.each([
    ["none", "-0.006289308"],
    ["linear", "0.1459075"],
    ["quadratic", "0.2520325"],
  ] as const)("anxiety raters 2 and 3, %s weights: %s (irr's unweighted, equal, squared)", (weights, published) => {
    const kappa = cohenKappa(anxiety.rater2, anxiety.rater3, {weights});
    const digits = published.replace(/^-?0\./, "").length;
    expect(kappa.value!.toFixed(digits)).toBe(published);
    expect(kappa.pairs).toBe(20);
  });

  it("the SAS example: simple kappa 0.4842, Cicchetti-Allison (linear) weighted kappa 0.4701", () => {
    expect(cohenKappaTable(sasTable).value!.toFixed(4)).toBe("0.4842");
    expect(cohenKappaTable(sasTable, "linear").value!.toFixed(4)).toBe("0.4701");
  });

  it("the same kappa from ratings as from their contingency table", () => {
    // Rater A's categories are the rows of the SAS table, rater B's the columns.
    const a: number[] = [];
    const b: number[] = [];
    sasTable.forEach((row, i) =>
      row.forEach((count, j) => a.push(...Array(count).fill(i)) && b.push(...Array(count).fill(j))),
    );
    for (const weights of ["none", "linear", "quadratic"] as const)
      expect(cohenKappa(a, b, {weights, categories: [0, 1, 2]}).value).toBeCloseTo(
        cohenKappaTable(sasTable, weights).value!,
        12,
      );
  });
});

describe("Cohen's kappa edge cases", () => {
  it("pairs with a missing rating are left out", () => {
    const kappa = cohenKappa([1, 2, null, 3], [1, 2, 5, null], {categories: [1, 2, 3, 4, 5]});
    expect(kappa.pairs).toBe(2);
    expect(kappa.value).toBe(1);
  });

  it("no pairs, or both raters always giving one and the same score: not computable, with the reason", () => {
    expect(cohenKappa([null], [1]).reason).toMatch(/nothing to compare/);
    const constant = cohenKappa([4, 4, 4], [4, 4, 4], {weights: "quadratic", categories: [1, 2, 3, 4, 5]});
    expect(constant.value).toBeNull();
    expect(constant.reason).toMatch(/chance agreement is 1/);
  });

  it("ratings that do not line up, or a value off the scale, are a caller's mistake", () => {
    expect(() => cohenKappa([1], [1, 2])).toThrow(/line up/);
    expect(() => cohenKappa([1, 7], [1, 2], {categories: [1, 2, 3]})).toThrow(/not one of the categories/);
  });
});

describe("properties", () => {
  it("symmetric in the two raters, and 1 when they agree throughout", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const random = seededRandom(seed);
      const a = Array.from({length: 30}, () => 1 + Math.floor(random() * 5));
      const b = a.map((x) => (random() < 0.4 ? 1 + Math.floor(random() * 5) : x));
      for (const weights of ["none", "linear", "quadratic"] as const) {
        const options = {weights, categories: [1, 2, 3, 4, 5]};
        expect(cohenKappa(a, b, options).value!).toBeCloseTo(cohenKappa(b, a, options).value!, 12);
        expect(cohenKappa(a, a, options).value).toBe(1);
      }
    }
  });

  it("the order of the items does not change kappa", () => {
    const order = anxiety.rater2.map((_, i) => (i * 7) % 20);
    const a = order.map((i) => anxiety.rater2[i]!);
    const b = order.map((i) => anxiety.rater3[i]!);
    expect(cohenKappa(a, b, {weights: "quadratic"}).value!).toBeCloseTo(
      cohenKappa(anxiety.rater2, anxiety.rater3, {weights: "quadratic"}).value!,
      12,
    );
  });
});
