// What the authors' page shows, decided without the page: its state (the choice, what the later sections show, a
// refused value, the folds opened, what the search found), a pure update for each thing the author does, and what
// a choice shows. The slow work is kept outside the state, as memoised functions of the choice: the rubric's findings
// (7-18 ms; a parameter's change about 1 ms), each version's prepared base, and per pair of versions what differs
// and the preview of one against the other (a version's change cost 30-60 ms cold; npm run bench -- --preview-only).
// `warmUp` hands the page that work in pieces for its idle time. No DOM and no clock.
import {checkNewVersion, nextVersion, VersionWriteError} from "./version-name.js";
import {completeness, type CompletenessReport} from "./completeness.js";
import {dependence, type Dependence} from "./dependence.js";
import {ruleSetOf, type RuleSet, type Scoring} from "../engine/derive.js";
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Item} from "../authored/schemas/item.js";
import {plural} from "../text/format.js";
import {
  AssignmentError,
  declaredValue,
  formatAssignment,
  parseValue,
  valueWords,
  type ParameterDomain,
  type ParameterName,
  type ParameterValue,
} from "../engine/parameters.js";
import {prepareBase, previewFrom, reruledWords, type PreparedBase, type Preview} from "./preview.js";
import {quoteText} from "../text/quote-text.js";
import {judgeAgreements, rewordingAdvice, type JudgeAgreement, type JudgeScores} from "../judges/author-line.js";
import {parameterDifferences, versionDiff, type VersionDiff} from "./version-diff.js";
import {
  candidateFromQuery,
  candidateToQuery,
  describeCandidate,
  isChanged,
  withCandidate,
  candidateRuleSet,
  withChanges,
  withParameter,
  type CandidateChoice,
} from "./candidate-choice.js";
import {
  changeKey,
  formatChange,
  levelsToReword,
  parseRuleChange,
  rubricKey,
  rulesToReword,
  thresholdKey,
  withRuleChange,
  type LevelToReword,
  type RuleChange,
} from "./rule-changes.js";
import {logicDifferences, ruleChangeWords} from "./rule-change-words.js";
import {findCounterexample, rulesByRole, type Counterexample} from "./counterexample.js";
import {ruleNamesInList} from "../engine/labels.js";

export interface AuthorsPageData {
  /** Oldest first: the newest is what the page opens with. */
  versions: Guideline[];
  items: Item[];
  domains: ParameterDomain[];
  judges?: readonly JudgeScores[];
}

/** The value a menu shows for "as the version says": the clause's own verdict or flag, whatever it is. */
export const ownSetting = "";

export interface AuthorsState {
  choice: CandidateChoice;
  /** Why the address could not be read; null when it could (or there was none). */
  notice: string | null;
  /**
   * The choice the later sections show (what differs, the findings, the candidate's report, the rest of the results):
   * the choice itself once its change is painted, so the moved cases show within the change's frame.
   */
  settled: CandidateChoice;
  /** A value a control refused: its field's key (`counting`, `numbers.ceiling-needs-one`), what was typed, why. */
  refused: {key: string; text: string; message: string} | null;
  /** The rule folds opened so far, as `<version> <rule>`: their menus are built from then on. */
  folds: readonly string[];
  /** What the search found for a choice that moves no worked case, by `choiceKey`. */
  counterexample: {key: string; found: Counterexample | null} | null;
}

export type AuthorsAction =
  | {kind: "base"; version: string}
  /** The changes made to the one before do not carry over. */
  | {kind: "candidate"; version: string}
  /** Set back to its version's own value, it is no longer a change. */
  | {kind: "parameter"; name: ParameterName; value: ParameterValue}
  /** A parameter's control as typed or chosen, read against its domain. */
  | {kind: "parameter text"; name: ParameterName; text: string}
  | {kind: "undo parameters"}
  /** A clause's or row's menu or field (`ownSetting`: the version's own), read against the candidate's logic. */
  | {kind: "setting"; key: string; text: string}
  /** By its key, `numbers.ceiling-needs-one`. */
  | {kind: "drop change"; key: string}
  | {kind: "undo changes"}
  | {kind: "open fold"; rule: string}
  | {kind: "painted"; choice: CandidateChoice}
  | {kind: "counterexample"; key: string; found: Counterexample | null};

export interface CandidateReport {
  /** Null while the candidate is the base unchanged (the base's own report says it all). */
  shown: {label: string; dependence: Dependence} | null;
  /** The current candidate's report is still to be worked out. */
  busy: boolean;
}

