// The paste box's scheduler, driven by hand-run timers: no clock.
import {describe, expect, it} from "vitest";
import {debounce, type Timers} from "../../../lib/site/schedule.js";

/** Timers that run only when the test says so, recording each delay asked for. */
function manualTimers({idle = true} = {}) {
  let nextId = 0;
  const timeouts = new Map<number, {run: () => void; ms: number}>();
  const idles: {run: () => void; timeoutMs: number}[] = [];
  const timers: Timers = {
    setTimeout: (run, ms) => {
      timeouts.set(++nextId, {run, ms});
      return nextId;
    },
    clearTimeout: (handle) => void timeouts.delete(handle as number),
    idle: idle ? (run, timeoutMs) => void idles.push({run, timeoutMs}) : undefined,
  };
  return {
    timers,
    /** The delays of the timeouts still scheduled. */
    scheduled: () => [...timeouts.values()].map((t) => t.ms),
    /** Fires every scheduled timeout. */
    elapse() {
      const due = [...timeouts.values()];
      timeouts.clear();
      for (const t of due) t.run();
    },
    /** Runs every callback waiting for idle time. */
    idle() {
      for (const callback of idles.splice(0)) callback.run();
    },
    idles: () => idles.map((i) => i.timeoutMs),
  };
}

describe("debounce", () => {
  it("turns a burst of requests into one run, after the delay and then when idle", () => {
    const clock = manualTimers();
    let runs = 0;
    const scheduled = debounce(() => runs++, {delayMs: 150, idleTimeoutMs: 100, timers: clock.timers});
    for (let key = 0; key < 5; key++) scheduled.request();
    expect([runs, scheduled.pending, clock.scheduled()]).toEqual([0, true, [150]]);
    clock.elapse();
    expect([runs, clock.idles()]).toEqual([0, [100]]);
    clock.idle();
    expect([runs, scheduled.pending]).toEqual([1, false]);
  });

  it("drops a run waiting for idle time when a newer request comes in", () => {
    const clock = manualTimers();
    let runs = 0;
    const scheduled = debounce(() => runs++, {timers: clock.timers});
    scheduled.request();
    clock.elapse(); // waiting for idle now
    scheduled.request();
    clock.idle(); // the stale one: nothing runs
    expect([runs, scheduled.pending]).toEqual([0, true]);
    clock.elapse();
    clock.idle();
    expect([runs, scheduled.pending]).toEqual([1, false]);
  });

  it("runs straight after the delay where there is no idle callback", () => {
    const clock = manualTimers({idle: false});
    let runs = 0;
    const scheduled = debounce(() => runs++, {timers: clock.timers});
    scheduled.request();
    clock.elapse();
    expect(runs).toBe(1);
  });

  it("flush runs a due run at once, and only a due one; cancel forgets it", () => {
    const clock = manualTimers();
    let runs = 0;
    const scheduled = debounce(() => runs++, {timers: clock.timers});
    scheduled.flush();
    expect(runs).toBe(0);
    scheduled.request();
    scheduled.flush();
    expect([runs, scheduled.pending, clock.scheduled()]).toEqual([1, false, []]);
    scheduled.request();
    scheduled.cancel();
    clock.elapse();
    clock.idle();
    expect([runs, scheduled.pending]).toEqual([1, false]);
  });
});
