// The probe page's "Try a reply": what the reader typed, the text as last scored (scoring waits for typing to pause,
// src/components/reply-checker.ts), and their own verdict on each step, compared with the regex's.
import {formatTotal, scoreBoth, type ScoreReport} from "./score.js";
import type {ProbeRule} from "./schema.node.js";
import type {ReaderVerdict} from "./view.js";

export interface ReplyCheck {
  text: string;
  scored: {text: string; report: ScoreReport};
  /** By rule id; "" for no verdict. */
  verdicts: Readonly<Record<string, ReaderVerdict | "">>;
}

export type ReplyAction =
  {kind: "type"; text: string} | {kind: "score"} | {kind: "verdict"; rule: string; verdict: ReaderVerdict | ""};

export const replyStart = (rules: readonly ProbeRule[]): ReplyCheck => ({
  text: "",
  scored: {text: "", report: scoreBoth(rules, "")},
  verdicts: {},
});

/** Whether the text in view is not yet scored. */
export const scoring = (check: ReplyCheck): boolean => check.scored.text !== check.text;

/** The next state for `rules`: a verdict given scores what is typed at once, as the reader looks at the row. */
export const replyStep =
  (rules: readonly ProbeRule[]) =>
  (check: ReplyCheck, action: ReplyAction): ReplyCheck => {
    const scored = (): ReplyCheck["scored"] =>
      scoring(check) ? {text: check.text, report: scoreBoth(rules, check.text)} : check.scored;
    if (action.kind === "type") return action.text === check.text ? check : {...check, text: action.text};
    if (action.kind === "score") return scoring(check) ? {...check, scored: scored()} : check;
    if ((check.verdicts[action.rule] ?? "") === action.verdict && !scoring(check)) return check;
    return {...check, scored: scored(), verdicts: {...check.verdicts, [action.rule]: action.verdict}};
  };

/** The total in words, strict first, loose beside it; a prompt to paste when nothing is typed. */
export function replyTotal({text, report: {strict, loose}}: ReplyCheck["scored"]): string {
  if (text === "") return "Paste or type a reply to score it.";
  return (
    `Strict score: ${formatTotal(strict.total)} (${strict.passed} of ${strict.of} steps). ` +
    `Loose, for comparison: ${formatTotal(loose.total)} (${loose.passed} of ${loose.of}).`
  );
}
