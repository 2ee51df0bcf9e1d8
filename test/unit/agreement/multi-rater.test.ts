import {describe, expect, it} from "vitest";
import {countTableFromCounts, fromRaterRows, fromUnitRows} from "../../../lib/agreement/data.js";
import {fleissKappa, gwetAC, percentAgreement} from "../../../lib/agreement/multi-rater.js";
import {seededRandom} from "../../../lib/agreement/bootstrap.js";
import {customWeights, weights} from "../../../lib/agreement/weights.js";
import {fleissDiagnoses, gwetFiveObservers, krippendorff2011, wikipediaFleiss} from "./published.js";

const three = (x: number | null) => x!.toFixed(3);

describe("Fleiss' kappa against published values", () => {
  it("0.430 on Fleiss (1971) Table 1, 0.4302445 as R irr's kappam.fleiss(diagnoses)", () => {
    const kappa = fleissKappa(fromUnitRows(fleissDiagnoses));
    expect(kappa.value!.toFixed(3)).toBe("0.430");
    expect(kappa.value!.toFixed(7)).toBe("0.4302445");
  });

  it("0.210 on Wikipedia's worked example, with its P̄ = 0.378 and P̄e = 0.213", () => {
    const kappa = fleissKappa(countTableFromCounts(wikipediaFleiss));
    expect(three(kappa.value)).toBe("0.210");
    expect(three(kappa.observed)).toBe("0.378");
    expect(three(kappa.chance)).toBe("0.213");
  });

  // Missing ratings as in Gwet (2014): irrCAC's fleiss.kappa.raw on cac.raw4raters; the Python port documents
  // 0.76117 (pa 0.81818, pe 0.23872) in irrCAC/raw.py's module docstring and tests the weighted forms in
  // test/unit/irrCAC/raw/test_fleiss.py.
  it.each([
    ["identity", "0.761", "0.818", "0.239"],
    ["linear", "0.818", "0.939", "0.667"],
    ["quadratic", "0.865", "0.975", "0.818"],
    ["ordinal", "0.850", "0.968", "0.788"],
  ] as const)("%s weights on cac.raw4raters (irrCAC): %s", (kind, value, pa, pe) => {
    const kappa = fleissKappa(fromRaterRows(krippendorff2011), kind);
    expect([three(kappa.value), three(kappa.observed), three(kappa.chance)]).toEqual([value, pa, pe]);
    expect(kappa.units).toBe(11);
  });

  it("0.458 (pe 0.291) on Gwet's 5 observers × 15 units (irrCAC test_fleiss.py, raw_5observers)", () => {
    const kappa = fleissKappa(fromUnitRows(gwetFiveObservers));
    expect([three(kappa.value), three(kappa.observed), three(kappa.chance)]).toEqual(["0.458", "0.616", "0.291"]);
  });
});

describe("Gwet's AC1 and AC2 against published values", () => {
  // irrCAC's gwet.ac1.raw on cac.raw4raters. AC1 0.77544 (pa 0.81818, pe 0.19032) and AC2 with quadratic weights
  // 0.914 (pa 0.97538, pe 0.7137) are in the Python port's documentation (docs/source/usage/usage_raw_data.ipynb);
  // the other weights are its tests (test/unit/irrCAC/raw/test_gwet.py).
  it("AC1 0.77544 with pa 0.81818 and pe 0.19032", () => {
    const ac1 = gwetAC(fromRaterRows(krippendorff2011));
    expect(ac1.value!.toFixed(5)).toBe("0.77544");
    expect(ac1.observed!.toFixed(5)).toBe("0.81818");
    expect(ac1.chance!.toFixed(5)).toBe("0.19032");
  });

  it.each([
    ["quadratic", "0.914", "0.975", "0.714"],
    ["linear", "0.859", "0.939", "0.571"],
    ["ordinal", "0.899", "0.968", "0.685"],
  ] as const)("AC2 with %s weights: %s", (kind, value, pa, pe) => {
    const ac2 = gwetAC(fromRaterRows(krippendorff2011), kind);
    expect([three(ac2.value), three(ac2.observed), three(ac2.chance)]).toEqual([value, pa, pe]);
  });

  it("AC2 quadratic to five places: 0.914 and pe 0.7137 (the documented 0.91400 and 0.71370)", () => {
    const ac2 = gwetAC(fromRaterRows(krippendorff2011), "quadratic");
    expect(ac2.value!.toFixed(5)).toBe("0.91400");
    expect(ac2.observed!.toFixed(5)).toBe("0.97538");
    expect(ac2.chance!.toFixed(5)).toBe("0.71370");
  });

  it("AC1 0.497 (pa 0.616, pe 0.236) on Gwet's 5 observers (irrCAC test_gwet.py, raw_5observers)", () => {
    const ac1 = gwetAC(fromUnitRows(gwetFiveObservers));
    expect([three(ac1.value), three(ac1.observed), three(ac1.chance)]).toEqual(["0.497", "0.616", "0.236"]);
  });
});

