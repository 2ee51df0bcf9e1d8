// The author's question on /authors: would this change bring a recorded judge closer to the rulings? The candidate's
// score is read off the preview (a moved item's `to`), so nothing is derived per judge and the line keeps the frame.
import {itemLabel, type NumberedItem} from "../site/links.js";
import {plural} from "../text/format.js";
import type {Score} from "../authored/schemas/verdict.js";
import type {PreparedBase, Preview} from "../authoring/preview.js";
import type {JudgeRun} from "./schema.node.js";

export interface JudgeScores {
  model: string;
  /** One name, several joined, or null when the endpoint gave none. */
  servedBy: string | null;
  prompt: string;
  guideline: string;
  file: string;
  startedAt: string;
  complete: boolean;
  scores: {case: string; score: Score}[];
}

/** The build ships each run as this and nothing the model wrote besides: a field added here is published. */
export function judgeScores(file: string, run: JudgeRun): JudgeScores {
  const answered = run.answers.filter((record) => record.status === "answered" && record.answer);
  const served = [...new Set(answered.flatMap((record) => (record.servedBy ? [record.servedBy] : [])))];
  return {
    model: run.model,
    servedBy: served.length ? served.join(", ") : null,
    prompt: run.prompt,
    guideline: run.guideline,
    file,
    startedAt: run.startedAt,
    complete: run.complete,
    scores: answered.map((record) => ({case: record.case, score: record.answer!.score})),
  };
}

export interface ChangedCase {
  case: string;
  label: string;
  judge: Score;
  /** Null where the rubric gives no single score. */
  base: Score | null;
  candidate: Score | null;
}

export interface SideAgreement {
  exact: number;
  noSingleScore: number;
}

export interface JudgeAgreement {
  run: JudgeScores;
  /** A case the site no longer has is left out. */
  answered: number;
  base: SideAgreement;
  candidate: SideAgreement;
  nowExact: ChangedCase[];
  noLongerExact: ChangedCase[];
  sentence: string;
  measures: string;
  apart: string[];
  about: string;
}

interface BaseCase extends NumberedItem {
  score: Score | null;
}

// Worked out once per prepared base, which the page keeps while only the candidate changes.
const baseCasesOf = new WeakMap<PreparedBase, Map<string, BaseCase>>();
function baseCases(prepared: PreparedBase): Map<string, BaseCase> {
  let cases = baseCasesOf.get(prepared);
  if (!cases) {
    cases = new Map(
      prepared.items.map((item, index) => [
        item.id,
        {
          score: prepared.derivations[index]!.score,
          id: item.id,
          set: item.set,
          origin: item.origin,
          order: item.order,
        },
      ]),
    );
    baseCasesOf.set(prepared, cases);
  }
  return cases;
}

function agreementOf(
  run: JudgeScores,
  cases: ReadonlyMap<string, BaseCase>,
  candidateScores: ReadonlyMap<string, Score | null>,
  baseVersion: string,
): JudgeAgreement {
  const base: SideAgreement = {exact: 0, noSingleScore: 0};
  const candidate: SideAgreement = {exact: 0, noSingleScore: 0};
  const nowExact: ChangedCase[] = [];
  const noLongerExact: ChangedCase[] = [];
  let answered = 0;
  for (const {case: id, score: judge} of run.scores) {
    const found = cases.get(id);
    if (!found) continue;
    answered++;
    const baseScore = found.score;
    const candidateScore = candidateScores.has(id) ? candidateScores.get(id)! : baseScore;
    // A side with no single score for the case cannot agree with the judge: not exact, and counted apart.
    const exactBefore = baseScore !== null && baseScore === judge;
    const exactAfter = candidateScore !== null && candidateScore === judge;
    if (baseScore === null) base.noSingleScore++;
    if (candidateScore === null) candidate.noSingleScore++;
    if (exactBefore) base.exact++;
    if (exactAfter) candidate.exact++;
    if (exactBefore !== exactAfter) {
      const changed = {case: id, label: itemLabel(found), judge, base: baseScore, candidate: candidateScore};
      (exactAfter ? nowExact : noLongerExact).push(changed);
    }
  }
  const sentence =
    base.exact === candidate.exact
      ? `${run.model}: ${candidate.exact} exact of ${answered} either way.`
      : `This change would bring ${run.model} from ${base.exact} to ${candidate.exact} exact of ${answered}.`;
  const gained = candidate.exact - base.exact;
  const measures =
    gained === 0
      ? `The candidate's rulings agree with the scores ${run.model} already gave on as many cases as ${baseVersion}'s.`
      : `That is, the candidate's rulings would agree with the scores ${run.model} already gave on ` +
        `${plural(Math.abs(gained), "case")} ${gained > 0 ? "more" : "fewer"}: the rulings move; the model is not ` +
        "asked again.";
  const apartUnder = (count: number, side: string) =>
    count ? [`${plural(count, "case has", "cases have")} no single score under ${side}: not exact.`] : [];
  // A run given another version than the base still counts: its version is named beside the base's.
  const version =
    run.guideline === baseVersion
      ? `given guideline ${run.guideline}`
      : `given guideline ${run.guideline} (the base is ${baseVersion})`;
  return {
    run,
    answered,
    base,
    candidate,
    nowExact,
    noLongerExact,
    sentence,
    measures,
    apart: [...apartUnder(base.noSingleScore, baseVersion), ...apartUnder(candidate.noSingleScore, "the candidate")],
    about: [
      run.servedBy && run.servedBy !== run.model ? `served as ${run.servedBy}` : null,
      `prompt ${run.prompt}`,
      version,
      `recorded ${run.startedAt.slice(0, 10)}`,
      run.complete ? null : "incomplete",
      run.file,
    ]
      .filter((part) => part !== null)
      .join(" · "),
  };
}

/** The version a rewording would be written as: the one after the newest ("v3" after "v2"). */
export function nextVersion(versions: readonly string[]): string {
  const newest = Math.max(0, ...versions.map((version) => Number(/^v([0-9]+)$/.exec(version)?.[1] ?? 0)));
  return `v${newest + 1}`;
}

/** The caution beside the judges' lines, and how to test a rewording instead: a new version and a new run. */
export function rewordingAdvice(versions: readonly string[]): {caution: string; how: string; command: string} {
  const newest = versions.at(-1) ?? "v1";
  const next = nextVersion(versions);
  return {
    caution:
      "Changing a rule until the rulings match a model fits the guideline to the model, its mistakes included: " +
      "a count that rises says the rulings moved toward the model, not that either is right.",
    how:
      `A rewording is tested by a new guideline version and a new run: copy guideline/${newest}/ to ` +
      `guideline/${next}/, make the change there, run npm run guideline:check, then ask the model again with`,
    command: `npm run judge:run -- --model <slug> --guideline ${next}`,
  };
}

/** Every run's agreement with the base's rulings and the candidate's, in the runs' order. */
export function judgeAgreements(
  runs: readonly JudgeScores[],
  prepared: PreparedBase,
  preview: Pick<Preview, "moved">,
): JudgeAgreement[] {
  if (!runs.length) return [];
  const cases = baseCases(prepared);
  const candidateScores = new Map(preview.moved.map((moved) => [moved.id, moved.to.score]));
  return runs.map((run) => agreementOf(run, cases, candidateScores, prepared.ruleSet.version));
}
