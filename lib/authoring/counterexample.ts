// A change no worked case tests, made concrete: a small checklist whose score differs between base and candidate,
// found by enumerating the fact values the rules' conditions read (fact-values.ts), smallest first, as a policy
// analyser gives one. Lines that decide alike under both are tried once.
import type {ChecklistLine, Item} from "../authored/schemas/item.js";
import type {LogicFact, LogicRule} from "../authored/schemas/logic.js";
import type {Score} from "../authored/schemas/verdict.js";
import {derive, type Derivation, type RuleSet} from "../engine/derive.js";
import {isOpen, ruleReading, type RuleReading} from "../engine/rules.js";
import {combinations, ruleDomains} from "./fact-values.js";
import {ruleConditions} from "../engine/rule-conditions.js";
import {compiler, namesRead, ruleScope} from "./logic-scope.js";

export type FactValue = boolean | number | string;

export interface CounterexampleLine {
  role: "main" | "instruction";
  rule: string;
  facts: Record<string, FactValue>;
  /** In the rule's order: what the page shows. */
  read: string[];
}

export interface Counterexample {
  lines: CounterexampleLine[];
  /** Their scores differ. */
  before: Derivation;
  after: Derivation;
}

export interface CounterexampleOptions {
  /** As the worked cases cite them (rulesByRole). */
  mainRules: readonly string[];
  otherRules: readonly string[];
  /** Besides the main task: 3. */
  maxOthers?: number;
}

/** In first-cited order. */
export function rulesByRole(items: readonly Pick<Item, "checklist">[]): {mainRules: string[]; otherRules: string[]} {
  const mainRules = new Set<string>();
  const otherRules = new Set<string>();
  for (const item of items)
    for (const line of item.checklist) (line.role === "main" ? mainRules : otherRules).add(line.rule);
  return {mainRules: [...mainRules], otherRules: [...otherRules]};
}

/** Undefined leaves it out (an absent or text fact). */
function unreadValue(fact: LogicFact): FactValue | undefined {
  if (fact.default !== undefined) return fact.default;
  if (fact.absent !== undefined) return undefined;
  switch (fact.type) {
    case "yes-no":
      return false;
    case "choice":
      return fact.values[0];
    case "count":
      return fact.min ?? 0;
    case "text":
      return undefined;
  }
}

/** The read facts over their values, the rest at a fixed value. */
function variants(base: RuleSet, candidate: RuleSet, rule: LogicRule, role: CounterexampleLine["role"]) {
  const read = new Set<string>();
  for (const logic of [base.logic.data, candidate.logic.data]) {
    const own = logic.rules.find((entry) => entry.id === rule.id);
    if (!own) continue;
    const compile = compiler(ruleScope(logic, own));
    for (const condition of ruleConditions(own)) for (const name of namesRead(compile(condition).ast)) read.add(name);
  }
  const domains = ruleDomains(base.logic.data, rule, read).filter((domain) => domain.kind === "fact");
  const fixed: Record<string, FactValue> = {};
  for (const fact of rule.facts) {
    const value = read.has(fact.name) ? undefined : unreadValue(fact);
    if (value !== undefined) fixed[fact.name] = value;
  }
  const lines: CounterexampleLine[] = [];
  for (const at of combinations(domains)) {
    const facts = {...fixed};
    domains.forEach((domain, index) => (facts[domain.name] = domain.values[at[index]!]!.value));
    lines.push({role, rule: rule.id, facts, read: domains.map((domain) => domain.name)});
  }
  return lines;
}

/** What the rubric sees: verdicts, and for the main task what it says of engaging. */
function readingKey(reading: RuleReading, role: CounterexampleLine["role"]): string {
  const outcomes = isOpen(reading) ? reading : [reading];
  return outcomes
    .map((outcome) =>
      role === "main"
        ? `${outcome.verdict}:${outcome.engages ?? ""}:${outcome.declinesHarmless ?? ""}`
        : outcome.verdict,
    )
    .join("|");
}

/** One line per distinct way the base and the candidate decide it; those the candidate decides otherwise first. */
function distinctLines(base: RuleSet, candidate: RuleSet, rules: readonly string[], role: CounterexampleLine["role"]) {
  const kept = new Map<string, {line: CounterexampleLine; changed: boolean}>();
  for (const id of rules) {
    const rule = base.logic.data.rules.find((entry) => entry.id === id);
    if (!rule || !candidate.logic.rules.has(id)) continue;
    for (const line of variants(base, candidate, rule, role)) {
      let before: string, after: string;
      const asLine = line as unknown as Pick<ChecklistLine, "rule" | "facts">;
      try {
        before = readingKey(ruleReading(base.logic, asLine, base.parameters), role);
        after = readingKey(ruleReading(candidate.logic, asLine, candidate.parameters), role);
      } catch {
        continue; // facts no line of a case could hold (a condition fails on them): not a case to write
      }
      const key = `${before}>${after}`;
      if (!kept.has(key)) kept.set(key, {line, changed: before !== after});
    }
  }
  // The lines the change decides otherwise first; then, to fill a checklist, the plainest other lines (fewest facts
  // read); a main task in the order the worked cases cite its rules.
  const all = [...kept.values()];
  const unchanged = all.filter((entry) => !entry.changed);
  if (role === "instruction") unchanged.sort((a, b) => a.line.read.length - b.line.read.length);
  return [...all.filter((entry) => entry.changed), ...unchanged].map(({line}) => line);
}

/** Every multiset of `size` positions into `count` lines, in order (positions never decrease). */
function* multisets(count: number, size: number): Generator<number[]> {
  const at = new Array<number>(size).fill(0);
  if (size === 0) {
    yield [];
    return;
  }
  if (count === 0) return;
  for (;;) {
    yield at;
    let position = size - 1;
    while (position >= 0 && at[position] === count - 1) position--;
    if (position < 0) return;
    const next = at[position]! + 1;
    for (let fill = position; fill < size; fill++) at[fill] = next;
  }
}

const sameScores = (a: readonly Score[], b: readonly Score[]) =>
  a.length === b.length && a.every((score, index) => score === b[index]);

const asChecklist = (lines: readonly CounterexampleLine[]): ChecklistLine[] =>
  lines.map(({role, rule, facts}) => ({role, rule, facts, verdict: "met", text: ""}) as unknown as ChecklistLine);

/**
 * The smallest checklist whose score differs between base and candidate: the main task alone first, then with one
 * other line, and so on up to `maxOthers`. Null when none does: the change moves no checklist this small.
 */
export function findCounterexample(
  base: RuleSet,
  candidate: RuleSet,
  {mainRules, otherRules, maxOthers = 3}: CounterexampleOptions,
): Counterexample | null {
  const mains = distinctLines(base, candidate, mainRules, "main");
  const others = distinctLines(base, candidate, otherRules, "instruction");
  for (let size = 0; size <= maxOthers; size++)
    for (const main of mains)
      for (const picked of multisets(others.length, size)) {
        const lines = [main, ...picked.map((index) => others[index]!)];
        const item = {id: "counterexample", checklist: asChecklist(lines)};
        const before = derive(item, base);
        const after = derive(item, candidate);
        if (!sameScores(before.candidates, after.candidates)) return {lines, before, after};
      }
  return null;
}
