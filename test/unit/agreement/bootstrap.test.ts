import {quantileSorted as d3QuantileSorted} from "d3";
import {describe, expect, it} from "vitest";
import {
  bootstrapAlpha,
  bootstrapAlphas,
  quantileSorted,
  randomIndex,
  seededRandom,
} from "../../../lib/agreement/bootstrap.js";
import {countTable, fromRaterRows, fromUnitRows, MISSING, type ReliabilityData} from "../../../lib/agreement/data.js";
import {krippendorffAlpha} from "../../../lib/agreement/krippendorff.js";
import {krippendorff2011} from "./published.js";

function cohort(units: number, raters: number, noise: number, seed: number): ReliabilityData {
  const random = seededRandom(seed);
  const codes = new Uint8Array(units * raters);
  for (let unit = 0; unit < units; unit++) {
    const truth = Math.floor(random() * 5);
    for (let rater = 0; rater < raters; rater++)
      codes[unit * raters + rater] = random() < 0.1 ? MISSING : random() < noise ? Math.floor(random() * 5) : truth;
  }
  return {units, raters, values: [1, 2, 3, 4, 5], codes};
}

describe("the seeded generator", () => {
  it("gives the same numbers for the same seed, others for another, all in [0, 1)", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const first = Array.from({length: 1000}, () => a());
    expect(Array.from({length: 1000}, () => b())).toEqual(first);
    expect(Array.from({length: 1000}, () => c())).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    // Roughly uniform: each tenth of [0, 1) gets 100 ± 40 of 1,000 draws.
    for (let decile = 0; decile < 10; decile++) {
      const n = first.filter((x) => Math.floor(x * 10) === decile).length;
      expect(n).toBeGreaterThan(60);
      expect(n).toBeLessThan(140);
    }
  });
});