describe("percent agreement", () => {
  it("0.81818 on cac.raw4raters: the pa every irrCAC coefficient above reports", () => {
    expect(percentAgreement(fromRaterRows(krippendorff2011)).value!.toFixed(5)).toBe("0.81818");
  });

  it("within one point counts ratings one apart as agreeing", () => {
    const data = fromUnitRows([
      [1, 2, 4],
      [3, 3, 3],
    ]);
    // Unit 1: pairs (1,2) agree, (1,4) no, (2,4) no: 1/3; unit 2: all agree. Exact: (0 + 1) / 2.
    expect(percentAgreement(data).value).toBeCloseTo(0.5, 12);
    expect(percentAgreement(data, "within-one").value).toBeCloseTo((1 / 3 + 1) / 2, 12);
  });
});

describe("when the multi-rater figures cannot be computed", () => {
  it("a single rater, or an empty table: nothing to compare", () => {
    for (const data of [fromRaterRows([[1, 2, 3]]), fromRaterRows([])]) {
      for (const f of [fleissKappa(data), gwetAC(data), percentAgreement(data)]) {
        expect(f.value).toBeNull();
        expect(f.reason).toMatch(/two or more raters/);
      }
    }
  });

  it("every score identical: Fleiss' kappa is undefined, AC1 is 1 (its chance agreement stays below 1)", () => {
    const same = fromRaterRows(
      [
        [3, 3, 3],
        [3, 3, 3],
      ],
      {values: [1, 2, 3, 4, 5]},
    );
    const kappa = fleissKappa(same);
    expect(kappa.value).toBeNull();
    expect(kappa.reason).toMatch(/chance agreement is 1/);
    expect(gwetAC(same).value).toBe(1);
    expect(percentAgreement(same).value).toBe(1);
  });

  it("a scale of one category: AC is not defined", () => {
    const one = fromRaterRows([
      [3, 3],
      [3, 3],
    ]);
    expect(gwetAC(one).reason).toMatch(/one category/);
  });

  it("weights for another number of categories are refused", () => {
    expect(() => gwetAC(fromRaterRows(krippendorff2011), weights("linear", 3))).toThrow(/3 categories/);
  });
});

describe("properties", () => {
  it("perfect agreement gives 1 for AC1, AC2 and Fleiss' kappa", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const random = seededRandom(seed);
      const rows = Array.from({length: 25}, (_, unit) =>
        Array.from({length: 6}, () => (random() < 0.2 ? null : 1 + (unit % 5))),
      );
      const data = fromUnitRows(rows, {values: [1, 2, 3, 4, 5]});
      for (const kind of ["identity", "linear", "quadratic", "ordinal"] as const) {
        expect(gwetAC(data, kind).value, `${kind} seed ${seed}`).toBeCloseTo(1, 12);
        expect(fleissKappa(data, kind).value, `${kind} seed ${seed}`).toBeCloseTo(1, 12);
      }
    }
  });

  it("the order of raters does not change them", () => {
    const reversed = krippendorff2011.map((row) => [...row].reverse());
    const rotated = [...krippendorff2011.slice(2), ...krippendorff2011.slice(0, 2)];
    for (const kind of ["identity", "quadratic"] as const) {
      const base = gwetAC(fromRaterRows(krippendorff2011), kind).value!;
      expect(gwetAC(fromRaterRows(rotated), kind).value!).toBeCloseTo(base, 12);
      const units = fleissKappa(fromRaterRows(reversed), kind).value!;
      expect(units).toBeCloseTo(fleissKappa(fromRaterRows(krippendorff2011), kind).value!, 12);
    }
  });

  it("weights: 1 on the diagonal, symmetric, between 0 and 1, and a custom matrix is checked", () => {
    for (const kind of ["identity", "linear", "quadratic", "ordinal", "within-one"] as const) {
      const {q, matrix} = weights(kind, 5);
      for (let k = 0; k < q; k++)
        for (let l = 0; l < q; l++) {
          expect(matrix[k * q + l]).toBe(matrix[l * q + k]);
          expect(matrix[k * q + l]).toBeGreaterThanOrEqual(0);
          expect(matrix[k * q + l]).toBeLessThanOrEqual(1);
        }
      for (let k = 0; k < q; k++) expect(matrix[k * q + k]).toBe(1);
    }
    // irrCAC's quadratic weights for 5 categories, first row as its documentation prints it.
    expect([...weights("quadratic", 5).matrix.slice(0, 5)]).toEqual([1, 0.9375, 0.75, 0.4375, 0]);
    expect(() => customWeights([[1, 2]])).toThrow();
  });
});
