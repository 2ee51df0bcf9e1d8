// The guideline authors' preview: pick a base version and a candidate (another version, or the base with parameters
// changed here) and see at once which worked cases move and why, which lose their single score, the distribution
// and the coverage of the scores, and what the worked cases do not test. The choice lives in the URL. What the page
// shows is decided in lib/authoring/authors-page.ts; this puts its controls and its results on the page.
import {authorsPage, type AuthorsPageData, type AuthorsView} from "../lib/authoring/authors-page.js";
import {type ItemPages, ruleHref, itemHref, itemLabel} from "../lib/site/links.js";
import {el, type Child, svg, titled} from "./dom.js";
import {afterFirstPaint, afterPaint, whenIdle} from "../lib/site/schedule.js";
import type {Guideline, GuidelineRule} from "../lib/authored/schemas/guideline.js";
import {
  AssignmentError,
  declaredValue,
  describeDomain,
  parseValue,
  type ParameterDomain,
  type ParameterValue,
  type ParameterName,
  formatAssignment,
} from "../lib/engine/parameter-values.js";
import type {ParameterValues} from "../lib/engine/logic.js";
import {
  linkOf,
  parameterHeading,
  parameterTitle,
  parameterValueWords,
  valueWords,
  type ParameterSource,
  assignmentWords,
} from "../lib/engine/parameter-words.js";
import {type Kept, keptParts} from "./live.js";
import {differsAtAll, type DiffPart, type TextDifference, type VersionDiff} from "../lib/authoring/version-diff.js";
import {Table} from "./table.js";
import type {Preview, LineDecision, Outcome} from "../lib/authoring/preview.js";
import {scoreText, originTag} from "../lib/trainee/words.js";
import type {Score} from "../lib/authored/schemas/verdict.js";
import {describeFinding} from "../lib/authoring/completeness-words.js";
import type {CompletenessReport, Finding} from "../lib/authoring/completeness.js";
import type {Dependence} from "../lib/authoring/dependence.js";
import {plural} from "../lib/text/format.js";
import type {ChangedCase, JudgeAgreement} from "../lib/judges/author-line.js";
import {verdictLabels} from "../lib/engine/labels.js";
import {reasonText} from "../lib/authoring/move-reason.js";
import type {Item} from "../lib/authored/schemas/item.js";
import type {LogicClause} from "../lib/authored/schemas/logic.js";
import {
  clauseVerdicts,
  describeThreshold,
  noFlag,
  parseRuleChange,
  rubricKey,
  type RuleChange,
  formatChange,
} from "../lib/authoring/rule-changes.js";
import {clauseVerdictWords, clauseWords} from "../lib/authoring/rule-change-words.js";
import {candidateToQuery} from "../lib/authoring/candidate-choice.js";
import {handoffQuery} from "../lib/authoring/case-handoff.js";
import {findCounterexample, rulesByRole, type Counterexample} from "../lib/authoring/counterexample.js";
import {counterexampleWords} from "../lib/authoring/counterexample-words.js";
import {ruleSetOf, type RuleSet} from "../lib/engine/derive.js";
import type {VersionSources} from "../lib/authoring/version-writer.js";
import {nextVersion} from "../lib/authoring/version-name.js";
import {download} from "../lib/site/download.js";

interface AuthorsData extends AuthorsPageData {
  /** Where each item is scored, for its links. */
  itemPages: ItemPages;
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
): HTMLElement {
  const items = new Map(data.items.map((item) => [item.id, item]));
  // The hooks run later than this function (after a paint), by when `results` exists.
  const page = authorsPage(data, {
    query: location.search,
    schedule: {afterPaint},
    onAddress: (query) => history.replaceState(null, "", `${location.pathname}?${query}${location.hash}`),
    onView: (view) => results.update(view),
  });

  const status = el("p", {class: "preview-status", role: "status", id: "preview-status"}, page.view.status);
  // The outcome stays beside the controls, never over them; on a phone it links down to the list.
  const summary = el(
    "div",
    {class: "preview-summary"},
    status,
    el("a", {href: "#moved-title", class: "preview-to-list"}, "Go to the cases that move"),
  );
  const results = authorsResults(page.view, {items, pages: data.itemPages});
  const controls = authorsControls(page.view, {
    versions: data.versions.map((version) => version.version),
    domains: data.domains,
    summary,
    onBase: (version) => show(page.chooseBase(version)),
    onCandidate: (version) => show(page.chooseCandidate(version)),
    onParameter: (name, value) => show(page.setParameter(name, value)),
    onUndo: () => show(page.undoParameters()),
    onReach: () => warmUp(true),
  });
  const clauses = authorsClauses(page.view, {
    onChange: (change) => show(page.setRuleChange(change)),
    onDrop: (key) => show(page.dropRuleChange(key)),
    onUndo: () => show(page.undoRuleChanges()),
  });
  const save = authorsSave(page.view, {versions: data.versions.map((version) => version.version), loadSources});
  // Where the candidate moves no worked case: a case it would move, under the results.
  const counterexample = authorsCounterexample(page.view, {versions: data.versions, items: data.items});
  const show = (view: typeof page.view) => {
    controls.update(view);
    clauses.update(view);
    save.update(view);
    status.textContent = view.status;
    results.update(view);
    counterexample.update(view);
  };

  // Choosing another version finds its work done (it took 30-60 ms cold, two frames' worth): the pair's differences
  // and preview, its base, its fields. The pieces run in idle time after the first paint, one per idle callback, and
  // all at once when the author reaches for a version menu, before the choice.
  let pending: (() => void)[] = [];
  const warmUp = (now: boolean) => {
    pending = [
      ...page.warmUp(),
      ...data.versions.flatMap((version) => [() => controls.prepare(version), () => clauses.prepare(version)]),
    ];
    if (now) while (pending.length) pending.shift()!();
  };
  const idleStep = () =>
    whenIdle(() => {
      pending.shift()?.();
      if (pending.length) idleStep();
    }, 1000);
  afterFirstPaint(() => (warmUp(false), idleStep()));

  const root = el(
    "div",
    {class: "authors-preview"},
    el("p", {class: "preview-notice", role: "alert", hidden: page.notice === null}, page.notice),
    controls,
    clauses,
    save,
    results,
    counterexample,
  );
  return root;
}

