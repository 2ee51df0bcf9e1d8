// A trainee's checklist against the ruled one, line by line (each difference with the rule that decides it), and
// the rules an answer got wrong. Needs no interpreter: /results reads it with the deciding rules the build wrote
// (./deciding-rules.ts); the Check's whole comparison (./compare.ts) adds the implied score to it.
import type {ChecklistLine, Item, Source, ChecklistRuleId} from "../authored/schemas/item.js";
import type {Verdict} from "../authored/schemas/verdict.js";
import type {DecidingRules} from "./deciding-rules.js";
import type {Answer, TraineeChecklist} from "./progress.js";
import {matchStepOne, type StepOneResult} from "./step-one.js";

/** One ruled line (main task or instruction) beside the trainee's line for it. */
export interface RuledLineComparison {
  /** Its index in the item's checklist. */
  index: number;
  role: "main" | "instruction";
  text: string;
  ruled: Verdict;
  /** "inferred": the site's reading, not the case study's ruling. */
  source: Source;
  /** The rule that decides the line's verdict. */
  rule: ChecklistRuleId;
  /** agree; verdict-differs; missing (not listed in Step 1); not-checked (listed, no verdict yet). */
  status: "agree" | "verdict-differs" | "missing" | "not-checked";
  /** The trainee's line for it (the first one matched) and its verdict, as the rubric reads it. */
  trainee: {line: number; verdict: Verdict | null} | null;
  /** For a missing line: the Step-1 rule that says to list it. */
  listRule: ChecklistRuleId | null;
}

/** A line the trainee listed that is not one of the ruled lines. */
export interface ExtraLine {
  /** Its index in the trainee's checklist. */
  line: number;
  text: string;
  /** candidate: a line the guideline keeps off the checklist; not-on-checklist: nothing ruled; repeat: a ruled
   *  line the trainee listed twice. */
  status: "candidate" | "not-on-checklist" | "repeat";
  /** The rule that keeps it off: the candidate's rule, or "list only what the request says". */
  rule: ChecklistRuleId;
  /** The candidate's note ("formality was never requested"). */
  note: string | null;
  source: Source | null;
  /** The checklist index of the candidate or repeated line. */
  of: number | null;
}

export interface ChecklistComparison {
  stepOne: StepOneResult;
  lines: RuledLineComparison[];
  extras: ExtraLine[];
  /** The trainee's main task is not the ruled one: their main line (null: none chosen) and what it matched. */
  mainDiffers: {line: number | null; matched: number | null} | null;
}

/** The Step-1 rule that puts a ruled line on the checklist. */
function listRuleOf(line: ChecklistLine): ChecklistRuleId {
  if (line.role === "main") return "main-task";
  return line.quoteIn === "request" ? "stated-constraints" : "standing-instructions";
}

/** The verdict the rubric reads for a trainee's line: a main task not met as a justified refusal is not applicable. */
function effectiveVerdict(checklist: TraineeChecklist, index: number): Verdict | null {
  const line = checklist.lines[index]!;
  if (!line.verdict) return null;
  const notDone = line.verdict === "not-met" || line.verdict === "cannot-check";
  return line.main && notDone && checklist.mainNotMet === "justified-refusal" ? "not-applicable" : line.verdict;
}

