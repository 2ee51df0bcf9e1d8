// The bench's CEL conformance runner (bench/cel-conformance.ts) through both libraries' adapters: a test whose
// expected value is wrong must fail, so a library's pass count means what it says. Expected values are worked by
// hand (1 + 1 is the int 2; 1 / 0 is an error in CEL's integer division).
import {describe, expect, it} from "vitest";
import {bufbuild, celJs} from "../../../bench/cel-adapters.js";
import {
  conformanceCases,
  runConformance,
  type ConformanceCase,
  type ValueJson,
} from "../../../bench/cel-conformance.js";

const test = (expr: string, expected: ConformanceCase["expected"]): ConformanceCase => ({
  file: "hand",
  name: expr,
  expr,
  expected,
  bindings: {},
  declarations: [],
  unchecked: false,
});

describe.each([celJs, bufbuild])("the conformance runner through $name", (adapter) => {
  const run = (...cases: ConformanceCase[]) => runConformance(cases, adapter)[0]!;

  it("fails a test given a deliberately wrong expected value, and passes it given the right one", () => {
    const wrong = run(test("1 + 1", {value: {int64Value: "3"}}));
    expect(wrong).toMatchObject({passed: 0, failed: 1, skipped: 0});
    expect(wrong.failures).toEqual(["hand/1 + 1: 1 + 1: wanted int(3), got int(2)"]);
    expect(run(test("1 + 1", {value: {int64Value: "2"}}))).toMatchObject({passed: 1, failed: 0});
  });

  it("tells an int from a double and a uint of the same number", () => {
    const result = run(
      test("1 + 1", {value: {doubleValue: 2}}),
      test("1 + 1", {value: {uint64Value: "2"}}),
      test("2.0", {value: {int64Value: "2"}}),
    );
    expect(result).toMatchObject({passed: 0, failed: 3});
  });

  it("fails a value where an error is expected, an error where a value is, and false where nothing is", () => {
    const result = run(
      test("1 + 1", {error: true}),
      test("1 / 0", {value: {int64Value: "0"}}),
      test("1 == 2", {}),
      test("1 / 0", {error: true}),
    );
    expect(result).toMatchObject({passed: 1, failed: 3});
  });

  it("compares lists and maps element by element, a map's entries in any order", () => {
    const list = (...values: ValueJson[]): ValueJson => ({listValue: {values}});
    const int = (value: string): ValueJson => ({int64Value: value});
    const map = (...entries: [string, ValueJson][]): ValueJson => ({
      mapValue: {entries: entries.map(([key, value]) => ({key: {stringValue: key}, value}))},
    });
    const result = run(
      test("[1, 2]", {value: list(int("1"), int("2"))}),
      test("[1, 2]", {value: list(int("2"), int("1"))}),
      test("{'a': 1, 'b': 2}", {value: map(["b", int("2")], ["a", int("1")])}),
      test("{'a': 1, 'b': 2}", {value: map(["a", int("1")], ["b", int("3")])}),
    );
    expect(result).toMatchObject({passed: 2, failed: 2});
  });

  it("skips a test that needs protobuf messages, counted apart from failures", () => {
    expect(run(test("TestAllTypes{single_int64: 1}", {value: {int64Value: "1"}}))).toMatchObject({
      passed: 0,
      failed: 0,
      skipped: 1,
    });
  });

  it("on the shipped data, fails exactly the test whose expected value is turned round", () => {
    const cases = conformanceCases(["logic"]);
    // The first test that wants a yes/no and that this library passes.
    const at = cases.findIndex(
      (candidate) =>
        candidate.expected.value?.boolValue !== undefined && runConformance([candidate], adapter)[0]!.passed === 1,
    );
    expect(at).toBeGreaterThanOrEqual(0);
    const turned = structuredClone(cases);
    turned[at]!.expected = {value: {boolValue: !cases[at]!.expected.value!.boolValue}};
    const before = runConformance(cases, adapter)[0]!;
    const after = runConformance(turned, adapter)[0]!;
    expect(after.failed).toBe(before.failed + 1);
    expect(after.passed).toBe(before.passed - 1);
    expect(after.failures.some((failure) => failure.startsWith(`logic/${cases[at]!.name}:`))).toBe(true);
  });
});
