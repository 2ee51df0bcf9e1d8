// Walking a parsed value (JSON, or the plain data YAML becomes) after it is parsed, and what no record of ours holds:
// nesting deeper than the record's own, or a number that is not a whole number a record could hold. Used by the saved
// record's parser and the import, the YAML loader's depth limit, and the secret scan of run files. Pure, and a walk
// with its own stack: a value nested a million deep overflows any recursion (the schema's own messages print the
// value, and printing it recurses).
import {fieldPath} from "../authored/problems.js";

/** A value met in a walk: its key in its parent, its parent, and how deep it sits (the root is level 0). */
export interface JsonNode {
  value: unknown;
  /** An array's index or an object's key; null for the root. */
  key: string | number | null;
  parent: JsonNode | null;
  depth: number;
  /** Set it, as the walk hands the node over, to leave everything under the node unvisited. */
  skip?: boolean;
}

/** Where a node sits, as a problem's field is written: `answers[0].checklist.lines[2]`; "" for the root. */
export function pathOf(node: JsonNode | null): string {
  const keys: (string | number)[] = [];
  for (let at = node; at && at.key !== null; at = at.parent) keys.push(at.key);
  return fieldPath(keys.reverse());
}

const isCollection = (value: unknown): value is object => value !== null && typeof value === "object";

/** A collection's children with their keys: an array's items, an object's values, a YAML map's or set's values. */
function childrenOf(value: object): [string | number, unknown][] {
  if (Array.isArray(value)) return [...value.entries()];
  if (value instanceof Map)
    return [...value].map(([key, child]) => [typeof key === "number" ? key : String(key), child]);
  if (value instanceof Set) return [...value.values()].map((child, index) => [index, child]);
  return Object.entries(value);
}

/** Every value under root, root first, in document order. */
export function* walkJson(root: unknown): Generator<JsonNode, void, undefined> {
  const stack: JsonNode[] = [{value: root, key: null, parent: null, depth: 0}];
  while (stack.length) {
    const node = stack.pop()!;
    yield node;
    if (node.skip || !isCollection(node.value)) continue;
    const children = childrenOf(node.value);
    for (let index = children.length - 1; index >= 0; index--) {
      const [key, value] = children[index]!;
      stack.push({value, key, parent: node, depth: node.depth + 1});
    }
  }
}

// The two depth checks below run after parsing, on the value: YAML nests by indentation as well as brackets, and a
// record's numbers are checked in the same walk. A run file is measured before parsing instead (jsonDepth in
// lib/probes/limits.ts), to be refused unread.

/** The path of the first object or array nested `maxDepth` levels deep (the root is level 0); null when none is. */
export function tooDeepAt(root: unknown, maxDepth: number): string | null {
  for (const node of walkJson(root)) if (isCollection(node.value) && node.depth >= maxDepth) return pathOf(node);
  return null;
}

export type ImpossibleShape =
  | {kind: "too-deep"; path: string}
  /** `value` is the number as parsed: 1e400 arrives as Infinity. */
  | {kind: "impossible-number"; path: string; value: number};

/**
 * The first place where `root` nests `maxDepth` levels deep (the root is level 0), or holds a number that is not a
 * safe integer (1e300, 2^53 + 1, 0.5, Infinity); null when there is none.
 */
export function impossibleShape(root: unknown, maxDepth: number): ImpossibleShape | null {
  for (const node of walkJson(root)) {
    const {value} = node;
    if (typeof value === "number" && !Number.isSafeInteger(value))
      return {kind: "impossible-number", path: pathOf(node), value};
    if (isCollection(value) && node.depth >= maxDepth) return {kind: "too-deep", path: pathOf(node)};
  }
  return null;
}
