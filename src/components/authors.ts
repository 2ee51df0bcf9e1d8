// The guideline authors' preview: pick a base version and a candidate (another version, or the base with parameters
// changed here) and see at once which worked cases move and why, which lose their single score, the distribution
// and the coverage of the scores, and what the worked cases do not test. The choice lives in the URL. The page is one
// Live node: its state, its update and what a choice shows are lib/authoring/authors-page.ts's; this builds the DOM
// for a state, reads the author's actions off the controls' data- attributes, and does what follows a patch (the
// address, the later sections after the paint, the search for a case the change would move).
import {
  authorsModel,
  choiceKey,
  controlsChoice,
  ownSetting,
  saveChoice,
  settingId,
  updateSave,
  commandVersion,
  writeCommand,
  type AuthorsAction,
  type AuthorsModel,
  type AuthorsPageData,
  type AuthorsState,
  type AuthorsView,
  type SaveAction,
  type SaveState,
} from "../lib/authoring/authors-page.js";
import {type ItemPages, ruleHref, itemHref, itemLabel} from "../lib/site/links.js";
import {el, type Child, svg, titled, WordsThenId, keptParts, live, type Live} from "./dom.js";
import {afterFirstPaint, afterPaint, whenIdle} from "../lib/site/schedule.js";
import type {Guideline, GuidelineRule} from "../lib/authored/schemas/guideline.js";
import {
  declaredValue,
  describeDomain,
  type ParameterDomain,
  type ParameterValue,
  linkOf,
  linkStanding,
  parameterHeading,
  parameterTitle,
  parameterValueWords,
  valueWords,
  wordsThenValue,
  type ParameterSource,
  assignmentWords,
} from "../lib/engine/parameters.js";
import {
  differsAtAll,
  wordsDiffer,
  type DiffPart,
  type TextDifference,
  type VersionDiff,
} from "../lib/authoring/version-diff.js";
import {Table} from "./table.js";
import {
  reasonNames,
  reasonText,
  reruledConsequence,
  reruledWords,
  savedCheckWords,
  type Preview,
  type LineDecision,
  type Outcome,
} from "../lib/authoring/preview.js";
import {scoreText, originTag} from "../lib/trainee/words.js";
import type {Score} from "../lib/authored/schemas/verdict.js";
import {describeFinding} from "../lib/authoring/completeness-words.js";
import type {CompletenessReport, Finding} from "../lib/authoring/completeness.js";
import {untestedThresholds, type Dependence} from "../lib/authoring/dependence.js";
import {plural} from "../lib/text/format.js";
import type {ChangedCase, JudgeAgreement} from "../lib/judges/author-line.js";
import {readerStanding, ruleName, ruleNamesInList, thresholdsBent, verdictLabels} from "../lib/engine/labels.js";
import type {Item} from "../lib/authored/schemas/item.js";
import type {GuidelineLogic, LogicClause} from "../lib/authored/schemas/logic.js";
import {
  changeKey,
  clauseVerdicts,
  describeThreshold,
  noFlag,
  rubricKey,
  thresholdKey,
} from "../lib/authoring/rule-changes.js";
import {
  clauseVerdictWords,
  clauseWords,
  levelsToRewordWords,
  nowWords,
  rulesToRewordWords,
  thresholdTitle,
} from "../lib/authoring/rule-change-words.js";
import {candidateToQuery, type CandidateChoice} from "../lib/authoring/candidate-choice.js";
import {handoffQuery, openQuery} from "../lib/authoring/case-handoff.js";
import type {Counterexample} from "../lib/authoring/counterexample.js";
import {counterexampleLead, counterexampleWords} from "../lib/authoring/counterexample-words.js";
import type {VersionSources} from "../lib/authoring/version-writer.js";
import {nextVersion} from "../lib/authoring/version-name.js";
import {phoneChartWidth} from "../lib/site/chart-width.js";
import {download} from "../lib/site/download.js";

interface AuthorsData extends AuthorsPageData {
  /** Where each item is scored, for its links. */
  itemPages: ItemPages;
}

/** A part built by `build` and patched only when `key` changes, placed so that the page's own patch leaves it. */
type Place = <T extends Element>(id: string, key: unknown, build: () => T) => T;

/** What every part of the page is built from. */
interface Shown {
  state: AuthorsState;
  /** The choice's view, shown within its change's frame. */
  now: AuthorsView;
  /** The settled choice's, shown by the later sections. */
  settled: AuthorsView;
  model: AuthorsModel;
  data: AuthorsData;
  items: ReadonlyMap<string, Item>;
  /** Parts inside a placed part, which the page's patch never reaches. */
  parts: ReturnType<typeof keptParts>;
  /** The view a part of the candidate's controls shows, by its id: `now`, or `settled` out of view (controlsChoice). */
  controls: (id: string) => AuthorsView;
}

/** A kept part as the view asks for it, or as the page's idle time prepares it for a version not chosen yet. */
interface PartOf {
  id: string;
  key: unknown;
  build: () => HTMLElement;
}

/** Reads the action a change or click on the page's controls makes, off their data- attributes. */
function actionOf(target: EventTarget | null, type: "change" | "click"): AuthorsAction | undefined {
  if (!(target instanceof Element)) return undefined;
  if (type === "change") {
    const control = target as HTMLSelectElement | HTMLInputElement;
    if (control.id === "preview-base") return {kind: "base", version: control.value};
    if (control.id === "preview-candidate") return {kind: "candidate", version: control.value};
    const parameter = control.getAttribute("data-parameter-control");
    if (parameter) return {kind: "parameter text", name: parameter, text: control.value};
    const setting = control.getAttribute("data-setting");
    if (setting) return {kind: "setting", key: setting, text: control.value};
    return undefined;
  }
  const button = target.closest("[data-action], [data-drop], [data-also-set], summary[data-fold]");
  if (!button) return undefined;
  const {action, drop, alsoSet, value, fold} = (button as HTMLElement).dataset;
  if (action === "undo-parameters") return {kind: "undo parameters"};
  if (action === "undo-changes") return {kind: "undo changes"};
  if (drop) return {kind: "drop change", key: drop};
  if (alsoSet) return {kind: "parameter text", name: alsoSet, text: value ?? ""};
  if (fold) return {kind: "open fold", rule: fold};
  return undefined;
}

/**
 * Which of the page's parts were in view at the last frame, or near it, as an IntersectionObserver reports them: a
 * part not reported yet, or a page with no observer, counts as in view.
 */
function partsInView(): {watch<T extends Element>(id: string, node: T): T; shows(id: string): boolean} {
  const away = new Set<string>();
  const ids = new WeakMap<Element, string>();
  const observer =
    typeof IntersectionObserver === "undefined"
      ? null
      : new IntersectionObserver(
          (entries) => {
            for (const {target, isIntersecting} of entries) {
              const id = ids.get(target)!;
              if (isIntersecting) away.delete(id);
              else away.add(id);
            }
          },
          // A part a short scroll away counts as in view: it may be painted before the patch that follows the paint.
          {rootMargin: "200px"},
        );
  return {
    watch: (id, node) => {
      if (observer && !ids.has(node)) {
        ids.set(node, id);
        observer.observe(node);
      }
      return node;
    },
    shows: (id) => !away.has(id),
  };
}

/**
 * The whole preview; `location` and `history` are the page's, replaceable in tests; `loadSources` gives the versions'
 * files, for "Save as a new version".
 */
