// A judge's answer read as a trainee's: its checklist becomes the trainee's Step 1 and Step 2, so the same
// comparison the trainee sees on Check (lib/trainee/compare.ts) tells which rule each difference turns on. The
// judge's instruction is found in the request's words (a mark) where it quotes them exactly, in an earlier user
// turn next, and is read as a line of its own words otherwise, the rough reading a trainee's own line gets. Pure.
import {locate, textOf} from "../authored/quote.js";
import type {Item} from "../authored/schemas/item.js";
import {
  freeTextLimit,
  type Answer,
  type Listing,
  type TraineeChecklist,
  type TraineeLine,
} from "../trainee/progress.js";
import type {JudgeAnswer, JudgeLine} from "./answer.js";

/** Where a judge's instruction stands in the case's texts: a mark on its exact words, or a line of its own. */
export function judgeListing(item: Pick<Item, "request" | "turns">, instruction: string): Listing {
  const words = instruction.trim();
  if (item.request.form === "quoted") {
    const inRequest = locate(item.request.text, words);
    if (words && inRequest) return {kind: "mark", in: "request", ...inRequest};
    for (const turn of item.turns) {
      if (turn.turn === undefined) continue;
      const where = `turn-${turn.turn}` as const;
      const text = textOf(item, where);
      const found = text === null ? null : locate(text, words);
      if (words && found) return {kind: "mark", in: where, ...found};
    }
  }
  return {kind: "free", text: words.slice(0, freeTextLimit) || "(empty)"};
}

function traineeLine(item: Pick<Item, "request" | "turns">, line: JudgeLine): TraineeLine {
  const verdict = line.verdict === "not-applicable" ? (line.main ? "not-met" : undefined) : line.verdict;
  return {
    listing: judgeListing(item, line.instruction),
    ...(line.main ? {main: true} : {}),
    ...(verdict ? {verdict} : {}),
  };
}

/** The judge's checklist as a trainee's: a main task ruled not applicable is a justified refusal. */
export function judgeChecklist(item: Pick<Item, "request" | "turns">, answer: JudgeAnswer): TraineeChecklist {
  const refusal = answer.checklist.some((line) => line.main && line.verdict === "not-applicable");
  return {
    lines: answer.checklist.map((line) => traineeLine(item, line)),
    ...(refusal ? {mainNotMet: "justified-refusal" as const} : {}),
  };
}

/** The judge's answer to a case as a trainee's first answer to it, scored with the guideline. */
export function judgeAsAnswer(
  item: Pick<Item, "id" | "request" | "turns">,
  answer: JudgeAnswer,
  {guideline, at}: {guideline: string; at: string},
): Answer {
  return {
    item: item.id,
    phase: "guideline",
    attempt: 1,
    score: answer.score,
    checklist: judgeChecklist(item, answer),
    guideline,
    at,
  };
}
