// The CEL conformance tests that @bufbuild/cel-spec ships (the cel-spec project's simple test files, as JSON), run
// against a CEL implementation through a small adapter: each test's expression is evaluated with its bindings and
// the result compared with the expected value (or error). A test that needs protobuf messages (a message literal, a
// well-known wrapper type, a message value expected or bound) is skipped and counted apart: this notebook's facts are
// plain values and neither library is asked to model messages. Used by bench/expression-languages.ts.
import {Buffer} from "node:buffer";
import {tests as conformance} from "@bufbuild/cel-spec/testdata/conformance.js";
import type {SerializedIncrementalTestSuite} from "@bufbuild/cel-spec/testdata/tests.js";

/** A value as the conformance data writes it (cel.expr.Value in protobuf's JSON form). */
export interface ValueJson {
  int64Value?: string | number;
  uint64Value?: string | number;
  doubleValue?: string | number;
  stringValue?: string;
  bytesValue?: string;
  boolValue?: boolean;
  nullValue?: null | string;
  listValue?: {values?: ValueJson[]};
  mapValue?: {entries?: {key: ValueJson; value: ValueJson}[]};
  typeValue?: string;
  objectValue?: unknown;
  enumValue?: unknown;
}

/** A declared variable's type, as the conformance data writes it (cel.expr.Type in protobuf's JSON form). */
export interface TypeJson {
  primitive?: string;
  listType?: {elemType: TypeJson};
  mapType?: {keyType: TypeJson; valueType: TypeJson};
  null?: null;
  messageType?: string;
  wellKnown?: string;
}

/** One conformance test: what to evaluate and what it must give. */
export interface ConformanceCase {
  file: string;
  /** The test's section and name within its file. */
  name: string;
  expr: string;
  /** A value, an error (any error: parse, check or evaluation), or true when the test gives neither. */
  expected: {value?: ValueJson; error?: true};
  bindings: Record<string, ValueJson>;
  declarations: {name: string; type: TypeJson}[];
  /** The test is meant to run without the type checker (disableCheck): it tests what evaluation does on its own. */
  unchecked: boolean;
}

/** What an implementation gave: a value in the canonical form of `canonical`, or an error's message. */
export type Outcome = {value: string} | {error: string};

/** How the runner calls one CEL implementation. */
export interface CelAdapter {
  name: string;
  run(test: ConformanceCase): Outcome;
}

export interface FileResult {
  file: string;
  passed: number;
  failed: number;
  /** Tests that need protobuf messages. */
  skipped: number;
  /** Of the failed, those meant to run without the type checker (disableCheck). */
  failedUnchecked: number;
  /** The first few failures: test, expected, got. */
  failures: string[];
}

/** The simple test files: the core language, without protobuf messages, extensions, timestamps or optionals. */
export const simpleFiles = [
  "basic",
  "comparisons",
  "conversions",
  "fields",
  "fp_math",
  "integer_math",
  "lists",
  "logic",
  "macros",
  "parse",
  "plumbing",
  "string",
] as const;

const needsMessages = /TestAllTypes|google\.protobuf|@type|objectValue|messageType|enumValue/;

/** A test that needs protobuf messages: its expression, bindings, declarations or expected value name one. */
export const needsProtobuf = (test: ConformanceCase): boolean => needsMessages.test(JSON.stringify(test));

type SerializedTest = NonNullable<SerializedIncrementalTestSuite["tests"]>[number];

function toCase(file: string, path: string[], serialized: SerializedTest): ConformanceCase {
  const original = serialized.original as Record<string, unknown> & {name?: string; expr: string};
  const bindings = Object.fromEntries(
    Object.entries((original.bindings ?? {}) as Record<string, {value?: ValueJson}>).map(([name, binding]) => [
      name,
      binding.value ?? {objectValue: "binding that is not a value"},
    ]),
  );
  const declarations = ((original.typeEnv ?? []) as {name: string; ident?: {type: TypeJson}}[]).map((decl) => ({
    name: decl.name,
    type: decl.ident?.type ?? {messageType: "function declaration"},
  }));
  const expected =
    "value" in original
      ? {value: original.value as ValueJson}
      : "evalError" in original || "anyEvalErrors" in original
        ? {error: true as const}
        : {};
  return {
    file,
    name: [...path, original.name ?? original.expr].join("/"),
    expr: original.expr,
    expected,
    bindings,
    declarations,
    unchecked: original.disableCheck === true,
  };
}

