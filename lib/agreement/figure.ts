// A figure is a number, or why there is none: a statistic never shows NaN or Infinity.

export type Figure = {value: number; reason: null} | {value: null; reason: string};

export function figure(value: number, ifNotFinite = "the computation gave no finite number"): Figure {
  return Number.isFinite(value) ? {value: value === 0 ? 0 : value, reason: null} : {value: null, reason: ifNotFinite};
}

export const notComputable = (reason: string): Figure => ({value: null, reason});

/** The form every chance-corrected coefficient here shares. */
export function chanceCorrected(observed: number, chance: number, ifCertain: string): Figure {
  if (!(chance < 1 - 1e-12)) return notComputable(ifCertain);
  // Observed agreement is at most 1, so the coefficient is too: a last-bit overshoot is rounding.
  return figure(Math.min(1, (observed - chance) / (1 - chance)));
}
