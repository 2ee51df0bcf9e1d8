// What a condition of a guideline's logic may read (lib/authored/schemas/logic.ts): for a rule's clauses, the rule's
// facts and the version's parameters; for the rubric's rows and cap, the checklist's summary and the parameters; for a
// clause's `open` entries, the parameters alone. Each name with its CEL type and, for a name that holds one of a few
// words, those words, so a condition comparing it with another word is caught; and the CEL environment that
// type-checks a condition against them. The names a condition reads come from its syntax tree (namesRead). Used by
// guideline:check (logic-check.ts), the completeness check and the counterexample search. Browser-safe.
import {Environment, type ASTNode} from "@marcbachmann/cel-js";
import type {GuidelineLogic, LogicFact, LogicParameter, LogicRule} from "../authored/schemas/logic.js";
import {Verdict} from "../authored/schemas/verdict.js";

/** How a name is declared: a rule's fact, a parameter of the version, or a variable of the checklist's summary. */
export type NameKind = "fact" | "parameter" | "summary";

export interface ScopeName {
  name: string;
  kind: NameKind;
  /** Its CEL type: bool, string, int, double, or dyn for a count that may also be one of a few words. */
  type: "bool" | "string" | "int" | "double" | "dyn";
  /** The words it may hold (a choice's values, a count's words), so a comparison with another word is caught. */
  words?: readonly string[];
  /** A text fact: conditions may not read it (its value is free text). */
  text?: boolean;
  /** How an author reads its kind: "a count", "a yes/no", "a choice of ceiling, floor, exact". */
  described: string;
}

export type Scope = ReadonlyMap<string, ScopeName>;

export const verdictWords: readonly string[] = Verdict.options;

/**
 * The checklist's summary the rubric reads (the engine's vocabulary, the same for any checklist guideline): the main
 * task's verdict and what the other instructions come to.
 */
export const summaryNames: readonly ScopeName[] = [
  {name: "main", kind: "summary", type: "string", words: verdictWords, described: "the main task's verdict"},
  {name: "mainMissed", kind: "summary", type: "bool", described: "a yes/no"},
  {name: "engages", kind: "summary", type: "bool", described: "a yes/no"},
  {name: "declines", kind: "summary", type: "bool", described: "a yes/no"},
  {name: "of", kind: "summary", type: "int", described: "a count"},
  {name: "credit", kind: "summary", type: "double", described: "a number"},
  {name: "share", kind: "summary", type: "double", described: "a number"},
  {name: "flaws", kind: "summary", type: "int", described: "a count"},
  {name: "missed", kind: "summary", type: "int", described: "a count"},
  {name: "allMet", kind: "summary", type: "bool", described: "a yes/no"},
  {name: "anyNotApplicable", kind: "summary", type: "bool", described: "a yes/no"},
];

const choiceWords = (values: readonly string[]) => `a choice of ${values.join(", ")}`;

function factName(fact: LogicFact): ScopeName {
  switch (fact.type) {
    case "yes-no":
      return {name: fact.name, kind: "fact", type: "bool", described: "a yes/no"};
    case "choice":
      return {name: fact.name, kind: "fact", type: "string", words: fact.values, described: choiceWords(fact.values)};
    case "count":
      return fact.words
        ? {
            name: fact.name,
            kind: "fact",
            type: "dyn",
            words: fact.words,
            described: `a count or one of ${fact.words.join(", ")}`,
          }
        : {name: fact.name, kind: "fact", type: "int", described: "a count"};
    case "text":
      return {name: fact.name, kind: "fact", type: "string", text: true, described: "a text"};
  }
}

export function parameterName(parameter: LogicParameter): ScopeName {
  const {name} = parameter;
  switch (parameter.type) {
    case "yes-no":
      return {name, kind: "parameter", type: "bool", described: "a yes/no"};
    case "choice":
      return {
        name,
        kind: "parameter",
        type: "string",
        words: parameter.values,
        described: choiceWords(parameter.values),
      };
    case "count":
      return {name, kind: "parameter", type: "int", described: `a count from ${parameter.min} to ${parameter.max}`};
    case "number":
      return {name, kind: "parameter", type: "double", described: `a number from ${parameter.min} to ${parameter.max}`};
  }
}

