// JSON written in chunks, for a value whose text is longer than one string may be (V8: about 2^29 characters): the
// chunks joined must be exactly JSON.stringify(value, null, 2), and no chunk may grow with the size of an array.
import {describe, expect, it} from "vitest";
import {jsonChunks} from "../../../lib/text/json-chunks.js";

const joined = (value: unknown) => [...jsonChunks(value)].join("");

describe("jsonChunks", () => {
  it.each([
    ["a number", 3],
    ["negative zero", -0],
    ["a string with escapes", 'a "quote"\n\u2028'],
    ["null", null],
    ["true", true],
    ["an empty array", []],
    ["an empty object", {}],
    ["a flat array", [1, "two", null, false]],
    [
      "nested objects and arrays",
      {a: {b: [1, {c: [], d: {}}], e: "x"}, f: [[1, 2], [], [{g: null}]], h: {i: {j: {k: [3]}}}},
    ],
    ["properties that JSON leaves out", {a: undefined, b: () => 1, c: 1, d: Symbol("s")}],
    ["array slots JSON writes as null", [undefined, () => 1, NaN, Infinity, -Infinity]],
    ["a value with toJSON", {when: new Date(Date.UTC(2025, 0, 2)), nested: {toJSON: () => ({swapped: [1]})}}],
    ["keys in insertion order, numeric keys first", {b: 1, a: 2, 10: 3, 2: 4}],
  ])("writes %s exactly as JSON.stringify(value, null, 2) does", (_, value) => {
    expect(joined(value)).toBe(JSON.stringify(value, null, 2));
  });

  it("writes a long array row by row: no chunk grows with the array", () => {
    const rows = Array.from({length: 50_000}, (_, i) => ({rater: `rater${i}`, scored: i % 7, kappa: {value: null}}));
    const value = {files: [{path: "a.csv"}], vague: {raterAgreement: rows}, guideline: {raterAgreement: rows}};
    const chunks = [...jsonChunks(value)];
    expect(chunks.join("")).toBe(JSON.stringify(value, null, 2));
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(200_000);
  });
});