/** The conformance tests of the given files, in the data's order. */
export function conformanceCases(files: readonly string[] = simpleFiles): ConformanceCase[] {
  const cases: ConformanceCase[] = [];
  const walk = (suite: SerializedIncrementalTestSuite, file: string, path: string[]) => {
    for (const test of suite.tests ?? []) cases.push(toCase(file, path, test));
    for (const inner of suite.suites ?? []) walk(inner, file, [...path, inner.name]);
  };
  for (const file of files) {
    const suite = conformance.suites?.find((candidate) => candidate.name === file);
    if (!suite) throw new Error(`conformance data has no file "${file}"`);
    walk(suite, file, []);
  }
  return cases;
}

/** A type's name without its parameters ("list(int)" and "list<int>" are both "list"). */
const typeName = (name: string): string => name.replace(/[<(].*$/, "");

/**
 * The canonical text of a value, with its CEL type: int(3), uint(3), double(3), string("a"), bytes(hex), bool(true),
 * null, list[...], map{key: value, ...} with its entries sorted, type(int). Two values are equal when their texts are.
 */
export const canonical = {
  int: (value: bigint | string | number) => `int(${BigInt(value)})`,
  uint: (value: bigint | string | number) => `uint(${BigInt(value)})`,
  double: (value: number | string) => `double(${String(Number(value))})`,
  string: (value: string) => `string(${JSON.stringify(value)})`,
  bytes: (value: Uint8Array) => `bytes(${Buffer.from(value).toString("hex")})`,
  bool: (value: boolean) => `bool(${value})`,
  null: () => "null",
  list: (values: string[]) => `list[${values.join(", ")}]`,
  map: (entries: [string, string][]) =>
    `map{${entries
      .map(([key, value]) => `${key}: ${value}`)
      .sort()
      .join(", ")}}`,
  type: (name: string) => `type(${typeName(name)})`,
};

/** The canonical text of a value the conformance data expects. */
export function expectedText(value: ValueJson): string {
  if (value.int64Value !== undefined) return canonical.int(value.int64Value);
  if (value.uint64Value !== undefined) return canonical.uint(value.uint64Value);
  if (value.doubleValue !== undefined) return canonical.double(value.doubleValue);
  if (value.stringValue !== undefined) return canonical.string(value.stringValue);
  if (value.bytesValue !== undefined) return canonical.bytes(Buffer.from(value.bytesValue, "base64"));
  if (value.boolValue !== undefined) return canonical.bool(value.boolValue);
  if ("nullValue" in value) return canonical.null();
  if (value.listValue) return canonical.list((value.listValue.values ?? []).map(expectedText));
  if (value.mapValue)
    return canonical.map(
      (value.mapValue.entries ?? []).map(({key, value: entry}) => [expectedText(key), expectedText(entry)]),
    );
  if (value.typeValue !== undefined) return canonical.type(value.typeValue);
  return `unsupported(${Object.keys(value).join(", ")})`;
}

const describe = (outcome: Outcome): string => ("value" in outcome ? outcome.value : `error: ${outcome.error}`);

/** Whether an outcome is what the test expects; if not, why. */
export function judge(test: ConformanceCase, outcome: Outcome): {pass: true} | {pass: false; why: string} {
  const {expected} = test;
  const want = expected.error ? "an error" : expected.value ? expectedText(expected.value) : canonical.bool(true);
  const pass = expected.error ? "error" in outcome : "value" in outcome && outcome.value === want;
  return pass
    ? {pass}
    : {pass, why: `${test.file}/${test.name}: ${test.expr}: wanted ${want}, got ${describe(outcome)}`};
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split("\n")[0]!;

/** Runs every case through the adapter: per file, passed, failed and skipped (needs protobuf messages). */
export function runConformance(cases: readonly ConformanceCase[], adapter: CelAdapter): FileResult[] {
  const results = new Map<string, FileResult>();
  for (const test of cases) {
    let result = results.get(test.file);
    if (!result)
      results.set(
        test.file,
        (result = {file: test.file, passed: 0, failed: 0, skipped: 0, failedUnchecked: 0, failures: []}),
      );
    if (needsProtobuf(test)) {
      result.skipped++;
      continue;
    }
    let outcome: Outcome;
    try {
      outcome = adapter.run(test);
    } catch (error) {
      outcome = {error: errorText(error)};
    }
    const verdict = judge(test, outcome);
    if (verdict.pass) result.passed++;
    else {
      result.failed++;
      if (test.unchecked) result.failedUnchecked++;
      if (result.failures.length < 3) result.failures.push(verdict.why);
    }
  }
  return [...results.values()];
}

/** The totals over every file. */
export const totals = (results: readonly FileResult[]): Omit<FileResult, "file" | "failures"> =>
  results.reduce(
    (sum, {passed, failed, skipped, failedUnchecked}) => ({
      passed: sum.passed + passed,
      failed: sum.failed + failed,
      skipped: sum.skipped + skipped,
      failedUnchecked: sum.failedUnchecked + failedUnchecked,
    }),
    {passed: 0, failed: 0, skipped: 0, failedUnchecked: 0},
  );
