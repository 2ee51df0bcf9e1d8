// The guideline authors' preview: pick a base version and a candidate (another version, or the base with parameters
// changed here) and see at once which worked cases move and why, which lose their single score, the distribution
// and the coverage of the scores, and what the worked cases do not test. The choice lives in the URL.
import {describeFinding} from "../lib/authoring/completeness-words.js";
import {completeness, type CompletenessReport, type Finding} from "../lib/completeness.js";
import {itemHref, itemLabel, ruleHref, type ItemPages} from "../lib/links.js";
import {dependence, type Dependence} from "../lib/dependence.js";
import {ruleSetOf, type RuleSet} from "../lib/engine.js";
import type {Guideline, GuidelineRule} from "../lib/guideline.js";
import type {Item} from "../lib/item.js";
import {
  AssignmentError,
  choiceFromQuery,
  choiceToQuery,
  describeDomain,
  overridesOf,
  parseValue,
  type Assignment,
  type ParameterDomain,
  type ParameterValue,
  type PreviewChoice,
} from "../lib/parameter-values.js";
import {
  prepareBase,
  previewFrom,
  type LineDecision,
  type Outcome,
  type PreparedBase,
  type Preview,
} from "../lib/preview.js";
import {scoreText} from "../lib/trainee/words.js";
import {rubricRowShortLabels, verdictLabels} from "../lib/engine/labels.js";
import type {Score} from "../lib/verdict.js";
import {el, svg, type Child} from "./dom.js";
import {patch} from "./patch.js";
import {Table} from "./table.js";
import {plural} from "../lib/numbers.js";

export interface AuthorsData {
  versions: Guideline[];
  items: Item[];
  /** Where each item is scored, for its links. */
  itemPages: ItemPages;
  domains: ParameterDomain[];
}

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

/** A rubric row in a few words, led by the score it gives. */
/** The rules of a version that read a parameter, for the text beside its control. */
function rulesReading(domain: ParameterDomain, guideline: Guideline): GuidelineRule[] {
  return guideline.rules.filter((rule) => rule.parameters.includes(domain.name) || rule.id === domain.reader);
}

