// The one walk of a parsed value (lib/text/json-shape.ts) and the depth and number checks built on it. Expected orders,
// paths and depths are worked out by hand from the values written here.
import {describe, expect, it} from "vitest";
import {impossibleShape, pathOf, tooDeepAt, walkJson} from "../../../lib/text/json-shape.js";

const visited = (root: unknown) => [...walkJson(root)].map((node) => [pathOf(node), node.depth]);

describe("walkJson", () => {
  it("visits the root, then every value in document order, with its path and depth", () => {
    expect(visited({a: [1, {b: "x"}], c: null})).toEqual([
      ["", 0],
      ["a", 1],
      ["a[0]", 2],
      ["a[1]", 2],
      ["a[1].b", 3],
      ["c", 1],
    ]);
  });

  it("leaves what is under a node unvisited when the node is skipped", () => {
    const paths: string[] = [];
    for (const node of walkJson({a: {b: 1}, c: {d: 2}})) {
      paths.push(pathOf(node));
      if (node.key === "a") node.skip = true;
    }
    expect(paths).toEqual(["", "a", "c", "c.d"]);
  });

  it("walks the sets and maps YAML's !!set and !!omap become, by their values", () => {
    expect(visited({s: new Set(["x", ["y"]]), m: new Map([["k", [1]]])})).toEqual([
      ["", 0],
      ["s", 1],
      ["s[0]", 2],
      ["s[1]", 2],
      ["s[1][0]", 3],
      ["m", 1],
      ["m.k", 2],
      ["m.k[0]", 3],
    ]);
  });

  it("walks a value nested a million deep without overflowing the stack", () => {
    let deep: unknown = [];
    for (let i = 0; i < 1_000_000; i++) deep = [deep];
    let count = 0;
    for (const _ of walkJson(deep)) count += 1;
    expect(count).toBe(1_000_001);
  });
});

describe("tooDeepAt", () => {
  it("names the first object or array at the given depth, and nothing within it", () => {
    // {a: {b: [1]}}: the root is level 0, a level 1, b level 2; the number inside b is not a collection.
    expect(tooDeepAt({a: {b: [1]}}, 3)).toBeNull();
    expect(tooDeepAt({a: {b: [1]}}, 2)).toBe("a.b");
    expect(tooDeepAt({x: 1, a: {b: [1]}}, 1)).toBe("a");
    expect(tooDeepAt(new Set([new Set([1])]), 1)).toBe("[0]");
  });
});

describe("impossibleShape", () => {
  it("names the first number that is not a safe integer, or the first collection too deep, in document order", () => {
    expect(impossibleShape({answers: [{score: 3}]}, 12)).toBeNull();
    expect(impossibleShape({answers: [{score: 0.5}]}, 12)).toEqual({
      kind: "impossible-number",
      path: "answers[0].score",
      value: 0.5,
    });
    expect(impossibleShape(JSON.parse('{"version": 1e400}'), 12)).toEqual({
      kind: "impossible-number",
      path: "version",
      value: Infinity,
    });
    expect(impossibleShape({a: [[[]]], b: 2 ** 53}, 3)).toEqual({kind: "too-deep", path: "a[0][0]"});
    expect(impossibleShape({b: 2 ** 53, a: [[[]]]}, 3)).toEqual({kind: "impossible-number", path: "b", value: 2 ** 53});
  });
});
