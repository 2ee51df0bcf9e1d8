// The rubric beside a part's cases: as the guideline gives it, or with its levels' worked examples left out where an
// example is one of the cases (v2's level 4 gives its small flaw as Calibration A's: a formal German email that closes
// with Viele Grüße). The part says which (data/parts.yaml `rubricExamples`); a blind self-check always leaves them out.
import type {TrainingPart} from "../authored/schemas/parts.js";

/** A rubric level's worked example, as the guideline writes it in its text: "(e.g. …)". */
const workedExample = /\s*\(e\.g\.[^)]*\)/g;

const examplesLeftOutNote =
  "The rubric's worked examples are left out beside these cases: an example could give one of them away.";

/** Whether the rubric beside `part`'s cases leaves its worked examples out. */
export const examplesLeftOut = (
  part: Pick<TrainingPart, "rubricExamples">,
  mode: "walk" | "self-check" = "walk",
): boolean => mode === "self-check" || part.rubricExamples === "left-out";

/** The rubric's levels as shown beside the cases; `note` says so when an example was left out. */
export function rubricBeside<Level extends {checklist: string}>(
  levels: readonly Level[],
  leaveExamplesOut: boolean,
): {levels: Level[]; note: string | null} {
  if (!leaveExamplesOut) return {levels: [...levels], note: null};
  const shown = levels.map((level) => ({...level, checklist: level.checklist.replace(workedExample, "")}));
  const leftOut = shown.some((level, index) => level.checklist !== levels[index]!.checklist);
  return {levels: shown, note: leftOut ? examplesLeftOutNote : null};
}
