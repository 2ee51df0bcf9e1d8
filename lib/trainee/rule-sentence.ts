// The sentence of a rule that applies to one checklist line. A rule's text often holds several cases ("No more
// than" sets a ceiling; "At least" sets a floor; a bare number means exactly; a ceiling still needs one), and the
// feedback on one line should quote the one that decides it. The engine says which clause of the rule applied; the
// version's logic (guideline/vN/logic.yaml) gives each clause's sentence, quoted from the rule's text, or, for a rule
// whose sentence follows a fact rather than the clause ("not rated": the accuracy sentence or the one on the other
// dimensions), a sentence for each of the fact's values. A version whose text lacks the sentence (an earlier or later
// wording) gets the rule's whole text instead, never a sentence it does not have.
import type {GuidelineRule} from "../authored/schemas/guideline.js";
import type {LogicRule} from "../authored/schemas/logic.js";

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Where `sentence` stands in a rule's `text`, its words in order with the spaces between them as they fall (a YAML
 * text folds its lines where the sentence in logic.yaml does not): the start and end in `text`, or null.
 */
export function quotedSpan(sentence: string, text: string): {start: number; end: number} | null {
  const words = sentence.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  const found = new RegExp(words.map(escaped).join("\\s+")).exec(text);
  return found ? {start: found.index, end: found.index + found[0].length} : null;
}

/**
 * Whether `sentence` is quoted from a rule's `text` (quotedSpan). The one test guideline:check, the version writer, the
 * trainee's feedback and the case editor apply, so a sentence the check accepts is the one the pages quote.
 */
export const isQuotedFrom = (sentence: string, text: string): boolean => quotedSpan(sentence, text) !== null;

/**
 * The sentence of `rule` that decides a line whose rule applied `clause` (null: the rule as a whole), given the
 * rule's logic and the line's facts (for a rule whose sentence follows a fact). The rule's whole text when the logic
 * gives no sentence, or the text does not hold it.
 */
export function ruleSentence(
  rule: Pick<GuidelineRule, "id" | "text">,
  logic: Pick<LogicRule, "sentences" | "clauses"> | undefined,
  clause: string | null,
  facts: Readonly<Record<string, unknown>> = {},
): string {
  const byFact = logic?.sentences;
  const value = byFact ? facts[byFact.fact] : undefined;
  const sentence = byFact
    ? value === undefined || value === ""
      ? undefined
      : byFact.values[String(value)]
    : clause === null
      ? undefined
      : logic?.clauses.find((entry) => entry.id === clause)?.sentence;
  return sentence && isQuotedFrom(sentence, rule.text) ? sentence : rule.text;
}

/** A rule's logic in a version's, by id (undefined when the version has no logic for it). */
export const logicRule = (logic: {rules: readonly LogicRule[]}, id: string): LogicRule | undefined =>
  logic.rules.find((rule) => rule.id === id);
