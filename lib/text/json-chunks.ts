// JSON.stringify(value, null, 2)'s text in chunks: V8 caps a string near 2^29 characters, and a cohort of a million
// raters' rows is more. An array's object elements are written whole, so no chunk grows with an array's length.

const pad = (depth: number): string => "  ".repeat(depth);

/** What JSON.stringify would write for a value at this key (toJSON applied), or undefined where it writes nothing. */
function prepared(value: unknown, key: string): unknown {
  if (value !== null && typeof value === "object" && typeof (value as {toJSON?: unknown}).toJSON === "function")
    return (value as {toJSON: (key: string) => unknown}).toJSON(key);
  return value;
}

const isContainer = (value: unknown): value is object => value !== null && typeof value === "object";
const writesNothing = (value: unknown): boolean =>
  value === undefined || typeof value === "function" || typeof value === "symbol";

const chunkSize = 1 << 16;

export function* jsonChunks(value: unknown): Generator<string> {
  let buffer = "";
  function* write(text: string): Generator<string> {
    buffer += text;
    if (buffer.length >= chunkSize) {
      yield buffer;
      buffer = "";
    }
  }
  function* element(item: unknown, depth: number): Generator<string> {
    if (Array.isArray(item)) {
      if (item.length === 0) return yield* write("[]");
      yield* write("[");
      for (let i = 0; i < item.length; i++) {
        yield* write(`${i ? "," : ""}\n${pad(depth + 1)}`);
        const entry = prepared(item[i], String(i));
        if (writesNothing(entry)) yield* write("null");
        else if (Array.isArray(entry)) yield* element(entry, depth + 1);
        // A row: whole, and indented to its place (JSON's strings hold no raw line break).
        else yield* write(JSON.stringify(entry, null, 2).replaceAll("\n", `\n${pad(depth + 1)}`));
      }
      return yield* write(`\n${pad(depth)}]`);
    }
    if (isContainer(item)) {
      let first = true;
      for (const key of Object.keys(item)) {
        const entry = prepared((item as Record<string, unknown>)[key], key);
        if (writesNothing(entry)) continue;
        yield* write(`${first ? "{" : ","}\n${pad(depth + 1)}${JSON.stringify(key)}: `);
        first = false;
        yield* element(entry, depth + 1);
      }
      return yield* write(first ? "{}" : `\n${pad(depth)}}`);
    }
    yield* write(JSON.stringify(item));
  }
  const top = prepared(value, "");
  if (writesNothing(top)) return;
  yield* element(top, 0);
  if (buffer) yield buffer;
}
