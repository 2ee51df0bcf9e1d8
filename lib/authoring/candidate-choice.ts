// The authors' page's choice, a base and a candidate with its changes, and its address, which the case editor and
// `guideline:preview` read too: each `set=` is a parameter (`set=counting=most-missed`) or, with a dot in its key, a
// clause's verdict or flag or a row's threshold (`set=numbers.ceiling-needs-one=partly`).
import type {Guideline} from "../authored/schemas/guideline.js";
import {ruleSetOf, type RuleSet} from "../engine/derive.js";
import {ruleChangeWords} from "./rule-change-words.js";
import type {GuidelineLogic} from "../authored/schemas/logic.js";
import {
  AssignmentError,
  formatAssignment,
  overridesOf,
  parseAssignments,
  assignmentWords,
  type Assignment,
  type ParameterDomain,
  type ParameterSource,
  type ParameterValue,
} from "../engine/parameters.js";
import {quoteText, setTwice} from "../text/quote-text.js";
import {
  applyRuleChanges,
  formatChange,
  isRuleChangeText,
  isVersionsOwn,
  parseRuleChange,
  parseRuleChanges,
  type RuleChange,
} from "./rule-changes.js";
import {ruleNamesInList} from "../engine/labels.js";

/** The preview's choice, as the page keeps it in its URL: a base version, and a candidate version with changes. */
export interface PreviewChoice {
  base: string;
  /** The candidate's version: another version, or the base itself when only parameters change. */
  candidate: string;
  set: Assignment[];
}

/** The choice as a URL query: `base=v2&candidate=v2&set=counting%3Dmost-missed`. */
export function choiceToQuery(choice: PreviewChoice): string {
  const query = new URLSearchParams({base: choice.base, candidate: choice.candidate});
  for (const assignment of choice.set) query.append("set", formatAssignment(assignment));
  return query.toString();
}

/**
 * Reads the choice back from a URL query a colleague was sent. A version not among `versions`, a bad assignment, or
 * a version or parameter given twice throws, naming the valid ones; a missing base is the newest version, a missing
 * candidate the base.
 */
export function choiceFromQuery(
  query: string | URLSearchParams,
  versions: readonly string[],
  domains: readonly ParameterDomain[],
): PreviewChoice {
  const params = typeof query === "string" ? new URLSearchParams(query) : query;
  const version = (key: "base" | "candidate", fallback: string | undefined): string => {
    // Given twice, as a parameter set twice, it is refused: only one could win.
    const [first, again] = params.getAll(key);
    if (first !== undefined && again !== undefined) throw new AssignmentError(setTwice(key, first, again));
    const value = first ?? fallback;
    if (value === undefined || !versions.includes(value)) {
      const problem = value === undefined ? "missing" : `unknown version ${quoteText(value)}`;
      throw new AssignmentError(`${key}: ${problem}: expected one of ${versions.join(", ")}`);
    }
    return value;
  };
  const base = version("base", versions.at(-1));
  return {base, candidate: version("candidate", base), set: parseAssignments(params.getAll("set"), domains)};
}

export interface CandidateChoice extends PreviewChoice {
  changes: RuleChange[];
}

/** Anything that is not one throws, naming what is valid. */
export function candidateFromQuery(
  query: string,
  versions: readonly string[],
  domains: readonly ParameterDomain[],
  logicOf: (version: string) => GuidelineLogic,
): CandidateChoice {
  const params = new URLSearchParams(query);
  const settings = params.getAll("set");
  const parameters = new URLSearchParams(
    [...params].filter(([key, value]) => key !== "set" || !isRuleChangeText(value)),
  );
  const choice = choiceFromQuery(parameters, versions, domains);
  const changes = parseRuleChanges(settings.filter(isRuleChangeText), logicOf(choice.candidate));
  return {...choice, changes};
}

/** The parameters' `set=` first, then the logic's, in the order made. */
export function candidateToQuery(choice: CandidateChoice): string {
  const query = new URLSearchParams(choiceToQuery(choice));
  for (const change of choice.changes) query.append("set", formatChange(change));
  return query.toString();
}

/** Whether a candidate is other than its base unchanged: another version, or a parameter, clause or row changed. */
export const isChanged = ({
  base,
  candidate,
  set,
  changes = [],
}: {
  base: string;
  candidate: string;
  set: readonly unknown[];
  changes?: readonly unknown[];
}): boolean => candidate !== base || set.length > 0 || changes.length > 0;

