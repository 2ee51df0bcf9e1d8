// What the authors' page shows, decided without the page. Only the rubric's findings are cached (7-18 ms; the rest of
// a change takes about 1 ms: npm run bench -- --preview-only). No DOM and no clock.
import {completeness, type CompletenessReport} from "./completeness.js";
import {dependence, type Dependence} from "./dependence.js";
import {ruleSetOf, type RuleSet, type Scoring} from "../engine/derive.js";
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Item} from "../authored/schemas/item.js";
import {plural} from "../text/format.js";
import {
  AssignmentError,
  declaredValue,
  overridesOf,
  type ParameterDomain,
  type ParameterName,
  type ParameterValue,
} from "../engine/parameter-values.js";
import {prepareBase, previewFrom, type PreparedBase, type Preview} from "./preview.js";
import {quoteText} from "../text/quote-text.js";
import {judgeAgreements, rewordingAdvice, type JudgeAgreement, type JudgeScores} from "../judges/author-line.js";
import {parameterDifferences, versionDiff, type VersionDiff} from "./version-diff.js";
import {
  candidateFromQuery,
  candidateToQuery,
  describeCandidate,
  withChanges,
  withParameter,
  type CandidateChoice,
} from "./candidate-choice.js";
import {changeKey, withRuleChange, type RuleChange} from "./rule-changes.js";
import {logicDifferences, ruleChangeWords} from "./rule-change-words.js";

export interface AuthorsPageData {
  /** Oldest first: the newest is what the page opens with. */
  versions: Guideline[];
  items: Item[];
  domains: ParameterDomain[];
  judges?: readonly JudgeScores[];
}

/** The page passes the browser's timers, a test its own queue. */
export interface AuthorsSchedule {
  /** So the page paints what it has just changed first. */
  afterPaint(work: () => void): void;
}

export interface CandidateReport {
  /** Null while the candidate is the base unchanged (the base's own report says it all). */
  shown: {label: string; dependence: Dependence} | null;
  /** The current candidate's report is still to be worked out. */
  busy: boolean;
}

export interface AuthorsView {
  choice: CandidateChoice;
  /** The page marks a parameter changed against its values. */
  candidateVersion: Guideline;
  changes: {change: RuleChange; key: string; words: string}[];
  candidateRules: RuleSet;
  /** "v2", or "v2 with counting = most-missed". */
  described: string;
  status: string;
  /** Shown before what moves. */
  differs: VersionDiff;
  preview: Preview;
  /** Null while they are worked out, after the paint. */
  baseCompleteness: CompletenessReport | null;
  candidateCompleteness: CompletenessReport | null;
  baseDependence: Dependence;
  candidateReport: CandidateReport;
  judges: JudgeAgreement[];
  rewording: ReturnType<typeof rewordingAdvice>;
}

/** Replaceable in tests to see what is computed and what is reused. */
export interface AuthorsWork {
  completeness(scoring: Scoring): CompletenessReport;
  dependence(prepared: PreparedBase, domains: readonly ParameterDomain[]): Dependence;
  prepareBase(items: readonly Item[], base: RuleSet): PreparedBase;
}

export interface AuthorsPageOptions {
  /** "?base=v2&candidate=v1&set=counting%3Dmost-missed", read once. */
  query: string;
  schedule: AuthorsSchedule;
  /** Handed over once the change is painted. */
  onAddress?(query: string): void;
  /** A view that changed later than the change that led to it (the candidate's report arrived). */
  onView?(view: AuthorsView): void;
  work?: AuthorsWork;
}

export interface AuthorsPage {
  /** Null when it could be read (or there was none). */
  readonly notice: string | null;
  readonly view: AuthorsView;
  chooseBase(version: string): AuthorsView;
  /** The changes made to the one before do not carry over. */
  chooseCandidate(version: string): AuthorsView;
  /** Set back to its version's own value, it is no longer a change. */
  setParameter(name: ParameterName, value: ParameterValue): AuthorsView;
  undoParameters(): AuthorsView;
  /** Set back to the version's own, it is no change. */
  setRuleChange(change: RuleChange): AuthorsView;
  /** By its key, `numbers.ceiling-needs-one`. */
  dropRuleChange(key: string): AuthorsView;
  undoRuleChanges(): AuthorsView;
}