export function compareChecklist(item: Item, checklist: TraineeChecklist): ChecklistComparison {
  const main = checklist.lines.findIndex((line) => line.main);
  const stepOne = matchStepOne(
    item,
    checklist.lines.map((line) => line.listing),
    main === -1 ? {} : {main},
  );
  const lines: RuledLineComparison[] = stepOne.ruled.map(({index, line, listings}) => {
    const first = listings[0];
    const verdict = first === undefined ? null : effectiveVerdict(checklist, first);
    const status =
      first === undefined
        ? "missing"
        : verdict === null
          ? "not-checked"
          : verdict === line.verdict
            ? "agree"
            : "verdict-differs";
    return {
      index,
      role: line.role as "main" | "instruction",
      text: line.text,
      ruled: line.verdict,
      source: line.source,
      rule: line.rule,
      status,
      trainee: first === undefined ? null : {line: first, verdict},
      listRule: first === undefined ? listRuleOf(line) : null,
    };
  });
  const extras: ExtraLine[] = [];
  stepOne.listings.forEach((result, position) => {
    const {match} = result;
    if (match.kind === "ruled") {
      const ruled = stepOne.ruled.find((entry) => entry.index === match.index)!;
      if (ruled.listings[0] !== position)
        extras.push({
          line: position,
          text: result.text,
          status: "repeat",
          rule: match.rule,
          note: null,
          source: null,
          of: match.index,
        });
    } else if (match.kind === "candidate") {
      extras.push({
        line: position,
        text: result.text,
        status: "candidate",
        rule: match.rule,
        note: match.note,
        source: match.source,
        of: match.index,
      });
    } else {
      extras.push({
        line: position,
        text: result.text,
        status: "not-on-checklist",
        rule: "list-stated-only",
        note: null,
        source: null,
        of: null,
      });
    }
  });
  const mainLine = checklist.lines.findIndex((line) => line.main);
  const matched = mainLine < 0 ? null : stepOne.listings[mainLine]!.match;
  const mainDiffers =
    checklist.lines.length === 0 || (matched?.kind === "ruled" && matched.role === "main")
      ? null
      : {line: mainLine < 0 ? null : mainLine, matched: matched && matched.kind !== "none" ? matched.index : null};
  return {stepOne, lines, extras, mainDiffers};
}

/**
 * The ruled line whose rule a verdict that differs on line `index` is put down to: its own, but for a main task ruled
 * met and marked lower in a case decided by a thing that is not an instruction here (accuracy, naturalness, a request
 * inside pasted text), that thing's line: the trainee has held it against the main task. The Check cites it
 * (./feedback.ts), and the results count it.
 */
export function lineBehindVerdict(
  item: Pick<Item, "checklist">,
  index: number,
  yours: string,
  deciding: () => ChecklistRuleId,
): number {
  const line = item.checklist[index]!;
  if (line.role !== "main" || line.verdict !== "met" || yours === "met") return index;
  const rule = deciding();
  const notCounted = item.checklist.findIndex((entry) => entry.role === "candidate" && entry.rule === rule);
  return notCounted >= 0 ? notCounted : index;
}

/** The rules a checklist comparison shows misapplied, in checklist order. */
function rulesFromChecklist(
  item: Item,
  comparison: ChecklistComparison,
  deciding: () => ChecklistRuleId,
): ChecklistRuleId[] {
  const rules: ChecklistRuleId[] = [];
  const add = (rule: ChecklistRuleId | null) => {
    if (rule && !rules.includes(rule)) rules.push(rule);
  };
  if (comparison.mainDiffers) add("main-task");
  for (const line of comparison.lines)
    add(
      line.status === "verdict-differs"
        ? item.checklist[lineBehindVerdict(item, line.index, line.trainee!.verdict!, deciding)]!.rule
        : line.status === "missing"
          ? line.listRule
          : null,
    );
  for (const extra of comparison.extras) if (extra.status !== "repeat") add(extra.rule);
  return rules;
}

export interface Misapplied {
  rules: ChecklistRuleId[];
  /** No checklist to read: the rule is the item's deciding rule, because the score was wrong. */
  fromScoreOnly: boolean;
}

/**
 * Which rules an answer got wrong: from its checklist where it has one, else, for a wrong score alone, the case's
 * deciding rule and only it (lib/trainee/deciding-rules.ts, under the guideline shown).
 */
export function rulesMisapplied(
  item: Item,
  answer: Pick<Answer, "score" | "checklist">,
  decides: DecidingRules,
): Misapplied {
  if (answer.checklist && answer.checklist.lines.length)
    return {
      rules: rulesFromChecklist(item, compareChecklist(item, answer.checklist), () => decides(item)),
      fromScoreOnly: false,
    };
  return {rules: answer.score === item.score ? [] : [decides(item)], fromScoreOnly: true};
}
