// A small seeded generator (32-bit state, a Weyl sequence through an avalanche mix): the same draws on every machine
// and in the browser. Not for anything secret.

export type Random = () => number;

/** Any 32-bit seed; other numbers are folded into one. */
export function seededRandom(seed: number): Random {
  let state = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export const randomIndex = (random: Random, n: number): number => Math.floor(random() * n);
