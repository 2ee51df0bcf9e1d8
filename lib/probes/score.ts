// Deterministic regex scoring of a reply against a probe version's rules, on re2js (pattern.ts), so no reply can make
// it backtrack; the page, the CLIs and the build share it.
import type {RE2JS} from "re2js";
import {compilePattern} from "./pattern.js";
import type {Outcome, ProbeRule} from "./schema.node.js";

/** UTF-16 offsets, end exclusive, as String.slice takes. */
export interface Span {
  start: number;
  end: number;
  text: string;
}

export interface RuleResult {
  id: string;
  step: number;
  mode: ProbeRule["mode"];
  outcome: Outcome;
  /** For a must-match rule a span means pass; for a must-not-match rule it is the offending text. */
  span: Span | null;
}

export interface ProbeScore {
  passed: number;
  of: number;
  total: number;
  rules: RuleResult[];
}

/** After IFEval's loose accuracy. */
export type LooseVariantName =
  | "as given"
  | "without first line"
  | "without last line"
  | "without first and last line"
  | "emphasis removed"
  | "without first line, emphasis removed"
  | "without last line, emphasis removed"
  | "without first and last line, emphasis removed";

export interface LooseRuleResult extends RuleResult {
  /** Spans refer to that variant's text. */
  variant: LooseVariantName | null;
}

export interface LooseScore extends ProbeScore {
  rules: LooseRuleResult[];
}

export interface ScoreReport {
  strict: ProbeScore;
  /** For comparison only. */
  loose: LooseScore;
}

/** Throws for a pattern the load step would refuse. */
export function compileRule(rule: Pick<ProbeRule, "pattern" | "flags">): RE2JS {
  return compilePattern(rule);
}

/** The leftmost match, as JavaScript's exec finds it; re2js offsets are UTF-16, like String.slice. */
function firstMatch(regex: RE2JS, text: string): Span | null {
  // test() runs on the DFA without captures, the fast path for the common case: no match.
  if (!regex.test(text)) return null;
  const matcher = regex.matcher(text);
  if (!matcher.find()) return null;
  return {start: matcher.start(), end: matcher.end(), text: matcher.group() ?? ""};
}

export function scoreRule(rule: ProbeRule, text: string, regex: RE2JS = compileRule(rule)): RuleResult {
  const span = firstMatch(regex, text);
  const outcome: Outcome = (rule.mode === "must-match") === (span !== null) ? "pass" : "fail";
  return {id: rule.id, step: rule.step, mode: rule.mode, outcome, span};
}

function summarise<R extends RuleResult>(rules: R[]): {passed: number; of: number; total: number; rules: R[]} {
  const passed = rules.filter((r) => r.outcome === "pass").length;
  const of = rules.length;
  return {passed, of, total: of === 0 ? 0 : passed / of, rules};
}

export function scoreReply(rules: readonly ProbeRule[], text: string): ProbeScore {
  return summarise(rules.map((rule) => scoreRule(rule, text)));
}

export function removeEmphasis(text: string): string {
  return text.replaceAll("*", "").replace(/(^|[^\w])(__?)([^_\n]+)\2(?![\w])/g, "$1$3");
}

/**
 * The text as given, then each variant that keeps some of it: one that drops the only line, or keeps only blank
 * lines, is left out, since an empty text passes every must-not-match rule.
 */
export function looseVariants(text: string): {name: LooseVariantName; text: string}[] {
  const lines = text.split("\n");
  const withoutFirst = lines.slice(1).join("\n");
  const withoutLast = lines.slice(0, -1).join("\n");
  const withoutBoth = lines.slice(1, -1).join("\n");
  const variants: {name: LooseVariantName; text: string}[] = [
    {name: "as given", text},
    {name: "without first line", text: withoutFirst},
    {name: "without last line", text: withoutLast},
    {name: "without first and last line", text: withoutBoth},
    {name: "emphasis removed", text: removeEmphasis(text)},
    {name: "without first line, emphasis removed", text: removeEmphasis(withoutFirst)},
    {name: "without last line, emphasis removed", text: removeEmphasis(withoutLast)},
    {name: "without first and last line, emphasis removed", text: removeEmphasis(withoutBoth)},
  ];
  return variants.filter((variant) => variant.name === "as given" || variant.text.trim() !== "");
}

/** Reported beside the strict score, never instead. */
export function scoreLoose(rules: readonly ProbeRule[], text: string): LooseScore {
  const variants = looseVariants(text);
  return summarise(
    rules.map((rule): LooseRuleResult => {
      const regex = compileRule(rule);
      let first: RuleResult | null = null;
      for (const variant of variants) {
        const result = scoreRule(rule, variant.text, regex);
        first ??= result;
        if (result.outcome === "pass") return {...result, variant: variant.name};
      }
      return {...(first ?? scoreRule(rule, text, regex)), variant: null};
    }),
  );
}

export function scoreBoth(rules: readonly ProbeRule[], text: string): ScoreReport {
  return {strict: scoreReply(rules, text), loose: scoreLoose(rules, text)};
}

export function formatTotal(total: number): string {
  return total.toFixed(2);
}

export function roundTotal(total: number): number {
  return Math.round(total * 100) / 100;
}
