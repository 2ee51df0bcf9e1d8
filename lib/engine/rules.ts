import type {ChecklistLine, Flag} from "../authored/schemas/item.js";
import type {GuidelineParameters} from "../authored/schemas/parameters.js";
import type {Verdict} from "../authored/schemas/verdict.js";

/**
 * What a rule decides for one checklist line: the verdict, a short code that says which clause of the rule
 * applied (for the trace; components turn it into words), and a flag the rule raises, if any.
 */
export interface RuleOutcome {
  verdict: Verdict;
  clause: string;
  flag?: Flag;
  /** Only for the main task: whether a response that does not do it still engages with the request. */
  engages?: boolean;
  /** Only for the main task: the response declines a harmless request (rubric row 1). */
  declinesHarmless?: boolean;
}

/**
 * What a rule can return: one outcome when its wording decides the line, or every outcome its wording leaves open
 * (the first rubric's style rule could not tell a small flaw from the register partly kept). The engine reads the
 * rubric once for each.
 */
export type RuleReading = RuleOutcome | readonly [RuleOutcome, RuleOutcome, ...RuleOutcome[]];

/** The rules whose wording a parameter can leave open; every other rule always decides its line. */
type OpenRule = "style-register";

type Facts<R extends ChecklistLine["rule"]> = Extract<ChecklistLine, {rule: R}>["facts"];
type Rule<R extends ChecklistLine["rule"]> = (
  facts: Facts<R>,
  parameters: GuidelineParameters,
) => R extends OpenRule ? RuleReading : RuleOutcome;

const atLeastHalf = (share: number, threshold: "at-least-half" | "more-than-half"): boolean =>
  threshold === "at-least-half" ? share >= 0.5 : share > 0.5;

const sizeReadings: Record<Extract<ChecklistLine, {rule: "size-words"}>["facts"]["reading"], RuleOutcome> = {
  "within": {verdict: "met", clause: "within-reader-range"},
  "arguable": {verdict: "partly", clause: "arguable"},
  "clearly-outside": {verdict: "not-met", clause: "clearly-outside"},
};

