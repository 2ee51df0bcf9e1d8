// The probe page's "Try a reply": what the reader typed, the text as last scored (scoring waits for typing to pause,
// src/components/reply-checker.ts), and their own verdict on each step, compared with the regex's.
import {formatBytes, utf8Length} from "../text/format.js";
import {scoreInputByteCap} from "./limits.js";
import {formatTotal, scoreBoth, type ScoreReport} from "./score.js";
import type {ProbeRule} from "./schema.node.js";
import type {ReaderVerdict} from "./view.js";

export interface ReplyCheck {
  text: string;
  /** The text as last scored; its size when it is past the cap, and then scored as no reply. */
  scored: {text: string; report: ScoreReport; tooLargeBytes?: number};
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
    const scored = (): ReplyCheck["scored"] => {
      if (!scoring(check)) return check.scored;
      // As npm run probes:score reads at most its cap: a longer reply is said to be too long, never cut short.
      const bytes = utf8Length(check.text);
      if (bytes > scoreInputByteCap) return {text: check.text, report: scoreBoth(rules, ""), tooLargeBytes: bytes};
      return {text: check.text, report: scoreBoth(rules, check.text)};
    };
    if (action.kind === "type") return action.text === check.text ? check : {...check, text: action.text};
    if (action.kind === "score") return scoring(check) ? {...check, scored: scored()} : check;
    if ((check.verdicts[action.rule] ?? "") === action.verdict && !scoring(check)) return check;
    return {...check, scored: scored(), verdicts: {...check.verdicts, [action.rule]: action.verdict}};
  };

/** The total in words, strict first, loose beside it; a prompt to paste when nothing is typed. */
export function replyTotal({text, report: {strict, loose}, tooLargeBytes}: ReplyCheck["scored"]): string {
  if (text === "") return "Paste or type a reply to score it.";
  if (tooLargeBytes !== undefined)
    return (
      `Not scored: the reply is larger than ${formatBytes(scoreInputByteCap)}, the most scored here or by ` +
      "npm run probes:score."
    );
  return (
    `Strict score: ${formatTotal(strict.total)} (${strict.passed} of ${strict.of} steps). ` +
    `Loose, for comparison: ${formatTotal(loose.total)} (${loose.passed} of ${loose.of}).`
  );
}