// One of the candidate's parameters on the authors' page: named in words first, its id after, a select for a fixed
// list or a number field for a range, the text of the rule that reads it, and, for a parameter that encodes the same
// phrase as another ("at least half": `counting` for the other instructions, `mainPartThreshold` for the main task),
// that link said on both controls with an offer to set the other to the same value. Built once per candidate
// version, then kept in step with the view, so the control in use keeps its focus.
/** The rules of a version that read a parameter, for the text beside its control. */
function rulesReading(domain: ParameterDomain, guideline: Guideline): GuidelineRule[] {
  return guideline.rules.filter((rule) => rule.parameters.includes(domain.name) || rule.id === domain.reader);
}

const optionsOf = (domain: ParameterDomain): ParameterValue[] =>
  domain.kind === "integer" && domain.min !== null && domain.max !== null
    ? Array.from({length: domain.max - domain.min + 1}, (_, index) => domain.min! + index)
    : domain.values;

/** A node the page keeps (not a component): `update` brings it to the candidate's parameters of the moment. */
export function parameterField(
  domain: ParameterDomain,
  {
    parameters,
    guideline,
    domains,
    onChange,
    onAlsoSet,
  }: {
    parameters: ParameterValues;
    /** The candidate version, whose own value the field is compared with. */
    guideline: Guideline;
    /** Every parameter's domain: a linked parameter's offer is made only with a value the other accepts. */
    domains: readonly ParameterDomain[];
    onChange: (value: ParameterValue) => void;
    /** Sets the linked parameter to this one's value. */
    onAlsoSet: (name: ParameterDomain["name"], value: ParameterValue) => void;
  },
): Kept<ParameterValues> {
  const id = `parameter-${domain.name}`;
  const versionValue = declaredValue(guideline.parameters, domain.name);
  const words = parameterValueWords(guideline.logic, domain.name);
  const control =
    domain.kind === "number"
      ? el("input", {
          id,
          "type": "number",
          "min": domain.min,
          "max": domain.max,
          "step": 0.05,
          "value": String(parameters[domain.name]),
          "aria-describedby": `${id}-about`,
        })
      : el(
          "select",
          {id, "aria-describedby": `${id}-about`},
          optionsOf(domain).map((option) =>
            el(
              "option",
              {value: String(option), selected: option === parameters[domain.name]},
              words ? valueWords(guideline.logic, domain.name, option) : String(option),
            ),
          ),
        );
  const error = el("p", {class: "field-error", role: "alert", hidden: true});
  control.addEventListener("change", () => {
    try {
      onChange(parseValue(domain, control.value));
      error.hidden = true;
    } catch (problem) {
      error.textContent = problem instanceof AssignmentError ? problem.message : String(problem);
      error.hidden = false;
    }
  });
  const accepts = (name: ParameterDomain["name"], value: ParameterValue) =>
    domains.find((entry) => entry.name === name)?.values.includes(value) ?? false;
  const link = el("div", {class: "parameter-link"});
  const renderLink = (current: ParameterValues) => {
    const found = linkOf(guideline.logic, domain.name, current, accepts);
    if (!found) return;
    const other = found.other;
    const offer = found.offer;
    const button =
      offer === null
        ? null
        : el(
            "button",
            {type: "button", class: "button secondary"},
            `Change both: ${parameterHeading(guideline.logic, other.name).replace(/^How/, "how")} to match`,
          );
    button?.addEventListener("click", () => onAlsoSet(other.name, offer!));
    link.replaceChildren(
      el(
        "p",
        {},
        `Linked: “${found.phrase}” is read by this parameter for ${found.to}, and by `,
        el("strong", {}, parameterTitle(guideline.logic, other.name)),
        ` for ${other.to}, now ${valueWords(guideline.logic, other.name, other.value)}. ` +
          (offer !== null
            ? "The two now differ."
            : current[domain.name] === other.value
              ? "The two agree."
              : "The other has no such value, so they cannot be set alike."),
      ),
      ...(button ? [button] : []),
    );
  };
  const rules = rulesReading(domain, guideline);
  const note = el("span", {class: "parameter-note"});
  const field = el(
    "div",
    {"class": "parameter", "data-parameter": domain.name},
    el("label", {for: id}, parameterHeading(guideline.logic, domain.name), " ", el("code", {}, `(${domain.name})`)),
    control,
    note,
    error,
    link,
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
              el("a", {href: ruleHref(rule.id), class: "rule-link"}, ` (${rule.id})`),
            ),
          )
        : el("p", {class: "muted"}, `Read by the rubric${domain.reader ? ` (${domain.reader})` : ""}, not by a rule.`),
    ),
  );
  /** Shows whether the field differs from the candidate version's own value, without rebuilding it. */
  const update = (current: ParameterValues) => {
    const value = declaredValue(current, domain.name);
    const changed = value !== versionValue;
    field.classList.toggle("parameter-changed", changed);
    note.textContent = changed
      ? `changed: ${guideline.version} has ${valueWords(guideline.logic, domain.name, versionValue)}`
      : "";
    if (control.value !== String(value)) control.value = String(value);
    renderLink(current);
  };
  update(parameters);
  return Object.assign(field, {update});
}

