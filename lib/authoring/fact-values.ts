// The values the completeness check and counterexample search try for each name a condition reads: a count over a
// small range (0..4 unless its bounds say otherwise) and around each number its rule compares it with; a number
// parameter at min, its value, half way and max. A text fact is never read, so never tried.
import type {ASTNode} from "@marcbachmann/cel-js";
import type {GuidelineLogic, LogicFact, LogicParameter, LogicRule} from "../authored/schemas/logic.js";
import {compiler, ruleScope} from "./logic-scope.js";
import {ruleConditions} from "../engine/rule-conditions.js";

/** A count is a number to an item and a bigint to CEL. */
export interface TriedValue {
  value: boolean | number | string;
  cel: boolean | number | bigint | string;
}

export interface Domain {
  name: string;
  kind: "fact" | "parameter";
  values: readonly TriedValue[];
}

const yesNo: readonly TriedValue[] = [
  {value: false, cel: false},
  {value: true, cel: true},
];
const words = (values: readonly string[]): TriedValue[] => values.map((value) => ({value, cel: value}));
const count = (value: number): TriedValue => ({value, cel: BigInt(value)});

const countSpan = 4;

/** A count is tried on either side of each. */
export function numbersIn(ast: ASTNode): number[] {
  const found: number[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== "object" || node === null || !("op" in node)) return;
    const {op, args} = node as {op: string; args: unknown};
    if (op === "value") {
      if (typeof args === "bigint") found.push(Number(args));
      return;
    }
    walk(args);
  };
  walk(ast);
  return found;
}

export function factDomain(fact: LogicFact, compared: readonly number[] = []): Domain | null {
  switch (fact.type) {
    case "yes-no":
      return {name: fact.name, kind: "fact", values: yesNo};
    case "choice":
      return {name: fact.name, kind: "fact", values: words(fact.values)};
    case "text":
      return null;
    case "count": {
      const least = fact.min ?? 0;
      const most = fact.max ?? Infinity;
      const tried = new Set<number>();
      for (let value = least; value <= Math.min(most, least + countSpan); value++) tried.add(value);
      for (const number of compared)
        for (const value of [number - 1, number, number + 1]) if (value >= least && value <= most) tried.add(value);
      const counts = [...tried].sort((a, b) => a - b).map(count);
      return {name: fact.name, kind: "fact", values: [...counts, ...words(fact.words ?? [])]};
    }
  }
}

export function parameterDomain(parameter: LogicParameter): Domain {
  const {name} = parameter;
  switch (parameter.type) {
    case "yes-no":
      return {name, kind: "parameter", values: yesNo};
    case "choice":
      return {name, kind: "parameter", values: words(parameter.values)};
    case "count": {
      const values: TriedValue[] = [];
      for (let value = parameter.min; value <= parameter.max; value++) values.push(count(value));
      return {name, kind: "parameter", values};
    }
    case "number": {
      const {min, max, value} = parameter;
      const values = [...new Set([min, value, (min + max) / 2, max])].sort((a, b) => a - b);
      return {name, kind: "parameter", values: values.map((each) => ({value: each, cel: each}))};
    }
  }
}

/** Only the names read, so a rule that reads one yes/no is tried twice, not once per value of every fact. */
export function ruleDomains(logic: GuidelineLogic, rule: LogicRule, read: ReadonlySet<string>): Domain[] {
  const compile = compiler(ruleScope(logic, rule));
  const compared = ruleConditions(rule).flatMap((condition) => numbersIn(compile(condition).ast));
  const facts = rule.facts.filter((fact) => read.has(fact.name)).map((fact) => factDomain(fact, compared));
  const parameters = logic.parameters.filter((parameter) => read.has(parameter.name)).map(parameterDomain);
  return [...facts.filter((domain): domain is Domain => domain !== null), ...parameters];
}

export const combinationCount = (domains: readonly Domain[]): number =>
  domains.reduce((product, domain) => product * domain.values.length, 1);

/** The last name changes fastest. The array yielded is reused: copy it to keep it. */
export function* combinations(domains: readonly Domain[]): Generator<readonly number[]> {
  const at = domains.map(() => 0);
  if (domains.some((domain) => domain.values.length === 0)) return;
  for (;;) {
    yield at;
    let position = domains.length - 1;
    while (position >= 0 && ++at[position]! === domains[position]!.values.length) at[position--] = 0;
    if (position < 0) return;
  }
}

/** "bound=floor, limit=0, delivered=more-than-limit". */
export const combinationWords = (domains: readonly Domain[], at: readonly number[]): string =>
  domains.map((domain, index) => `${domain.name}=${String(domain.values[at[index]!]!.value)}`).join(", ");