export function AuthorsPreview(
  data: AuthorsData,
  {
    location = window.location,
    history = window.history,
    loadSources = () => Promise.reject(new Error("this page was given no versions' files to write from")),
  }: {location?: Location; history?: History; loadSources?: SourcesLoader} = {},
): Live<AuthorsState, AuthorsAction> {
  const model = authorsModel(data);
  const items = new Map(data.items.map((item) => [item.id, item]));
  // Each part is watched, so that a version's change patches in its frame only the controls the author can see.
  const kept = keptParts();
  const inView = partsInView();
  const parts = Object.assign(
    <T extends Element>(id: string, key: unknown, build: () => T) => inView.watch(id, kept(id, key, build)),
    {
      prepare: kept.prepare,
    },
  );
  const start = model.start(location.search);
  const newest = data.versions.at(-1)!.version;
  // What the save dialog shows of the choice, as it opens: the cases guideline:check will fail on are read against
  // the newest version, whose rulings the case files hold.
  const saveView = () => {
    const {choice} = root.state;
    const view = model.view(choice);
    return saveChoice(choice, {
      version: data.versions.find((version) => version.version === choice.candidate)!,
      words: saveWords(view),
      checked: model.view({...choice, base: newest}).preview,
    });
  };
  const save = AuthorsSave({
    state: {
      choice: start.choice,
      words: [],
      checked: {moved: [], reruled: []},
      levels: [],
      rules: [],
      name: nextVersion(data.versions.map((version) => version.version)),
      texts: {},
      problem: null,
      done: "",
    },
    versions: data.versions,
  });
  const shell = SaveShell(save, {versions: data.versions, loadSources, opened: () => saveView()});

  // The search for a case the change would move runs after the paint, once per choice that moves no worked case.
  let searching = "";
  const search = (node: Live<AuthorsState, AuthorsAction>) => {
    const key = model.wantsCounterexample(model.view(node.state.choice));
    if (key === null || key === searching || node.state.counterexample?.key === key) return;
    searching = key;
    const choice = node.state.choice;
    afterPaint(() => {
      searching = "";
      if (choiceKey(node.state.choice) === key)
        node.dispatch({kind: "counterexample", key, found: model.counterexample(choice)});
    });
  };

  const root = live<AuthorsState, AuthorsAction>(start, {
    update: model.update,
    view: (state, keep) => {
      const place: Place = (id, key, build) => {
        // Patched in place when its key changes (keptParts), and left alone by the page's own patch (keep).
        const node = parts(id, key, build);
        return keep(id, () => node);
      };
      const now = model.view(state.choice);
      const settled = model.view(state.settled);
      const shown: Shown = {
        state,
        now,
        settled,
        model,
        data,
        items,
        parts,
        controls: (id) => (controlsChoice(state, inView.shows(id)) === state.choice ? now : settled),
      };
      return el(
        "div",
        {class: "authors-preview"},
        place("notice", state.notice, () =>
          el("p", {class: "preview-notice", role: "alert", hidden: state.notice === null}, state.notice),
        ),
        Controls(shown, place),
        Clauses(shown, place),
        keep("save", () => shell),
        el("div", {class: "preview-results"}, Results(shown, place)),
        place("counterexample", [model.wantsCounterexample(shown.now), state.counterexample], () =>
          CounterexampleSection(shown),
        ),
      );
    },
    on: {
      change: (event) => actionOf(event.target, "change"),
      click: (event) => actionOf(event.target, "click"),
    },
    effects: (node, {before, after, action}) => {
      if (before.choice === after.choice) return;
      focusAfterUndo(node, {before: before.choice, action});
      const query = candidateToQuery(after.choice);
      // The address and the later sections follow once the change is painted: writing the
      // address costs more than a frame's share, and the later sections' work (the findings, the candidate's report)
      // more than a frame.
      afterPaint(() => {
        history.replaceState(null, "", `${location.pathname}?${query}${location.hash}`);
        node.dispatch({kind: "painted", choice: after.choice});
      });
      search(node);
    },
  });

  // Each version's parameter fields and folds as they show once it is chosen as candidate (its own values, no change,
  // nothing refused), built ahead: choosing it patches the shown ones from copies.
  const prepareVersion = (version: string) => {
    const {state} = root;
    const choice: CandidateChoice = {base: state.choice.base, candidate: version, set: [], changes: []};
    const shown = {state: {...state, choice, refused: null}, now: model.view(choice), data};
    for (const {id, key, build} of [...parameterParts(shown), clausesPart(shown)]) parts.prepare(id, key, build);
  };

  // Choosing another version finds its work done (it took 30-60 ms cold, two frames' worth): the pair's differences
  // and preview, its base, its fields and folds. The pieces run in idle time after the first paint, one per idle
  // callback, and all at once when the author reaches for a version menu, before the choice. What a change's own
  // frame shows comes first: another version's preview, fields and folds (a few ms each), and the slow pieces whose
  // results follow the paint (the other base's dependence report) last.
  let pending: (() => void)[] = [];
  const warmUp = (now: boolean) => {
    const {choice} = root.state;
    const prepare = (version: string) => () => prepareVersion(version);
    pending = [
      ...data.versions.filter(({version}) => version !== choice.candidate).map(({version}) => prepare(version)),
      ...model.warmUp(choice),
      prepare(choice.candidate),
    ];
    if (now) while (pending.length) pending.shift()!();
  };
  const idleStep = () =>
    whenIdle(() => {
      pending.shift()?.();
      if (pending.length) idleStep();
    }, 1000);
  afterFirstPaint(() => (warmUp(false), idleStep(), search(root)));
  for (const type of ["pointerover", "focusin"])
    root.addEventListener(type, (event) => {
      if (event.target instanceof Element && event.target.matches("#preview-base, #preview-candidate")) warmUp(true);
    });
  return root;
}

/**
 * An undo whose button the patch removed or hid: focus goes to the control of what it undid, now showing the
 * version's own value, rather than to the page's start.
 */
function focusAfterUndo(node: HTMLElement, {before, action}: {before: CandidateChoice; action: AuthorsAction}): void {
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && node.contains(focused) && !focused.closest("[hidden]")) return;
  const key =
    action.kind === "drop change"
      ? action.key
      : action.kind === "undo changes" && before.changes[0]
        ? changeKey(before.changes[0])
        : null;
  // A fold that no longer holds a change is closed and empty: its title, then.
  const target = key
    ? (node.querySelector(`[id="${settingId(key)}"]`) ??
      node.querySelector(`details[data-rule="${key.split(".")[0]}"] > summary`))
    : action.kind === "undo parameters" && before.set[0]
      ? node.querySelector(`[id="parameter-${before.set[0].name}"]`)
      : null;
  if (target instanceof HTMLElement) target.focus();
}

// One of the candidate's parameters on the authors' page: named in words first, its id after, a select for a fixed
// list or a number field for a range, the text of the rule that reads it, and, for a parameter that encodes the same
// phrase as another ("at least half": `counting` for the other instructions, `mainPartThreshold` for the main task),
// that link said on both controls with an offer to set the other to the same value.
/** The rules of a version that read a parameter, for the text beside its control. */
function rulesReading(domain: ParameterDomain, guideline: Guideline): GuidelineRule[] {
  return guideline.rules.filter((rule) => rule.parameters.includes(domain.name) || rule.id === domain.reader);
}

/** Whether a linked parameter accepts a value: the offer to set both is made only with a value the other accepts. */
const accepts =
  (domains: readonly ParameterDomain[]) =>
  (name: ParameterDomain["name"], value: ParameterValue): boolean =>
    domains.find((entry) => entry.name === name)?.values.includes(value) ?? false;

const optionsOf = (domain: ParameterDomain): ParameterValue[] =>
  domain.kind === "integer" && domain.min !== null && domain.max !== null
    ? Array.from({length: domain.max - domain.min + 1}, (_, index) => domain.min! + index)
    : domain.values;

function ParameterField(
  domain: ParameterDomain,
  {view, domains, refused}: {view: AuthorsView; domains: readonly ParameterDomain[]; refused: AuthorsState["refused"]},
): HTMLElement {
  const guideline = view.candidateVersion;
  const current = view.candidateRules.parameters;
  const id = `parameter-${domain.name}`;
  const versionValue = declaredValue(guideline.parameters, domain.name);
  const value = declaredValue(current, domain.name);
  const typed = refused?.key === domain.name ? refused : null;
  // The values in the candidate's words: a row threshold it sets otherwise rewords them ("at least 60% met is row 3").
  const logic = view.candidateRules.logic.data;
  const words = parameterValueWords(logic, domain.name);
  const control =
    domain.kind === "number"
      ? el("input", {
          id,
          "type": "number",
          "min": domain.min,
          "max": domain.max,
          "step": 0.05,
          "value": typed ? typed.text : String(value),
          "aria-describedby": `${id}-about`,
          "data-parameter-control": domain.name,
        })
      : el(
          "select",
          {id, "aria-describedby": `${id}-about`, "data-parameter-control": domain.name},
          optionsOf(domain).map((option) =>
            el("option", {value: String(option), selected: option === value}, wordsThenValue(words, option)),
          ),
        );
  const found = linkOf(logic, domain.name, current, accepts(domains), guideline.parameters);
  const changed = value !== versionValue;
  const rules = rulesReading(domain, guideline);
  return el(
    "div",
    {"class": changed ? "parameter parameter-changed" : "parameter", "data-parameter": domain.name},
    el("label", {for: id}, WordsThenId({words: parameterHeading(guideline.logic, domain.name), id: domain.name})),
    control,
    el(
      "span",
      {class: "parameter-note"},
      changed ? `changed: ${guideline.version} has ${valueWords(guideline.logic, domain.name, versionValue)}` : "",
    ),
    el("p", {class: "field-error", role: "alert", hidden: !typed}, typed?.message),
    el(
      "div",
      {class: "parameter-link"},
      found && [
        el(
          "p",
          {},
          `Linked: “${found.phrase}” is read by this parameter for ${found.to}, and by `,
          el("strong", {}, parameterTitle(guideline.logic, found.other.name)),
          ` for ${found.other.to}, now ${valueWords(logic, found.other.name, found.other.value)}. ` +
            linkStanding(found, value),
        ),
        found.offer !== null &&
          el(
            "button",
            {
              "type": "button",
              "class": "button secondary",
              "data-also-set": found.other.name,
              "data-value": String(found.offer),
            },
            `Change both: ${parameterHeading(guideline.logic, found.other.name).replace(/^How/, "how")} to match`,
          ),
      ],
    ),
    el(
      "div",
      {id: `${id}-about`, class: "parameter-about"},
      el("p", {}, domain.meaning, ` Accepts ${describeDomain(domain)}.`),
      rules.length
        ? rules.map((rule) =>
            el(
              "blockquote",
              {class: "parameter-rule"},
              el("strong", {}, `${rule.title}. `),
              rule.text,
              " ",
              el("a", {href: ruleHref(rule.id), class: "rule-link"}, `(${rule.id})`),
            ),
          )
        : el("p", {class: "muted"}, unstatedReader(domain.reader, guideline)),
    ),
  );
}