/** What a choice shows within its change's frame. */
export interface AuthorsView {
  choice: CandidateChoice;
  /** The page marks a parameter changed against its values. */
  candidateVersion: Guideline;
  changes: {change: RuleChange; key: string; words: string}[];
  candidateRules: RuleSet;
  /** "v1", "v2 unchanged" (the base itself), or "v2 with How … counts … (counting): at-least-half → most-missed". */
  described: string;
  /** What the change does, in a sentence: "3 items move; 3 items have no single score." */
  outcome: string;
  /** Whether the page pins the outcome under its controls: once the candidate is other than the base unchanged. */
  outcomePinned: boolean;
  /** The versions compared, then the outcome: "Base v2, candidate v1: 3 items move; …". */
  status: string;
  preview: Preview;
  judges: JudgeAgreement[];
  rewording: ReturnType<typeof rewordingAdvice>;
}

/** What a choice shows once its change is painted. */
export interface AuthorsLater {
  /** Shown before what moves, once the change is painted: the word-level diffs cost more than the change's frame. */
  differs: VersionDiff;
  /** What the base's worked cases do not test. */
  baseDependence: Dependence;
  baseCompleteness: CompletenessReport;
  candidateCompleteness: CompletenessReport;
  /** Null while the candidate is the base unchanged. */
  candidateReport: {label: string; dependence: Dependence} | null;
}

/** Replaceable in tests to see what is computed and what is reused. */
export interface AuthorsWork {
  completeness(scoring: Scoring): CompletenessReport;
  dependence(prepared: PreparedBase, domains: readonly ParameterDomain[]): Dependence;
  prepareBase(items: readonly Item[], base: RuleSet): PreparedBase;
}

export interface AuthorsModel {
  /** The state for an address query (`?base=v2&candidate=v1&set=counting%3Dmost-missed`). */
  start(query: string): AuthorsState;
  update(state: AuthorsState, action: AuthorsAction): AuthorsState;
  view(choice: CandidateChoice): AuthorsView;
  later(choice: CandidateChoice): AuthorsLater;
  /** What the later sections show of the candidate's report while `settled` catches up with `choice`. */
  candidateReport(state: AuthorsState): CandidateReport;
  /** Where a change moves no worked case: whether to look for a case it would move, under which key. */
  wantsCounterexample(view: AuthorsView): string | null;
  /** A checklist the change would move, or null; kept per key. */
  counterexample(choice: CandidateChoice): Counterexample | null;
  /**
   * What choosing another version as candidate or as base will need, as pieces of a few ms each for the page's idle
   * time, what the change's own frame shows first (each is kept; a piece already done costs nothing).
   */
  warmUp(choice: CandidateChoice): (() => void)[];
}

/** One key per choice: what the address holds, with the base always named. */
export const choiceKey = (choice: CandidateChoice): string => `${choice.base} ${candidateToQuery(choice)}`;

/** A field's id from a setting's key: `clause-numbers-ceiling-needs-one`, `threshold-one-small-flaw`. */
export const settingId = (key: string): string =>
  key.startsWith(`${rubricKey}.`)
    ? `threshold-${key.slice(rubricKey.length + 1)}`
    : `clause-${key.replaceAll(".", "-")}`;

/**
 * The choice a part of the candidate's controls shows (a parameter's field, the clauses' folds): the choice, or, for
 * a part out of view while another candidate version waits for its change's paint, the settled one, until that paint
 * (the change's frame patches only what the author can see: out of view, the new version's fields cost it a third).
 */
export const controlsChoice = (state: AuthorsState, inView: boolean): CandidateChoice =>
  inView || state.choice.candidate === state.settled.candidate ? state.choice : state.settled;

/**
 * The name the dialog's command writes: the one typed when it is a new version's name, else the next free one, so the
 * command shown is one the command line takes (an empty name, or a released version, it refuses). `why` says, for a
 * name typed and refused, why the command writes another: "v2" typed beside `--write v3` reads as a slip otherwise.
 */
export function commandVersion(name: string, versions: readonly string[]): {version: string; why: string | null} {
  try {
    checkNewVersion(name, versions);
    return {version: name, why: null};
  } catch (error) {
    if (!(error instanceof VersionWriteError)) throw error;
    return {version: nextVersion(versions), why: name ? `${error.message}.` : null};
  }
}

/** The command that writes the same version from the command line (with the rule texts as they are). */
export function writeCommand(choice: CandidateChoice, version: string): string {
  const sets = [...choice.set.map(formatAssignment), ...choice.changes.map(formatChange)];
  return [
    "npm run guideline:preview --",
    `--candidate ${choice.candidate}`,
    ...sets.map((set) => `--set ${set}`),
    `--write ${version}`,
  ].join(" ");
}