// The authors' page's controls: the base and candidate versions, and each of the candidate's parameters beside the
// text of the rule that reads it. The parameters' fields are built once per candidate version (kept, and built ahead
// by `prepare`) and afterwards only kept in step with the view, so the control in use keeps its focus.
interface ControlHandlers {
  onBase(version: string): void;
  onCandidate(version: string): void;
  onParameter(name: ParameterName, value: ParameterValue): void;
  onUndo(): void;
  /** The author reaches for a version menu (a pointer over it, or focus): a choice of version may follow. */
  onReach(): void;
}

/** The controls, and `prepare`, which builds a version's parameter fields ahead of its being chosen. */
export type AuthorsControls = Kept<AuthorsView> & {prepare(version: Guideline): void};

/** "What to compare": the two versions and the candidate's parameters, a node the page keeps in step with each view. */
export function authorsControls(
  view: AuthorsView,
  {
    versions,
    domains,
    summary,
    ...on
  }: {
    versions: readonly string[];
    domains: readonly ParameterDomain[];
    /** The outcome in a line with a link to the list: right under the versions, never over a control. */
    summary: HTMLElement;
  } & ControlHandlers,
): AuthorsControls {
  const versionSelect = (id: string) =>
    el(
      "select",
      {id},
      versions.map((version) => el("option", {value: version}, version)),
    );
  const baseSelect = versionSelect("preview-base");
  const candidateSelect = versionSelect("preview-candidate");
  baseSelect.addEventListener("change", () => on.onBase(baseSelect.value));
  candidateSelect.addEventListener("change", () => on.onCandidate(candidateSelect.value));
  for (const select of [baseSelect, candidateSelect])
    for (const event of ["pointerenter", "focus"]) select.addEventListener(event, () => on.onReach());
  const reset = el("button", {type: "button", class: "button secondary"}, "Undo every parameter change");
  reset.addEventListener("click", () => on.onUndo());
  const fields = el("div", {class: "parameter-fields"});
  let fieldsFor = "";
  let shownFields: Kept<ParameterValues>[] = [];
  /** Each version's fields, built once, showing its own values until chosen. */
  const built = new Map<string, Kept<ParameterValues>[]>();
  const fieldsOf = (version: Guideline) => {
    let found = built.get(version.version);
    if (!found) {
      found = domains.map((domain) =>
        parameterField(domain, {
          parameters: version.parameters,
          guideline: version,
          domains,
          onChange: (value) => on.onParameter(domain.name, value),
          onAlsoSet: (name, value) => on.onParameter(name, value),
        }),
      );
      built.set(version.version, found);
    }
    return found;
  };

  const update = ({choice, candidateVersion, candidateRules}: AuthorsView) => {
    baseSelect.value = choice.base;
    candidateSelect.value = choice.candidate;
    if (fieldsFor !== choice.candidate) {
      fieldsFor = choice.candidate;
      shownFields = fieldsOf(candidateVersion);
      fields.replaceChildren(...shownFields);
    }
    shownFields.forEach((field) => field.update(candidateRules.parameters));
    reset.hidden = choice.set.length === 0;
  };
  update(view);

  const field = (label: string, control: HTMLElement, hint: Child) =>
    el("div", {class: "choice-field"}, el("label", {for: control.id}, label), control, el("p", {class: "muted"}, hint));
  const section = el(
    "section",
    {"class": "preview-choice", "aria-labelledby": "choice-title"},
    el("h2", {id: "choice-title"}, "What to compare"),
    el(
      "div",
      {class: "choice-aside"},
      el(
        "div",
        {class: "choice-versions"},
        field("Base version", baseSelect, "What the worked cases are scored under today."),
        field("Candidate version", candidateSelect, "Another version, or the base itself with the changes below."),
      ),
      summary,
    ),
    el(
      "details",
      {class: "parameter-panel", open: true},
      el("summary", {}, "The candidate's parameters, each beside the rule that reads it"),
      reset,
      fields,
    ),
    el("p", {class: "muted"}, "The page's address holds this choice: copy it to send the comparison to a colleague."),
  );
  return Object.assign(section, {update, prepare: (version: Guideline) => void fieldsOf(version)});
}

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
}) {
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
      `Base ${differs.base} against the candidate, ${candidate}. In the words below, `,
      el("del", {}, "struck"),
      ` words are ${differs.base}'s only and `,
      el("ins", {}, "underlined"),
      " words the candidate's only.",
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
            logic.map((difference) => el("li", {}, difference.words, " ", el("code", {}, `(${difference.key})`))),
          ),
        ]
      : null,
    only(differs.base, onlyInBase),
    only(differs.candidate, onlyInCandidate),
  );
}

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
  const [width, height, bottom, top] = [640, 200, 40, 22];
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
// over every checklist shape (lib/authoring/completeness.ts), and the parameters and rules no worked case tests
// (lib/authoring/dependence.ts).
/** What a rule set's worked cases do not test, and which items each parameter and rule moves. */
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
        : `Under ${label}, every parameter and rule moves at least one worked case.`,
    ),
    el(
      "details",
      {},
      el("summary", {}, "Which items depend on each parameter and rule"),
      Table(
        {
          head: ["Parameter or rule", "Items whose score it moves"],
          rows: [
            ...found.parameters.map((entry) => [parameterTitle(logic, entry.name), entry.moved.join(", ") || "none"]),
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
export function Completeness({report, label}: {report: CompletenessReport | null; label: string}): HTMLElement {
  // Null: worked out after the paint of the change (lib/authoring/authors-page.ts).
  if (!report)
    return el("div", {"class": "completeness", "aria-busy": "true"}, el("h3", {}, `${label}: being worked out…`));
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
// is built once and afterwards patched (live.ts), only when what it shows changes, so unchanged text keeps its
// layout and a disclosure the author opened stays open. After a change the moved cases and the judges' lines are
// patched at once, in the frame that shows the change, and the other sections after that frame is painted.
const outcomeText = (outcome: Pick<Outcome, "candidates">): string =>
  outcome.candidates.length === 0
    ? "no score"
    : outcome.candidates.length === 1
      ? scoreText(outcome.candidates[0]!)
      : `${outcome.candidates.map(scoreText).join(" or ")} (no single score)`;

const decisionText = ({verdict, clause, verdicts, ruled}: LineDecision): string =>
  !ruled
    ? "undecided: no rule decides it"
    : verdict === null
      ? `either ${verdicts.map((each) => verdictLabels[each]).join(" or ")}: the rule allows both`
      : `${verdictLabels[verdict]}${clause ? ` (${clause})` : ""}`;

function MovedItems(
  result: Preview,
  {items, pages}: {items: ReadonlyMap<string, Item>; pages: ItemPages},
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
                      `“${item.checklist[line.index]?.text ?? `line ${line.index + 1}`}”: `,
                      `${decisionText(line.from)} → ${decisionText(line.to)}, by `,
                      el("a", {href: ruleHref(line.rule)}, line.rule),
                    ),
                  ),
                )
              : el("p", {class: "moved-reason"}, "No checklist line changes; the rubric reads it differently."),
            el("p", {class: "moved-reason"}, reasonText(moved.reason, {base: result.base, candidate: "the candidate"})),
          ],
        ];
      }),
    },
    {rowHeaders: true, scroll: true, className: "moved-items"},
  );
}