/**
 * Who reads a parameter that no rule the version states reads: the rubric, or a rule the version applies without
 * stating it (v1's "Accuracy is rated separately"), or one it lacks.
 */
function unstatedReader(reader: string | null, guideline: Guideline): string {
  const standing = readerStanding(guideline, reader);
  switch (standing.kind) {
    case "rubric":
      return "Read by the rubric, not by a rule.";
    case "stated":
      return `Read by ${standing.id}.`;
    case "unwritten":
      return `Read by a rule ${guideline.version} applies without stating it: “${standing.text}” (${standing.id}).`;
    case "missing":
      return `Read by ${standing.id}, a rule ${guideline.version} does not have.`;
  }
}

// "What to compare": the two versions, the outcome beside them, and each of the candidate's parameters beside the
// text of the rule that reads it. The parameters' fields are one part, patched only when the candidate's parameters
// (or a refused value) change, so the control in use keeps its focus.
/**
 * One part a parameter, patched only when its own value, its linked one's or its refused text changes (or the
 * candidate version, whose words and rules it shows).
 */
function parameterParts({
  state,
  now,
  data,
  controls = () => now,
}: Pick<Shown, "state" | "now" | "data"> & Partial<Pick<Shown, "controls">>): PartOf[] {
  const refused =
    state.refused && data.domains.some((domain) => domain.name === state.refused!.key) ? state.refused : null;
  return data.domains.map((domain) => {
    const id = `parameter ${domain.name}`;
    const view = controls(id);
    const current = view.candidateRules.parameters;
    const version = view.candidateVersion;
    return {
      id,
      key: [
        version.version,
        current[domain.name],
        linkOf(version.logic, domain.name, current, accepts(data.domains), version.parameters)?.other.value,
        refused?.key === domain.name ? [refused.text, refused.message] : null,
        // A row threshold set otherwise rewords its values and its link's note.
        thresholdsBent(view.candidateRules.logic.data)
          .map((threshold) => threshold.value)
          .join(" "),
      ],
      build: () => ParameterField(domain, {view, domains: data.domains, refused}),
    };
  });
}

function Controls(shown: Shown, place: Place): HTMLElement {
  const {state, now, data, parts} = shown;
  const versionSelect = (id: string, chosen: string) =>
    el(
      "select",
      {id},
      data.versions.map(({version}) => el("option", {value: version, selected: version === chosen}, version)),
    );
  const field = (label: string, control: HTMLElement, hint: Child) =>
    el("div", {class: "choice-field"}, el("label", {for: control.id}, label), control, el("p", {class: "muted"}, hint));
  // The parameters' parts sit in one container built once (every version has the same parameters).
  const fieldNodes = parameterParts(shown).map(({id, key, build}) => parts(id, key, build));
  const fields = place("parameters", null, () => el("div", {class: "parameter-fields"}, fieldNodes));
  // The outcome is patched on its own: the rest of the section changes only with the versions or an undo to offer.
  const status = place("status", now.status, () =>
    el("p", {class: "preview-status", role: "status", id: "preview-status"}, now.status),
  );
  const echo = OutcomeEcho(shown, place, "parameters");
  const toMoved = place("to-moved", now.preview.moved.length > 0, () => MovedLink(now, "preview-to-list"));
  // Nothing differs from the base unchanged: no link to say so.
  const toDiffers = place("to-differs", now.outcomePinned, () =>
    el(
      "a",
      {href: "#differs-title", class: "preview-to-differs", hidden: !now.outcomePinned},
      "See what differs between the two",
    ),
  );
  const {base, candidate, set} = state.choice;
  return place("controls", [base, candidate, set.length > 0], () =>
    el(
      "section",
      {"class": "preview-choice", "aria-labelledby": "choice-title"},
      el("h2", {id: "choice-title"}, "What to compare"),
      el(
        "div",
        {class: "choice-aside"},
        el(
          "div",
          {class: "choice-versions"},
          field("Base version", versionSelect("preview-base", base), "What the worked cases are scored under today."),
          field(
            "Candidate version",
            versionSelect("preview-candidate", candidate),
            "Another version, or the base itself with the changes below.",
          ),
        ),
        // The outcome stays beside the controls, never over them; on a phone it links down to the list.
        el(
          "div",
          {class: "preview-summary"},
          status,
          el(
            "p",
            {class: "preview-links"},
            toMoved,
            // What differs sits below the parameters, far down a phone's page: the versions' difference is one tap.
            toDiffers,
          ),
          // In the column that stays in sight from 1200 px: after the parameters, the column slid over it.
          el(
            "p",
            {class: "muted preview-share"},
            "The page's address holds this choice: copy it to send the comparison to a colleague.",
          ),
        ),
      ),
      el(
        "details",
        {class: "parameter-panel", open: true},
        el("summary", {}, "The candidate's parameters, each beside the rule that reads it"),
        el(
          "button",
          {
            "type": "button",
            "class": "button secondary",
            "data-action": "undo-parameters",
            "hidden": !set.length,
          },
          "Undo every parameter change",
        ),
        fields,
        echo,
      ),
    ),
  );
}

/**
 * The outcome again, at the end of a list of controls and pinned to the window's foot while the author works through
 * them: below 1200 px the outcome's own line is above the parameters, not beside them (some 4,000 px above the last
 * on a phone), and the clauses are under them at every width. The outcome's words, without the versions' (the
 * changed controls above say what changed).
 */
function OutcomeEcho({now}: Shown, place: Place, list: string): HTMLElement {
  return place(`echo ${list}`, [now.outcome, now.outcomePinned], () =>
    el("p", {class: "preview-echo", hidden: !now.outcomePinned}, now.outcome, " ", MovedLink(now)),
  );
}

/** The link down to the moved cases, hidden while none moves. */
const MovedLink = ({preview}: AuthorsView, className?: string): HTMLElement =>
  el("a", {href: "#moved-title", class: className, hidden: !preview.moved.length}, "Go to the cases that move");

// "What differs" on the authors' page, before what moves: each parameter whose value differs, in words, base →
// candidate; each rule and rubric row whose words differ, as a word-level diff (struck: the base's words only;
// underlined: the candidate's only); the clauses and rubric rows whose logic differs, in words; and the rules one
// version has and the other lacks. What differs is decided in
// lib/authoring/version-diff.ts; `guideline:preview` prints the same block.
const Diff = (parts: readonly DiffPart[]): HTMLElement =>
  el(
    "p",
    {class: "word-diff"},
    parts.map((part) =>
      part.kind === "same" ? part.text : el(part.kind === "removed" ? "del" : "ins", {}, part.text),
    ),
  );

function Differences(
  title: string,
  differences: readonly TextDifference[],
  name: (difference: TextDifference) => Child,
): Child {
  if (!differences.length) return null;
  return [
    el("h3", {}, title),
    el(
      "ul",
      {class: "differs-list"},
      differences.map((difference) =>
        el(
          "li",
          {},
          el("strong", {}, name(difference)),
          difference.baseTitle === null ? null : ` (was “${difference.baseTitle}”)`,
          difference.parts ? Diff(difference.parts) : el("p", {class: "muted"}, "Only the title differs."),
        ),
      ),
    ),
  ];
}