/** Kept by key: computed the first time it is asked for. */
function memo<T>(): (key: string, make: () => T) => T {
  const kept = new Map<string, T>();
  return (key, make) => {
    let found = kept.get(key);
    if (found === undefined) kept.set(key, (found = make()));
    return found;
  };
}

export function authorsModel(
  data: AuthorsPageData,
  {work = {completeness, dependence, prepareBase}}: {work?: AuthorsWork} = {},
): AuthorsModel {
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
  const roles = rulesByRole(data.items);

  // The rubric's findings depend only on the version, its parameters and its changes: a parameter flipped back and
  // forth costs nothing the second time. A change to the logic is part of the key.
  const findings = memo<CompletenessReport>();
  const completenessOf = (ruleSet: RuleSet, changes: readonly RuleChange[] = []): CompletenessReport =>
    findings(`${ruleSet.version} ${JSON.stringify(ruleSet.parameters)} ${JSON.stringify(changes)}`, () =>
      work.completeness(ruleSet),
    );
  // What differs between two versions' texts, per pair: their word-level diffs are the slow part.
  const diffs = memo<VersionDiff>();
  const pairDiff = (base: string, candidate: string): VersionDiff =>
    diffs(`${base} ${candidate}`, () => versionDiff(guideline(base), guideline(candidate)));
  // Each version as a base, derived when first chosen (or warmed up): there are a few versions. Its dependence report
  // (every value of every parameter and rubric threshold tried: 20-40 ms cold) is the later sections', so a base
  // chosen cold is painted before it.
  const bases = memo<PreparedBase>();
  const baseOf = (version: string) => bases(version, () => work.prepareBase(data.items, ruleSetOf(guideline(version))));
  const dependences = memo<Dependence>();
  const dependenceOf = (version: string) => dependences(version, () => work.dependence(baseOf(version), data.domains));
  // The preview of a version as written against a base, per pair (a choice with no parameter or rule changed).
  const plainPreviews = memo<Preview>();
  const previewOf = (choice: CandidateChoice, candidateRules: RuleSet): Preview => {
    const prepared = baseOf(choice.base);
    if (choice.set.length || choice.changes.length) return previewFrom(prepared, candidateRules);
    return plainPreviews(`${choice.base} ${choice.candidate}`, () => previewFrom(prepared, candidateRules));
  };

  const views = memo<AuthorsView>();
  const view = (choice: CandidateChoice): AuthorsView =>
    views(choiceKey(choice), () => {
      const candidateVersion = guideline(choice.candidate);
      const titles = ruleNamesInList(candidateVersion);
      const changes = choice.changes.map((change) => ({
        change,
        key: changeKey(change),
        words: ruleChangeWords(change, {logic: candidateVersion.logic, titles}),
      }));
      const candidateRules = candidateRuleSet(candidateVersion, choice.set, choice.changes);
      const prepared = baseOf(choice.base);
      const preview = previewOf(choice, candidateRules);
      const described = describeCandidate(
        choice,
        candidateVersion.logic,
        changes.map((entry) => entry.words),
        {most: 2},
      );
      const outcome =
        `${plural(preview.moved.length, "item moves", "items move")}; ` +
        `${plural(preview.unsettled.length, "item has", "items have")} no single score` +
        (preview.reruled.length ? `; ${reruledWords(preview.reruled.length)}.` : ".");
      return {
        choice,
        candidateVersion,
        changes,
        candidateRules,
        described,
        outcome,
        outcomePinned: isChanged(choice),
        status: `Base ${choice.base}, candidate ${described}: ${outcome}`,
        preview,
        judges: judgeAgreements(data.judges ?? [], prepared, preview),
        rewording,
      };
    });

  const laters = memo<AuthorsLater>();
  const later = (choice: CandidateChoice): AuthorsLater =>
    laters(choiceKey(choice), () => {
      const shown = view(choice);
      const pair = pairDiff(choice.base, choice.candidate);
      const differs = {
        ...pair,
        // As `guideline:preview` says them (versionDiff): each side in its own logic's words, under the candidate's
        // parameters.
        parameters: parameterDifferences(
          guideline(choice.base).parameters,
          shown.candidateRules.parameters,
          shown.candidateRules.logic.data,
          guideline(choice.base).logic,
        ),
        // The candidate's own changes to its clauses and rows, as its parameters are.
        logic: choice.changes.length
          ? logicDifferences(
              guideline(choice.base),
              withChanges(shown.candidateVersion, choice.changes),
              shown.candidateRules.parameters,
            )
          : pair.logic,
      };
      const baseDependence = dependenceOf(choice.base);
      // A version as written is a base too: its report is the one kept for it as a base.
      const report = !isChanged(choice)
        ? null
        : choice.set.length || choice.changes.length
          ? work.dependence(work.prepareBase(data.items, shown.candidateRules), data.domains)
          : dependenceOf(choice.candidate);
      return {
        differs,
        baseDependence,
        baseCompleteness: completenessOf(baseOf(choice.base).ruleSet),
        candidateCompleteness: completenessOf(shown.candidateRules, choice.changes),
        candidateReport: report && {label: `the candidate (${shown.described})`, dependence: report},
      };
    });

  const counterexamples = memo<Counterexample | null>();
  const counterexample = (choice: CandidateChoice) =>
    counterexamples(choiceKey(choice), () =>
      findCounterexample(baseOf(choice.base).ruleSet, view(choice).candidateRules, roles),
    );

  const start = (query: string): AuthorsState => {
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
    return {choice, notice, settled: choice, refused: null, folds: [], counterexample: null};
  };

  const choose = (state: AuthorsState, choice: CandidateChoice): AuthorsState =>
    choiceKey(choice) === choiceKey(state.choice) && !state.refused
      ? state
      : {...state, choice, refused: null, notice: null};
  const refuse = (state: AuthorsState, key: string, text: string, problem: unknown, more = ""): AuthorsState => {
    if (!(problem instanceof AssignmentError)) throw problem;
    return {...state, refused: {key, text, message: `${problem.message}${more}`}};
  };
  const domainOf = (name: ParameterName) => {
    const found = data.domains.find((domain) => domain.name === name);
    if (!found) throw new AssignmentError(`unknown parameter ${quoteText(name)}`);
    return found;
  };

  const update = (state: AuthorsState, action: AuthorsAction): AuthorsState => {
    const {choice} = state;
    switch (action.kind) {
      case "base":
        return choose(state, {...choice, base: guideline(action.version).version});
      case "candidate": {
        const to = guideline(action.version);
        if (to.version === choice.candidate) return state;
        // The changes made go with the candidate where its logic can take them; the page says which could not.
        const carried = withCandidate(choice, guideline(choice.candidate), to);
        const next = choose(state, carried.choice);
        const notice = carried.dropped.length
          ? `Left out, as ${to.version} has no such parameter or clause: ${carried.dropped.join("; ")}.`
          : null;
        return {...next, notice};
      }
      case "parameter":
        return choose(
          state,
          withParameter(choice, declaredValue(guideline(choice.candidate).parameters, action.name), {
            name: action.name,
            value: action.value,
          }),
        );
      case "parameter text":
        try {
          return update(state, {
            kind: "parameter",
            name: action.name,
            value: parseValue(domainOf(action.name), action.text),
          });
        } catch (problem) {
          // The cases shown stay those of the value before, which the emptied or mistyped field no longer shows (a
          // name the candidate does not declare has no value before: refused as it is).
          const before = view(choice).candidateRules.parameters[action.name];
          const still =
            before === undefined
              ? ""
              : `: the cases below are still for ${valueWords(guideline(choice.candidate).logic, action.name, before)}`;
          return refuse(state, action.name, action.text, problem, still);
        }
      case "undo parameters":
        return choose(state, {...choice, set: []});
      case "setting":
        if (action.text === ownSetting) return update(state, {kind: "drop change", key: action.key});
        try {
          const logic = guideline(choice.candidate).logic;
          const change = parseRuleChange(`${action.key}=${action.text}`, logic);
          return choose(state, {...choice, changes: withRuleChange(choice.changes, change, logic)});
        } catch (problem) {
          // A row's threshold typed out of range: the cases shown stay those of its value before, as a parameter's.
          const row = view(choice).candidateRules.logic.data.rubric.rows.find(
            (entry) => thresholdKey(entry.id) === action.key,
          );
          const still = row?.threshold ? `: the cases below are still for ${row.threshold.value}` : "";
          return refuse(state, action.key, action.text, problem, still);
        }
      case "drop change":
        return choose(state, {...choice, changes: choice.changes.filter((entry) => changeKey(entry) !== action.key)});
      case "undo changes":
        return choose(state, {...choice, changes: []});
      case "open fold": {
        const fold = `${choice.candidate} ${action.rule}`;
        return state.folds.includes(fold) ? state : {...state, folds: [...state.folds, fold]};
      }
      case "painted":
        // A change made since is painted in its own turn; one that shows what is settled changes nothing.
        return action.choice !== choice || choiceKey(choice) === choiceKey(state.settled)
          ? state
          : {...state, settled: choice};
      case "counterexample":
        return action.key === choiceKey(choice)
          ? {...state, counterexample: {key: action.key, found: action.found}}
          : state;
    }
  };

  return {
    start,
    update,
    view,
    later,
    candidateReport: ({choice, settled}) => {
      const shown = later(settled).candidateReport;
      const busy = isChanged(choice) && choiceKey(choice) !== choiceKey(settled);
      return {shown: isChanged(choice) ? shown : null, busy};
    },
    wantsCounterexample: (shown) =>
      isChanged(shown.choice) && shown.preview.moved.length === 0 ? choiceKey(shown.choice) : null,
    counterexample,
    warmUp: (shown) => {
      const others = (version: string) => versions.filter((other) => other !== version);
      const candidates = others(shown.candidate);
      const bases = others(shown.base);
      return [
        // First what a change's own frame shows: another candidate's preview against the base shown, and another
        // base derived, with its preview of the candidate shown.
        ...candidates.map((version) => () => void view({base: shown.base, candidate: version, set: [], changes: []})),
        ...bases.map((version) => () => void view({...shown, base: version})),
        // Then what follows their paint: what differs, and the other base's dependence report (20-40 ms cold).
        ...candidates.map((version) => () => void pairDiff(shown.base, version)),
        ...bases.flatMap((version) => [
          () => void pairDiff(version, shown.candidate),
          () => void dependenceOf(version),
        ]),
      ];
    },
  };
}