/** Marks a case written for the notebook, not taken from the case study. */
const OriginTag = (item: Pick<Item, "origin"> | undefined): Child => {
  const tag = item && originTag(item);
  return tag ? el("span", {class: "origin-tag"}, tag) : null;
};

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
            uncited.lines
              .map((line) => `“${item.checklist[line.index]?.text ?? `line ${line.index + 1}`}” (${line.rule})`)
              .join("; "),
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
 */
export function authorsResults(
  view: AuthorsView,
  {items, pages}: {items: ReadonlyMap<string, Item>; /** Where each item is scored, for its links. */ pages: ItemPages},
): Kept<AuthorsView> {
  const keep = keptParts();
  /**
   * Every section, or with `first` what a change patches before its paint: the moved cases, and the judges' lines,
   * which say the moves in the status's terms and so change in its frame.
   */
  const sections = ({choice, described, preview: result, ...shown}: AuthorsView, first = false): HTMLElement[] => {
    const section = (id: string, title: string, key: unknown, body: () => Child) =>
      keep(id, key, () =>
        el("section", {"aria-labelledby": `${id}-title`}, el("h2", {id: `${id}-title`}, title), body()),
      );
    const moved = section("moved", "Items whose score moves", [result.base, result.moved], () =>
      MovedItems(result, {items, pages}),
    );
    const judges = section("judges", "Model judges", [result.base, shown.judges], () =>
      AuthorsJudges({judges: shown.judges, base: result.base, pages, rewording: shown.rewording}),
    );
    if (first) return [moved, judges];
    // What the worked cases do not test: the base's part, then the candidate's, which comes after the paint.
    const untestedBase = keep("untested-base", choice.base, () =>
      Untested({dependence: shown.baseDependence, label: choice.base, logic: shown.candidateVersion.logic}),
    );
    const {shown: report, busy} = shown.candidateReport;
    const untestedCandidate = keep("untested-candidate", [report?.label ?? "", busy], () =>
      el(
        "div",
        {"class": "untested-candidate", "aria-busy": busy ? "true" : null},
        report
          ? Untested({dependence: report.dependence, label: report.label, logic: shown.candidateVersion.logic})
          : null,
      ),
    );
    return [
      section("differs", "What differs", [choice.base, described, shown.differs], () =>
        WhatDiffers({differs: shown.differs, candidate: described}),
      ),
      moved,
      section("unsettled", "Items with no single score", [result.base, result.unsettled], () =>
        UnsettledItems(result, {items, pages}),
      ),
      judges,
      section("uncited", "Items scored with no rule a trainee could cite", [result.base, result.uncited], () =>
        UncitedItems(result, {items, pages}),
      ),
      section("distribution", "The scores before and after", [result.base, result.distribution], () =>
        DistributionChart(result),
      ),
      section(
        "coverage",
        "Which levels keep a worked example",
        [result.base, result.coverage, result.workedExamples],
        () => CoverageChange({result, items}),
      ),
      section(
        "completeness",
        "The rubric over every checklist shape",
        [choice.base, described, shown.baseCompleteness?.findings, shown.candidateCompleteness?.findings],
        () => {
          const shapes = (shown.baseCompleteness ?? shown.candidateCompleteness)?.shapes;
          return [
            el(
              "p",
              {class: "muted"},
              `Every shape a response's checklist can take (the main task's outcome and up to six other ` +
                `instructions' verdicts${shapes === undefined ? "" : `: ${plural(shapes, "shape")}`}), each scored ` +
                "by the rubric.",
            ),
            Completeness({report: shown.baseCompleteness, label: `Base ${choice.base}`}),
            Completeness({report: shown.candidateCompleteness, label: `Candidate ${described}`}),
          ];
        },
      ),
      // Built once: its two parts are kept on their own.
      section("untested", "What the worked cases do not test", null, () => [untestedBase, untestedCandidate]),
    ];
  };
  const results = el("div", {class: "preview-results"}, sections(view));
  // Only the latest view's rest is patched: a change made before the paint replaces the one it follows.
  let latest = 0;
  const update = (next: AuthorsView) => {
    sections(next, true);
    const at = ++latest;
    afterPaint(() => at === latest && void sections(next));
  };
  return Object.assign(results, {update});
}