export function WhatDiffers({
  differs,
  candidate,
}: {
  differs: VersionDiff;
  /** The candidate in words. */ candidate: string;
}): HTMLElement {
  const {parameters, rules, rubric, onlyInBase, onlyInCandidate, logic} = differs;
  if (!differsAtAll(differs))
    return el(
      "p",
      {class: "preview-none"},
      differs.base === differs.candidate
        ? `Nothing differs: the candidate is ${differs.base} itself. Change a parameter above, or pick another version.`
        : `Nothing differs: ${differs.base} and ${candidate} have the same parameters, rules and rubric.`,
    );
  const only = (version: string, list: VersionDiff["onlyInBase"]): Child =>
    list.length
      ? el(
          "p",
          {},
          `Rules only in ${version}: `,
          list.map((rule, index) => [
            index ? ", " : "",
            el("a", {href: ruleHref(rule.id)}, rule.title),
            ` (${rule.id})`,
          ]),
          ".",
        )
      : null;
  return el(
    "div",
    {class: "what-differs"},
    el(
      "p",
      {class: "muted"},
      `Base ${differs.base} against the candidate, ${candidate}.`,
      wordsDiffer(differs)
        ? [
            " In the words below, ",
            el("del", {}, "struck"),
            ` words are ${differs.base}'s only and `,
            el("ins", {}, "underlined"),
            " words the candidate's only.",
          ]
        : null,
    ),
    parameters.length
      ? [
          el("h3", {}, "Parameters"),
          Table(
            {
              head: ["Parameter", `In ${differs.base}`, "In the candidate"],
              rows: parameters.map((parameter) => [parameter.title, parameter.fromWords, parameter.toWords]),
            },
            {rowHeaders: true, stack: true, className: "differs-parameters"},
          ),
        ]
      : el("p", {}, "Every parameter is the same."),
    Differences("Rules whose words differ", rules, (rule) => [
      el("a", {href: ruleHref(rule.key)}, rule.title),
      ` (${rule.key})`,
    ]),
    Differences("Rubric rows that differ", rubric, (row) => `Row ${row.key}, ${row.title}`),
    logic.length
      ? [
          el("h3", {}, "Clauses and rubric rows whose logic differs"),
          el(
            "ul",
            {class: "differs-list"},
            logic.map((difference) =>
              el("li", {}, WordsThenId({words: difference.words, id: difference.key}), nowWords(difference)),
            ),
          ),
        ]
      : null,
    only(differs.base, onlyInBase),
    only(differs.candidate, onlyInCandidate),
  );
}

/** The width of the viewBox the authors' page draws its charts in (the score distribution and the criterion's number
 *  line): a phone's column's, as /judges' chart. */
export const authorsChartWidth = phoneChartWidth;

// The authors' page's chart: the score distribution under the base and under the candidate, as paired bars with
// each count written on it (never colour alone), and the same figures as a table.
const chartLevels: (Score | "none")[] = [5, 4, 3, 2, 1, "n/a", "none"];
const levelText = (level: Score | "none") => (level === "none" ? "no single score" : scoreText(level));

/** The score distribution before and after as paired bars, each with its count written on it (never colour alone). */
export function DistributionChart(result: Preview): HTMLElement {
  const count = (rows: Preview["distribution"]["before"], level: Score | "none") =>
    rows.find((row) => row.score === level)?.count ?? 0;
  const pairs = chartLevels.map((level) => ({
    level,
    before: count(result.distribution.before, level),
    after: count(result.distribution.after, level),
  }));
  const most = Math.max(1, ...pairs.flatMap((pair) => [pair.before, pair.after]));
  const [width, height, bottom, top] = [authorsChartWidth, 170, 28, 22];
  const band = width / pairs.length;
  const y = (value: number) => top + (1 - value / most) * (height - top - bottom);
  const summary =
    `Scores under ${result.base} and under the candidate: ` +
    pairs.map((pair) => `${levelText(pair.level)}: ${pair.before} then ${pair.after}`).join("; ") +
    ".";
  const root = svg("svg", {"viewBox": `0 0 ${width} ${height}`, "role": "img", "aria-label": summary});
  pairs.forEach((pair, index) => {
    const x = index * band + band / 2;
    for (const [which, value, offset] of [
      ["before", pair.before, -17],
      ["after", pair.after, 3],
    ] as const) {
      const barTop = y(value);
      root.append(
        svg("rect", {x: x + offset, y: barTop, width: 14, height: height - bottom - barTop, class: `bar-${which}`}),
      );
      root.append(svg("text", {"x": x + offset + 7, "y": barTop - 4, "text-anchor": "middle"}, String(value)));
    }
    root.append(
      svg(
        "text",
        {"x": x, "y": height - bottom + 16, "text-anchor": "middle"},
        pair.level === "none" ? "none" : String(pair.level),
      ),
    );
  });
  root.append(svg("line", {x1: 0, x2: width, y1: height - bottom, y2: height - bottom, class: "chart-axis"}));
  return el(
    "figure",
    {class: "distribution"},
    el(
      "p",
      {"class": "chart-key", "aria-hidden": "true"},
      el("span", {class: "key-before"}, `left: ${result.base}`),
      el("span", {class: "key-after"}, "right: the candidate"),
    ),
    root,
    el("figcaption", {}, "The same figures as a table:"),
    Table(
      {
        head: ["Score", result.base, "Candidate"],
        rows: pairs.map((pair) => [levelText(pair.level), String(pair.before), String(pair.after)]),
      },
      {rowHeaders: true, className: "distribution-table"},
    ),
  );
}

// What the authors' page says about a rubric and a set of worked cases beyond the moved items: the rubric's findings
// over every checklist shape (lib/authoring/completeness.ts), and the parameters, row thresholds and rules no worked
// case tests (lib/authoring/dependence.ts).
/** What a rule set's worked cases do not test, and which items each parameter, threshold and rule moves. */
export function Untested({
  dependence: found,
  label,
  logic,
}: {
  dependence: Dependence;
  label: string;
  /** The version whose parameters' words name them. */
  logic: ParameterSource;
}): HTMLElement {
  const {parameters, rules} = found.untested;
  const untested = [
    ...parameters.map((name) => `the parameter “${parameterTitle(logic, name)}”`),
    ...untestedThresholds(found).map(({row, title}) => `the rubric's “${thresholdTitle(row, title)}”`),
    ...rules.map((rule) => `the rule ${rule}`),
  ];
  const them = untested.length === 1 ? "it" : "any of them";
  return el(
    "div",
    {class: "untested"},
    el(
      "p",
      {},
      untested.length
        ? `Under ${label}, no worked case tests ${untested.join(", ")}: change ${them} and no example moves, ` +
            "so no example says whether the change is right."
        : `Under ${label}, every parameter, rubric threshold and rule moves at least one worked case.`,
    ),
    el(
      "details",
      {},
      // Named with its rule set: the base's and the candidate's stand one under the other.
      el("summary", {}, `Which items depend on each parameter, rubric threshold and rule, under ${label}`),
      Table(
        {
          head: ["Parameter, rubric threshold or rule", "Items whose score it moves"],
          rows: [
            ...found.parameters.map((entry) => [parameterTitle(logic, entry.name), entry.moved.join(", ") || "none"]),
            ...found.thresholds.map((entry) => [
              thresholdTitle(entry.row, entry.title),
              entry.moved.join(", ") || "none",
            ]),
            ...found.rules.map((entry) => [`rule ${entry.rule}`, entry.moved.join(", ") || "none"]),
          ],
        },
        {rowHeaders: true, scroll: true},
      ),
    ),
  );
}

const findingTitles: Record<Finding["kind"], string> = {
  "gap": "No single score",
  "non-monotone": "Improving a verdict lowers the score",
  "cliff": "One verdict moves the score two levels or more",
  "reading": "A reading to decide",
};

/** The rubric over every checklist shape a response can produce, for one set of parameters. */
export function Completeness({report, label}: {report: CompletenessReport; label: string}): HTMLElement {
  return el(
    "div",
    {class: "completeness"},
    el(
      "h3",
      {},
      `${label}: `,
      report.findings.length
        ? plural(report.findings.length, "finding")
        : "no gap, no cliff, and improving any verdict never lowers the score",
    ),
    report.findings.length
      ? el(
          "ul",
          {class: "findings"},
          report.findings.map((finding) =>
            el(
              "li",
              {class: `finding finding-${finding.kind}`},
              el("strong", {}, `${findingTitles[finding.kind]}. `),
              describeFinding(finding).replace(/^[a-z-]+: /, ""),
            ),
          ),
        )
      : null,
  );
}

