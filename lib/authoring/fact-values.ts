// The values the completeness check and the counterexample search try for each name a condition reads: a yes/no both
// ways; a choice each of its values; a count over a small range from its least value (0..4 unless its bounds say
// otherwise), around each number the rule's conditions compare it with, and its listed words; a parameter each of its
// values (a count from min to max; a number at min, its value, half way and max). A text fact is never read, so never
// tried. And every combination of them, in order (the first name changes slowest), as CEL values. Browser-safe, pure.
import type {ASTNode} from "@marcbachmann/cel-js";
import type {GuidelineLogic, LogicFact, LogicParameter, LogicRule} from "../authored/schemas/logic.js";
import {compiler, ruleScope} from "./logic-scope.js";
import {ruleConditions} from "../engine/rule-conditions.js";

/** A value as an item or the version holds it (a count is a number), and as CEL reads it (a count is a bigint). */
export interface TriedValue {
  value: boolean | number | string;
  cel: boolean | number | bigint | string;
}

/** A name and every value to try for it. */
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

/** How far past its least value a count is tried, and around a number it is compared with. */
const countSpan = 4;

/** Every whole number written in a condition: a count is tried on either side of each. */
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

/**
 * The domains of the names a rule's conditions read, facts first in their declared order, then parameters: only
 * those, so a rule that reads one yes/no is tried twice, not once per value of every fact and parameter.
 */
export function ruleDomains(logic: GuidelineLogic, rule: LogicRule, read: ReadonlySet<string>): Domain[] {
  const compile = compiler(ruleScope(logic, rule));
  const compared = ruleConditions(rule).flatMap((condition) => numbersIn(compile(condition).ast));
  const facts = rule.facts.filter((fact) => read.has(fact.name)).map((fact) => factDomain(fact, compared));
  const parameters = logic.parameters.filter((parameter) => read.has(parameter.name)).map(parameterDomain);
  return [...facts.filter((domain): domain is Domain => domain !== null), ...parameters];
}

/** How many combinations the domains make. */
export const combinationCount = (domains: readonly Domain[]): number =>
  domains.reduce((product, domain) => product * domain.values.length, 1);

/**
 * Every combination of the domains' values, as the index of each name's value (the last name changes fastest). The
 * array yielded is reused: copy it to keep it.
 */
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

/** A combination in words for a problem: "bound=floor, limit=0, delivered=more-than-limit". */
export const combinationWords = (domains: readonly Domain[], at: readonly number[]): string =>
  domains.map((domain, index) => `${domain.name}=${String(domain.values[at[index]!]!.value)}`).join(", ");
