// The case study's eleven guideline parameters and their final values (v2), as the tests state them: the values the
// case study's final guideline implies, in the order the former zod schema of lib/authored/schemas/parameters.ts
// listed them (issue 31 item 2 made a version's parameters the ones its logic.yaml declares). The tests hold
// guideline/v2/logic.yaml to these; lib/ reads the values from the file alone.
import type {ParameterValues} from "../../../lib/engine/logic.js";

export const caseStudyParameters: ParameterValues = {
  partlyWeight: 0.5,
  counting: "at-least-half",
  partialMainCap: 3,
  mainNotMet: "engages-clause",
  ceilingNeedsOne: true,
  registerBreak: "not-met",
  slightLapse: "met-flaw",
  additionsBreakWithoutWording: false,
  mainPartThreshold: "at-least-half",
  clarifyingQuestionTest: "needed-information",
  accuracyRated: false,
};

/** The parameters' names, in that order. */
export const caseStudyParameterNames: readonly string[] = Object.keys(caseStudyParameters);