describe("bootstrap intervals for alpha", () => {
  const table = countTable(cohort(80, 6, 0.4, 7));

  it("is the same for the same seed and moves with another seed", () => {
    const a = bootstrapAlpha(table, "ordinal", {seed: 5, replicates: 300});
    const b = bootstrapAlpha(table, "ordinal", {seed: 5, replicates: 300});
    const c = bootstrapAlpha(table, "ordinal", {seed: 6, replicates: 300});
    expect(b.interval).toEqual(a.interval);
    expect(c.interval).not.toEqual(a.interval);
    expect(a.interval).toMatchObject({level: 0.95, replicates: 300, used: 300, seed: 5});
  });

  it("is a 95% interval: the 2.5th and 97.5th percentiles of the resampled alphas, worked out here another way", () => {
    // The resamples redrawn as the bootstrap documents them (per resample, as many draws of a pairable item as there
    // are, from the seeded generator), each rebuilt as rating rows and given to alpha whole; percentiles by d3.
    const data = cohort(60, 5, 0.4, 21);
    const {replicates, seed} = {replicates: 400, seed: 3};
    const pool = Array.from({length: data.units}, (_, unit) => unit).filter(
      (unit) =>
        data.codes.subarray(unit * data.raters, (unit + 1) * data.raters).filter((c) => c !== MISSING).length >= 2,
    );
    const random = seededRandom(seed);
    const alphas: number[] = [];
    for (let replicate = 0; replicate < replicates; replicate++) {
      const codes = new Uint8Array(pool.length * data.raters);
      for (let i = 0; i < pool.length; i++) {
        const unit = pool[randomIndex(random, pool.length)]!;
        codes.set(data.codes.subarray(unit * data.raters, (unit + 1) * data.raters), i * data.raters);
      }
      const alpha = krippendorffAlpha({...data, units: pool.length, codes}, "ordinal").value;
      if (alpha !== null) alphas.push(alpha);
    }
    alphas.sort((a, b) => a - b);
    const {interval} = bootstrapAlpha(countTable(data), "ordinal", {replicates, seed});
    expect(interval).toMatchObject({level: 0.95, replicates, used: alphas.length});
    expect(interval!.low).toBeCloseTo(d3QuantileSorted(alphas, 0.025)!, 12);
    expect(interval!.high).toBeCloseTo(d3QuantileSorted(alphas, 0.975)!, 12);
    // 95 in 100 of the resampled alphas lie inside it, 2.5 in 100 beyond each end (to within one resample in 400).
    const share = (keep: (alpha: number) => boolean) => alphas.filter(keep).length / alphas.length;
    expect(Math.abs(share((alpha) => alpha < interval!.low) - 0.025)).toBeLessThanOrEqual(1 / 400);
    expect(Math.abs(share((alpha) => alpha > interval!.high) - 0.025)).toBeLessThanOrEqual(1 / 400);
  });

  it("holds the point estimate, which is alpha of the data itself", () => {
    const estimate = bootstrapAlpha(table, "ordinal", {replicates: 500});
    expect(estimate.value).toBe(krippendorffAlpha(table, "ordinal").value);
    expect(estimate.interval!.low).toBeLessThan(estimate.value!);
    expect(estimate.interval!.high).toBeGreaterThan(estimate.value!);
    expect(estimate.interval!.high - estimate.interval!.low).toBeLessThan(0.3);
  });

  it("is narrower for more items", () => {
    const small = bootstrapAlpha(countTable(cohort(20, 6, 0.4, 9)), "interval", {replicates: 400});
    const large = bootstrapAlpha(countTable(cohort(400, 6, 0.4, 9)), "interval", {replicates: 400});
    const width = (f: typeof small) => f.interval!.high - f.interval!.low;
    expect(width(large)).toBeLessThan(width(small) / 2);
  });

  it("before and after on the same items: the change and its interval", () => {
    const before = countTable(cohort(60, 8, 0.7, 11));
    const after = countTable(cohort(60, 8, 0.1, 12));
    const {alphas, change} = bootstrapAlphas([before, after], "ordinal", {replicates: 400});
    expect(change!.value).toBeCloseTo(alphas[1]!.value! - alphas[0]!.value!, 12);
    expect(change!.interval!.low).toBeGreaterThan(0);
    expect(change!.interval!.low).toBeLessThan(change!.value!);
    expect(change!.interval!.high).toBeGreaterThan(change!.value!);
  });

  it("no interval, with the reason, when alpha is not computable or there is one item", () => {
    const single = bootstrapAlpha(countTable(fromRaterRows([[1, 2, 3]])), "ordinal");
    expect(single.value).toBeNull();
    expect(single.interval).toBeNull();
    expect(single.intervalReason).toMatch(/two or more raters/);
    const oneItem = bootstrapAlpha(countTable(fromUnitRows([[1, 2, 2]])), "interval");
    expect(oneItem.value).not.toBeNull();
    expect(oneItem.interval).toBeNull();
    expect(oneItem.intervalReason).toMatch(/^only one item is rated by two or more raters/);
    const {change} = bootstrapAlphas(
      [
        countTable(fromRaterRows([[1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2]], {values: [1, 2, 3, 4, 5]})),
        countTable(fromRaterRows(krippendorff2011, {values: [1, 2, 3, 4, 5]})),
      ],
      "ordinal",
    );
    expect(change!.value).toBeNull();
    expect(change!.reason).toMatch(/^before: /);
  });

  it("each phase resamples its own items: one pairable item gets no interval, even when the other phase has more", () => {
    const values = [1, 2, 3, 4, 5];
    // Three items; before the guideline only the first is rated by two or more raters.
    const before = countTable(
      fromUnitRows(
        [
          [1, 2, 4],
          [4, null, null],
          [null, 5, null],
        ],
        {values},
      ),
    );
    const after = countTable(
      fromUnitRows(
        [
          [3, 3, 4],
          [2, 2, 3],
          [5, 4, 5],
        ],
        {values},
      ),
    );
    const {alphas, change} = bootstrapAlphas([before, after], "ordinal", {replicates: 200});
    expect(alphas[0]!.value).not.toBeNull();
    expect(alphas[0]!.interval).toBeNull();
    expect(alphas[0]!.intervalReason).toBe(
      "only one item is rated by two or more raters: over one item alpha is 0 whatever the ratings; " +
        "resampling items cannot show how much it varies",
    );
    expect(alphas[1]!.interval).toMatchObject({replicates: 200, used: 200});
    expect(change!.value).not.toBeNull();
    expect(change!.interval).toBeNull();
    expect(change!.intervalReason).toBe(`before: ${alphas[0]!.intervalReason}`);
  });

  it("two items worked by hand: the resamples, those that give no alpha, and the interval", () => {
    // Item A is scored 1 and 2, item B 3 and 3. Ordinal alpha (Krippendorff 2011, δ²(c,k) = (Σ_{g=c..k} n_g −
    // (n_c + n_k)/2)²): of A and B, n = 4, D_o ∝ 2·1 = 2, D_e ∝ 2·(1·1·1 + 1·2·6.25 + 1·2·2.25) = 36,
    // alpha = 1 − 3·2/36 = 5/6. Resampled twice: A and A gives δ²(1,2) = 4, alpha = 1 − 3·16/32 = −1/2; B and B has
    // no variation, so no alpha. A and B (half the resamples) gives 5/6, A twice a quarter, B twice a quarter.
    const table = countTable(
      fromUnitRows(
        [
          [1, 2],
          [3, 3],
        ],
        {values: [1, 2, 3, 4, 5]},
      ),
    );
    const result = bootstrapAlpha(table, "ordinal", {replicates: 1000, seed: 4});
    expect(result.value).toBeCloseTo(5 / 6, 12);
    expect(result.interval!.low).toBeCloseTo(-1 / 2, 12);
    expect(result.interval!.high).toBeCloseTo(5 / 6, 12);
    expect(result.interval!.replicates).toBe(1000);
    // B twice in about a quarter of the resamples: 250 ± 50 (more than three standard deviations) give no alpha.
    expect(result.interval!.used).toBeGreaterThan(700);
    expect(result.interval!.used).toBeLessThan(800);
  });

  it("quantiles interpolate between neighbours (R's type 7)", () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4], 0)).toBe(1);
    expect(quantileSorted([1, 2, 3, 4], 1)).toBe(4);
    expect(quantileSorted([10, 20], 0.25)).toBe(12.5);
  });

  it("refuses nonsense options", () => {
    expect(() => bootstrapAlpha(table, "ordinal", {replicates: 0})).toThrow();
    expect(() => bootstrapAlpha(table, "ordinal", {level: 1})).toThrow();
  });
});
