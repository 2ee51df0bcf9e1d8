// A judge's answer read as a trainee's Step 1 and Step 2, so Check's comparison tells which rule each difference turns
// on. An instruction quoting the request exactly is a mark; else a line of its own words, read as a trainee's is.
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