// The author's question on /authors: each recorded model judge's agreement with the base's rulings and with the
// candidate's, one line a judge, with the cases the change turns linked to their pages. What is counted and said is
// decided in lib/judges/author-line.ts; with no run recorded, how to record one.
const scoreOrNone = (score: Score | null): string => (score === null ? "no single score" : scoreText(score));

function ChangedCases(
  title: string,
  cases: readonly ChangedCase[],
  {pages, base}: {pages: ItemPages; base: string},
): Child {
  if (!cases.length) return null;
  return el(
    "p",
    {class: "judge-cases"},
    `${title}: `,
    cases.map((changed, index) => [
      index ? "; " : "",
      el("a", {href: itemHref(changed.case, pages)}, changed.label),
      ` (judge ${scoreText(changed.judge)}, ${base} ${scoreOrNone(changed.base)}, ` +
        `candidate ${scoreOrNone(changed.candidate)})`,
    ]),
  );
}

/** One line a recorded judge run; with none, a line saying how to record one. */
export function AuthorsJudges({
  judges,
  base,
  pages,
  rewording,
}: {
  judges: readonly JudgeAgreement[];
  /** The caution, and how to test a rewording with a new version and a new run. */
  rewording: {caution: string; how: string; command: string};
  /** The base version, named beside its score of a changed case. */
  base: string;
  /** Where each case is scored, for its links. */
  pages: ItemPages;
}): HTMLElement {
  if (!judges.length)
    return el(
      "p",
      {class: "preview-none judges-none"},
      "No judge runs are recorded. Record one with ",
      el("code", {}, "npm run judge:run -- --model <slug>"),
      "; ",
      el("a", {href: "./judges"}, "the model judges' page"),
      " shows every run.",
    );
  return el(
    "div",
    {},
    el("p", {class: "judge-caution"}, rewording.caution),
    el("p", {class: "judge-how"}, `${rewording.how} `, el("code", {}, rewording.command), "."),
    el(
      "ul",
      {class: "judge-lines"},
      judges.map((judge) =>
        el(
          "li",
          {class: "judge-line"},
          el(
            "p",
            {class: "judge-sentence"},
            judge.sentence,
            judge.apart.map((note) => ` ${note}`),
          ),
          el("p", {class: "judge-measures"}, judge.measures),
          ChangedCases("Now exact", judge.nowExact, {pages, base}),
          ChangedCases("No longer exact", judge.noLongerExact, {pages, base}),
          el("p", {class: "muted judge-about"}, judge.about),
        ),
      ),
    ),
  );
}
// The authors' page's results: the moved items and why they move, the items with no single score or no rule to cite,
// the distribution, the coverage of 1-5, the rubric's findings and what the worked cases do not test. Each section
// is built once and afterwards patched (keptParts, dom.ts), only when what it shows changes, so unchanged text
// keeps its layout and a disclosure the author opened stays open. After a change the moved cases and the judges'
// lines are patched at once, in the frame that shows the change, and the other sections after that frame is painted.
const outcomeText = (outcome: Pick<Outcome, "candidates">): string =>
  outcome.candidates.length === 0
    ? "no score"
    : outcome.candidates.length === 1
      ? scoreText(outcome.candidates[0]!)
      : `${outcome.candidates.map(scoreText).join(" or ")} (no single score)`;

/** A case's checklist line by its words, quoted ("line 3" where it has none). */
const lineQuote = (item: Item, index: number): string => `“${item.checklist[index]?.text ?? `line ${index + 1}`}”`;

const decisionText = ({verdict, clause, verdicts, ruled}: LineDecision): string =>
  !ruled
    ? "undecided: no rule decides it"
    : verdict === null
      ? `either ${verdicts.map((each) => verdictLabels[each]).join(" or ")}: the rule allows both`
      : `${verdictLabels[verdict]}${clause ? ` (${clause})` : ""}`;

function MovedItems(
  result: Preview,
  {items, pages, candidate}: {items: ReadonlyMap<string, Item>; pages: ItemPages; candidate: string},
): HTMLElement {
  if (!result.moved.length) return el("p", {class: "preview-none"}, "No item's score moves.");
  return Table(
    {
      head: ["Item", result.base, "Candidate", "Why it moves"],
      rows: result.moved.map((moved) => {
        const item = items.get(moved.id)!;
        return [
          [
            el("a", {href: itemHref(item.id, pages)}, moved.label, el("span", {class: "muted"}, `: ${item.title}`)),
            OriginTag(item),
            // Where a trainee meets it, the case asks for a score first; the editor shows its ruled lines, their
            // facts and the candidate's trace.
            el(
              "a",
              {class: "moved-open", href: `./authors/case?${openQuery(candidate, item.id)}`},
              "Open in the case editor",
              // Each row's link named apart, for a list of the page's links.
              el("span", {class: "visually-hidden"}, ` (${moved.label})`),
            ),
          ],
          outcomeText(moved.from),
          outcomeText(moved.to),
          [
            moved.lines.length
              ? el(
                  "ul",
                  {class: "moved-lines"},
                  moved.lines.map((line) =>
                    el(
                      "li",
                      {},
                      `${lineQuote(item, line.index)}: `,
                      `${decisionText(line.from)} → ${decisionText(line.to)}, by `,
                      el("a", {href: ruleHref(line.rule)}, line.rule),
                    ),
                  ),
                )
              : el("p", {class: "moved-reason"}, "No checklist line changes; the rubric reads it differently."),
            el("p", {class: "moved-reason"}, reasonText(moved.reason, reasonNames(result.base))),
          ],
        ];
      }),
    },
    {rowHeaders: true, scroll: true, stack: true, className: "moved-items"},
  );
}

/** Marks a case written for the notebook, not taken from the case study. */
const OriginTag = (item: Pick<Item, "origin"> | undefined): Child => {
  const tag = item && originTag(item);
  return tag ? el("span", {class: "origin-tag"}, tag) : null;
};

/**
 * The cases whose score stays but whose ruled line the candidate decides otherwise: a version saved with the change
 * fails guideline:check on them (lib/authoring/preview.ts).
 */
function ReruledItems(
  result: Preview,
  {items, pages}: {items: ReadonlyMap<string, Item>; pages: ItemPages},
): HTMLElement {
  return el(
    "div",
    {class: "reruled-items"},
    el(
      "p",
      {},
      `${reruledWords(result.reruled.length)}: the candidate decides the lines below otherwise than they are ruled, ` +
        `and ${reruledConsequence}.`,
    ),
    Table(
      {
        head: ["Item", "Line", "Ruled", "Candidate"],
        rows: result.reruled.flatMap((reruled) => {
          const item = items.get(reruled.id)!;
          return reruled.lines.map((line) => [
            [el("a", {href: itemHref(item.id, pages)}, reruled.label), OriginTag(item)],
            `${lineQuote(item, line.index)} (${line.rule})`,
            verdictLabels[line.ruled],
            decisionText(line.to),
          ]);
        }),
      },
      {rowHeaders: true, scroll: true, className: "reruled-table"},
    ),
  );
}

function UnsettledItems(
  result: Preview,
  {items, pages}: {items: ReadonlyMap<string, Item>; pages: ItemPages},
): HTMLElement {
  if (!result.unsettled.length) return el("p", {class: "preview-none"}, "Every item keeps exactly one score.");
  return Table(
    {
      head: ["Item", "Candidate scores", `Under ${result.base}`],
      rows: result.unsettled.map((unsettled) => [
        [el("a", {href: itemHref(unsettled.id, pages)}, unsettled.label), OriginTag(items.get(unsettled.id))],
        unsettled.candidates.map(scoreText).join(" or "),
        unsettled.alreadyUnsettled ? `${outcomeText(unsettled.before)} already` : outcomeText(unsettled.before),
      ]),
    },
    {rowHeaders: true, scroll: true, className: "unsettled-items"},
  );
}