/** "Save as a new version": what the dialog shows and what the author typed in it. */
export interface SaveState {
  /** The candidate version the new one is based on, its changes in words, and the choice for the command. */
  choice: CandidateChoice;
  words: readonly string[];
  /** The candidate against the version whose rulings the case files hold: what guideline:check will fail on. */
  checked: Pick<Preview, "moved" | "reruled">;
  /** The rubric levels whose words the changes may make untrue. */
  levels: readonly LevelToReword[];
  /** The rules the changes rule otherwise, in guideline.yaml's order: each with its name and what changed in it. */
  rules: readonly {rule: string; name: string; changed: readonly string[]}[];
  /** The new version's name as typed. */
  name: string;
  /** The rule texts the author reworded, by rule id: kept while the candidate version stays. */
  texts: Readonly<Record<string, string>>;
  problem: string | null;
  done: string;
}

export type SaveAction =
  /** The dialog opened on a choice: what that choice decides (the dialog is modal: it does not change while open). */
  | ({kind: "view"} & Pick<SaveState, "choice" | "words" | "checked" | "levels" | "rules">)
  | {kind: "name"; name: string}
  | {kind: "text"; rule: string; text: string}
  /** The dialog opened, or a download started: what the last one said goes. */
  | {kind: "clear"}
  | {kind: "saved"; done: string}
  | {kind: "failed"; problem: string};