/** "Which levels keep a worked example": each score's worked examples under the base and the candidate. */
function CoverageChange({result, items}: {result: Preview; items: ReadonlyMap<string, Item>}): HTMLElement {
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
// change means (parsed, applied, said) is lib/authoring/rule-changes.ts's; this puts the controls on the page. The
// fields are built once per candidate version (kept, and built ahead by `prepare`; a rule's clauses when its fold
// first opens) and then kept in step with the view, so the one in use keeps focus.
interface ClauseHandlers {
  onChange(change: RuleChange): void;
  /** Undoes the change of one key (`numbers.ceiling-needs-one`). */
  onDrop(key: string): void;
  onUndo(): void;
}

/** The value a select shows for "as the version says": the clause's own verdict or flag, whatever it is. */
const own = "";

const flagLabel = (flag: LogicClause["flag"]): string =>
  flag === undefined ? "no flag" : typeof flag === "string" ? flag : "as the line's facts say";

/** A field's id from a setting's key: `clause-numbers-ceiling-needs-one`, `threshold-one-small-flaw`. */
export const settingId = (key: string): string =>
  key.startsWith(`${rubricKey}.`)
    ? `threshold-${key.slice(rubricKey.length + 1)}`
    : `clause-${key.replaceAll(".", "-")}`;

/** Whether either of a clause's two settings (its verdict, its flag) is changed. */
const clauseChanged = (card: Element, byKey: ReadonlyMap<string, unknown>): boolean => {
  const key = (card as HTMLElement).dataset.clause!;
  return byKey.has(key) || byKey.has(`${key}.flag`);
};

/** A version's folds and fields, built once: its controls by setting's key, and per rule what fills its fold. */
interface BuiltVersion {
  nodes: HTMLElement[];
  controls: Map<string, HTMLSelectElement | HTMLInputElement>;
  fills: Map<string, () => void>;
}

/** The clauses and rows, and `prepare`, which builds a version's folds ahead of its being chosen. */
export type AuthorsClauses = Kept<AuthorsView> & {prepare(version: Guideline): void};

/** "The candidate's clauses and rubric rows": a node the page keeps in step with each view. */
export function authorsClauses(view: AuthorsView, on: ClauseHandlers): AuthorsClauses {
  const fields = el("div", {class: "clause-rules"});
  const changed = el("ul", {
    "class": "clause-changes",
    "aria-label": "The changes to the candidate's clauses and rows",
  });
  const reset = el("button", {type: "button", class: "button secondary"}, "Undo every clause and row change");
  reset.addEventListener("click", () => on.onUndo());
  const error = el("p", {class: "field-error", role: "alert", hidden: true});
  let fieldsFor = "";
  /** Every control by its setting's key, to bring it to the view's value. */
  let controls = new Map<string, HTMLSelectElement | HTMLInputElement>();
  /** Per rule, what builds its fold's clauses (once). */
  let fills = new Map<string, () => void>();

  const send = (key: string, value: string) => {
    try {
      if (value === own) on.onDrop(key);
      else on.onChange(parseRuleChange(`${key}=${value}`, currentLogic()));
      error.hidden = true;
    } catch (problem) {
      error.textContent = problem instanceof AssignmentError ? problem.message : String(problem);
      error.hidden = false;
    }
  };
  let currentLogic = () => view.candidateVersion.logic;

  const built = new Map<string, BuiltVersion>();
  const build = (candidateVersion: Guideline): BuiltVersion => {
    const logic = candidateVersion.logic;
    const titles = new Map(candidateVersion.rules.map((rule) => [rule.id, rule.title]));
    const controls: BuiltVersion["controls"] = new Map();
    // Each clause's two menus are labelled "Verdict" and "Flag" on screen; their names say whose they are.
    const select = (key: string, label: string, about: string, options: [string, string][]) => {
      const id = settingId(key);
      const control = el(
        "select",
        {id, "aria-label": `${label}: ${about}`},
        options.map(([value, text]) => el("option", {value}, text)),
      );
      control.addEventListener("change", () => send(key, control.value));
      controls.set(key, control);
      return el("div", {class: "clause-field"}, el("label", {for: id}, label), control);
    };
    // A fold's clauses are built when it first opens, or holds a change: a version has some 150 menus, and building
    // them all on each change of candidate version took longer than a frame.
    const fills: BuiltVersion["fills"] = new Map();
    const rules = logic.rules.map((rule) => {
      const summary = el("summary", {}, titles.get(rule.id) ?? rule.id, " ", el("code", {}, `(${rule.id})`));
      const fold = el("details", {"class": "clause-rule", "data-rule": rule.id}, summary);
      let filled = false;
      const fill = () => {
        if (filled) return;
        filled = true;
        fold.append(
          ...rule.clauses.map((clause) => {
            const key = `${rule.id}.${clause.id}`;
            const about = `${titles.get(rule.id) ?? rule.id}, ${clauseWords(clause)}`;
            return el(
              "div",
              {"class": "clause", "data-clause": key},
              el("p", {class: "clause-words"}, clauseWords(clause), " ", el("code", {}, `(${key})`)),
              select(key, "Verdict", about, [
                [own, `as ${candidateVersion.version} says: ${clauseVerdictWords(logic, rule.id, clause)}`],
                ...clauseVerdicts.map((verdict): [string, string] => [verdict, verdictLabels[verdict]]),
              ]),
              select(`${key}.flag`, "Flag", about, [
                [own, `as ${candidateVersion.version} says: ${flagLabel(clause.flag)}`],
                ...[...logic.flags, noFlag].map((flag): [string, string] => [flag, flag === noFlag ? "no flag" : flag]),
              ]),
            );
          }),
        );
        sync(view);
      };
      // The click comes before the fold opens, so it opens filled; toggle catches a fold opened otherwise.
      summary.addEventListener("click", fill);
      fold.addEventListener("toggle", () => fold.open && fill());
      fills.set(rule.id, fill);
      return fold;
    });
    const rows = logic.rubric.rows.flatMap((row) => {
      if (!row.threshold) return [];
      const key = `${rubricKey}.${row.id}`;
      const id = settingId(key);
      const input = el("input", {
        id,
        "type": "number",
        "min": row.threshold.min,
        "max": row.threshold.max,
        "step": row.threshold.type === "count" ? 1 : 0.05,
        "value": String(row.threshold.value),
        "aria-describedby": `${id}-about`,
      });
      input.addEventListener("change", () =>
        send(key, Number(input.value) === row.threshold!.value ? own : input.value),
      );
      controls.set(key, input);
      return [
        el(
          "div",
          {"class": "clause-field", "data-row": row.id},
          el("label", {for: id}, row.threshold.title, " ", el("code", {}, `(${key})`)),
          input,
          el(
            "p",
            {id: `${id}-about`, class: "muted"},
            `${row.threshold.description} Accepts ${describeThreshold(row.threshold)}; ` +
              `${candidateVersion.version} has ${row.threshold.value}.`,
          ),
        ),
      ];
    });
    const nodes = [
      ...rules,
      ...(rows.length
        ? [el("details", {class: "clause-rule"}, el("summary", {}, "The rubric's rows with a threshold"), rows)]
        : []),
    ];
    return {nodes, controls, fills};
  };
  const builtFor = (version: Guideline): BuiltVersion => {
    let found = built.get(version.version);
    if (!found) built.set(version.version, (found = build(version)));
    return found;
  };

  /** Brings every control built so far to the view's value, and marks the changed cards. */
  const sync = (next: AuthorsView) => {
    const byKey = new Map(next.changes.map((entry) => [entry.key, entry]));
    for (const [key, control] of controls) {
      const entry = byKey.get(key);
      const value =
        entry === undefined
          ? control instanceof HTMLInputElement
            ? control.defaultValue
            : own
          : entry.change.kind === "verdict"
            ? entry.change.verdict
            : entry.change.kind === "flag"
              ? (entry.change.flag ?? noFlag)
              : String(entry.change.value);
      if (control.value !== value) control.value = value;
      // A clause's card is marked when its verdict or its flag is changed; a row's field when its threshold is.
      const card = control.closest(".clause") ?? control.closest(".clause-field");
      card?.classList.toggle("parameter-changed", card.matches(".clause") ? clauseChanged(card, byKey) : !!entry);
    }
  };

  const update = (next: AuthorsView) => {
    view = next;
    currentLogic = () => next.candidateVersion.logic;
    if (fieldsFor !== next.choice.candidate) {
      fieldsFor = next.choice.candidate;
      const shown = builtFor(next.candidateVersion);
      ({controls, fills} = shown);
      fields.replaceChildren(...shown.nodes);
    }
    // A fold that holds a change shows its menus, opened or not.
    for (const entry of next.changes) fills.get(entry.key.split(".")[0]!)?.();
    sync(next);
    changed.replaceChildren(
      ...next.changes.map((entry) => {
        const undo = el("button", {type: "button", class: "button secondary"}, "Undo");
        undo.setAttribute("aria-label", `Undo: ${entry.words}`);
        undo.addEventListener("click", () => on.onDrop(entry.key));
        return el("li", {}, entry.words, " ", el("code", {}, `(${entry.key})`), " ", undo);
      }),
    );
    changed.hidden = next.changes.length === 0;
    reset.hidden = next.changes.length === 0;
  };
  update(view);

  const section = el(
    "section",
    {"class": "preview-choice clause-panel", "aria-labelledby": "clauses-title"},
    el("h2", {id: "clauses-title"}, "The candidate's clauses and rubric rows"),
    el(
      "p",
      {class: "muted"},
      "Give any clause of a rule another verdict or flag, or a rubric row another threshold: the cases move below " +
        "as they do for a parameter, and the page's address keeps the change.",
    ),
    changed,
    reset,
    error,
    fields,
  );
  return Object.assign(section, {update, prepare: (version: Guideline) => void builtFor(version)});
}

// On /authors, under the preview's results: where the candidate moves no worked case, the page says so and shows a
// checklist it would move (lib/authoring/counterexample.ts: found by enumerating the rules' fact values), its facts
// in words, the score before → after, and "Write this case", which opens the case editor with those facts filled in
// (lib/authoring/case-handoff.ts). The search runs after the preview is painted, once per candidate.
const changesNothing = ({choice}: AuthorsView): boolean =>
  choice.candidate === choice.base && choice.set.length === 0 && choice.changes.length === 0;

function Found(found: Counterexample, view: AuthorsView, base: Guideline): HTMLElement[] {
  const words = counterexampleWords(found, base);
  const href = `./authors/case?${handoffQuery(candidateToQuery(view.choice), found.lines)}`;
  return [
    el(
      "p",
      {},
      `No worked case moves: none of them tests this change. A case with these facts would move from ` +
        `${words.before} under ${view.choice.base} to ${words.after} under the candidate:`,
    ),
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

/** The section, kept by the page: `update` follows each view; the search for its candidate comes after the paint. */
export function authorsCounterexample(
  view: AuthorsView,
  {versions, items}: {versions: readonly Guideline[]; items: readonly Item[]},
): HTMLElement & {update(view: AuthorsView): void} {
  const roles = rulesByRole(items);
  const baseRules = new Map<string, RuleSet>();
  const found = new Map<string, Counterexample | null>();
  const body = el("div", {});
  const section = el(
    "section",
    {"id": "counterexample", "aria-labelledby": "counterexample-title", "hidden": true},
    el("h2", {id: "counterexample-title"}, "A case this change would move"),
    body,
  );
  let shown = "";
  const show = (current: AuthorsView, key: string) => {
    const result = found.get(key)!;
    const base = versions.find((version) => version.version === current.choice.base)!;
    section.removeAttribute("aria-busy");
    body.replaceChildren(
      ...(result
        ? Found(result, current, base)
        : [
            el(
              "p",
              {},
              "No worked case moves, and no checklist of a main task and up to three other instructions would: " +
                "this change moves no score.",
            ),
          ]),
    );
  };
  const update = (current: AuthorsView) => {
    if (changesNothing(current) || current.preview.moved.length > 0) {
      section.hidden = true;
      shown = "";
      return;
    }
    const key = `${current.choice.base} ${candidateToQuery(current.choice)}`;
    if (key === shown) return;
    shown = key;
    section.hidden = false;
    if (found.has(key)) return show(current, key);
    section.setAttribute("aria-busy", "true");
    // The search takes a few ms to tens of ms: after the frame that paints the change, never before it.
    afterPaint(() => {
      if (shown !== key) return;
      const {base: version} = current.choice;
      let rules = baseRules.get(version);
      if (!rules) baseRules.set(version, (rules = ruleSetOf(versions.find((entry) => entry.version === version)!)));
      found.set(key, findCounterexample(rules, current.candidateRules, roles));
      show(current, key);
    });
  };
  update(view);
  return Object.assign(section, {update});
}

// "Save as a new version" on the authors' page. A static site cannot write guideline/, so the dialog downloads the new
// version's folder as one archive (vN.tar: guideline.yaml and logic.yaml under vN/), written by the same writer as
// `guideline:preview -- --write vN` (lib/authoring/version-writer.ts), with each rule's text as the author reworded
// it in the dialog; it also shows that command, which writes the same changes with the texts as they are. The writer
// and the versions' files are loaded when the dialog first opens: the preview itself needs neither.
/** Each version's two files as text, by version: loaded with the dialog. */
export type SourcesLoader = () => Promise<Record<string, Omit<VersionSources, "version">>>;

/** The command that writes the same version from the command line (with the rule texts as they are). */
export function writeCommand(view: AuthorsView, version: string): string {
  const sets = [...view.choice.set.map(formatAssignment), ...view.changes.map(({change}) => formatChange(change))];
  return [
    "npm run guideline:preview --",
    `--candidate ${view.choice.candidate}`,
    ...sets.map((set) => `--set ${set}`),
    `--write ${version}`,
  ].join(" ");
}

/** The button and its dialog: a node the page keeps in step with each view. */
export function authorsSave(
  view: AuthorsView,
  {versions, loadSources}: {versions: readonly string[]; loadSources: SourcesLoader},
): Kept<AuthorsView> {
  const open = el("button", {"type": "button", "class": "button", "aria-haspopup": "dialog"}, "Save as a new version");
  const name = el("input", {id: "save-version", type: "text", required: true, pattern: "v[1-9][0-9]*"});
  const changes = el("ul", {class: "save-changes"});
  const texts = el("div", {class: "save-texts"});
  const command = el("code", {id: "save-command"});
  const problem = el("p", {class: "field-error", role: "alert", hidden: true});
  const done = el("p", {"class": "muted", "role": "status", "aria-live": "polite"});
  const save = el("button", {type: "button", class: "button", id: "save-download"}, "Download the version");
  const close = el("button", {type: "button", class: "button secondary"}, "Close");
  const dialog = titled(
    "dialog",
    {class: "save-dialog"},
    {titleId: "save-title", title: "Save the candidate as a new version"},
    el(
      "p",
      {},
      "The new version is its base with the changes below, and each rule's text as written here: reword a rule " +
        "whose clause now reads otherwise. Released versions stay as they are, so it takes a name no version has.",
    ),
    changes,
    el("div", {class: "choice-field"}, el("label", {for: "save-version"}, "New version"), name),
    problem,
    el("div", {class: "save-actions"}, save, close),
    done,
    el("p", {class: "muted"}, "Or write it from the command line, with the rule texts as they are: ", command),
    el("h3", {}, "The rules' texts"),
    texts,
  );

  let current = view;
  const versionName = () => name.value.trim();
  const update = (next: AuthorsView) => {
    current = next;
    const base = next.choice.candidate;
    changes.replaceChildren(
      el("li", {}, `Based on ${base}`),
      ...next.choice.set.map((assignment) => el("li", {}, assignmentWords(next.candidateVersion.logic, assignment))),
      ...next.changes.map((entry) => el("li", {}, entry.words)),
    );
    // The text boxes follow the candidate version; what an author typed for the same version stays.
    if (texts.dataset.version !== base) {
      texts.dataset.version = base;
      texts.replaceChildren(
        ...next.candidateVersion.rules.map((rule) =>
          el(
            "div",
            {class: "choice-field"},
            el("label", {for: `save-text-${rule.id}`}, `${rule.title} (${rule.id})`),
            el("textarea", {"id": `save-text-${rule.id}`, "rows": 3, "data-rule": rule.id}, rule.text),
          ),
        ),
      );
    }
    command.textContent = writeCommand(next, versionName());
  };
  name.value = nextVersion(versions);
  update(view);
  name.addEventListener("input", () => (command.textContent = writeCommand(current, versionName())));

  open.addEventListener("click", () => {
    problem.hidden = true;
    done.textContent = "";
    dialog.showModal();
  });
  close.addEventListener("click", () => dialog.close());
  save.addEventListener("click", () => {
    problem.hidden = true;
    void Promise.all([import("../lib/authoring/version-writer.js"), import("../lib/text/tar.js"), loadSources()])
      .then(([writer, archive, sources]) => {
        const base = current.choice.candidate;
        const edited = new Map(
          [...texts.querySelectorAll("textarea")].map((area) => [area.dataset.rule!, area.value] as const),
        );
        const titles = new Map(current.candidateVersion.rules.map((rule) => [rule.id, rule.title]));
        const version = versionName();
        const {files} = writer.versionFiles({
          base: {version: base, ...sources[base]!},
          version,
          versions,
          parameters: current.choice.set,
          changes: current.changes.map((entry) => entry.change),
          words: [
            ...current.choice.set.map((assignment) => assignmentWords(current.candidateVersion.logic, assignment)),
            ...current.changes.map((entry) => entry.words),
          ],
          texts: edited,
          titles,
        });
        const bytes = archive.tar(
          files.map((file) => ({name: file.path.replace(/^guideline\//, ""), content: file.text})),
        );
        download(bytes, `${version}.tar`, "application/x-tar");
        done.textContent =
          `Downloaded ${version}.tar: unpack it in guideline/ (tar -xf ${version}.tar -C guideline), then run ` +
          `npm run guideline:check -- --version ${version}.`;
      })
      .catch((error: unknown) => {
        problem.textContent = error instanceof Error ? error.message : String(error);
        problem.hidden = false;
      });
  });

  const section = el("div", {class: "save-version"}, open, dialog);
  return Object.assign(section, {update});
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
