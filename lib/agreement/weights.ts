// Agreement weights over q ordered categories, by their positions on the scale. Gwet's definitions (Handbook of
// Inter-Rater Reliability, 4th ed., 2014, ch. 3), as irrCAC implements them; for two raters "linear" and "quadratic"
// are Cohen's (1968), R irr's "equal" and "squared".

export type WeightKind = "identity" | "linear" | "quadratic" | "ordinal" | "within-one";

export interface Weights {
  readonly q: number;
  readonly kind: WeightKind | "custom";
  readonly matrix: Float64Array;
}

export function weights(kind: WeightKind, q: number): Weights {
  const matrix = new Float64Array(q * q);
  const span = q - 1;
  // Gwet's ordinal weights: 1 - C(|k-l|+1, 2) / C(q, 2), the number of category pairs a gap spans.
  const pairsIn = (gap: number) => ((gap + 1) * gap) / 2;
  for (let k = 0; k < q; k++) {
    for (let l = 0; l < q; l++) {
      const gap = Math.abs(k - l);
      let w: number;
      if (kind === "identity" || span === 0) w = gap === 0 ? 1 : 0;
      else if (kind === "linear") w = 1 - gap / span;
      else if (kind === "quadratic") w = 1 - (gap / span) ** 2;
      else if (kind === "ordinal") w = 1 - pairsIn(gap) / pairsIn(span);
      else w = gap <= 1 ? 1 : 0;
      matrix[k * q + l] = w;
    }
  }
  return {q, kind, matrix};
}

/** Rows of q numbers from 0 to 1, 1 on the diagonal; checked. */
export function customWeights(rows: readonly (readonly number[])[]): Weights {
  const q = rows.length;
  const matrix = new Float64Array(q * q);
  rows.forEach((row, k) => {
    if (row.length !== q) throw new RangeError(`weights row ${k} has ${row.length} entries, not ${q}`);
    row.forEach((w, l) => {
      if (!(w >= 0 && w <= 1)) throw new RangeError(`weight ${w} is not between 0 and 1`);
      matrix[k * q + l] = w;
    });
  });
  return {q, kind: "custom", matrix};
}
