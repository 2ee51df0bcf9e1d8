// Each guideline parameter in words, for the authors' page and `guideline:preview`: what it decides, said first,
// and each of its values in words; the id follows wherever a parameter is named. And the parameters that encode one
// phrase of the guideline ("at least half"), which an author changing one should be offered to change together.
// Browser-safe: plain data, keyed by the schema's field names so a new field needs its words here to type-check.
import type {GuidelineParameters} from "../authored/schemas/parameters.js";
import type {Assignment, ParameterName, ParameterValue} from "./parameter-values.js";

interface ParameterWords {
  /** What the parameter decides, as a heading: "How 'at least half' counts the other instructions". */
  title: string;
  /** Each value in words; a number's value is said as itself. */
  values?: Record<string, string>;
}

const yesNo = (yes: string, no: string) => ({true: yes, false: no});

export const parameterWords: Record<ParameterName, ParameterWords> = {
  partlyWeight: {title: "How much a partly met instruction counts toward the share met"},
  counting: {
    title: "How “at least half” counts the other instructions",
    values: {
      "at-least-half": "at least half met is row 3",
      "more-than-half": "more than half met is row 3",
      "most-missed": "“most instructions missed”, with no count: exactly half reads as row 3 or row 2",
    },
  },
  partialMainCap: {title: "The highest score when the main task is only partly done"},
  mainNotMet: {
    title: "How a response that does not do the main task scores",
    values: {
      "engages-clause": "2 when it engages with the request, else 1",
      "unspecified": "no row tells 1 from 2",
    },
  },
  ceilingNeedsOne: {
    title: "Whether a ceiling (“no more than two”) needs at least one delivered",
    values: yesNo("yes: none delivered is not met", "no: none delivered meets it"),
  },
  registerBreak: {
    title: "What a lapse that breaks the requested register counts as",
    values: {"not-met": "not met", "partly": "partly met", "met-flaw": "met with a small flaw"},
  },
  slightLapse: {
    title: "What a choice slightly less formal than asked counts as",
    values: {
      "met-flaw": "met with a small flaw",
      "flaw-or-partly": "a small flaw or partly met, left open",
      "flaw-or-break": "a small flaw or a register break, left open",
    },
  },
  additionsBreakWithoutWording: {
    title: "Whether unrequested additions break a request with no “only” or “just”",
    values: yesNo("yes: any addition breaks it", "no: brief relevant additions are fine"),
  },
  mainPartThreshold: {
    title: "How “at least half” counts the main task",
    values: {
      "at-least-half": "at least half done is partly met",
      "more-than-half": "more than half done is partly met",
    },
  },
  clarifyingQuestionTest: {
    title: "When a question asked instead of the task counts as doing it",
    values: {
      "needed-information": "only when the task can't be done without the answer",
      "never": "never",
      "always": "always",
    },
  },
  accuracyRated: {
    title: "Whether a factual error counts against instruction following",
    values: yesNo("yes", "no: accuracy is rated apart"),
  },
} satisfies Record<keyof GuidelineParameters, ParameterWords>;

/** A parameter named in words, its id after: "How “at least half” counts the other instructions (counting)". */
export const parameterTitle = (name: ParameterName): string => `${parameterWords[name].title} (${name})`;

/**
 * A parameter set to a value, for a one-line description of a candidate: the parameter in words, its id, then the
 * value as the URL and `--set` spell it: "How “at least half” counts the other instructions (counting) = most-missed".
 */
export const assignmentWords = ({name, value}: Assignment): string => `${parameterTitle(name)} = ${String(value)}`;

/** A value in words, the value itself after where the words differ: "more than half met is row 3 (more-than-half)". */
export function valueWords(name: ParameterName, value: ParameterValue): string {
  const words = parameterWords[name].values?.[String(value)];
  return words === undefined ? String(value) : `${words} (${String(value)})`;
}

/** Parameters that encode one phrase of the guideline, each for another part of a response. */
export interface LinkedParameters {
  phrase: string;
  /** Each parameter with what it applies the phrase to. */
  members: {name: ParameterName; to: string}[];
}

export const linkedParameters: readonly LinkedParameters[] = [
  {
    phrase: "at least half",
    members: [
      {name: "counting", to: "the other instructions (rubric rows 3 and 2)"},
      {name: "mainPartThreshold", to: "the main task (partly met or not met)"},
    ],
  },
];

/** What one linked parameter's control says: the phrase, the other parameter, and whether to offer to match it. */
export interface LinkOffer {
  phrase: string;
  to: string;
  other: {name: ParameterName; to: string; value: ParameterValue};
  /** The value to set both to (this control's), or null when the other already has it or cannot take it. */
  offer: ParameterValue | null;
}

/** The link a parameter's control shows, given the candidate's parameters; null for a parameter with no link. */
export function linkOf(
  name: ParameterName,
  parameters: Readonly<Record<ParameterName, ParameterValue>>,
  accepts: (name: ParameterName, value: ParameterValue) => boolean,
): LinkOffer | null {
  const link = linkedParameters.find((entry) => entry.members.some((member) => member.name === name));
  if (!link) return null;
  const self = link.members.find((member) => member.name === name)!;
  const other = link.members.find((member) => member.name !== name)!;
  const value = parameters[name];
  const otherValue = parameters[other.name];
  return {
    phrase: link.phrase,
    to: self.to,
    other: {name: other.name, to: other.to, value: otherValue},
    offer: value !== otherValue && accepts(other.name, value) ? value : null,
  };
}
