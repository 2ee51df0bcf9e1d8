// Our alpha against an independent implementation, on the agreement bench's own seeded data: the npm `krippendorff`
// package (0.1.0), a direct transcription of Krippendorff's definition (Wikipedia's computational example) that
// takes the metric as a function of two values. Its nominal metric is its default, the interval metric is
// (a - b)²; the ordinal metric depends on the data's marginals, so it is built from them (bench/cohort-data.ts).
// The package is quadratic in the raters, which is why the bench times it on 100 raters and not 10,000.
import {alpha as referenceAlpha} from "krippendorff";
import {describe, expect, it} from "vitest";
import {cohortData, ordinalMetric, raterMatrix} from "../../../bench/cohort-data.js";
import {krippendorffAlpha} from "../../../lib/agreement/krippendorff.js";

describe("Krippendorff's alpha against the npm krippendorff package, on the bench's data", () => {
  // The bench's generator (10% missing), small enough for the reference to finish in a moment.
  for (const [raters, units, seed] of [
    [12, 300, 42],
    [40, 150, 7],
  ] as const) {
    const data = cohortData(raters, units, seed);
    const matrix = raterMatrix(data);

    it(`${raters} raters × ${units} items: nominal, interval and ordinal agree to 12 places`, () => {
      const nominal = referenceAlpha(matrix);
      const interval = referenceAlpha(matrix, (a: number, b: number) => (a - b) ** 2);
      const ordinal = referenceAlpha(matrix, ordinalMetric(matrix));
      expect(krippendorffAlpha(data, "nominal").value).toBeCloseTo(nominal, 12);
      expect(krippendorffAlpha(data, "interval").value).toBeCloseTo(interval, 12);
      expect(krippendorffAlpha(data, "ordinal").value).toBeCloseTo(ordinal, 12);
      // Different figures, so agreeing on all three is not an accident of one.
      expect(new Set([nominal, interval, ordinal].map((value) => value.toFixed(6))).size).toBe(3);
    });
  }

  it("the ordinal metric built from the marginals is Krippendorff's own on his 2011 example", () => {
    // Krippendorff (2011), the reliability data of section C: ordinal alpha 0.815.
    const u = undefined;
    const matrix = [
      [1, 2, 3, 3, 2, 1, 4, 1, 2, u, u, u],
      [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, u, 3],
      [u, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, u],
      [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, u],
    ];
    expect(referenceAlpha(matrix, ordinalMetric(matrix))).toBeCloseTo(0.815, 3);
  });
});
