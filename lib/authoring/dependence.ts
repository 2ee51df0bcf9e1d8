// What the worked cases pin down: for each parameter and each rule of a guideline version, the items whose score
// depends on it. A parameter or rule that moves no item is one the worked cases do not test: an author can change
// it and no example will say whether the change is right. Browser-safe.
import type {RuleSet} from "../engine/derive.js";
import {
  declaredValue,
  type ParameterDomain,
  type ParameterName,
  type ParameterValue,
} from "../engine/parameter-values.js";
import {movedIds, type PreparedBase} from "./preview.js";

export interface ParameterDependence {
  name: ParameterName;
  /** The value under the base. */
  current: ParameterValue;
  /** Each other value of the domain, and the items whose outcome moves when the parameter takes it. */
  values: {value: ParameterValue; moved: string[]}[];
  /** Every item that moves at some value, in the items' order. */
  moved: string[];
}

export interface RuleDependence {
  rule: string;
  /** The items whose outcome moves when the rule is removed (its lines become undecided, see lib/engine/derive.ts). */
  moved: string[];
}

export interface Dependence {
  version: string;
  parameters: ParameterDependence[];
  rules: RuleDependence[];
  /** The parameters and rules that move no item: the worked cases do not test them. */
  untested: {parameters: ParameterName[]; rules: string[]};
}

/** The ids of `moved` in the order of the base's items. */
function inItemOrder(prepared: PreparedBase, moved: ReadonlySet<string>): string[] {
  return prepared.items.filter((item) => moved.has(item.id)).map((item) => item.id);
}

/**
 * Tries every value of every parameter's domain, one at a time, against the prepared base, and removes each of
 * the base's rules in turn; reports the items each one moves and those that move none.
 */
export function dependence(prepared: PreparedBase, domains: readonly ParameterDomain[]): Dependence {
  const base = prepared.ruleSet;
  const parameters = domains.map((domain): ParameterDependence => {
    const current = declaredValue(base.parameters, domain.name);
    const values = domain.values
      .filter((value) => value !== current)
      .map((value) => {
        const candidate: RuleSet = {...base, parameters: {...base.parameters, [domain.name]: value}};
        return {value, moved: movedIds(prepared, candidate)};
      });
    const moved = inItemOrder(prepared, new Set(values.flatMap((entry) => entry.moved)));
    return {name: domain.name, current, values, moved};
  });
  const rules = [...base.ruleIds].map((rule): RuleDependence => {
    const ruleIds = new Set([...base.ruleIds].filter((id) => id !== rule));
    return {rule, moved: movedIds(prepared, {...base, ruleIds})};
  });
  return {
    version: base.version,
    parameters,
    rules,
    untested: {
      parameters: parameters.filter((entry) => entry.moved.length === 0).map((entry) => entry.name),
      rules: rules.filter((entry) => entry.moved.length === 0).map((entry) => entry.rule),
    },
  };
}
