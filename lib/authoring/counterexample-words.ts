// A counterexample in words for /authors, facts in the case editor's words.
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Score} from "../authored/schemas/verdict.js";
import {scoreText} from "../trainee/words.js";
import type {Counterexample, FactValue} from "./counterexample.js";
import {factValueLabels, yesNoLabels} from "./case-words.js";
import {ruleNamesInList} from "../engine/labels.js";
import {reruledWords} from "./preview.js";

export interface CounterexampleLineWords {
  role: string;
  /** In the base version; its id after on the page. */
  title: string;
  rule: string;
  facts: {title: string; value: string}[];
}

export interface CounterexampleWords {
  lines: CounterexampleLineWords[];
  /** "2", or "3 or 2". */
  before: string;
  after: string;
}

const valueWords = (value: FactValue): string =>
  typeof value === "boolean"
    ? value
      ? yesNoLabels.yes
      : yesNoLabels.no
    : typeof value === "number"
      ? String(value)
      : (factValueLabels[value] ?? value);

const scoresWords = (scores: readonly Score[]): string =>
  scores.length ? scores.map(scoreText).join(" or ") : "no score";

/**
 * The counterexample's first sentence. A change that moves no score may still rule a worked case's line otherwise
 * (`reruled`): those cases test it, so the page never says none does.
 */
export function counterexampleLead(
  words: Pick<CounterexampleWords, "before" | "after">,
  base: string,
  reruled: number,
) {
  const worked = reruled
    ? `No worked case's score moves, though ${reruledWords(reruled)} (above).`
    : "No worked case moves: none of them tests this change.";
  const move = `from ${words.before} under ${base} to ${words.after} under the candidate`;
  return `${worked} A case with these facts would move ${move}:`;
}

export function counterexampleWords(found: Counterexample, guideline: Guideline): CounterexampleWords {
  const titles = ruleNamesInList(guideline);
  return {
    lines: found.lines.map((line) => {
      const rule = guideline.logic.rules.find((entry) => entry.id === line.rule);
      return {
        role: line.role === "main" ? "The main task" : "Another instruction",
        title: titles.get(line.rule) ?? line.rule,
        rule: line.rule,
        facts: line.read.map((name) => ({
          title: rule?.facts.find((fact) => fact.name === name)?.title ?? name,
          value: valueWords(line.facts[name]!),
        })),
      };
    }),
    before: scoresWords(found.before.candidates),
    after: scoresWords(found.after.candidates),
  };
}