/**
 * What a choice decides in the save dialog, worked out once as the dialog opens (not at each key typed in it): the
 * changes in words (`words`, parameters first, as the version records them), what guideline:check will fail on, the
 * rubric levels and the rules (of the candidate version, unchanged) the changes may make untrue.
 */
export function saveChoice(
  choice: CandidateChoice,
  {version, words, checked}: {version: Guideline; words: readonly string[]; checked: SaveState["checked"]},
): Extract<SaveAction, {kind: "view"}> {
  const names = ruleNamesInList(version);
  return {
    kind: "view",
    choice,
    words,
    checked,
    levels: levelsToReword(version.logic, version.parameters, choice.set, choice.changes),
    rules: rulesToReword(version, choice.set, choice.changes).map(({rule, settings}) => ({
      rule,
      name: names.get(rule)!,
      changed: settings.map((at) => words[at]!),
    })),
  };
}

export function updateSave(state: SaveState, action: SaveAction): SaveState {
  switch (action.kind) {
    case "view":
      return {
        ...state,
        choice: action.choice,
        words: action.words,
        checked: action.checked,
        levels: action.levels,
        rules: action.rules,
        texts: action.choice.candidate === state.choice.candidate ? state.texts : {},
      };
    case "name":
      // What the last Download was refused for goes as the author types (most often the name itself); Download says
      // again whatever is still wrong.
      return action.name === state.name ? state : {...state, name: action.name, problem: null};
    case "text":
      return {...state, texts: {...state.texts, [action.rule]: action.text}};
    case "clear":
      return state.problem === null && state.done === "" ? state : {...state, problem: null, done: ""};
    case "saved":
      return {...state, problem: null, done: action.done};
    case "failed":
      return {...state, problem: action.problem, done: ""};
  }
}
