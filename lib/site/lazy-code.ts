// Code a page loads only when it needs it (a dynamic import, started after the first paint), and what asks for it
// before it arrives: the latest request is kept and served when it is in, so nothing typed meanwhile is lost and no
// stale one is served after it.

export interface LazyCode<T> {
  /** The module, once in; null until then. */
  readonly value: T | null;
  /** Starts loading it, once; resolves with it. */
  load(): Promise<T>;
}

/** `importer` is called on the first `load`, and again on a later one if it failed (a file not fetched, say). */
export function lazyCode<T>(importer: () => Promise<T>): LazyCode<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    get value() {
      return value;
    },
    load: () =>
      (loading ??= importer().then(
        (module) => (value = module),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
  };
}

/** Asks for `use` with an input (see whenLoaded); `drop` forgets a request still waiting for the code. */
export interface NeedsCode<I> {
  (input: I): void;
  drop(): void;
}

/**
 * A function of an input that needs `code`: called with the module in, it runs `use` at once; called before, it
 * starts the load and runs `use` once the module arrives, with the latest input asked for meanwhile (each request
 * stands for the whole state at its time, so the latest one holds every earlier one's input).
 */
export function whenLoaded<T, I>(code: LazyCode<T>, use: (module: T, input: I) => void): NeedsCode<I> {
  let latest: {input: I} | null = null;
  const ask = (input: I) => {
    if (code.value) {
      latest = null;
      use(code.value, input);
      return;
    }
    const waiting = latest === null;
    latest = {input};
    if (waiting)
      code.load().then(
        (module) => {
          const asked = latest;
          latest = null;
          if (asked) use(module, asked.input);
        },
        // Not loaded: the request is dropped, and the next one tries the load again.
        () => void (latest = null),
      );
  };
  return Object.assign(ask, {drop: () => void (latest = null)});
}
