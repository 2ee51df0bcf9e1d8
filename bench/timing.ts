// The benches' one way to time work: the median of repeated runs, after untimed ones that let the JIT compile it; and
// in a page, one way to time a change to the first frame painted with it (the trainee's Check and Next item, the
// authors' parameter changes).
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

/** What afterPaintWhere reports, in the page's performance.now() time. */
export interface Painted {
  /** After the paint of the first frame in which the change showed (or of the last frame tried). */
  end: number;
  /** That frame: from its requestAnimationFrame callback to after its paint. */
  frame: number;
  /** Animation frames that ran before it: 0 when the very next frame shows the change. */
  framesBefore: number;
  /** False when the change never showed within the frames tried. */
  shown: boolean;
}

/**
 * Runs in the page, not here: handed to it as source text (inPage), so it uses only its arguments and the page's
 * globals. From the next animation frame on, asks `shown` in each frame; in the first where it holds (or the
 * `limit`th), waits for that frame to be painted, then calls `done`. requestAnimationFrame runs just before the
 * frame's style, layout and paint, and a task posted from it runs once that frame is done: a user-blocking one
 * (scheduler.postTask), which runs before the timers the page queued meanwhile, so their work is not counted as the
 * frame's (a message, where there is no scheduler, waits behind them).
 */
export function afterPaintWhere(shown: () => boolean, done: (painted: Painted) => void, limit = 120): void {
  const {scheduler} = globalThis as {
    scheduler?: {postTask(task: () => void, options: {priority: "user-blocking"}): unknown};
  };
  const afterThisFrame = (task: () => void) => {
    if (scheduler) return void scheduler.postTask(task, {priority: "user-blocking"});
    const channel = new MessageChannel();
    channel.port1.onmessage = task;
    channel.port2.postMessage(null);
  };
  let frames = 0;
  const nextFrame = () =>
    requestAnimationFrame(() => {
      const holds = shown();
      if (!holds && ++frames < limit) return nextFrame();
      const frameStart = performance.now();
      afterThisFrame(() => {
        const end = performance.now();
        done({end, frame: end - frameStart, framesBefore: frames, shown: holds});
      });
    });
  nextFrame();
}

type InPage = (...args: never[]) => unknown;

/**
 * `source` made to run in a page: tsx compiles with keepNames, which wraps named functions in a __name helper the page
 * lacks; here it is the identity.
 */
export const withKeptNames = (source: string): string => `var __name = (target) => target; ${source}`;

/** An init script's source that calls `install` in the page with `helpers` (afterPaintWhere) as its arguments. */
export const inPage = (install: InPage, ...helpers: InPage[]): string =>
  withKeptNames(`(${install.toString()})(${helpers.map(String).join(", ")});`);