function UncitedItems(
  result: Preview,
  {items, pages}: {items: ReadonlyMap<string, Item>; pages: ItemPages},
): HTMLElement {
  if (!result.uncited.length)
    return el("p", {class: "preview-none"}, "Every line is decided by a rule the guideline states.");
  return Table(
    {
      head: ["Item", "Score", "Lines decided by a rule the candidate does not state"],
      rows: result.uncited.map((uncited) => {
        const item = items.get(uncited.id)!;
        return [
          [el("a", {href: itemHref(item.id, pages)}, uncited.label), OriginTag(item)],
          uncited.score === null ? "no single score" : scoreText(uncited.score),
          [
            uncited.lines.map((line) => `${lineQuote(item, line.index)} (${line.rule})`).join("; "),
            uncited.alreadyUncited ? ` (already under ${result.base})` : "",
          ],
        ];
      }),
    },
    {rowHeaders: true, scroll: true, className: "uncited-items"},
  );
}

/**
 * Every section of the results for one view, a node the page keeps (not a component): `update` brings it to another,
 * patching only what changed.

/**
 * The results' sections, each one part patched only when what it shows changes: the moved cases and the judges'
 * lines from the choice, within its change's frame; the others from the settled choice, after the paint.
 */
function Results({state, now, settled, model, items, data}: Shown, place: Place): HTMLElement[] {
  const pages = data.itemPages;
  const section = (id: string, title: string, key: unknown, body: () => Child) =>
    place(id, key, () =>
      el("section", {"aria-labelledby": `${id}-title`}, el("h2", {id: `${id}-title`}, title), body()),
    );
  const {preview: result} = now;
  const candidateQuery = candidateToQuery(state.choice);
  const later = model.later(state.settled);
  const {choice, described, preview: before} = settled;
  const {differs} = later;
  // What the worked cases do not test: the base's part, then the candidate's, which comes after the paint.
  const untestedBase = place("untested-base", choice.base, () =>
    Untested({dependence: later.baseDependence, label: choice.base, logic: settled.candidateVersion.logic}),
  );
  const {shown: report, busy} = model.candidateReport(state);
  // Keyed on the report itself too: candidates past two changes share a label ("v2 with 3 changes").
  const untestedCandidate = place("untested-candidate", [report?.label ?? "", report?.dependence, busy], () =>
    el(
      "div",
      {"class": "untested-candidate", "aria-busy": busy ? "true" : null},
      report
        ? Untested({dependence: report.dependence, label: report.label, logic: settled.candidateVersion.logic})
        : null,
    ),
  );
  return [
    section("differs", "What differs", [choice.base, described, differs], () =>
      WhatDiffers({differs, candidate: described}),
    ),
    section("moved", "Items whose score moves", [result.base, result.moved, candidateQuery], () =>
      MovedItems(result, {items, pages, candidate: candidateQuery}),
    ),
    // Only when there are some: most changes rule no line otherwise without moving its score.
    ...(result.reruled.length
      ? [
          section("reruled", "Items whose score stays, but not a line's ruling", [result.base, result.reruled], () =>
            ReruledItems(result, {items, pages}),
          ),
        ]
      : []),
    section("unsettled", "Items with no single score", [before.base, before.unsettled], () =>
      UnsettledItems(before, {items, pages}),
    ),
    section("judges", "Model judges", [result.base, now.judges], () =>
      AuthorsJudges({judges: now.judges, base: result.base, pages, rewording: now.rewording}),
    ),
    section("uncited", "Items scored with no rule a trainee could cite", [before.base, before.uncited], () =>
      UncitedItems(before, {items, pages}),
    ),
    section("distribution", "The scores before and after", [before.base, before.distribution], () =>
      DistributionChart(before),
    ),
    section(
      "coverage",
      "Which levels keep a worked example",
      [before.base, before.coverage, before.workedExamples],
      () => CoverageChange(before, {items}),
    ),
    section(
      "completeness",
      "The rubric over every checklist shape",
      [choice.base, described, later.baseCompleteness.findings, later.candidateCompleteness.findings],
      () => [
        el(
          "p",
          {class: "muted"},
          `Every shape a response's checklist can take (the main task's outcome and up to six other ` +
            `instructions' verdicts: ${plural(later.baseCompleteness.shapes, "shape")}), each scored by the rubric.`,
        ),
        Completeness({report: later.baseCompleteness, label: `Base ${choice.base}`}),
        Completeness({report: later.candidateCompleteness, label: `Candidate ${described}`}),
      ],
    ),
    // Built once: its two parts are patched on their own.
    section("untested", "What the worked cases do not test", null, () => [untestedBase, untestedCandidate]),
  ];
}

/** "Which levels keep a worked example": each score's worked examples under the base and the candidate. */
function CoverageChange(result: Preview, {items}: {items: ReadonlyMap<string, Item>}): HTMLElement {
  // A case written for the notebook is marked: a level whose only worked example is one has none from the case study.
  const labels = (rows: Preview["coverage"]["before"], score: Score) =>
    rows
      .find((row) => row.score === score)
      ?.items.map((item) => {
        const tag = originTag(items.get(item.id) ?? {origin: "case-study"});
        return `${itemLabel(item)}${tag ? ` (${tag})` : ""}`;
      }) ?? [];
  return el(
    "div",
    {},
    Table(
      {
        head: ["Score", `Worked examples under ${result.base}`, "Under the candidate"],
        rows: result.coverage.after.map((row) => {
          const before = labels(result.coverage.before, row.score);
          const after = labels(result.coverage.after, row.score);
          return [
            scoreText(row.score),
            before.length ? before.join("; ") : el("em", {}, "none"),
            after.length ? after.join("; ") : el("strong", {}, "none: no worked example"),
          ];
        }),
      },
      {rowHeaders: true, scroll: true, className: "coverage-change"},
    ),
    result.workedExamples.lost.length
      ? el(
          "p",
          {class: "preview-warning"},
          `⚠ Levels that lose their last worked example: ${result.workedExamples.lost.map(scoreText).join(", ")}.`,
        )
      : null,
  );
}

// The candidate's clauses and rubric rows on the authors' page: each rule's clauses in words with a verdict and a
// flag to choose, each rubric row's threshold, and the changes made so far in words, each with its undo. What a
// change means (parsed, applied, said) is lib/authoring/rule-changes.ts's; this puts the controls on the page. A
// rule's menus are built once its fold is opened or holds a change: a version has some 150 menus, and building them
// all on each change of candidate version took longer than a frame.
const flagLabel = (flag: LogicClause["flag"]): string =>
  flag === undefined ? "no flag" : typeof flag === "string" ? flag : "as the line's facts say";

const clausesRefused = ({state, data}: Pick<Shown, "state" | "data">): Refused =>
  state.refused && !data.domains.some((domain) => domain.name === state.refused!.key) ? state.refused : null;

/**
 * One part for the candidate version's folds, patched when the version, a change, a fold opened or a refused value
 * changes it (one version's folds patched into another's: their fields share ids).
 */
function clausesPart(shown: Pick<Shown, "state" | "now" | "data"> & Partial<Pick<Shown, "controls">>): PartOf {
  const {state} = shown;
  const now = shown.controls?.("clauses") ?? shown.now;
  const refused = clausesRefused(shown);
  const version = now.candidateVersion;
  const folds = state.folds.filter((fold) => fold.startsWith(`${version.version} `));
  return {
    id: "clauses",
    key: [version.version, folds, now.changes.map((entry) => entry.change), refused],
    build: () =>
      el(
        "div",
        {class: "clause-rules"},
        version.logic.rules.map((rule) => {
          const own = touching(`${rule.id}.`, {changes: now.changes, refused});
          const filled = folds.includes(`${version.version} ${rule.id}`) || own.changes.length > 0;
          return RuleFold(rule, {version, filled, ...own});
        }),
        ThresholdRows(version, touching(`${rubricKey}.`, {changes: now.changes, refused})),
      ),
  };
}

