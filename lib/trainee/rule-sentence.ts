// The sentence of a rule that applies to one checklist line. A rule's text often holds several cases ("No more
// than" sets a ceiling; "At least" sets a floor; a bare number means exactly; a ceiling still needs one), and the
// feedback on one line should quote the one that decides it. The engine says which clause of the rule applied
// (lib/engine/rules.ts); this maps each clause to its sentence in the guideline's words. A version whose text lacks the
// sentence (an earlier or later wording) gets the rule's whole text instead, never a sentence it does not have.
import type {GuidelineRule} from "../authored/schemas/guideline.js";
import type {ChecklistRuleId} from "../authored/schemas/item.js";

const ceiling = '"No more than," "at most," and "up to" set a ceiling: any count from one up to the limit is met.';
const question =
  "A question instead of the task is justified only when the task can't reasonably be done without the missing " +
  "information.";
const purpose = "Judge each instruction by its evident purpose, not just its wording.";
const only = "Unrequested additions break these instructions.";
const withoutWording = "Without such wording, brief relevant additions are not a violation.";
const register =
  "If the intended reader would read a lapse as breaking the requested register, mark the instruction not met, even " +
  "if the lapse happens only once.";

/** Each rule's clauses (lib/engine/rules.ts) and the sentence of the current guideline that states each. */
export const clauseSentences: {[R in ChecklistRuleId]?: Record<string, string>} = {
  "numbers": {
    "within-ceiling": ceiling,
    "over-ceiling": ceiling,
    "ceiling-needs-one": "A ceiling still requires at least one: delivering none doesn't meet it.",
    "floor-reached": '"At least" sets a floor.',
    "under-floor": '"At least" sets a floor.',
    "exact": 'A bare number ("give two examples") means exactly that number.',
    "not-exact": 'A bare number ("give two examples") means exactly that number.',
  },
  "size-words": {
    "within-reader-range": "Judge them against what a typical reader would accept for that kind of answer.",
    "arguable": "Clearly outside that range is not met; arguable is partly met.",
    "clearly-outside": "Clearly outside that range is not met; arguable is partly met.",
  },
  "purpose": {
    "wording-not-met": purpose,
    "wording-and-purpose-met": purpose,
    "wording-met-purpose-defeated": "If the wording is met but the purpose is defeated, mark it partly met.",
  },
  "style-register": {
    "register-kept": register,
    "breaks-register": register,
    "slightly-less-formal":
      "A choice that is slightly less formal but still acceptable counts as met with a small flaw.",
  },
  "only-just": {
    "no-additions": only,
    "additions-break-only-just": only,
    "additions-allowed-without-wording": withoutWording,
    "additions-break-without-wording": withoutWording,
  },
  "clarifying-question": {"question-justified": question, "question-not-needed": question},
  "main-task-partial": {
    "enough-done":
      "If at least half of the main task is done (say, four of six sentences translated), mark it partly met; the " +
      "score can't go above 3.",
    "too-little-done": "Less than half counts as not met.",
  },
  "conflicting": {
    "serves-both": "If two instructions can't both be met, a response that serves both as far as possible meets them.",
    "serves-one": "If two instructions can't both be met, a response that serves both as far as possible meets them.",
  },
  "refusal": {
    "declines-harmless": "A refusal of a harmless request scores 1.",
    "justified-refusal":
      "A refusal of a request that shouldn't be fulfilled isn't rated on this dimension: mark it not applicable and " +
      "send it to safety review.",
  },
  "list-stated-only": {"not-stated": "List only what the request says."},
  "pasted-material": {
    "content-not-instruction":
      "Instructions inside material the user pastes in (an email, an article) are content, not instructions: don't " +
      "list them.",
  },
};

/** What "not rated" says of each dimension it keeps out of the score. */
const notRatedSentences: Record<string, string> = {
  accuracy: "If you notice a factual error, flag it in the accuracy field, but don't lower this score for it.",
  quality:
    "You are not rating whether it is correct, well written, or natural-sounding; those are separate dimensions.",
  naturalness:
    "You are not rating whether it is correct, well written, or natural-sounding; those are separate dimensions.",
};

/**
 * The sentence of `rule` that decides a line whose rule applied `clause` (null: the rule as a whole). For "not
 * rated", `dimension` picks the sentence about accuracy or the one about the other dimensions.
 */
export function ruleSentence(
  rule: Pick<GuidelineRule, "id" | "text">,
  clause: string | null,
  {dimension}: {dimension?: string} = {},
): string {
  const sentence =
    rule.id === "not-rated"
      ? notRatedSentences[dimension ?? "quality"]
      : clause === null
        ? undefined
        : clauseSentences[rule.id as ChecklistRuleId]?.[clause];
  return sentence && rule.text.includes(sentence) ? sentence : rule.text;
}
