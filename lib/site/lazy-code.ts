// Code a page loads when it needs it (a dynamic import after the first paint). The latest request is kept and served
// when it is in, so nothing typed meanwhile is lost and no stale one is served after it.

export interface LazyCode<T> {
  readonly value: T | null;
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

export interface NeedsCode<I> {
  (input: I): void;
  drop(): void;
}

/** Called before the module is in, it starts the load and runs `use` once it arrives with the latest input (each
 *  request stands for the whole state at its time). */
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
