// The conditions of a whole guideline, written in CEL as issue 31 would have them: every clause of the case study's
// rules (v2, lib/engine/rules.ts) and every rubric row (lib/engine/rubric.ts), over the facts each rule reads, the
// case study's parameters (guideline/v2/logic.yaml's `parameters:`) and the checklist's summary. For
// bench/expression-languages.ts only: the interpreter's own conditions will live in guideline/. The names are the
// facts' and parameters' names, except the main task's `delivered` (a yes/no), here `taskDelivered` beside the numbers
// rule's count.
import {randomInt, randomLcg} from "d3";

/** Every name a condition may read, with its CEL type. */
export const declarations = {
  taskDelivered: "bool",
  differentTask: "bool",
  engages: "bool",
  observed: "string",
  bound: "string",
  limit: "int",
  delivered: "int",
  overLimit: "bool",
  ceilingNeedsOne: "bool",
  reading: "string",
  wordingMet: "bool",
  purposeDefeated: "bool",
  lapse: "string",
  registerBreak: "string",
  slightLapse: "string",
  restrictiveWording: "bool",
  additions: "bool",
  additionsBreakWithoutWording: "bool",
  doableWithoutAnswer: "bool",
  clarifyingQuestionTest: "string",
  done: "int",
  of: "int",
  mainPartThreshold: "string",
  servesBoth: "bool",
  harmful: "bool",
  dimension: "string",
  problem: "bool",
  accuracyRated: "bool",
  followed: "bool",
  replacedLater: "bool",
  main: "string",
  share: "double",
  flaws: "int",
  missed: "int",
  others: "int",
  allMet: "bool",
  mainPartly: "bool",
  declinesHarmless: "bool",
  notApplicable: "bool",
  counting: "string",
  mainNotMet: "string",
  partialMainCap: "int",
} as const;
export type Name = keyof typeof declarations;

const partHalf = `(mainPartThreshold == "at-least-half" ? done * 2 >= of : done * 2 > of)`;
const shareHalf = `(counting == "at-least-half" ? share >= 0.5 : share > 0.5)`;
const clarifyingJustified =
  `(clarifyingQuestionTest == "always" || ` +
  `(clarifyingQuestionTest == "needed-information" && !doableWithoutAnswer))`;