function Clauses(shown: Shown, place: Place): HTMLElement {
  const {now} = shown;
  const refused = clausesRefused(shown);
  const {id, key, build} = clausesPart(shown);
  const fields = place(id, key, build);
  const echo = OutcomeEcho(shown, place, "clauses");
  return place("clause-panel", [now.changes, refused], () =>
    el(
      "section",
      {"class": "preview-choice clause-panel", "aria-labelledby": "clauses-title"},
      el("h2", {id: "clauses-title"}, "The candidate's clauses and rubric rows"),
      el(
        "p",
        {class: "muted"},
        "Give any clause of a rule another verdict or flag, or a rubric row another threshold: the cases move below " +
          "as they do for a parameter, and the page's address keeps the change.",
      ),
      el(
        "ul",
        {
          "class": "clause-changes",
          "aria-label": "The changes to the candidate's clauses and rows",
          "hidden": !now.changes.length,
        },
        now.changes.map((entry) =>
          el(
            "li",
            {},
            WordsThenId({words: entry.words, id: entry.key}),
            " ",
            el(
              "button",
              {
                "type": "button",
                "class": "button secondary",
                "aria-label": `Undo: ${entry.words}`,
                "data-drop": entry.key,
              },
              "Undo",
            ),
          ),
        ),
      ),
      el(
        "button",
        {"type": "button", "class": "button secondary", "data-action": "undo-changes", "hidden": !now.changes.length},
        "Undo every clause and row change",
      ),
      // A row's threshold refused is said beside its field (ThresholdRows).
      el(
        "p",
        {class: "field-error", role: "alert", hidden: !refused || thresholdShown(now.candidateVersion, refused.key)},
        refused?.message,
      ),
      fields,
      echo,
    ),
  );
}

/** A setting's value as the menus and fields show it: the change's, or `ownSetting` for the version's own. */
function settingValue(changes: AuthorsView["changes"], key: string): string {
  const change = changes.find((entry) => entry.key === key)?.change;
  return change === undefined
    ? ownSetting
    : change.kind === "verdict"
      ? change.verdict
      : change.kind === "flag"
        ? (change.flag ?? noFlag)
        : String(change.value);
}

/** What a part of the clauses shows of the changes and a refused value: those whose key starts with `prefix`. */
const touching = (prefix: string, {changes, refused}: {changes: AuthorsView["changes"]; refused: Refused}) => ({
  changes: changes.filter((entry) => entry.key.startsWith(prefix)),
  refused: refused?.key.startsWith(prefix) ? refused : null,
});

type Refused = AuthorsState["refused"];

/** One rule's fold: its clauses' menus once it is opened or holds a change. */
function RuleFold(
  rule: GuidelineLogic["rules"][number],
  {
    version,
    filled,
    changes,
    refused,
  }: {version: Guideline; filled: boolean; changes: AuthorsView["changes"]; refused: Refused},
): HTMLElement {
  const logic = version.logic;
  const title = ruleName(version, rule.id);
  const inList = ruleName(version, rule.id, {inList: true});
  // Each clause's two menus are labelled "Verdict" and "Flag" on screen; their names say whose they are.
  const select = (key: string, label: string, about: string, options: [string, string][]) => {
    const id = settingId(key);
    const value = refused?.key === key ? refused.text : settingValue(changes, key);
    return el(
      "div",
      {class: "clause-field"},
      el("label", {for: id}, label),
      el(
        "select",
        {"id": id, "aria-label": `${label}: ${about}`, "data-setting": key},
        options.map(([option, text]) => el("option", {value: option, selected: option === value}, text)),
      ),
    );
  };
  return el(
    "details",
    {"class": "clause-rule", "data-rule": rule.id, "id": `fold-${version.version}-${rule.id}`},
    // The click comes before the fold opens, so it opens filled.
    el("summary", {"data-fold": rule.id}, WordsThenId({words: title === rule.id ? null : title, id: rule.id})),
    filled &&
      rule.clauses.map((clause) => {
        const key = `${rule.id}.${clause.id}`;
        const about = `${inList}, ${clauseWords(clause)}`;
        // A clause's card is marked when its verdict or its flag is changed.
        const changed = changes.some((entry) => entry.key === key || entry.key === `${key}.flag`);
        return el(
          "div",
          {"class": changed ? "clause parameter-changed" : "clause", "data-clause": key},
          el("p", {class: "clause-words"}, WordsThenId({words: clauseWords(clause), id: key})),
          select(key, "Verdict", about, [
            [ownSetting, `as ${version.version} says: ${clauseVerdictWords(logic, rule.id, clause)}`],
            ...clauseVerdicts.map((verdict): [string, string] => [verdict, verdictLabels[verdict]]),
          ]),
          select(`${key}.flag`, "Flag", about, [
            [ownSetting, `as ${version.version} says: ${flagLabel(clause.flag)}`],
            ...[...logic.flags, noFlag].map((flag): [string, string] => [flag, flag === noFlag ? "no flag" : flag]),
          ]),
        );
      }),
  );
}

/** Whether a key is a threshold field ThresholdRows shows (a refused one says so beside it, not atop the panel). */
const thresholdShown = (version: Guideline, key: string): boolean =>
  version.logic.rubric.rows.some((row) => row.threshold && thresholdKey(row.id) === key);

/** The rubric's rows with a threshold, each a number field. */
function ThresholdRows(
  version: Guideline,
  {changes, refused}: {changes: AuthorsView["changes"]; refused: Refused},
): HTMLElement {
  const rows = version.logic.rubric.rows.flatMap((row) => {
    if (!row.threshold) return [];
    const key = thresholdKey(row.id);
    const id = settingId(key);
    const typed = refused?.key === key ? refused : null;
    const value = typed ? typed.text : settingValue(changes, key) || String(row.threshold.value);
    const changed = changes.some((entry) => entry.key === key);
    return [
      el(
        "div",
        {"class": changed ? "clause-field parameter-changed" : "clause-field", "data-row": row.id},
        el("label", {for: id}, WordsThenId({words: row.threshold.title, id: key})),
        el("input", {
          id,
          "type": "number",
          "min": row.threshold.min,
          "max": row.threshold.max,
          "step": row.threshold.type === "count" ? 1 : 0.05,
          value,
          "aria-describedby": typed ? `${id}-error ${id}-about` : `${id}-about`,
          "aria-invalid": typed ? "true" : null,
          "data-setting": key,
        }),
        el(
          "p",
          {id: `${id}-about`, class: "muted"},
          `${row.threshold.description} Accepts ${describeThreshold(row.threshold)}; ` +
            `${version.version} has ${row.threshold.value}.`,
        ),
        // Beside its field: said at the top of the panel, above every rule's fold, it was out of sight.
        typed ? el("p", {id: `${id}-error`, class: "field-error", role: "alert"}, typed.message) : null,
      ),
    ];
  });
  return el(
    "details",
    {class: "clause-rule", id: `rows-${version.version}`, hidden: rows.length === 0},
    el("summary", {}, "The rubric's rows with a threshold"),
    rows,
  );
}

// On /authors, under the preview's results: where the candidate moves no worked case, the page says so and shows a
// checklist it would move (lib/authoring/counterexample.ts: found by enumerating the rules' fact values), its facts
// in words, the score before → after, and "Write this case", which opens the case editor with those facts filled in
// (lib/authoring/case-handoff.ts). The search runs after the preview is painted, once per choice.
function Found(
  found: Counterexample,
  {choice, base, reruled}: {choice: CandidateChoice; base: Guideline; reruled: number},
): HTMLElement[] {
  const words = counterexampleWords(found, base);
  const href = `./authors/case?${handoffQuery(candidateToQuery(choice), found.lines)}`;
  return [
    el("p", {}, counterexampleLead(words, choice.base, reruled)),
    el(
      "ol",
      {class: "counterexample-lines"},
      words.lines.map((line) =>
        el(
          "li",
          {},
          // "The main task" is both the role and the main task rule's title: said once.
          el("strong", {}, line.role === line.title ? line.title : `${line.role}: ${line.title}`),
          el("span", {class: "muted"}, ` (${line.rule})`),
          line.facts.length
            ? el(
                "ul",
                {},
                line.facts.map((fact) => el("li", {}, `${fact.title}: ${fact.value}`)),
              )
            : null,
        ),
      ),
    ),
    el("p", {}, el("a", {href, class: "button secondary", id: "write-counterexample"}, "Write this case")),
  ];
}

/** The section: hidden while a worked case moves or nothing is changed, busy until the search has found. */
function CounterexampleSection({state, now, model, data}: Shown): HTMLElement {
  const key = model.wantsCounterexample(now);
  const result = key !== null && state.counterexample?.key === key ? state.counterexample : null;
  const base = data.versions.find((version) => version.version === state.choice.base)!;
  return el(
    "section",
    {
      "id": "counterexample",
      "aria-labelledby": "counterexample-title",
      "hidden": key === null,
      "aria-busy": key !== null && !result ? "true" : null,
    },
    el("h2", {id: "counterexample-title"}, "A case this change would move"),
    el(
      "div",
      {},
      result &&
        (result.found
          ? Found(result.found, {choice: state.choice, base, reruled: now.preview.reruled.length})
          : el(
              "p",
              {},
              "No worked case moves, and no checklist of a main task and up to three other instructions would: " +
                "this change moves no score.",
            )),
    ),
  );
}

