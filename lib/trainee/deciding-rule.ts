// Which rule decides a case: the rules of the checklist lines that set its rubric row, read from the engine's
// trace. Where every line is met nothing in the trace lowers the score, so the trace names no rule: there the case
// study's ruling names the one that settles the case (the item's `decidingRule`). The edge-case map asks a trainee
// for it, and the results blame it (and only it) for a wrong score given without a checklist.
import type {Derivation} from "../engine/derive.js";
import type {Item, ChecklistRuleId} from "../authored/schemas/item.js";
import type {GuidelineLogic, RowDecidedBy} from "../authored/schemas/logic.js";
import type {Verdict} from "../authored/schemas/verdict.js";

export interface DecidingRule {
  /** The rule a trainee is taught as the one that settles the case: the one the case study names where it names
   *  one, else the first the trace names. */
  rule: ChecklistRuleId;
  /** Every rule that counts as a right answer: the trace's and the one the case study names. */
  accepted: ChecklistRuleId[];
  /** The checklist lines that set the rubric row, by index (none where every line is met). */
  lines: number[];
  /** Where `rule` comes from. */
  from: "trace" | "case-study";
}

const lowers = (verdict: Verdict): boolean => verdict !== "met" && verdict !== "not-instruction";

/** Which lines set a row of the version's rubric (its `decidedBy`, logic.yaml); an unknown row, none. */
function decidedBy(logic: GuidelineLogic, row: string): RowDecidedBy {
  const {rows, cap} = logic.rubric;
  if (cap?.id === row) return cap.decidedBy ?? "main";
  const found = rows.find((entry) => entry.id === row);
  return found ? (found.decidedBy ?? "shortfall") : "none";
}

/**
 * The lines that set the rubric row the item's ruled score came from, as the row declares (`decidedBy`): none where
 * every instruction is met; the main task's line for a row the main task decides (not done, declined, capped); the
 * lines ruled not applicable; the lines met with a small flaw; or each counted line the rubric did not count as fully
 * met (not met, partly met, can't be checked, met with a small flaw), with the main task's line when it is only
 * partly done.
 */
export function rowLines(item: Pick<Item, "score">, derivation: Derivation, logic: GuidelineLogic): number[] {
  const at = derivation.candidates.indexOf(item.score);
  const by = at < 0 ? "none" : decidedBy(logic, derivation.rows[at]!);
  const main = derivation.lines.find((line) => line.role === "main");
  const verdict = (index: number) => derivation.lines[index]!.derived ?? derivation.lines[index]!.ruled;
  if (by === "none") return [];
  if (by === "not-applicable")
    return derivation.lines.filter((line) => verdict(line.index) === "not-applicable").map((line) => line.index);
  if (by === "main") return main ? [main.index] : [];
  const lines = derivation.lines
    .filter((line) => line.counted && lowers(verdict(line.index)))
    .filter((line) => by !== "flaws" || verdict(line.index) === "met-flaw")
    .map((line) => line.index);
  if (main && verdict(main.index) === "partly") lines.unshift(main.index);
  return lines;
}

/** The rule that decides an item, from the engine's trace and the case study's ruling. */
export function decidingRule(
  item: Pick<Item, "id" | "score" | "checklist" | "decidingRule">,
  derivation: Derivation,
  logic: GuidelineLogic,
): DecidingRule {
  const lines = rowLines(item, derivation, logic);
  const traced: ChecklistRuleId[] = [];
  for (const index of lines) {
    const rule = item.checklist[index]!.rule;
    if (!traced.includes(rule)) traced.push(rule);
  }
  const named = item.decidingRule;
  if (!named && !traced.length)
    throw new Error(
      `${item.id}: every line is met, so the trace names no deciding rule: add decidingRule (the rule the case ` +
        "study's ruling names)",
    );
  const accepted = named ? [named, ...traced.filter((rule) => rule !== named)] : traced;
  return {rule: accepted[0]!, accepted, lines, from: named ? "case-study" : "trace"};
}

/** Whether a trainee's pick of the deciding rule is right. */
export const decidingRuleMatches = (ruled: DecidingRule, picked: string | undefined): boolean =>
  picked !== undefined && (ruled.accepted as string[]).includes(picked);
