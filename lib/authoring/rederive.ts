// Deriving many items under one rule set, then under a candidate, without deriving again what cannot move: each
// item's derivation records the parameters and rule ids it read, and a candidate re-derives only the items that
// read something it changes. This is what keeps the authors' preview (lib/authoring/preview.ts) and the dependence
// report cheap over 10,000 items. Browser-safe.
import {derive, type Derivation, type RuleSet} from "../engine/derive.js";
import type {Item} from "../authored/schemas/item.js";

/** The parameters and rule ids one derivation looked at ("all" when it looked at every one, e.g. by spreading). */
export interface Reads {
  parameters: ReadonlySet<string> | "all";
  rules: ReadonlySet<string> | "all";
}

/** Items derived under a rule set, with what each derivation read. */
export interface RecordedBase {
  ruleSet: RuleSet;
  items: readonly Item[];
  derivations: Derivation[];
  /** Per item, what its derivation read: a candidate that agrees on all of it derives the same (see Reads). */
  reads: Reads[];
}

/**
 * Derives each item under the rule set while recording which parameters and rule ids the engine reads for it.
 * derive is pure: with the same item and the same values at every key it read, it takes the same path and returns
 * the same derivation. So a candidate that differs from the base only where an item did not look cannot move that
 * item, and its base derivation can stand: that is what makes a recompute over 10,000 items cheap.
 */
export function deriveRecordingReads(
  items: readonly Item[],
  ruleSet: RuleSet,
): {derivations: Derivation[]; reads: Reads[]} {
  let parameters: Set<string> | "all" = new Set();
  let rules: Set<string> | "all" = new Set();
  const note = (key: string | symbol): void => {
    if (typeof key === "string" && parameters !== "all") parameters.add(key);
  };
  const watchedParameters = new Proxy(ruleSet.parameters, {
    get: (target, key) => (note(key), Reflect.get(target, key)),
    has: (target, key) => (note(key), Reflect.has(target, key)),
    getOwnPropertyDescriptor: (target, key) => (note(key), Reflect.getOwnPropertyDescriptor(target, key)),
    ownKeys: (target) => ((parameters = "all"), Reflect.ownKeys(target)),
  });
  const watchedRuleIds = new Proxy(ruleSet.ruleIds, {
    get: (target, key) => {
      if (key === "has")
        return (id: string) => {
          if (rules !== "all") rules.add(id);
          return target.has(id);
        };
      // Anything but has() (size, iteration) looks at every rule.
      rules = "all";
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const watched: RuleSet = {...ruleSet, parameters: watchedParameters, ruleIds: watchedRuleIds};
  const derivations: Derivation[] = [];
  const reads: Reads[] = [];
  for (const item of items) {
    parameters = new Set();
    rules = new Set();
    derivations.push(derive(item, watched));
    reads.push({parameters, rules});
  }
  return {derivations, reads};
}

/**
 * The rules whose logic differs between the two rule sets (a clause changed as data: withClauseVerdict keeps every
 * other rule's object), or "all" when the rubric or the parameters' declarations differ.
 */
function changedLogic(base: RuleSet, candidate: RuleSet): string[] | "all" {
  const before = base.logic.data;
  const after = candidate.logic.data;
  if (before === after) return [];
  if (before.rubric !== after.rubric || before.parameters !== after.parameters) return "all";
  const ids = new Set([...base.logic.rules.keys(), ...candidate.logic.rules.keys()]);
  return [...ids].filter((id) => base.logic.rules.get(id)?.data !== candidate.logic.rules.get(id)?.data);
}

/**
 * What the candidate changes: the parameters whose values differ, the rule ids in one version and not the other,
 * and the rules whose logic differs ("all" when the rubric does).
 */
function changesFrom(base: RuleSet, candidate: RuleSet): {parameters: string[]; rules: string[]; all: boolean} {
  const logic = changedLogic(base, candidate);
  const keys = new Set([...Object.keys(base.parameters), ...Object.keys(candidate.parameters)]);
  const values = (ruleSet: RuleSet, key: string): unknown => (ruleSet.parameters as Record<string, unknown>)[key];
  return {
    all: logic === "all",
    parameters: [...keys].filter((key) => !Object.is(values(base, key), values(candidate, key))),
    rules: [
      ...(logic === "all" ? [] : logic),
      ...[...base.ruleIds].filter((id) => !candidate.ruleIds.has(id)),
      ...[...candidate.ruleIds].filter((id) => !base.ruleIds.has(id)),
      // A rule applied in both, but written in one and not the other: the lines it decides change citability.
      ...[...base.ruleIds].filter(
        (id) => candidate.ruleIds.has(id) && unwritten(base).has(id) !== unwritten(candidate).has(id),
      ),
    ],
  };
}

const noRules: ReadonlySet<string> = new Set();
const unwritten = (ruleSet: RuleSet): ReadonlySet<string> => ruleSet.unwrittenRuleIds ?? noRules;

const touches = (read: ReadonlySet<string> | "all", changed: readonly string[]): boolean =>
  changed.length > 0 && (read === "all" || changed.some((key) => read.has(key)));

/** Each item's derivation under the candidate: its base derivation where the change cannot reach it. */
export function deriveCandidate(prepared: RecordedBase, candidate: RuleSet): Derivation[] {
  const changed = changesFrom(prepared.ruleSet, candidate);
  return prepared.items.map((item, index) => {
    const read = prepared.reads[index]!;
    return changed.all || touches(read.parameters, changed.parameters) || touches(read.rules, changed.rules)
      ? derive(item, candidate)
      : prepared.derivations[index]!;
  });
}
