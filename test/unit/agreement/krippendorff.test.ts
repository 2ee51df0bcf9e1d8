import {describe, expect, it} from "vitest";
import {countTable, fromRaterRows, fromUnitRows, MISSING, type ReliabilityData} from "../../../lib/agreement/data.js";
import {
  coincidences,
  krippendorffAlpha,
  krippendorffAlphas,
  metrics,
  type Metric,
} from "../../../lib/agreement/krippendorff.js";
import {seededRandom} from "../../../lib/agreement/bootstrap.js";
import {krippendorff2011, wikipediaAlpha} from "./published.js";

describe("Krippendorff's alpha against published values", () => {
  // Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability": 4 observers × 12 units with missing data.
  const data = fromRaterRows(krippendorff2011);

  it.each([
    ["nominal", 0.743],
    ["ordinal", 0.815],
    ["interval", 0.849],
    ["ratio", 0.797],
  ] as const)("%s: %s (Krippendorff 2011)", (metric, published) => {
    const alpha = krippendorffAlpha(data, metric);
    expect(alpha.reason).toBeNull();
    expect(alpha.value!.toFixed(3)).toBe(published.toFixed(3));
  });

  // Not a published figure, a count anyone can redo from the matrix: unit 12 has one value and pairs with nothing,
  // the other 11 units hold 40 values, of which 9 are 1s, 13 are 2s, 10 are 3s, 5 are 4s and 3 are 5s.
  it("the coincidence matrix holds the 40 values of the 11 pairable units, and its marginals count them", () => {
    const o = coincidences(countTable(data));
    expect(o.pairableUnits).toBe(11);
    expect(o.matrix.reduce((a, b) => a + b, 0)).toBeCloseTo(40, 12);
    expect(krippendorffAlpha(data, "nominal").pairable).toBe(40);
    const v = o.values.length;
    const marginals = o.values.map((_, c) => o.matrix.slice(c * v, (c + 1) * v).reduce((a, b) => a + b, 0));
    expect(marginals.map((n) => Math.round(n * 1e9) / 1e9)).toEqual([9, 13, 10, 5, 3]);
  });

  it("nominal 0.691358 and interval 0.810845 on Wikipedia's example (fast-krippendorff's docstring and tests)", () => {
    const alpha = krippendorffAlphas(fromRaterRows(wikipediaAlpha));
    expect(alpha.nominal.value!.toFixed(6)).toBe("0.691358");
    expect(alpha.interval.value!.toFixed(6)).toBe("0.810845");
  });

  it("the same figure from a count table as from the cells", () => {
    const cells = fromRaterRows(krippendorff2011);
    for (const metric of metrics)
      expect(krippendorffAlpha(countTable(cells), metric)).toEqual(krippendorffAlpha(cells, metric));
  });
});

describe("Krippendorff's alpha when it cannot be computed", () => {
  it("a single rater: nothing is pairable", () => {
    const alpha = krippendorffAlpha(fromRaterRows([[1, 2, 3, 4]]), "ordinal");
    expect(alpha).toMatchObject({value: null, pairable: 0, observed: null, expected: null});
    expect(alpha.reason).toMatch(/two or more raters/);
  });

  it("no ratings at all (an empty file)", () => {
    for (const metric of metrics) {
      const alpha = krippendorffAlpha(fromRaterRows([]), metric);
      expect(alpha.value).toBeNull();
      expect(alpha.reason).toMatch(/two or more raters/);
    }
  });

  it("every score identical: no variation to measure agreement against, for every metric", () => {
    const same = fromRaterRows([
      [3, 3, 3],
      [3, 3, 3],
    ]);
    for (const metric of metrics) {
      const alpha = krippendorffAlpha(same, metric);
      expect(alpha.value, metric).toBeNull();
      expect(alpha.reason).toMatch(/no variation/);
    }
  });

  it("one item rated differently by two raters: a number (alpha 0: no better than chance)", () => {
    const alpha = krippendorffAlpha(fromUnitRows([[1, 2]]), "interval");
    expect(alpha.reason).toBeNull();
    expect(alpha.value).toBe(0);
  });

  // One unit of n ratings: each pair c≠k coincides n_c·n_k/(n−1) times, so the observed disagreement
  // Σ n_c n_k δ²/(n(n−1)) is the expected one, and alpha = 1 − 1 = 0 (nine raters giving 3 and one 4, nominal:
  // 0.2 over 0.2).
  it("over one item alpha is 0 whatever the ratings, for every metric", () => {
    for (const ratings of [
      [3, 3, 3, 3, 3, 3, 3, 3, 3, 4],
      [1, 5, 5, 2, 3],
      [2, 4],
    ])
      for (const metric of ["nominal", "ordinal", "interval", "ratio"] as const) {
        const alpha = krippendorffAlpha(fromUnitRows([ratings]), metric);
        expect(alpha.reason).toBeNull();
        expect(alpha.value).toBeCloseTo(0, 12);
      }
  });

  it("interval and ratio need numbers; nominal and ordinal take labels", () => {
    const labelled = fromUnitRows([
      ["low", "low"],
      ["high", "low"],
      ["high", "high"],
    ]);
    expect(krippendorffAlpha(labelled, "interval").reason).toMatch(/interval alpha needs numbers, and "high"/);
    expect(krippendorffAlpha(labelled, "ratio").reason).toMatch(/ratio alpha needs numbers/);
    expect(krippendorffAlpha(labelled, "nominal").value).not.toBeNull();
    expect(krippendorffAlpha(labelled, "ordinal").value).not.toBeNull();
  });

  it("ratio needs values of zero or more", () => {
    const negative = fromUnitRows([
      [-1, -1],
      [2, 3],
    ]);
    expect(krippendorffAlpha(negative, "ratio").reason).toMatch(/zero or more/);
  });
});

