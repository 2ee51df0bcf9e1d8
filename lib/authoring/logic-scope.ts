// What a condition may read: a clause, its rule's facts and the parameters; the rubric, the checklist's summary and the
// parameters; an `open` entry, the parameters alone. A name that holds one of a few words carries them, so a
// comparison with another word is caught.
import type {Environment, ASTNode} from "@marcbachmann/cel-js";
import {environmentOf as celEnvironment, namesOfAst, type CelType} from "../engine/cel.js";
import {summaryTypes} from "../engine/logic.js";
import type {GuidelineLogic, LogicFact, LogicParameter, LogicRule} from "../authored/schemas/logic.js";
import {verdictLabels} from "../engine/labels.js";

export type NameKind = "fact" | "parameter" | "summary";

export interface ScopeName {
  name: string;
  kind: NameKind;
  /** dyn for a count that may also be one of a few words. */
  type: CelType;
  words?: readonly string[];
  /** Conditions may not read it (free text). */
  text?: boolean;
  /** "a count", "a yes/no", "a choice of ceiling, floor, exact". */
  described: string;
}

export type Scope = ReadonlyMap<string, ScopeName>;

/** Through labels.ts: no zod in a page. */
export const verdictWords: readonly string[] = Object.keys(verdictLabels);

const typeWords = {bool: "a yes/no", int: "a count", double: "a number", string: "a word", dyn: "a value"} as const;

/** The engine's vocabulary (summaryTypes); `main` holds a verdict. */
export const summaryNames: readonly ScopeName[] = [...summaryTypes].map(([name, type]) => ({
  name,
  kind: "summary",
  type,
  ...(name === "main" ? {words: verdictWords, described: "the main task's verdict"} : {described: typeWords[type]}),
}));

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

/** The numbers rubric rows declare (`threshold`), which their conditions read as they read a parameter. */
export const rowThresholds = (logic: GuidelineLogic): LogicParameter[] =>
  logic.rubric.rows.flatMap(({threshold}) => (threshold ? [threshold as LogicParameter] : []));

export const rubricScope = (logic: GuidelineLogic): Scope =>
  kept(logic.rubric, () =>
    scopeOf([...[...logic.parameters, ...rowThresholds(logic)].map(parameterName), ...summaryNames]),
  );

const environments = new WeakMap<Scope, Environment>();

/** The CEL environment of a scope: every name registered with its type (lib/engine/cel.ts). Kept per scope. */
export function environmentOf(scope: Scope): Environment {
  let environment = environments.get(scope);
  if (!environment)
    environments.set(scope, (environment = celEnvironment(new Map([...scope].map(([name, {type}]) => [name, type])))));
  return environment;
}

/** The names a parsed condition reads (lib/engine/cel.ts): every variable, less those a macro binds. */
export const namesRead = (ast: ASTNode): Set<string> => new Set(namesOfAst(ast));

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