const scopeOf = (names: readonly ScopeName[]): Scope => new Map(names.map((entry) => [entry.name, entry]));

export const parameterScope = (logic: GuidelineLogic): Scope =>
  kept(logic.parameters, () => scopeOf(logic.parameters.map(parameterName)));

// Kept per logic (and rule), so each scope's environment and parsed conditions are made once.
const scopes = new WeakMap<object, Scope>();
const kept = (key: object, make: () => Scope): Scope => {
  let scope = scopes.get(key);
  if (!scope) scopes.set(key, (scope = make()));
  return scope;
};

/** A rule's clauses read its facts and the parameters; a fact named like a parameter hides it (a check error). */
export const ruleScope = (logic: GuidelineLogic, rule: LogicRule): Scope =>
  kept(rule, () => scopeOf([...logic.parameters.map(parameterName), ...rule.facts.map(factName)]));

export const rubricScope = (logic: GuidelineLogic): Scope =>
  kept(logic.rubric, () => scopeOf([...logic.parameters.map(parameterName), ...summaryNames]));

const environments = new WeakMap<Scope, Environment>();

/** The CEL environment of a scope: every name registered with its type. Kept per scope. */
export function environmentOf(scope: Scope): Environment {
  let environment = environments.get(scope);
  if (!environment) {
    environment = new Environment();
    for (const {name, type} of scope.values()) environment.registerVariable(name, type);
    environments.set(scope, environment);
  }
  return environment;
}

/** A condition parsed: call it with the names' values; its syntax tree is `ast`. */
export type Compiled = ((context: Record<string, unknown>) => unknown) & {ast: ASTNode};

const compilers = new WeakMap<Scope, (condition: string) => Compiled>();
/** Parses a scope's conditions, each once: kept with the scope. Throws a ParseError on a condition that won't parse. */
export function compiler(scope: Scope): (condition: string) => Compiled {
  let compile = compilers.get(scope);
  if (compile) return compile;
  const environment = environmentOf(scope);
  const parsed = new Map<string, Compiled>();
  compile = (condition) => {
    let found = parsed.get(condition);
    if (!found) parsed.set(condition, (found = environment.parse(condition) as Compiled));
    return found;
  };
  compilers.set(scope, compile);
  return compile;
}

// The macros whose first argument binds a name of their own ([1, 2].all(x, x > limit) reads limit, not x).
const bindingMacros = new Set(["all", "exists", "exists_one", "map", "filter"]);

/**
 * The names a condition reads, from its syntax tree: every variable, less those a macro binds.
 * A stand-in for the core's namesRead (lib/engine/) until it is exported: the same job, one place to swap.
 */
export function namesRead(ast: ASTNode): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown, bound: ReadonlySet<string>): void => {
    if (Array.isArray(node)) return node.forEach((child) => walk(child, bound));
    if (typeof node !== "object" || node === null || !("op" in node)) return;
    const {op, args} = node as {op: string; args: unknown};
    if (op === "id") {
      if (typeof args === "string" && !bound.has(args)) names.add(args);
      return;
    }
    if (op === "rcall" && Array.isArray(args) && bindingMacros.has(args[0] as string)) {
      const [, receiver, macroArgs] = args as [string, unknown, unknown[]];
      walk(receiver, bound);
      const variable = macroArgs[0] as {op?: string; args?: unknown} | undefined;
      const inner = new Set(bound);
      if (variable?.op === "id" && typeof variable.args === "string") inner.add(variable.args);
      macroArgs.slice(1).forEach((child) => walk(child, inner));
      return;
    }
    walk(args, bound);
  };
  walk(ast, new Set());
  return names;
}