export const rules: {[R in ChecklistLine["rule"]]: Rule<R>} = {
  "main-task": (facts) =>
    facts.delivered
      ? {verdict: "met", clause: "delivered"}
      : {
          verdict: "not-met",
          clause: facts.differentTask ? "different-task" : "not-delivered",
          engages: !facts.differentTask && (facts.engages ?? false),
        },

  "stated-constraints": (facts) => ({verdict: facts.observed, clause: `observed-${facts.observed}`}),

  "numbers": (facts, parameters) => {
    const {bound, limit, delivered} = facts;
    if (delivered === "more-than-limit") {
      return bound === "floor"
        ? {verdict: "met", clause: "floor-reached"}
        : {verdict: "not-met", clause: bound === "ceiling" ? "over-ceiling" : "not-exact"};
    }
    switch (bound) {
      case "ceiling":
        if (delivered > limit) return {verdict: "not-met", clause: "over-ceiling"};
        if (delivered === 0 && parameters.ceilingNeedsOne) return {verdict: "not-met", clause: "ceiling-needs-one"};
        return {verdict: "met", clause: "within-ceiling"};
      case "floor":
        return delivered >= limit
          ? {verdict: "met", clause: "floor-reached"}
          : {verdict: "not-met", clause: "under-floor"};
      case "exact":
        return delivered === limit ? {verdict: "met", clause: "exact"} : {verdict: "not-met", clause: "not-exact"};
    }
  },

  "size-words": (facts) => sizeReadings[facts.reading],

  "purpose": (facts) => {
    if (!facts.wordingMet) return {verdict: "not-met", clause: "wording-not-met"};
    return facts.purposeDefeated
      ? {verdict: "partly", clause: "wording-met-purpose-defeated"}
      : {verdict: "met", clause: "wording-and-purpose-met"};
  },

  "style-register": (facts, parameters): RuleReading => {
    if (facts.lapse === "none") return {verdict: "met", clause: "register-kept"};
    if (facts.lapse === "breaks-register") return {verdict: parameters.registerBreak, clause: "breaks-register"};
    const flaw: RuleOutcome = {verdict: "met-flaw", clause: "slightly-less-formal"};
    switch (parameters.slightLapse) {
      case "met-flaw":
        return flaw;
      case "flaw-or-partly":
        return [flaw, {verdict: "partly", clause: "slightly-less-formal"}];
      case "flaw-or-break":
        // Where a break also counts as a small flaw, the two readings are one.
        return parameters.registerBreak === "met-flaw"
          ? flaw
          : [flaw, {verdict: parameters.registerBreak, clause: "slightly-less-formal"}];
    }
  },

  "only-just": (facts, parameters) => {
    if (!facts.additions)
      return {verdict: facts.restrictiveWording ? "met" : "not-instruction", clause: "no-additions"};
    if (facts.restrictiveWording) return {verdict: "not-met", clause: "additions-break-only-just"};
    return parameters.additionsBreakWithoutWording
      ? {verdict: "not-met", clause: "additions-break-without-wording"}
      : {verdict: "not-instruction", clause: "additions-allowed-without-wording"};
  },

  "clarifying-question": (facts, parameters) => {
    const justified =
      parameters.clarifyingQuestionTest === "always" ||
      (parameters.clarifyingQuestionTest === "needed-information" && !facts.doableWithoutAnswer);
    return justified
      ? {verdict: "met", clause: "question-justified"}
      : {verdict: "not-met", clause: "question-not-needed", engages: facts.engages};
  },

  "main-task-partial": (facts, parameters) => {
    if (facts.done >= facts.of) return {verdict: "met", clause: "all-done"};
    return atLeastHalf(facts.done / facts.of, parameters.mainPartThreshold)
      ? {verdict: "partly", clause: "enough-done"}
      : {verdict: "not-met", clause: "too-little-done", engages: true};
  },

  "conflicting": (facts) =>
    facts.servesBothAsFarAsPossible
      ? {verdict: "met", clause: "serves-both", flag: "prompt"}
      : {verdict: "not-met", clause: "serves-one", flag: "prompt"},

  "refusal": (facts) =>
    facts.harmful
      ? {verdict: "not-applicable", clause: "justified-refusal", flag: "safety-review"}
      : {verdict: "not-met", clause: "declines-harmless", declinesHarmless: true, engages: false},

  "not-rated": (facts, parameters) => {
    const flag = facts.dimension === "accuracy" ? "accuracy" : "quality";
    if (parameters.accuracyRated && facts.dimension === "accuracy") {
      return {verdict: facts.problem ? "not-met" : "met", clause: "accuracy-rated", ...(facts.problem ? {flag} : {})};
    }
    return {verdict: "not-instruction", clause: "separate-dimension", ...(facts.problem ? {flag} : {})};
  },

  "list-stated-only": () => ({verdict: "not-instruction", clause: "not-stated"}),

  "standing-instructions": (facts) => {
    if (facts.replacedLater) return {verdict: "not-instruction", clause: "replaced-later"};
    return facts.followed
      ? {verdict: "met", clause: "standing-followed"}
      : {verdict: "not-met", clause: "standing-not-followed"};
  },

  "pasted-material": () => ({verdict: "not-instruction", clause: "content-not-instruction"}),
};

type Line = Pick<ChecklistLine, "rule" | "facts">;

/** What a rule reads from one line: one outcome, or every outcome its wording leaves open (see isOpen). */
export const ruleReading = (line: Line, parameters: GuidelineParameters): RuleReading =>
  (rules[line.rule] as (facts: unknown, parameters: GuidelineParameters) => RuleReading)(line.facts, parameters);

/**
 * Every outcome a rule allows for one line: one when its wording decides the line, more when it leaves it open.
 * @internal Only the tests read every rule's outcome for a line.
 */
export function ruleOutcomes<L extends Line>(line: L, parameters: GuidelineParameters): readonly RuleOutcome[] {
  const reading = ruleReading(line, parameters);
  return isOpen(reading) ? reading : [reading];
}

/** Whether a rule left the line open: more than one outcome. */
export const isOpen = (reading: RuleReading): reading is readonly [RuleOutcome, RuleOutcome, ...RuleOutcome[]] =>
  Array.isArray(reading);

/**
 * Decides one line: a rule reads the line's facts only. For a line the rule's wording leaves open under these
 * parameters there is no one outcome: this throws, naming the rule (use ruleOutcomes).
 * @internal Only the tests apply one rule to one line.
 */
export function applyRule<L extends Line>(line: L, parameters: GuidelineParameters): RuleOutcome {
  const reading = ruleReading(line, parameters);
  if (isOpen(reading))
    throw new Error(
      `rule ${line.rule} leaves this line open (${reading.map((outcome) => outcome.verdict).join(" or ")}): ` +
        "use ruleOutcomes for every reading",
    );
  return reading;
}
