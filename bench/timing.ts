// The benches' one way to time work: the median of repeated runs, after untimed ones that let the JIT compile it.
import {performance} from "node:perf_hooks";

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Median milliseconds of `runs` timed calls of `work`, after `warmup` untimed ones. */
export function medianMs(runs: number, work: () => unknown, {warmup = 3}: {warmup?: number} = {}): number {
  for (let run = 0; run < warmup; run++) work();
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return median(samples);
}