/** Seeded reliability data: items with a true score, raters near it, some ratings missing. */
function randomData(units: number, raters: number, seed: number, missing = 0.2): ReliabilityData {
  const random = seededRandom(seed);
  const codes = new Uint8Array(units * raters);
  for (let unit = 0; unit < units; unit++) {
    const truth = Math.floor(random() * 5);
    for (let rater = 0; rater < raters; rater++) {
      const x = random();
      codes[unit * raters + rater] =
        x < missing ? MISSING : Math.min(4, Math.max(0, truth + Math.round((random() - 0.5) * 2.4)));
    }
  }
  return {units, raters, values: [1, 2, 3, 4, 5], codes};
}

function permute(data: ReliabilityData, units: readonly number[], raters: readonly number[]): ReliabilityData {
  const codes = new Uint8Array(data.codes.length);
  units.forEach((from, to) =>
    raters.forEach((r, rTo) => (codes[to * data.raters + rTo] = data.codes[from * data.raters + r]!)),
  );
  return {...data, codes};
}

function shuffled(n: number, seed: number): number[] {
  const random = seededRandom(seed);
  const order = Array.from({length: n}, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

describe("properties", () => {
  it.each(metrics)("%s: perfect agreement gives 1, with missing ratings and any number of raters", (metric) => {
    for (let seed = 1; seed <= 20; seed++) {
      const random = seededRandom(seed);
      const units = 2 + Math.floor(random() * 30);
      const raters = 2 + Math.floor(random() * 8);
      const rows = Array.from({length: units}, (_, unit) => {
        const value = 1 + (unit % 5);
        return Array.from({length: raters}, () => (random() < 0.3 ? null : value));
      });
      rows[0] = rows[0]!.map(() => 1);
      rows[1] = rows[1]!.map(() => 2);
      expect(krippendorffAlpha(fromUnitRows(rows), metric).value, `seed ${seed}`).toBe(1);
    }
  });

  it.each(metrics)("%s: the order of raters and of items does not change alpha", (metric) => {
    for (let seed = 1; seed <= 10; seed++) {
      const data = randomData(40, 7, seed);
      const base = krippendorffAlpha(data, metric).value!;
      const permuted = permute(data, shuffled(data.units, seed + 100), shuffled(data.raters, seed + 200));
      expect(krippendorffAlpha(permuted, metric).value!, `seed ${seed}`).toBeCloseTo(base, 12);
    }
  });

  it("alpha is at most 1 and disagreement lowers it", () => {
    const data = randomData(60, 5, 3, 0.1);
    const noisy = randomData(60, 5, 3, 0.1);
    // Replace a third of one rater's ratings by the opposite end of the scale.
    for (let unit = 0; unit < noisy.units; unit += 3)
      noisy.codes[unit * noisy.raters]! = 4 - data.codes[unit * data.raters]!;
    for (const metric of metrics) {
      const clean = krippendorffAlpha(data, metric).value!;
      expect(clean).toBeLessThanOrEqual(1);
      expect(krippendorffAlpha(noisy, metric).value!).toBeLessThan(clean);
    }
  });

  it("values never used on the scale change nothing (listing the whole scale is safe)", () => {
    const compact = fromRaterRows(krippendorff2011);
    const wide = fromRaterRows(krippendorff2011, {values: [0, 1, 2, 3, 4, 5, 6]});
    for (const metric of ["nominal", "ordinal", "interval"] as Metric[])
      expect(krippendorffAlpha(wide, metric).value!).toBeCloseTo(krippendorffAlpha(compact, metric).value!, 12);
  });
});