/** Every clause and rubric row of the guideline, in order. */
export const guidelineConditions: readonly string[] = [
  // main task
  "taskDelivered",
  "!taskDelivered && differentTask",
  "!taskDelivered && !differentTask",
  "!taskDelivered && !differentTask && engages",
  // stated constraints
  ...["met", "met-flaw", "partly", "not-met", "cannot-check"].map((verdict) => `observed == "${verdict}"`),
  // numbers
  `overLimit && bound == "floor"`,
  `overLimit && bound != "floor"`,
  `!overLimit && bound == "ceiling" && delivered > limit`,
  `!overLimit && delivered == 0 && bound == "ceiling" && ceilingNeedsOne`,
  `!overLimit && bound == "ceiling" && delivered <= limit && !(delivered == 0 && ceilingNeedsOne)`,
  `!overLimit && bound == "floor" && delivered >= limit`,
  `!overLimit && bound == "floor" && delivered < limit`,
  `!overLimit && bound == "exact" && delivered == limit`,
  `!overLimit && bound == "exact" && delivered != limit`,
  // size words
  ...["within", "arguable", "clearly-outside"].map((reading) => `reading == "${reading}"`),
  // purpose
  "!wordingMet",
  "wordingMet && purposeDefeated",
  "wordingMet && !purposeDefeated",
  // style and register
  `lapse == "none"`,
  `lapse == "breaks-register"`,
  `lapse == "slightly-less-formal" && slightLapse == "met-flaw"`,
  `lapse == "slightly-less-formal" && slightLapse == "flaw-or-partly"`,
  `lapse == "slightly-less-formal" && slightLapse == "flaw-or-break" && registerBreak != "met-flaw"`,
  // only / just
  "!additions && restrictiveWording",
  "!additions && !restrictiveWording",
  "additions && restrictiveWording",
  "additions && !restrictiveWording && additionsBreakWithoutWording",
  "additions && !restrictiveWording && !additionsBreakWithoutWording",
  // clarifying question
  clarifyingJustified,
  `!${clarifyingJustified}`,
  // main task partly done
  "done >= of",
  `done < of && ${partHalf}`,
  `done < of && !${partHalf}`,
  // conflicting instructions, refusal
  "servesBoth",
  "!servesBoth",
  "harmful",
  "!harmful",
  // not rated here
  `accuracyRated && dimension == "accuracy" && problem`,
  `accuracyRated && dimension == "accuracy" && !problem`,
  `!(accuracyRated && dimension == "accuracy")`,
  // standing instructions
  "replacedLater",
  "!replacedLater && followed",
  "!replacedLater && !followed",
  // the rubric's rows, over the checklist's summary
  "notApplicable",
  `main == "not-met" && declinesHarmless`,
  `main == "not-met" && !declinesHarmless && !engages`,
  `main == "not-met" && !declinesHarmless && engages && mainNotMet == "engages-clause"`,
  `main == "not-met" && !declinesHarmless && engages && mainNotMet == "unspecified"`,
  "allMet && flaws == 0",
  "allMet && flaws == 1",
  `!allMet && counting != "most-missed" && ${shareHalf}`,
  `!allMet && counting != "most-missed" && !${shareHalf}`,
  `!allMet && counting == "most-missed" && (missed * 2 < others || others == 0)`,
  `!allMet && counting == "most-missed" && missed * 2 > others`,
  `!allMet && counting == "most-missed" && missed * 2 == others && others > 0`,
  "mainPartly && partialMainCap < 3",
];

/** The conditions timed per evaluation: issue 31's examples, from the numbers, main task, style rules and rubric. */
export const timedConditions: readonly string[] = [
  `delivered == 0 && bound == "ceiling" && ceilingNeedsOne`,
  "done * 2 >= of",
  `lapse == "breaks-register"`,
  "share >= 0.5 && !mainPartly",
];

/** A fact set: every declared name with a value of its type (CEL ints as JavaScript numbers here). */
export type FactSet = Record<Name, number | string | boolean>;

const choices: Partial<Record<Name, readonly string[]>> = {
  observed: ["met", "met-flaw", "partly", "not-met", "cannot-check"],
  bound: ["ceiling", "floor", "exact"],
  reading: ["within", "arguable", "clearly-outside"],
  lapse: ["none", "slightly-less-formal", "breaks-register"],
  registerBreak: ["not-met", "partly", "met-flaw"],
  slightLapse: ["met-flaw", "flaw-or-partly", "flaw-or-break"],
  clarifyingQuestionTest: ["needed-information", "never", "always"],
  mainPartThreshold: ["at-least-half", "more-than-half"],
  dimension: ["accuracy", "quality", "naturalness"],
  main: ["met", "met-flaw", "partly", "not-met"],
  counting: ["at-least-half", "more-than-half", "most-missed"],
  mainNotMet: ["engages-clause", "unspecified"],
};

/** `count` fact sets from a seeded generator: every run times the same ones. */
export function factSets(count: number, seed: number): FactSet[] {
  const source = randomLcg(seed);
  const below = (n: number) => randomInt.source(source)(0, n)();
  return Array.from({length: count}, () => {
    const facts = {} as FactSet;
    for (const [name, type] of Object.entries(declarations) as [Name, string][]) {
      const values = choices[name];
      facts[name] =
        type === "bool"
          ? below(2) === 1
          : type === "int"
            ? below(7)
            : type === "double"
              ? below(11) / 10
              : values![below(values!.length)]!;
    }
    facts.of = 1 + below(6);
    return facts;
  });
}
