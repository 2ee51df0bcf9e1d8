// For each parameter and rule of a version, the items whose score depends on it. One that moves no item is untested:
// an author can change it and no example will say whether the change is right.
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
  current: ParameterValue;
  values: {value: ParameterValue; moved: string[]}[];
  moved: string[];
}

export interface RuleDependence {
  rule: string;
  /** Its lines become undecided when it is removed (lib/engine/derive.ts). */
  moved: string[];
}

export interface Dependence {
  version: string;
  parameters: ParameterDependence[];
  rules: RuleDependence[];
  untested: {parameters: ParameterName[]; rules: string[]};
}

function inItemOrder(prepared: PreparedBase, moved: ReadonlySet<string>): string[] {
  return prepared.items.filter((item) => moved.has(item.id)).map((item) => item.id);
}

/** Every value of every parameter's domain, one at a time, and each base rule removed in turn. */
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
