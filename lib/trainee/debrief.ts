// The debrief at the end of a scored part, and on the self-check's summary: how many first answers were exact, the
// cases to review (each not exact, in walking order), and the rule misapplied most often among them. Built from the
// results' figures (lib/trainee/results.ts resultGroup, lib/trainee/self-check.ts selfCheckSummary); the page links
// each case and names the rule by its title.
import type {ChecklistRuleId} from "../authored/schemas/item.js";
import type {ScoreComparison} from "./score-distance.js";
import {plural} from "../text/format.js";
import type {Progress} from "./progress.js";

export interface DebriefInput {
  /** Each case answered, in walking order, with how its first answer compares. */
  rows: readonly {id: string; score: ScoreComparison | null}[];
  /** The cases of the part (or run), answered or not. */
  total: number;
  /** Each rule misapplied, most often first. */
  rulesMisapplied: readonly {rule: ChecklistRuleId; items: readonly string[]}[];
}

export interface Debrief {
  exact: number;
  answered: number;
  /** The cases of the part (or run), answered or not. */
  cases: number;
  /** The cases whose first answer was not exact, in walking order. */
  review: string[];
  /** The rule misapplied most often, and in how many cases; null when none was (or two share the most). */
  rule: {id: ChecklistRuleId; cases: number} | null;
}

/** The debrief of a part or a run; null when nothing in it is answered yet. */
export function debriefOf({rows, total, rulesMisapplied}: DebriefInput): Debrief | null {
  const answered = rows.filter((row) => row.score !== null);
  if (!answered.length) return null;
  const [top, second] = rulesMisapplied;
  const clear = top && (!second || second.items.length < top.items.length);
  return {
    exact: answered.filter((row) => row.score!.distance === "exact").length,
    answered: answered.length,
    cases: total,
    review: answered.filter((row) => row.score!.distance !== "exact").map((row) => row.id),
    rule: clear ? {id: top.rule, cases: top.items.length} : null,
  };
}

/**
 * The debrief's first words: "5 of 7 exact", how many cases are not scored yet where some are (so "1 of 1 exact" is
 * not read as a part done), then " · review " and the cases, which the page links.
 */
export const debriefTally = ({exact, answered, cases, review}: Debrief): string =>
  `${exact} of ${answered} exact` +
  (answered < cases ? ` · ${cases - answered} not scored yet` : "") +
  (review.length ? " · review " : "");

/** The rule line, before the rule's title: "The rule you misapplied most often here (2 cases): ". */
export const debriefRuleWords = (rule: NonNullable<Debrief["rule"]>): string =>
  `The rule you misapplied most often here (${plural(rule.cases, "case")}): `;

/** A part's debrief as drawn: the record it is drawn from, and whether the results' code is in to work it out. */
export interface DebriefShown {
  progress: Progress;
  loaded: boolean;
}

export type DebriefAction = {kind: "record"; progress: Progress} | {kind: "loaded"};

/** The debrief after the record is saved or the results' code arrives: the same state when neither changes it. */
export function debriefUpdate(state: DebriefShown, action: DebriefAction): DebriefShown {
  if (action.kind === "loaded") return state.loaded ? state : {...state, loaded: true};
  return action.progress === state.progress ? state : {...state, progress: action.progress};
}