/** One parameter's control: a select for a fixed list, a number field for a range; its rule's text beside it. */
function ParameterField(
  domain: ParameterDomain,
  {
    value,
    versionValue,
    guideline,
    onChange,
  }: {
    value: ParameterValue;
    versionValue: ParameterValue;
    guideline: Guideline;
    onChange: (value: ParameterValue) => void;
  },
): {element: HTMLElement; sync: (value: ParameterValue) => void} {
  const id = `parameter-${domain.name}`;
  const control =
    domain.kind === "number"
      ? el("input", {
          id,
          "type": "number",
          "min": domain.min,
          "max": domain.max,
          "step": 0.05,
          "value": String(value),
          "aria-describedby": `${id}-about`,
        })
      : el(
          "select",
          {id, "aria-describedby": `${id}-about`},
          (domain.kind === "integer" && domain.min !== null && domain.max !== null
            ? Array.from({length: domain.max - domain.min + 1}, (_, index) => domain.min! + index)
            : domain.values
          ).map((option) => el("option", {value: String(option), selected: option === value}, String(option))),
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
  const rules = rulesReading(domain, guideline);
  const note = el("span", {class: "parameter-note"});
  const field = el(
    "div",
    {"class": "parameter", "data-parameter": domain.name},
    el("label", {for: id}, el("code", {}, domain.name)),
    control,
    note,
    error,
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
  const sync = (current: ParameterValue) => {
    const changed = current !== versionValue;
    field.classList.toggle("parameter-changed", changed);
    note.textContent = changed ? `changed: ${guideline.version} has ${String(versionValue)}` : "";
    if (control.value !== String(current)) control.value = String(current);
  };
  sync(value);
  return {element: field, sync};
}

const chartLevels: (Score | "none")[] = [5, 4, 3, 2, 1, "n/a", "none"];
const levelText = (level: Score | "none") => (level === "none" ? "no single score" : scoreText(level));

/** The score distribution before and after as paired bars, each with its count written on it (never colour alone). */
function DistributionChart(result: Preview): HTMLElement {
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

function MovedItems(result: Preview, items: ReadonlyMap<string, Item>, pages: ItemPages): HTMLElement {
  if (!result.moved.length) return el("p", {class: "preview-none"}, "No item's score moves.");
  return Table(
    {
      head: ["Item", result.base, "Candidate", "Why it moves"],
      rows: result.moved.map((moved) => {
        const item = items.get(moved.id)!;
        return [
          el("a", {href: itemHref(item.id, pages)}, moved.label, el("span", {class: "muted"}, `: ${item.title}`)),
          outcomeText(moved.from),
          outcomeText(moved.to),
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
            : `No checklist line changes; the rubric reads it differently: row ${moved.from.rows
                .map((row) => rubricRowShortLabels[row])
                .join(" or ")} → row ${moved.to.rows.map((row) => rubricRowShortLabels[row]).join(" or row ")}.`,
        ];
      }),
    },
    {rowHeaders: true, scroll: true, className: "moved-items"},
  );
}

function UnsettledItems(result: Preview, pages: ItemPages): HTMLElement {
  if (!result.unsettled.length) return el("p", {class: "preview-none"}, "Every item keeps exactly one score.");
  return Table(
    {
      head: ["Item", "Candidate scores", `Under ${result.base}`],
      rows: result.unsettled.map((unsettled) => [
        el("a", {href: itemHref(unsettled.id, pages)}, unsettled.label),
        unsettled.candidates.map(scoreText).join(" or "),
        unsettled.alreadyUnsettled ? `${outcomeText(unsettled.before)} already` : outcomeText(unsettled.before),
      ]),
    },
    {rowHeaders: true, scroll: true, className: "unsettled-items"},
  );
}

function UncitedItems(result: Preview, items: ReadonlyMap<string, Item>, pages: ItemPages): HTMLElement {
  if (!result.uncited.length)
    return el("p", {class: "preview-none"}, "Every line is decided by a rule the guideline states.");
  return Table(
    {
      head: ["Item", "Score", "Lines decided by a rule the candidate does not state"],
      rows: result.uncited.map((uncited) => {
        const item = items.get(uncited.id)!;
        return [
          el("a", {href: itemHref(item.id, pages)}, uncited.label),
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

function CoverageChange(result: Preview): HTMLElement {
  const labels = (rows: Preview["coverage"]["before"], score: Score) =>
    rows.find((row) => row.score === score)?.items.map((item) => itemLabel(item.id, item.part)) ?? [];
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

function Untested(found: Dependence, label: string): HTMLElement {
  const {parameters, rules} = found.untested;
  const untested = [...parameters.map((name) => `the parameter ${name}`), ...rules.map((rule) => `the rule ${rule}`)];
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
            ...found.parameters.map((entry) => [el("code", {}, entry.name), entry.moved.join(", ") || "none"]),
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
function Completeness(report: CompletenessReport, label: string): HTMLElement {
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

/** Puts `nodes` in `parent` in order, touching only the places where the node differs, so unchanged ones stay. */
function reconcile(parent: HTMLElement, ...nodes: HTMLElement[]): void {
  nodes.forEach((node, index) => {
    const current = parent.children[index];
    if (current === node) return;
    if (current) current.replaceWith(node);
    else parent.append(node);
  });
  while (parent.children.length > nodes.length) parent.lastElementChild!.remove();
}

/** The whole preview; `location` and `history` are the page's, replaceable in tests. */
export function AuthorsPreview(
  data: AuthorsData,
  {location = window.location, history = window.history}: {location?: Location; history?: History} = {},
): HTMLElement {
  const versions = data.versions.map((version) => version.version);
  const byVersion = new Map(data.versions.map((version) => [version.version, version]));
  const items = new Map(data.items.map((item) => [item.id, item]));
  const newest = versions.at(-1)!;
  const notice = el("p", {class: "preview-notice", role: "alert", hidden: true});
  let choice: PreviewChoice;
  try {
    choice = choiceFromQuery(location.search, versions, data.domains);
  } catch (problem) {
    choice = {base: newest, candidate: newest, set: []};
    notice.textContent = `The link's choice could not be read (${
      problem instanceof Error ? problem.message : String(problem)
    }); showing ${newest} against itself.`;
    notice.hidden = false;
  }

  const baseSelect = el(
    "select",
    {id: "preview-base"},
    versions.map((version) => el("option", {value: version}, version)),
  );
  const candidateSelect = el(
    "select",
    {id: "preview-candidate"},
    versions.map((version) => el("option", {value: version}, version)),
  );
  const reset = el("button", {type: "button", class: "button secondary"}, "Undo every parameter change");
  const fields = el("div", {class: "parameter-fields"});
  const status = el("p", {class: "preview-status", role: "status", id: "preview-status"});
  const results = el("div", {class: "preview-results"});
  let prepared: PreparedBase | null = null;
  let preparedFor = "";
  let baseCompleteness: CompletenessReport | null = null;
  let fieldsFor = "";
  let syncs: {element: HTMLElement; sync: (parameters: RuleSet["parameters"]) => void}[] = [];
  // Findings and dependence depend only on the parameters (and the rules): kept by key, a parameter flipped back
  // and forth costs nothing the second time.
  const completenessByKey = new Map<string, CompletenessReport>();
  const dependenceByKey = new Map<string, Dependence>();
  const dependenceOf = (ruleSet: RuleSet, prepare: () => PreparedBase): Dependence => {
    const key = `${ruleSet.version} ${JSON.stringify(ruleSet.parameters)}`;
    let found = dependenceByKey.get(key);
    if (!found) dependenceByKey.set(key, (found = dependence(prepare(), data.domains)));
    return found;
  };
  const completenessOf = (ruleSet: RuleSet): CompletenessReport => {
    const key = JSON.stringify(ruleSet.parameters);
    let report = completenessByKey.get(key);
    if (!report) completenessByKey.set(key, (report = completeness(ruleSet.parameters)));
    return report;
  };

  // Each results section is built once and afterwards patched, only when what it shows changes (see patch.ts).
  const shown = new Map<string, {key: string; node: HTMLElement}>();
  const show = (id: string, key: unknown, build: () => HTMLElement): HTMLElement => {
    const text = JSON.stringify(key);
    const old = shown.get(id);
    if (!old) {
      const node = build();
      shown.set(id, {key: text, node});
      return node;
    }
    if (old.key !== text) {
      patch(old.node, build());
      old.key = text;
    }
    return old.node;
  };

  // The candidate's part of "What the worked cases do not test", and the candidate it shows ("" for none).
  const candidateUntested = el("div", {class: "untested-candidate"});
  let dependenceShown = "";

  const render = () => {
    baseSelect.value = choice.base;
    candidateSelect.value = choice.candidate;
    const candidate = byVersion.get(choice.candidate)!;
    // The candidate's rule set, made once a render: the controls, the preview and the findings all read it.
    const candidateRules = ruleSetOf(candidate, overridesOf(choice.set));
    const parameters = candidateRules.parameters;
    // The controls are built once per candidate version and then only kept in step, so the one in use keeps focus.
    if (fieldsFor !== choice.candidate) {
      fieldsFor = choice.candidate;
      syncs = data.domains.map((domain) => {
        const field = ParameterField(domain, {
          value: parameters[domain.name],
          versionValue: candidate.parameters[domain.name],
          guideline: candidate,
          onChange: (value) => {
            const others = choice.set.filter((assignment) => assignment.name !== domain.name);
            const set: Assignment[] =
              value === candidate.parameters[domain.name] ? others : [...others, {name: domain.name, value}];
            update({...choice, set});
          },
        });
        return {element: field.element, sync: (current) => field.sync(current[domain.name])};
      });
      fields.replaceChildren(...syncs.map((entry) => entry.element));
    } else for (const entry of syncs) entry.sync(parameters);
    reset.hidden = choice.set.length === 0;
    // The base is derived once and kept while only the candidate changes.
    if (preparedFor !== choice.base || !prepared) {
      prepared = prepareBase(data.items, ruleSetOf(byVersion.get(choice.base)!));
      baseCompleteness = completenessOf(prepared.ruleSet);
      preparedFor = choice.base;
    }
    const result = previewFrom(prepared, candidateRules);
    const described = choice.set.length
      ? `${choice.candidate} with ${choice.set.map(({name, value}) => `${name} = ${String(value)}`).join(", ")}`
      : choice.candidate;
    status.textContent =
      `Base ${choice.base}, candidate ${described}: ${plural(result.moved.length, "item moves", "items move")}; ` +
      `${plural(result.unsettled.length, "item has", "items have")} no single score.`;
    // The candidate's dependence report tries every value of every parameter: it follows just after the paint, so
    // the moved items show within the frame. Until then its part says it is out of date.
    const candidateKey = choice.candidate !== choice.base || choice.set.length ? described : "";
    if (candidateKey && candidateKey !== dependenceShown) {
      const asked = choice;
      candidateUntested.setAttribute("aria-busy", "true");
      setTimeout(() => {
        if (choice !== asked) return;
        patch(
          candidateUntested,
          el(
            "div",
            {class: "untested-candidate"},
            Untested(
              dependenceOf(candidateRules, () => prepareBase(data.items, candidateRules)),
              `the candidate (${described})`,
            ),
          ),
        );
        dependenceShown = candidateKey;
      }, 0);
    } else {
      // Back to what is shown (a change undone before its report came): nothing is out of date any more.
      if (!candidateKey) candidateUntested.replaceChildren();
      candidateUntested.removeAttribute("aria-busy");
      dependenceShown = candidateKey;
    }
    const section = (id: string, title: string, key: unknown, body: () => Child) =>
      show(id, key, () =>
        el("section", {"aria-labelledby": `${id}-title`}, el("h2", {id: `${id}-title`}, title), body()),
      );
    const candidateCompleteness = completenessOf(candidateRules);
    reconcile(
      results,
      section("moved", "Items whose score moves", result.moved, () => MovedItems(result, items, data.itemPages)),
      section("unsettled", "Items with no single score", result.unsettled, () =>
        UnsettledItems(result, data.itemPages),
      ),
      section("uncited", "Items scored with no rule a trainee could cite", result.uncited, () =>
        UncitedItems(result, items, data.itemPages),
      ),
      section("distribution", "The scores before and after", result.distribution, () => DistributionChart(result)),
      section("coverage", "Which levels keep a worked example", [result.coverage, result.workedExamples], () =>
        CoverageChange(result),
      ),
      section(
        "completeness",
        "The rubric over every checklist shape",
        [choice.base, described, baseCompleteness!.findings, candidateCompleteness.findings],
        () => [
          el(
            "p",
            {class: "muted"},
            `Every shape a response's checklist can take (the main task's outcome and up to six other instructions' ` +
              `verdicts: ${baseCompleteness!.shapes} shapes), each scored by the rubric.`,
          ),
          Completeness(baseCompleteness!, `Base ${choice.base}`),
          Completeness(candidateCompleteness, `Candidate ${described}`),
        ],
      ),
      show("untested", choice.base, () =>
        el(
          "section",
          {"aria-labelledby": "untested-title"},
          el("h2", {id: "untested-title"}, "What the worked cases do not test"),
          Untested(
            dependenceOf(prepared!.ruleSet, () => prepared!),
            choice.base,
          ),
          // Once shown, the candidate's part is the page's own: a rebuilt section gets a copy to be patched against.
          candidateUntested.parentNode ? candidateUntested.cloneNode(true) : candidateUntested,
        ),
      ),
    );
  };

  const update = (next: PreviewChoice) => {
    choice = next;
    const query = choiceToQuery(choice);
    render();
    // The address follows after the results are painted: writing it costs more than a frame's share.
    setTimeout(() => history.replaceState(null, "", `${location.pathname}?${query}${location.hash}`), 0);
  };

  // While the author reads, the rubric's findings for every single change of a parameter are worked out in idle
  // time, so the first change of each is as quick as the second.
  const pending = data.domains.flatMap((domain) => domain.values.map((value) => ({name: domain.name, value})));
  const idle = (work: () => void) =>
    "requestIdleCallback" in window ? window.requestIdleCallback(work) : setTimeout(work, 50);
  const warm = () => {
    const next = pending.shift();
    if (!next) {
      root.dataset.findingsReady = "";
      return;
    }
    const version = byVersion.get(choice.candidate)!;
    completenessOf(ruleSetOf(version, overridesOf([...choice.set.filter((a) => a.name !== next.name), next])));
    idle(warm);
  };
  idle(warm);

  baseSelect.addEventListener("change", () => update({...choice, base: baseSelect.value}));
  candidateSelect.addEventListener("change", () => update({...choice, candidate: candidateSelect.value, set: []}));
  reset.addEventListener("click", () => update({...choice, set: []}));
  render();

  const field = (label: string, control: HTMLElement, hint: Child) =>
    el("div", {class: "choice-field"}, el("label", {for: control.id}, label), control, el("p", {class: "muted"}, hint));
  const root = el(
    "div",
    {class: "authors-preview"},
    notice,
    el(
      "section",
      {"class": "preview-choice", "aria-labelledby": "choice-title"},
      el("h2", {id: "choice-title"}, "What to compare"),
      el(
        "div",
        {class: "choice-versions"},
        field("Base version", baseSelect, "What the worked cases are scored under today."),
        field("Candidate version", candidateSelect, "Another version, or the base itself with the changes below."),
      ),
      el(
        "details",
        {class: "parameter-panel", open: true},
        el("summary", {}, "The candidate's parameters, each beside the rule that reads it"),
        reset,
        fields,
      ),
      el("p", {class: "muted"}, "The page's address holds this choice: copy it to send the comparison to a colleague."),
    ),
    status,
    results,
  );
  return root;
}