export function authorsPage(
  data: AuthorsPageData,
  {
    query,
    schedule,
    onAddress = () => {},
    onView = () => {},
    work = {completeness, dependence, prepareBase},
  }: AuthorsPageOptions,
): AuthorsPage {
  const byVersion = new Map(data.versions.map((version) => [version.version, version]));
  const versions = [...byVersion.keys()];
  const newest = versions.at(-1)!;
  const guideline = (version: string): Guideline => {
    const found = byVersion.get(version);
    if (!found)
      throw new AssignmentError(`unknown version ${quoteText(version)}: expected one of ${versions.join(", ")}`);
    return found;
  };

  const rewording = rewordingAdvice(versions);
  let notice: string | null = null;
  let choice: CandidateChoice;
  try {
    choice = candidateFromQuery(query, versions, data.domains, (version) => guideline(version).logic);
  } catch (problem) {
    choice = {base: newest, candidate: newest, set: [], changes: []};
    notice = `The link's choice could not be read (${
      problem instanceof Error ? problem.message : String(problem)
    }); showing ${newest} against itself.`;
  }

  // The rubric's findings depend only on the version, its parameters and its changes: kept by key, a parameter
  // flipped back and forth costs nothing the second time.
  const completenessByKey = new Map<string, CompletenessReport>();
  // A change to the logic is part of the key: the same parameters under changed clauses or rows are another case.
  const changesKey = (changes: readonly RuleChange[]) => changes.map(changeKey).join(" ") + JSON.stringify(changes);
  const completenessKey = (ruleSet: RuleSet, changes: readonly RuleChange[]) =>
    `${ruleSet.version} ${JSON.stringify(ruleSet.parameters)}${changesKey(changes)}`;
  const completenessOf = (ruleSet: RuleSet, changes: readonly RuleChange[] = []): CompletenessReport => {
    const key = completenessKey(ruleSet, changes);
    let report = completenessByKey.get(key);
    if (!report) completenessByKey.set(key, (report = work.completeness(ruleSet)));
    return report;
  };
  // After a change, findings not yet kept follow the paint (they take longer than a frame on a cold page).
  let deferFindings = false;
  const findingsOf = (ruleSet: RuleSet, changes: readonly RuleChange[] = []): CompletenessReport | null =>
    deferFindings
      ? (completenessByKey.get(completenessKey(ruleSet, changes)) ?? null)
      : completenessOf(ruleSet, changes);
  const differsOf = (shown: CandidateChoice, parameters: RuleSet["parameters"]): VersionDiff => {
    const found = versionDiff(guideline(shown.base), guideline(shown.candidate));
    return {
      ...found,
      parameters: parameterDifferences(guideline(shown.base).parameters, parameters, guideline(shown.candidate).logic),
      // The candidate's own changes to its clauses and rows, as its parameters are.
      logic: shown.changes.length
        ? logicDifferences(guideline(shown.base), withChanges(guideline(shown.candidate), shown.changes))
        : found.logic,
    };
  };

  // The base is the page's state while only the candidate changes: derived when it is chosen.
  let base: {version: string; prepared: PreparedBase; dependence: Dependence} | undefined;
  const baseOf = (version: string) => {
    if (base?.version !== version) {
      const prepared = work.prepareBase(data.items, ruleSetOf(guideline(version)));
      base = {
        version,
        prepared,
        dependence: work.dependence(prepared, data.domains),
      };
    }
    return base;
  };

  // The candidate's dependence report tries every value of every parameter: it follows after the paint, so the moved
  // items show within the frame, and until then what the page shows of it is marked out of date.
  let candidateReport: CandidateReport = {shown: null, busy: false};
  let reportKey = "";
  // Returns the work to do after the paint, if any.
  const followCandidate = (asked: CandidateChoice, candidateRules: RuleSet, described: string) => {
    // The candidate is the base unchanged: the base's report is the candidate's.
    const key = asked.candidate !== asked.base || asked.set.length || asked.changes.length ? described : "";
    if (key && key !== reportKey) {
      candidateReport = {shown: candidateReport.shown, busy: true};
      return () => {
        const found = work.dependence(work.prepareBase(data.items, candidateRules), data.domains);
        candidateReport = {shown: {label: `the candidate (${described})`, dependence: found}, busy: false};
        reportKey = key;
        view = {...view, candidateReport};
      };
    }
    // Back to what is shown (a change undone before its report came): nothing is out of date any more.
    candidateReport = {shown: key ? candidateReport.shown : null, busy: false};
    reportKey = key;
    return null;
  };

  const viewOf = (shown: CandidateChoice): AuthorsView => {
    const candidateVersion = guideline(shown.candidate);
    const titles = new Map(candidateVersion.rules.map((rule) => [rule.id, rule.title]));
    const changes = shown.changes.map((change) => ({
      change,
      key: changeKey(change),
      words: ruleChangeWords(change, {logic: candidateVersion.logic, titles}),
    }));
    const candidateRules = ruleSetOf(withChanges(candidateVersion, shown.changes), overridesOf(shown.set));
    const {prepared, dependence: baseDependence} = baseOf(shown.base);
    const baseCompleteness = findingsOf(prepared.ruleSet);
    const candidateCompleteness = findingsOf(candidateRules, shown.changes);
    const result = previewFrom(prepared, candidateRules);
    const described = describeCandidate(
      shown,
      candidateVersion.logic,
      changes.map((entry) => entry.words),
    );
    const status =
      `Base ${shown.base}, candidate ${described}: ${plural(result.moved.length, "item moves", "items move")}; ` +
      `${plural(result.unsettled.length, "item has", "items have")} no single score.`;
    const report = followCandidate(shown, candidateRules, described);
    const findings =
      baseCompleteness && candidateCompleteness
        ? null
        : () => {
            view = {
              ...view,
              baseCompleteness: completenessOf(prepared.ruleSet),
              candidateCompleteness: completenessOf(candidateRules, shown.changes),
            };
          };
    if (report || findings)
      schedule.afterPaint(() => {
        if (choice !== shown) return;
        findings?.();
        report?.();
        onView(view);
      });
    return {
      choice: shown,
      candidateVersion,
      changes,
      candidateRules,
      described,
      status,
      differs: differsOf(shown, candidateRules.parameters),
      preview: result,
      baseCompleteness,
      candidateCompleteness,
      baseDependence,
      candidateReport,
      judges: judgeAgreements(data.judges ?? [], prepared, result),
      rewording,
    };
  };

  let view = viewOf(choice);
  deferFindings = true;

  const change = (next: CandidateChoice): AuthorsView => {
    choice = next;
    view = viewOf(next);
    // The address follows after the results are painted: writing it costs more than a frame's share.
    const address = candidateToQuery(next);
    schedule.afterPaint(() => onAddress(address));
    return view;
  };

  return {
    notice,
    get view() {
      return view;
    },
    chooseBase: (version) => change({...choice, base: guideline(version).version}),
    chooseCandidate: (version) => change({...choice, candidate: guideline(version).version, set: [], changes: []}),
    setParameter: (name, value) =>
      change(withParameter(choice, declaredValue(guideline(choice.candidate).parameters, name), {name, value})),
    undoParameters: () => change({...choice, set: []}),
    setRuleChange: (ruleChange) =>
      change({...choice, changes: withRuleChange(choice.changes, ruleChange, guideline(choice.candidate).logic)}),
    dropRuleChange: (key) => change({...choice, changes: choice.changes.filter((entry) => changeKey(entry) !== key)}),
    undoRuleChanges: () => change({...choice, changes: []}),
  };
}
