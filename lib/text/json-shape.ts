// A walk of a parsed value with its own stack (a value nested a million deep overflows any recursion, and the
// schema's messages print the value recursively), and what no record holds: too deep, or an unsafe number.
import {fieldPath} from "../authored/problems.js";

export interface JsonNode {
  value: unknown;
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

// The depth checks run on the parsed value, since YAML nests by indentation too. A run file is measured before
// parsing instead (jsonDepth in lib/probes/limits.ts), to be refused unread.

/** The root is level 0. */
export function tooDeepAt(root: unknown, maxDepth: number): string | null {
  for (const node of walkJson(root)) if (isCollection(node.value) && node.depth >= maxDepth) return pathOf(node);
  return null;
}

export type ImpossibleShape =
  | {kind: "too-deep"; path: string}
  /** `value` is the number as parsed: 1e400 arrives as Infinity. */
  | {kind: "impossible-number"; path: string; value: number};

/** The first place nesting `maxDepth` levels deep or holding a number that is not a safe integer (1e300, 2^53 + 1,
 *  0.5, Infinity). */
export function impossibleShape(root: unknown, maxDepth: number): ImpossibleShape | null {
  for (const node of walkJson(root)) {
    const {value} = node;
    if (typeof value === "number" && !Number.isSafeInteger(value))
      return {kind: "impossible-number", path: pathOf(node), value};
    if (isCollection(value) && node.depth >= maxDepth) return {kind: "too-deep", path: pathOf(node)};
  }
  return null;
}
