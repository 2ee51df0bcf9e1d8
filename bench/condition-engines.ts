// The three candidate languages driven as the guideline's interpreter would drive them (issue 31 item 1): declare the
// names a condition may read, compile a condition once, evaluate it over a fact set, type-check it, and list the names
// it reads from the condition itself. JSON Logic's rules are translated here from the CEL conditions' syntax trees, so
// all three evaluate the same conditions. Used by bench/expression-languages.ts.
import {celEnv, CelScalar, isCelError, parse as bufParse, plan} from "@bufbuild/cel";
import type {CelResult} from "@bufbuild/cel";
import type {Expr} from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import {Environment, parse as celJsParse, type ASTNode} from "@marcbachmann/cel-js";
import jsonLogic, {type RulesLogic} from "json-logic-js";
import {declarations, type FactSet, type Name} from "./guideline-conditions.js";

/** A compiled condition: holds or not for one fact set, in the library's own input form. */
export type Compiled = (facts: unknown) => boolean;

export interface ConditionEngine {
  name: string;
  /** The fact sets in this library's input form (CEL's ints as bigint, JSON Logic's as numbers). */
  inputs(facts: readonly FactSet[]): unknown[];
  /** Sets up the declarations once and returns the compiler: parse (and check, where the library can) once. */
  compiler(): (condition: string) => Compiled;
  /** The declared names a condition reads, found in its syntax tree. */
  namesRead(condition: string): string[];
}

const names = Object.keys(declarations) as Name[];
const celInputs = (facts: readonly FactSet[]) =>
  facts.map((set) =>
    Object.fromEntries(
      names.map((name) => [name, declarations[name] === "int" ? BigInt(set[name] as number) : set[name]]),
    ),
  );

/** cel-js's environment with every name declared with its type. */
export const celJsEnvironment = (): Environment =>
  names.reduce((env, name) => env.registerVariable(name, declarations[name]), new Environment());

/** The identifiers a cel-js syntax tree names (the walk of `env.parse(expr).ast`). */
function celJsIdentifiers(node: ASTNode, found: Set<string>): Set<string> {
  if (node.op === "id") found.add(node.args);
  else if (node.op !== "value")
    for (const arg of [node.args].flat(2)) if (arg && typeof arg === "object") celJsIdentifiers(arg as ASTNode, found);
  return found;
}

const declared = (found: Iterable<string>): string[] => [...found].filter((name) => name in declarations).sort();

/**
 * A CEL library as the interpreter drives it: its environment of declared names built once per compiler, each
 * condition compiled in it; the names a condition reads come from its syntax tree.
 */
function celEngine<Env>(
  name: string,
  environment: () => Env,
  compile: (env: Env, condition: string) => Compiled,
  namesRead: (condition: string) => string[],
): ConditionEngine {
  return {
    name,
    inputs: celInputs,
    compiler() {
      const env = environment();
      return (condition) => compile(env, condition);
    },
    namesRead,
  };
}

export const celJs = celEngine(
  "@marcbachmann/cel-js",
  celJsEnvironment,
  (env, condition) => {
    const compiled = env.parse(condition);
    const checked = compiled.check();
    if (!checked.valid || checked.type !== "bool")
      throw new Error(`${condition}: ${checked.error?.message ?? `gives ${checked.type}, not bool`}`);
    return (facts) => compiled(facts as Record<string, unknown>) === true;
  },
  (condition) => declared(celJsIdentifiers(celJsParse(condition).ast, new Set())),
);

const celScalars = {bool: CelScalar.BOOL, int: CelScalar.INT, double: CelScalar.DOUBLE, string: CelScalar.STRING};

/** The identifiers a @bufbuild/cel syntax tree (cel.expr.Expr) names. */
function bufbuildIdentifiers(expr: Expr | undefined, found: Set<string>): Set<string> {
  const kind = expr?.exprKind;
  switch (kind?.case) {
    case "identExpr":
      found.add(kind.value.name);
      break;
    case "selectExpr":
      bufbuildIdentifiers(kind.value.operand, found);
      break;
    case "callExpr":
      for (const arg of [kind.value.target, ...kind.value.args]) bufbuildIdentifiers(arg, found);
      break;
    case "listExpr":
      for (const element of kind.value.elements) bufbuildIdentifiers(element, found);
      break;
    case "comprehensionExpr":
      for (const part of [kind.value.iterRange, kind.value.accuInit, kind.value.loopCondition, kind.value.loopStep])
        bufbuildIdentifiers(part, found);
      break;
  }
  return found;
}

/** @bufbuild/cel's environment with every name declared with its type. */
export const bufbuildEnvironment = () =>
  celEnv({variables: Object.fromEntries(names.map((name) => [name, celScalars[declarations[name]]]))});

export const bufbuild = celEngine(
  "@bufbuild/cel",
  bufbuildEnvironment,
  (env, condition) => {
    const evaluate = plan(env, bufParse(condition)) as (facts: unknown) => CelResult;
    return (facts) => {
      const result = evaluate(facts);
      if (isCelError(result)) throw result;
      return result === true;
    };
  },
  (condition) => declared(bufbuildIdentifiers(bufParse(condition).expr, new Set())),
);

const jsonLogicOperators: Partial<Record<ASTNode["op"], string>> = {
  "&&": "and",
  "||": "or",
  "==": "===",
  "!=": "!==",
  "<": "<",
  "<=": "<=",
  ">": ">",
  ">=": ">=",
  "+": "+",
  "-": "-",
  "*": "*",
  "/": "/",
  "%": "%",
  "?:": "if",
  "in": "in",
};

/** A CEL condition's syntax tree as a JSON Logic rule: {"and": [...]}, {"var": "name"}, {"===": [a, b]}. */
export function toJsonLogic(node: ASTNode): RulesLogic {
  if (node.op === "value") return (typeof node.args === "bigint" ? Number(node.args) : node.args) as RulesLogic;
  if (node.op === "id") return {var: node.args};
  if (node.op === "!_") return {"!": [toJsonLogic(node.args)]};
  const operator = jsonLogicOperators[node.op];
  if (!operator) throw new Error(`no JSON Logic operator for CEL's ${node.op}`);
  return {[operator]: (node.args as ASTNode[]).map(toJsonLogic)} as unknown as RulesLogic;
}

/** The condition as a JSON Logic rule (translated once from its CEL syntax tree). */
export const jsonLogicRule = (condition: string): RulesLogic => toJsonLogic(celJsParse(condition).ast);

export const jsonLogicEngine: ConditionEngine = {
  name: "json-logic-js",
  inputs: (facts) => [...facts],
  // No parse step: a JSON Logic rule is already its tree, as the guideline's YAML would load it.
  compiler: () => (condition) => {
    const rule = jsonLogicRule(condition);
    return (facts) => jsonLogic.apply(rule, facts) === true;
  },
  namesRead: (condition) => declared(jsonLogic.uses_data(jsonLogicRule(condition) as Record<string, unknown>)),
};

export const engines: readonly ConditionEngine[] = [celJs, bufbuild, jsonLogicEngine];