/**
 * The candidate in a line, for the authors' page and `guideline:preview`: its version, then its parameters in the
 * order set and the changes to clauses and rows in words; the base itself with none is "v2 unchanged". Past `most`
 * changes, only how many ("v2 with 9 changes"): the authors' page's pinned outcome lists them in "What differs", and
 * every change in full ran it off a laptop's window.
 */
export function describeCandidate(
  choice: PreviewChoice,
  logic: ParameterSource,
  changes: readonly string[] = [],
  {most = Infinity}: {most?: number} = {},
): string {
  const all = [...choice.set.map((assignment) => assignmentWords(logic, assignment)), ...changes];
  if (all.length > most) return `${choice.candidate} with ${all.length} changes`;
  if (all.length) return `${choice.candidate} with ${all.join("; ")}`;
  return isChanged(choice) ? choice.candidate : `${choice.candidate} unchanged`;
}

/** The choice with one parameter set: moved to the end of the changes, or dropped where it is the version's own. */
export function withParameter(
  choice: CandidateChoice,
  versionValue: ParameterValue,
  change: Assignment,
): CandidateChoice {
  const others = choice.set.filter((assignment) => assignment.name !== change.name);
  return {...choice, set: change.value === versionValue ? others : [...others, change]};
}

/**
 * The choice with another version as candidate, carrying over each change that version can take: a parameter it
 * declares, a clause or row it has (either left out where it is the version's own). `dropped`: the others, in
 * words, read against the version they were made on.
 */
export function withCandidate(
  choice: CandidateChoice,
  from: Guideline,
  to: Guideline,
): {choice: CandidateChoice; dropped: string[]} {
  const dropped: string[] = [];
  const set = choice.set.filter((assignment) => {
    const own = to.parameters[assignment.name];
    if (own === undefined) dropped.push(assignmentWords(from.logic, assignment));
    return own !== undefined && own !== assignment.value;
  });
  const titles = ruleNamesInList(from);
  const changes = choice.changes.filter((change) => {
    try {
      parseRuleChange(formatChange(change), to.logic);
    } catch (problem) {
      if (!(problem instanceof AssignmentError)) throw problem;
      dropped.push(ruleChangeWords(change, {logic: from.logic, titles}));
      return false;
    }
    return !isVersionsOwn(change, to.logic);
  });
  return {choice: {...choice, candidate: to.version, set, changes}, dropped};
}

/** The version with the changes made to its logic (itself when there are none). */
export const withChanges = (version: Guideline, changes: readonly RuleChange[]): Guideline =>
  changes.length ? {...version, logic: applyRuleChanges(version.logic, changes)} : version;

/** The candidate's rule set: the version with the changes made to its logic and the parameters set. */
export const candidateRuleSet = (
  version: Guideline,
  set: readonly Assignment[],
  changes: readonly RuleChange[],
): RuleSet => ruleSetOf(withChanges(version, changes), overridesOf(set));

/** The editor's two rule sets from the /authors address: the newest version, and the candidate it names. */
export interface EditorRuleSets {
  current: RuleSet;
  /** Null when the address names no change from the current guideline (or could not be read: see error). */
  candidate: RuleSet | null;
  /** The candidate in words ("v2 with How … counts … (counting): at-least-half → most-missed"), or null. */
  described: string | null;
  /** Why the address could not be read, naming what is valid; null when it could. */
  error: string | null;
}

export function ruleSetsFromQuery(
  query: string,
  versions: readonly Guideline[],
  domains: readonly ParameterDomain[],
): EditorRuleSets {
  const newest = versions.at(-1)!;
  const current = ruleSetOf(newest);
  try {
    const choice = candidateFromQuery(
      query,
      versions.map((guideline) => guideline.version),
      domains,
      (name) => versions.find((guideline) => guideline.version === name)!.logic,
    );
    // Against what the editor compares it with, the newest version, not the address's base: a base of v1 with no
    // candidate named makes the candidate v1, which is no "v1 unchanged" beside v2.
    const beside = {...choice, base: newest.version};
    if (!isChanged(beside)) return {current, candidate: null, described: null, error: null};
    const version = versions.find((guideline) => guideline.version === choice.candidate)!;
    const titles = ruleNamesInList(version);
    return {
      current,
      candidate: candidateRuleSet(version, choice.set, choice.changes),
      described: describeCandidate(
        beside,
        version.logic,
        choice.changes.map((change) => ruleChangeWords(change, {logic: version.logic, titles})),
      ),
      error: null,
    };
  } catch (error) {
    if (!(error instanceof AssignmentError)) throw error;
    return {current, candidate: null, described: null, error: error.message};
  }
}
