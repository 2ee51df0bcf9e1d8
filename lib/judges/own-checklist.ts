// A judge run held to its own checklist: where its score is not one its checklist implies, and of those the score
// slips (its checklist implies the ruled score). Flags are counted only where its prompt asked for them
// (checklist-v2) and a ruling has flags.
import type {Guideline} from "../authored/schemas/guideline.js";
import {scoringOf, type Scoring} from "../engine/derive.js";
import type {Item} from "../authored/schemas/item.js";
import type {Score} from "../authored/schemas/verdict.js";
import {labelList} from "../site/links.js";
import {plural} from "../text/format.js";
import {impliedScore} from "../trainee/implied.js";
import {scoreText} from "../trainee/words.js";
import type {JudgeAnswer, JudgeFlag} from "./answer.js";
import {judgeChecklist} from "./as-checklist.js";

export const flagWords: Record<JudgeFlag, string> = {
  "accuracy": "accuracy",
  "quality": "quality",
  "prompt": "prompt",
  "safety-review": "safety review",
};

export function caseFlagsText({ruled, missed, raised}: CaseFlags): string {
  const list = (flags: readonly JudgeFlag[]) => flags.map((flag) => flagWords[flag]).join(" and ");
  const others = raised.filter((flag) => !ruled.includes(flag));
  return (
    `The ruling flags ${list(ruled)}; ` +
    (missed.length === 0
      ? `it raised ${ruled.length === 1 ? "it" : "them"}.`
      : missed.length === ruled.length
        ? "it raised none of them."
        : `it did not raise ${list(missed)}.`) +
    (others.length ? ` It also raised ${list(others)}.` : "")
  );
}

/** A case scored against its own checklist: the scores its checklist implies and the one it gave. */
export interface AgainstChecklist {
  case: string;
  implied: Score[];
  scored: Score;
  /** The ruled score. */
  ruled: Score;
  /** Its checklist implies the ruled score (one score, the ruled one): the checklist right, the score off. */
  slip: boolean;
}

/** The flags of one case whose ruling has flags, for a run whose prompt asked for them. */
export interface CaseFlags {
  case: string;
  ruled: JudgeFlag[];
  raised: JudgeFlag[];
  /** Ruled flags it raised, and those it did not. */
  matched: JudgeFlag[];
  missed: JudgeFlag[];
}

export interface OwnChecklist {
  againstChecklist: AgainstChecklist[];
  /** The score slips: the entries of againstChecklist whose checklist was right. */
  slips: AgainstChecklist[];
  /** Null when its prompt did not ask for flags. */
  flags: {cases: CaseFlags[]; ruled: number; raised: number} | null;
}

/**
 * The ruled flags of one answer, where its prompt asked for flags (`asked`, ./prompt.ts asksForFlags) and the ruling
 * has some; else null. An answer without the field raised none; one whose prompt did not ask is not held to flags,
 * whatever it added.
 */
export function caseFlags(item: Pick<Item, "id" | "flags">, answer: JudgeAnswer, asked: boolean): CaseFlags | null {
  if (!asked || item.flags.length === 0) return null;
  // A judge's answer names only the flags its prompt lists (./answer.ts): a ruled flag of another guideline is never
  // raised, so it counts as missed.
  const ruled = [...new Set(item.flags.map((entry) => entry.flag as JudgeFlag))];
  const raised = answer.flags ?? [];
  return {
    case: item.id,
    ruled,
    raised,
    matched: ruled.filter((flag) => raised.includes(flag)),
    missed: ruled.filter((flag) => !raised.includes(flag)),
  };
}

/** One case: whether its score is one its own checklist implies, and with which scores. */
export function againstOwnChecklist(
  item: Pick<Item, "id" | "request" | "turns" | "score">,
  answer: JudgeAnswer,
  scoring: Scoring,
): AgainstChecklist | null {
  const implied = impliedScore(judgeChecklist(item, answer), scoring);
  const scored = answer.score as Score;
  if (!implied.ok || implied.scores.includes(scored)) return null;
  return {
    case: item.id,
    implied: implied.scores,
    scored,
    ruled: item.score,
    slip: implied.score === item.score && scored !== item.score,
  };
}

/**
 * Every answered case of a run held to its own checklist, and its flags where the rulings have them and its prompt
 * asked for them (`flagsAsked`).
 */
export function ownChecklist(
  answers: readonly {case: string; answer: JudgeAnswer | null}[],
  items: readonly Item[],
  guideline: Pick<Guideline, "logic">,
  flagsAsked: boolean,
): OwnChecklist {
  const byId = new Map(items.map((item) => [item.id, item]));
  const scoring = scoringOf(guideline);
  const againstChecklist: AgainstChecklist[] = [];
  const cases: CaseFlags[] = [];
  for (const record of answers) {
    const item = byId.get(record.case);
    if (!item || !record.answer) continue;
    const against = againstOwnChecklist(item, record.answer, scoring);
    if (against) againstChecklist.push(against);
    const flags = caseFlags(item, record.answer, flagsAsked);
    if (flags) cases.push(flags);
  }
  return {
    againstChecklist,
    slips: againstChecklist.filter((entry) => entry.slip),
    flags: flagsAsked
      ? {
          cases,
          ruled: cases.reduce((sum, entry) => sum + entry.ruled.length, 0),
          raised: cases.reduce((sum, entry) => sum + entry.matched.length, 0),
        }
      : null,
  };
}

/**
 * The run's own-checklist counts in words, one sentence each, as /judges and `judge:score` both say them: the cases
 * scored against its own checklist, the score slips, and the flags (or that its prompt did not ask for them). `name`
 * gives a case's name: its label on the page, its id in the terminal.
 */
export function ownChecklistWords(own: OwnChecklist, prompt: string, name: (id: string) => string): string[] {
  const {againstChecklist, slips, flags} = own;
  const list = (ids: readonly string[]) => (ids.length ? ` (${labelList(ids.map(name))}).` : ".");
  const against = againstChecklist.map(
    (entry) =>
      `${name(entry.case)}: its checklist implies ${entry.implied.map(scoreText).join(" or ")}, ` +
      `it scored ${scoreText(entry.scored)}`,
  );
  return [
    `Scored against its own checklist: ${plural(againstChecklist.length, "case")}` +
      (against.length ? ` (${against.join("; ")}).` : "."),
    `Score slips, its checklist right and its score off: ${plural(slips.length, "case")}` +
      list(slips.map((entry) => entry.case)),
    !flags
      ? `Flags: not asked for by its prompt, ${prompt}.`
      : // "0 of the 0 flags" counts nothing: the rulings of the cases it answered raise none.
        flags.ruled === 0
        ? "Flags: the rulings raise none in the cases it answered."
        : `Flags, where the ruling has them: it raised ${flags.raised} of the ${plural(flags.ruled, "flag")} ` +
          `the rulings raise in the cases it answered` +
          list(flags.cases.map((entry) => entry.case)),
  ];
}
