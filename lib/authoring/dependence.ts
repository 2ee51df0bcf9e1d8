// For each parameter, rule and rubric row threshold of a version, the items whose score depends on it. One that moves
// no item is untested: an author can change it and no example will say whether the change is right.
import type {RuleSet} from "../engine/derive.js";
import {compileLogic} from "../engine/logic.js";
import {
  declaredValue,
  rangeSamples,
  type ParameterDomain,
  type ParameterName,
  type ParameterValue,
} from "../engine/parameters.js";
import {movedIds, type PreparedBase} from "./preview.js";
import {applyRuleChanges, rowsWithThreshold} from "./rule-changes.js";

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

export interface ThresholdDependence {
  /** The rubric row that declares it, and its title. */
  row: string;
  title: string;
  current: number;
  values: {value: number; moved: string[]}[];
  moved: string[];
}

export interface Dependence {
  version: string;
  parameters: ParameterDependence[];
  rules: RuleDependence[];
  thresholds: ThresholdDependence[];
  /** Thresholds by their rows' ids. */
  untested: {parameters: ParameterName[]; rules: string[]; thresholds: string[]};
}

const movesNone = (entry: {moved: readonly string[]}): boolean => entry.moved.length === 0;

/** The rubric thresholds no worked case tests (`untested.thresholds`, whole: their titles and the values tried). */
export const untestedThresholds = (found: Pick<Dependence, "thresholds">): ThresholdDependence[] =>
  found.thresholds.filter(movesNone);

function inItemOrder(prepared: PreparedBase, moved: ReadonlySet<string>): string[] {
  return prepared.items.filter((item) => moved.has(item.id)).map((item) => item.id);
}

/** Every value of every parameter's domain and of every row threshold's samples, one at a time, and each base rule
 *  removed in turn. */
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
  const thresholds = rowsWithThreshold(base.logic.data).map(({id: row, threshold}): ThresholdDependence => {
    const {type, min, max, value: current, title} = threshold!;
    const values = rangeSamples(type, min, max, current)
      .filter((value) => value !== current)
      .map((value) => {
        const logic = compileLogic(applyRuleChanges(base.logic.data, [{kind: "threshold", row, value}]));
        return {value, moved: movedIds(prepared, {...base, logic})};
      });
    const moved = inItemOrder(prepared, new Set(values.flatMap((entry) => entry.moved)));
    return {row, title, current, values, moved};
  });
  const untested = <T>(entries: readonly (T & {moved: string[]})[], key: (entry: T) => string) =>
    entries.filter(movesNone).map(key);
  return {
    version: base.version,
    parameters,
    rules,
    thresholds,
    untested: {
      parameters: untested(parameters, (entry) => entry.name),
      rules: untested(rules, (entry) => entry.rule),
      thresholds: untested(thresholds, (entry) => entry.row),
    },
  };
}