// "Save as a new version" on the authors' page. A static site cannot write guideline/, so the dialog downloads the new
// version's folder as one archive (vN.tar: guideline.yaml and logic.yaml under vN/), written by the same writer as
// `guideline:preview -- --write vN` (lib/authoring/version-writer.ts), with each rule's text as the author reworded
// it in the dialog; it also shows that command, which writes the same changes with the texts as they are. The writer
// and the versions' files are loaded when the dialog first opens: the preview itself needs neither.
/** Each version's two files as text, by version: loaded with the dialog. */
export type SourcesLoader = () => Promise<Record<string, Omit<VersionSources, "version">>>;

/** The candidate's changes in words, parameters first, as the dialog lists them and the new version records them. */
const saveWords = (view: AuthorsView): string[] => [
  ...view.choice.set.map((assignment) => assignmentWords(view.candidateVersion.logic, assignment)),
  ...view.changes.map((entry) => entry.words),
];

/** What the dialog holds: the changes, the new version's name, the rules' texts, the command; a Live node. */
export function AuthorsSave({
  state,
  versions,
}: {
  state: SaveState;
  versions: readonly Guideline[];
}): Live<SaveState, SaveAction> {
  return live<SaveState, SaveAction>(state, {
    update: updateSave,
    view: ({choice, words, checked, levels, rules, name, texts, problem, done}) => {
      const candidate = versions.find((version) => version.version === choice.candidate)!;
      const version = name.trim() || "vN";
      // The dialog rewords rules only: the rubric levels whose words the changes make untrue are named to reword.
      const reword = levelsToRewordWords(levels, version);
      // The rules the changes rule otherwise come first, each with what changed in it.
      const changed = new Map(rules.map(({rule, changed: what}) => [rule, what]));
      const fails = savedCheckWords(checked, version);
      const textField = (rule: Guideline["rules"][number]) =>
        el(
          "div",
          {class: changed.has(rule.id) ? "choice-field save-text-changed" : "choice-field"},
          el("label", {for: `save-text-${rule.id}`}, `${rule.title} (${rule.id})`),
          changed.has(rule.id)
            ? el(
                "p",
                {id: `save-text-${rule.id}-changed`, class: "save-text-why"},
                `Changed: ${changed.get(rule.id)!.join("; ")}`,
              )
            : null,
          el(
            "textarea",
            {
              "id": `save-text-${rule.id}`,
              // The text to reword is read whole; the others are there to reword when needed.
              "rows": changed.has(rule.id) ? 8 : 3,
              "data-rule": rule.id,
              "aria-describedby": changed.has(rule.id) ? `save-text-${rule.id}-changed` : null,
            },
            texts[rule.id] ?? rule.text,
          ),
        );
      const command = commandVersion(
        name.trim(),
        versions.map((version) => version.version),
      );
      return el(
        "div",
        {class: "save-form"},
        el(
          "p",
          {},
          words.length
            ? "The new version is its base with the changes below, and each rule's text as written here: reword a " +
                "rule whose clause now reads otherwise."
            : `Nothing is changed from ${choice.candidate}: the new version is it with each rule's text as written ` +
                "here, for a rewording alone.",
          " Released versions stay as they are, so it takes a name no version has.",
        ),
        el(
          "ul",
          {class: "save-changes"},
          el("li", {}, `Based on ${choice.candidate}`),
          words.map((line) => el("li", {}, line)),
        ),
        reword ? el("p", {class: "save-reword"}, reword) : null,
        rules.length ? el("p", {id: "save-rules-reword"}, rulesToRewordWords(rules.map((entry) => entry.name))) : null,
        fails ? el("p", {id: "save-check-fails"}, fails) : null,
        el(
          "div",
          {class: "choice-field"},
          el("label", {for: "save-version"}, "New version"),
          el("input", {id: "save-version", type: "text", required: true, pattern: "v[1-9][0-9]*", value: name}),
        ),
        el("p", {class: "field-error", role: "alert", hidden: problem === null}, problem),
        el(
          "div",
          {class: "save-actions"},
          el("button", {type: "button", class: "button", id: "save-download"}, "Download the version"),
          el("button", {"type": "button", "class": "button secondary", "data-action": "save-close"}, "Close"),
        ),
        el("p", {"class": "muted", "role": "status", "aria-live": "polite"}, done),
        el(
          "p",
          {class: "muted"},
          "Or write it from the command line, with the rule texts as they are: ",
          el("code", {id: "save-command"}, writeCommand(choice, command.version)),
        ),
        // Said once: a Download refused for the same name says it in the alert above.
        command.why && !(problem && command.why.startsWith(problem))
          ? el("p", {id: "save-command-why", class: "muted"}, command.why)
          : null,
        el("h3", {}, "The rules' texts"),
        el(
          "div",
          {class: "save-texts"},
          [
            ...candidate.rules.filter((rule) => changed.has(rule.id)),
            ...candidate.rules.filter((rule) => !changed.has(rule.id)),
          ].map(textField),
        ),
      );
    },
    on: {
      input: (event) => {
        const target = event.target as HTMLInputElement | HTMLTextAreaElement;
        if (target.id === "save-version") return {kind: "name", name: target.value};
        const rule = target.getAttribute("data-rule");
        return rule ? {kind: "text", rule, text: target.value} : undefined;
      },
    },
  });
}

/**
 * The button and its dialog, built once around the form: a dialog's being open is the browser's (Escape closes it),
 * so no patch may touch it. Opening, closing and the download are this node's own listeners.
 */
function SaveShell(
  form: Live<SaveState, SaveAction>,
  {
    versions,
    loadSources,
    opened,
  }: {
    versions: readonly Guideline[];
    loadSources: SourcesLoader;
    /** What the choice decides in the dialog, worked out as it opens: the dialog is modal, so it holds while open. */
    opened: () => SaveAction;
  },
): HTMLElement {
  const dialog = titled(
    "dialog",
    {class: "save-dialog"},
    {titleId: "save-title", title: "Save the candidate as a new version"},
    form,
  );
  const open = el("button", {"type": "button", "class": "button", "aria-haspopup": "dialog"}, "Save as a new version");
  open.addEventListener("click", () => {
    form.dispatch(opened());
    form.dispatch({kind: "clear"});
    dialog.showModal();
  });
  const names = versions.map((version) => version.version);
  const downloadVersion = () => {
    form.dispatch({kind: "clear"});
    const {choice, words, name, texts} = form.state;
    const candidate = versions.find((version) => version.version === choice.candidate)!;
    void Promise.all([import("../lib/authoring/version-writer.js"), import("../lib/text/tar.js"), loadSources()])
      .then(([writer, archive, sources]) => {
        const version = name.trim();
        const {files} = writer.versionFiles({
          base: {version: choice.candidate, ...sources[choice.candidate]!},
          version,
          versions: names,
          parameters: choice.set,
          changes: choice.changes,
          words: [...words],
          texts: new Map(candidate.rules.map((rule) => [rule.id, texts[rule.id] ?? rule.text])),
          titles: ruleNamesInList(candidate),
        });
        const bytes = archive.tar(
          files.map((file) => ({name: file.path.replace(/^guideline\//, ""), content: file.text})),
        );
        download(bytes, `${version}.tar`, "application/x-tar");
        form.dispatch({
          kind: "saved",
          done:
            `Downloaded ${version}.tar: unpack it in guideline/ (tar -xf ${version}.tar -C guideline), then run ` +
            `npm run guideline:check -- --version ${version}.`,
        });
      })
      .catch((error: unknown) =>
        form.dispatch({kind: "failed", problem: error instanceof Error ? error.message : String(error)}),
      );
  };
  dialog.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest("[data-action=save-close]")) dialog.close();
    else if (target?.closest("#save-download")) downloadVersion();
  });
  return el("div", {class: "save-version"}, open, dialog);
}

// The link from /authors to the case editor (/authors/case). It carries the authors' page's address query, so the
// editor derives the case under the same candidate; that query changes as the author changes the candidate, so the
// link takes it at the moment it is followed (or pointed at, or focused, for a copied link).
export function CaseEditorLink(text: string, {location = window.location}: {location?: Location} = {}): HTMLElement {
  const link = el("a", {href: "./authors/case", class: "button secondary"}, text);
  const follow = () => link.setAttribute("href", `./authors/case${location.search}`);
  for (const event of ["pointerenter", "focus", "click"]) link.addEventListener(event, follow, {capture: true});
  return link;
}
