// Runs work off the keystroke path: a burst of requests becomes one run, delayMs after the last, when the browser is
// next idle. Timers are passed in so a test can drive them without a clock.

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Absent where there is no idle callback. */
  idle?(run: () => void, timeoutMs: number): void;
}

export interface Debounced {
  request(): void;
  flush(): void;
  cancel(): void;
  readonly pending: boolean;
}

export function browserTimers(): Timers {
  const {requestIdleCallback} = globalThis as {requestIdleCallback?: (run: () => void, o: {timeout: number}) => void};
  return {
    setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    idle: requestIdleCallback ? (run, timeout) => requestIdleCallback(run, {timeout}) : undefined,
  };
}

export function debounce(
  run: () => void,
  {
    delayMs = 150,
    idleTimeoutMs = 100,
    timers = browserTimers(),
  }: {delayMs?: number; idleTimeoutMs?: number; timers?: Timers} = {},
): Debounced {
  let handle: unknown = null;
  // Each request makes the earlier scheduled runs stale, including one already waiting for idle time.
  let generation = 0;
  let pending = false;
  const fire = (token: number) => {
    if (token !== generation || !pending) return;
    pending = false;
    run();
  };
  const cancel = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
    generation += 1;
    pending = false;
  };
  return {
    request() {
      pending = true;
      const token = ++generation;
      if (handle !== null) timers.clearTimeout(handle);
      handle = timers.setTimeout(() => {
        handle = null;
        if (timers.idle) timers.idle(() => fire(token), idleTimeoutMs);
        else fire(token);
      }, delayMs);
    },
    flush() {
      const due = pending;
      cancel();
      if (due) run();
    },
    cancel,
    get pending() {
      return pending;
    },
  };
}

export function whenIdle(run: () => void, timeoutMs: number, timers: Timers = browserTimers()): void {
  if (timers.idle) timers.idle(run, timeoutMs);
  else timers.setTimeout(run, Math.min(timeoutMs, 50));
}

export const afterFirstPaint = (run: () => void, timeoutMs = 150): void =>
  void requestAnimationFrame(() => whenIdle(run, timeoutMs));

/** In a task posted from the frame's requestAnimationFrame, which runs after its style, layout and paint. */
export const afterPaint = (run: () => void): void => void requestAnimationFrame(() => void setTimeout(run, 0));
