// A judge's run as a rater: the trainee's figures from the same first-attempt results a trainee's record gives. Cases
// it could not answer are counted apart, never scored.
import {derivedDecidingRules} from "../trainee/derived-deciding-rules.js";
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Item} from "../authored/schemas/item.js";
import type {Score} from "../authored/schemas/verdict.js";
import {leanOf, type Lean} from "../trainee/lean.js";
import {emptyProgress, type Answer} from "../trainee/progress.js";
import {resultGroup, type ResultGroup} from "../trainee/results.js";
import {compareScores} from "../trainee/score-distance.js";
import {judgeAsAnswer} from "./as-checklist.js";
import type {CaseRecord, JudgeRun, RunFigures} from "./schema.node.js";

export function runFigures(run: Pick<JudgeRun, "cases" | "answers">): RunFigures {
  const answered = run.answers.filter((record) => record.status === "answered" && record.answer);
  const distances = answered.map((record) => compareScores(record.answer!.score, record.ruled).distance);
  const count = (distance: string) => distances.filter((d) => d === distance).length;
  return {
    asked: run.cases.length,
    replied: run.answers.length,
    answered: answered.length,
    exact: count("exact"),
    oneOff: count("one-off"),
    twoOrMoreOff: count("two-or-more-off"),
  };
}

export interface UnansweredCase {
  case: string;
  status: Exclude<CaseRecord["status"], "answered">;
  problem: string | null;
}

export interface JudgeResults {
  /** As a trainee's walk (mode "walk", guideline phase). */
  group: ResultGroup;
  lean: Lean;
  asked: number;
  unanswered: UnansweredCase[];
  missing: string[];
  unknownCases: string[];
  /** The figures here are against today's. */
  rulingChanged: {case: string; recorded: Score; now: Score}[];
}

/** A run file holds it, and so does what the site ships of one (./published.ts). */
export type RunRecords = Pick<JudgeRun, "guideline" | "cases"> & {
  answers: readonly Pick<CaseRecord, "case" | "ruled" | "status" | "answer" | "problem" | "startedAt">[];
};

/** `guideline` decides score-only blame. */
export function judgeResults(run: RunRecords, items: readonly Item[], guideline: Guideline): JudgeResults {
  const byId = new Map(items.map((item) => [item.id, item]));
  const answers: Answer[] = [];
  const unanswered: UnansweredCase[] = [];
  const rulingChanged: JudgeResults["rulingChanged"] = [];
  const recorded = new Set<string>();
  for (const record of run.answers) {
    recorded.add(record.case);
    const item = byId.get(record.case);
    if (!item) continue;
    if (record.ruled !== item.score) rulingChanged.push({case: record.case, recorded: record.ruled, now: item.score});
    if (record.status !== "answered" || !record.answer) {
      unanswered.push({case: record.case, status: record.status as UnansweredCase["status"], problem: record.problem});
      continue;
    }
    answers.push(judgeAsAnswer(item, record.answer, {guideline: run.guideline, at: record.startedAt}));
  }
  const asked = run.cases.filter((id) => byId.has(id)).map((id) => byId.get(id)!);
  const group = resultGroup({...emptyProgress(), answers}, asked, "walk", derivedDecidingRules(guideline));
  return {
    group,
    lean: leanOf(group),
    asked: asked.length,
    unanswered,
    missing: run.cases.filter((id) => byId.has(id) && !recorded.has(id)),
    unknownCases: [...new Set([...run.cases, ...run.answers.map((record) => record.case)])].filter(
      (id) => !byId.has(id),
    ),
    rulingChanged,
  };
}
