// Runs the guideline's conditions, which are CEL (the Common Expression Language), through @marcbachmann/cel-js: an
// interpreter over a syntax tree, with no eval and no generated code, so a condition can do only what CEL allows and
// a page needs no 'unsafe-eval' for it. Each condition is parsed and type-checked once, against the names it may
// read and their types, into a CompiledCondition that is then called per line; the names it reads come from its
// syntax tree, not from watching it run. The other modules compile and call conditions through here. Browser-safe.
import {Environment, parse, type ASTNode} from "@marcbachmann/cel-js";

/** The CEL types a name may have here. "dyn" is a count that may also be one of a few listed words. */
export type CelType = "bool" | "string" | "int" | "double" | "dyn";

/** A condition that failed to parse or type-check, naming where it is and why. */
export class ConditionError extends Error {
  constructor(
    /** Where the condition is, in the logic: "rules.numbers.clauses.over-ceiling.when". */
    readonly where: string,
    readonly expression: string,
    reason: string,
  ) {
    super(`${where}: ${reason.split("\n")[0]} in ${JSON.stringify(expression)}`);
    this.name = "ConditionError";
  }
}

/** A parsed and checked condition: call it with the names it reads. */
export interface CompiledCondition {
  expression: string;
  /** The names it reads, in the order first read. */
  names: readonly string[];
  evaluate: (context: Record<string, unknown>) => unknown;
}

/** Builds a CEL environment where each name has its type. */
export function environmentOf(names: ReadonlyMap<string, CelType>): Environment {
  const environment = new Environment({unlistedVariablesAreDyn: false});
  for (const [name, type] of names) environment.registerVariable(name, type);
  return environment;
}

// The macros that bind a name for their body: `list.exists(x, x > 1)` reads the list, not a name x.
const binding = new Set(["all", "exists", "exists_one", "map", "filter"]);

function collect(node: unknown, bound: ReadonlySet<string>, into: string[]): void {
  if (Array.isArray(node)) {
    for (const child of node) collect(child, bound, into);
    return;
  }
  if (node === null || typeof node !== "object" || !("op" in node)) return;
  const {op, args} = node as {op: string; args: unknown};
  if (op === "id") {
    if (typeof args === "string" && !bound.has(args) && !into.includes(args)) into.push(args);
    return;
  }
  if (op === "rcall" && Array.isArray(args) && binding.has(args[0] as string)) {
    const [, receiver, rest] = args as [string, unknown, unknown[]];
    collect(receiver, bound, into);
    const variable = rest[0] as {op?: string; args?: unknown} | undefined;
    const inner = variable?.op === "id" && typeof variable.args === "string" ? variable.args : null;
    collect(rest.slice(inner === null ? 0 : 1), inner === null ? bound : new Set([...bound, inner]), into);
    return;
  }
  collect(args, bound, into);
}

/** The names a parsed condition reads, in the order first read. */
export function namesOfAst(ast: ASTNode): string[] {
  const names: string[] = [];
  collect(ast, new Set(), names);
  return names;
}

/** The names a condition reads: the basis of which settings a case depends on and of the completeness checks. */
export function namesRead(condition: string): Set<string> {
  return new Set(namesOfAst(parse(condition).ast));
}

/**
 * Parses and type-checks a condition in the environment; `expected` is the type its value must have ("string" for a
 * verdict or a flag, "bool" for a condition). Throws a ConditionError naming `where`.
 */
export function compileCondition(
  environment: Environment,
  expression: string,
  where: string,
  expected: "bool" | "string",
): CompiledCondition {
  let parsed;
  try {
    parsed = environment.parse(expression);
  } catch (error) {
    throw new ConditionError(where, expression, (error as Error).message);
  }
  const checked = parsed.check();
  if (!checked.valid) throw new ConditionError(where, expression, checked.error?.message ?? "does not type-check");
  if (checked.type !== expected && checked.type !== "dyn")
    throw new ConditionError(where, expression, `gives a ${checked.type}, expected a ${expected}`);
  return {expression, names: namesOfAst(parsed.ast), evaluate: (context) => parsed(context) as unknown};
}

/**
 * Calls a compiled condition with a context (a Map whose get() looks each name up when the condition reads it), or
 * throws naming where the condition is and why it failed (a count compared with a word, say).
 */
export function evaluateCondition(condition: CompiledCondition, context: Map<string, unknown>, where: string): unknown {
  try {
    return condition.evaluate(context as unknown as Record<string, unknown>);
  } catch (error) {
    const reason = (error as Error).message.split("\n")[0];
    throw new Error(`${where}: ${reason} in ${JSON.stringify(condition.expression)}`, {cause: error});
  }
}
