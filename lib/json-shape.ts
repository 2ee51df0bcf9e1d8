// What no record of ours holds, found in a parsed JSON value before a schema looks at it: nesting deeper than the
// record's own, or a number that is not a whole number a record could hold. Shared by the saved record's parser and
// the import. Pure, and a walk with its own stack: a value nested a million deep overflows any recursion (the
// schema's own messages print the value, and printing it recurses).

/** A path as people read it: `answers[0].checklist.lines[2]`. */
export const pathText = (path: readonly (string | number)[]): string =>
  path
    .map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`))
    .join("")
    .replace(/^\./, "");

export type ImpossibleShape =
  | {kind: "too-deep"; path: string}
  /** `value` is the number as parsed: 1e400 arrives as Infinity. */
  | {kind: "impossible-number"; path: string; value: number};

/**
 * The first place where `root` nests `maxDepth` levels deep (the root is level 0), or holds a number that is not a
 * safe integer (1e300, 2^53 + 1, 0.5, Infinity); null when there is none.
 */
export function impossibleShape(root: unknown, maxDepth: number): ImpossibleShape | null {
  interface Step {
    value: unknown;
    key: string | number | null;
    parent: Step | null;
    depth: number;
  }
  const pathOf = (step: Step) => {
    const path: (string | number)[] = [];
    for (let at: Step | null = step; at && at.key !== null; at = at.parent) path.unshift(at.key);
    return pathText(path);
  };
  const stack: Step[] = [{value: root, key: null, parent: null, depth: 0}];
  while (stack.length) {
    const step = stack.pop()!;
    const {value, depth} = step;
    if (typeof value === "number") {
      if (!Number.isSafeInteger(value)) return {kind: "impossible-number", path: pathOf(step), value};
    } else if (value && typeof value === "object") {
      if (depth >= maxDepth) return {kind: "too-deep", path: pathOf(step)};
      const entries = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, entry] = entries[index]!;
        stack.push({value: entry, key, parent: step, depth: depth + 1});
      }
    }
  }
  return null;
}
