// The two CEL implementations as the conformance runner (bench/cel-conformance.ts) calls them: the test's bindings
// turned into each library's inputs (CEL ints as bigint, uints as each library's own type), the expression parsed and
// evaluated, and the result turned into the runner's canonical text.
import {celEnv, celUint, isCelError, isCelList, isCelMap, isCelType, isCelUint, parse, plan} from "@bufbuild/cel";
import type {CelInput, CelValue} from "@bufbuild/cel";
import {Environment} from "@marcbachmann/cel-js";
import {UnsignedInt} from "@marcbachmann/cel-js/evaluator";
import {Buffer} from "node:buffer";
import {canonical, type CelAdapter, type TypeJson, type ValueJson} from "./cel-conformance.js";

type Scalar = bigint | number | string | boolean | null | Uint8Array;

/** A conformance value as a library's input: how each library wants a uint, a list and a map made. */
function input<T>(
  value: ValueJson,
  make: {uint(value: bigint): T; list(values: T[]): T; map(entries: [T, T][]): T},
): T {
  const scalar = (given: Scalar) => given as T;
  if (value.int64Value !== undefined) return scalar(BigInt(value.int64Value));
  if (value.uint64Value !== undefined) return make.uint(BigInt(value.uint64Value));
  if (value.doubleValue !== undefined) return scalar(Number(value.doubleValue));
  if (value.stringValue !== undefined) return scalar(value.stringValue);
  if (value.bytesValue !== undefined) return scalar(new Uint8Array(Buffer.from(value.bytesValue, "base64")));
  if (value.boolValue !== undefined) return scalar(value.boolValue);
  if ("nullValue" in value) return scalar(null);
  if (value.listValue) return make.list((value.listValue.values ?? []).map((entry) => input(entry, make)));
  if (value.mapValue)
    return make.map(
      (value.mapValue.entries ?? []).map(({key, value: entry}) => [input(key, make), input(entry, make)]),
    );
  throw new Error(`cannot bind a value of kind ${Object.keys(value).join(", ")}`);
}

const primitives: Record<string, string> = {
  INT64: "int",
  UINT64: "uint",
  DOUBLE: "double",
  STRING: "string",
  BOOL: "bool",
  BYTES: "bytes",
};

/** A declared type in cel-js's words: "int", "list<string>", "map<string, int>". */
function celJsType(type: TypeJson): string {
  if (type.primitive) return primitives[type.primitive] ?? "dyn";
  if (type.listType) return `list<${celJsType(type.listType.elemType)}>`;
  if (type.mapType) return `map<${celJsType(type.mapType.keyType)}, ${celJsType(type.mapType.valueType)}>`;
  if ("null" in type) return "null"; // cel-js's name for null_type
  return "dyn";
}

const scalarText = (value: unknown): string | undefined => {
  if (typeof value === "bigint") return canonical.int(value);
  if (typeof value === "number") return canonical.double(value);
  if (typeof value === "string") return canonical.string(value);
  if (typeof value === "boolean") return canonical.bool(value);
  if (value === null) return canonical.null();
  if (value instanceof Uint8Array) return canonical.bytes(value);
  return undefined;
};

/** A cel-js result as canonical text. cel-js gives a map with string keys as a plain object. */
function celJsText(value: unknown): string {
  const scalar = scalarText(value);
  if (scalar !== undefined) return scalar;
  if (value instanceof UnsignedInt) return canonical.uint(value.valueOf());
  if (Array.isArray(value)) return canonical.list(value.map(celJsText));
  if (value instanceof Map) return canonical.map([...value].map(([key, entry]) => [celJsText(key), celJsText(entry)]));
  const kind = (value as object).constructor?.name;
  if (kind === "Type") return canonical.type(String((value as {name: string}).name));
  if (kind === "Object" || kind === undefined)
    return canonical.map(Object.entries(value as object).map(([key, entry]) => [celJsText(key), celJsText(entry)]));
  return `unsupported(${kind})`;
}

export const celJs: CelAdapter = {
  name: "@marcbachmann/cel-js",
  run(test) {
    // Undeclared bindings are dyn, and mixed list or map literals allowed, as the CEL specification's checker does.
    const env = new Environment({unlistedVariablesAreDyn: true, homogeneousAggregateLiterals: false});
    for (const {name, type} of test.declarations) env.registerVariable(name, celJsType(type));
    const make = {
      uint: (value: bigint): unknown => new UnsignedInt(value),
      list: (values: unknown[]): unknown => values,
      map: (entries: [unknown, unknown][]): unknown => new Map(entries),
    };
    const context = Object.fromEntries(
      Object.entries(test.bindings).map(([name, value]) => [name, input(value, make)]),
    );
    return {value: celJsText(env.evaluate(test.expr, context))};
  },
};

/** A @bufbuild/cel result as canonical text. */
function bufbuildText(value: CelValue): string {
  const scalar = scalarText(value);
  if (scalar !== undefined) return scalar;
  if (isCelUint(value)) return canonical.uint(value.value);
  if (isCelType(value)) return canonical.type(value.name);
  if (isCelList(value)) return canonical.list([...value].map(bufbuildText));
  if (isCelMap(value))
    return canonical.map([...value.entries()].map(([key, entry]) => [bufbuildText(key), bufbuildText(entry)]));
  return `unsupported(${(value as object).constructor?.name})`;
}

export const bufbuild: CelAdapter = {
  name: "@bufbuild/cel",
  run(test) {
    const make = {
      uint: (value: bigint): CelInput => celUint(value),
      list: (values: CelInput[]): CelInput => values,
      map: (entries: [CelInput, CelInput][]): CelInput => new Map(entries as [bigint | string | boolean, CelInput][]),
    };
    const bindings = Object.fromEntries(
      Object.entries(test.bindings).map(([name, value]) => [name, input(value, make)]),
    );
    const result = plan(celEnv(), parse(test.expr))(bindings);
    return isCelError(result) ? {error: result.message} : {value: bufbuildText(result)};
  },
};
