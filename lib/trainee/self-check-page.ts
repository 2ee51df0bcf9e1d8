// What the self-check page decides before it draws: which run it shows (the address may ask for one), what it says
// when the run can't be blind, and the summary's headline. Loaded with the page; the run's scoring is loaded later.
import {listWords} from "../text/format.js";
import type {Progress} from "./progress.js";
import type {SeenRuling, SelfCheckRun} from "./self-check-run.js";

/**
 * The run on show: the one `?run=` asks for, when it is a run the trainee has started or the next one after a
 * finished run ("Take it again" opens it); otherwise the latest run.
 */
export function shownRun(latest: Pick<SelfCheckRun, "run" | "complete">, asked: string | null): number {
  const number = Number(asked);
  const highest = latest.run + (latest.complete ? 1 : 0);
  return Number.isInteger(number) && number >= 1 && number <= highest ? number : latest.run;
}

/**
 * The rulings that keep a run from being blind, each where the trainee saw it: "Calibration A (in Part 6)",
 * "Calibration D (through Edge case 4 in Part 5, whose ruling points to it)", "Calibration B (at the end of an earlier
 * run)". `label` names a case.
 */
export function seenWords(seen: readonly SeenRuling[], label: (id: string) => string): string[] {
  // Cases seen in the same place are named together, once: a second run lists the first run's cases in one place.
  const places = new Map<string, string[]>();
  for (const entry of seen) {
    const place =
      entry.where === "earlier-run"
        ? "at the end of an earlier run"
        : entry.via === entry.item
          ? `in Part ${entry.part}`
          : `through ${label(entry.via)} in Part ${entry.part}, whose ruling points to it`;
    places.set(place, [...(places.get(place) ?? []), label(entry.item)]);
  }
  return [...places].map(([place, cases]) => `${listWords(cases)} (${place})`);
}

/**
 * The page's heading and the words before its pass rule: a run that can't be blind is taken for practice, and its
 * rule is what a blind run needs, not a pass on offer (the page said "Check yourself, blind" and "To pass" over "This
 * run can't be blind").
 */
export const runHeading = (blind: boolean): {title: string; rule: string} =>
  blind
    ? {title: "Check yourself, blind", rule: "To pass: "}
    : {title: "Check yourself, for practice", rule: "A blind run passes with: "};

/**
 * How a pool's first run went, for /results, in the summary's words: "Your first run: ✓ Passed. 5 of 5 cases
 * answered blind", or, for a run that was not blind, "Your first run was not blind: no pass awarded. 5 of 5 cases
 * answered" (it read "Not blind: … answered blind"). While no run is finished, the count alone.
 */
export function firstRunWords(
  run: {blind: boolean; pass: boolean} | null,
  {answered, total}: {answered: number; total: number},
): string {
  const counted = `${answered} of ${total} cases answered${run?.blind === false ? "" : " blind"}`;
  if (!run) return `${counted}, counted apart from your answers in the six parts.`;
  const how = run.blind
    ? `Your first run: ${summaryHeadline(run).text}.`
    : "Your first run was not blind: no pass awarded.";
  return `${how} ${counted}, counted apart from your answers in the six parts.`;
}

/** The summary's headline and its tone: a run that was not blind has no pass to award, passed or not. */
export function summaryHeadline(result: {blind: boolean; pass: boolean}): {
  tone: "is-not-blind" | "is-pass" | "is-fail";
  text: string;
} {
  if (!result.blind) return {tone: "is-not-blind", text: "Not blind: no pass awarded"};
  return result.pass ? {tone: "is-pass", text: "✓ Passed"} : {tone: "is-fail", text: "✗ Not passed"};
}

/** The summary as it stands: the record, and the run's scoring once its code is in (it loads when a run finishes). */
export interface SummaryState<Scoring> {
  progress: Progress;
  scoring: Scoring | null;
}

export type SummaryAction<Scoring> = {kind: "record"; progress: Progress} | {kind: "scoring"; scoring: Scoring};

export function summaryStep<Scoring>(
  state: SummaryState<Scoring>,
  action: SummaryAction<Scoring>,
): SummaryState<Scoring> {
  if (action.kind === "record")
    return action.progress === state.progress ? state : {...state, progress: action.progress};
  return action.scoring === state.scoring ? state : {...state, scoring: action.scoring};
}
