// Probe page components: DOM only. Scoring and the request text come from lib/probes.
import {curlCommand, defaultEndpoint} from "../lib/probes/request.js";
import {formatTotal, scoreBoth, type LooseRuleResult, type RuleResult, type ScoreReport} from "../lib/probes/score.js";
import type {Rule} from "../lib/probes/schema.js";
import type {ExampleView, ProbeView, VersionView} from "../lib/probes/view.js";
import {debounce} from "./schedule.js";

type Child = Node | string | number | null | undefined | false | Child[];

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) node.setAttribute(name, value);
  const add = (child: Child): void => {
    if (child === null || child === undefined || child === false) return;
    if (Array.isArray(child)) child.forEach(add);
    else node.append(typeof child === "object" ? child : String(child));
  };
  children.forEach(add);
  return node;
}

export function currentVersion(view: ProbeView): VersionView {
  const version = view.versions.find((v) => v.version === view.current);
  if (!version) throw new Error(`no version ${view.current}`);
  return version;
}

/** /pattern/flags as it would be written in JavaScript. */
export function patternText(rule: Pick<Rule, "pattern" | "flags">): string {
  return `/${rule.pattern}/${rule.flags}`;
}

function outcomeBadge(outcome: "pass" | "fail", extra = ""): HTMLElement {
  return h("span", {class: `outcome outcome-${outcome}`}, outcome === "pass" ? "✓ pass" : "✗ fail", extra);
}

function table(caption: string | null, head: string[], rows: Child[][], className = ""): HTMLTableElement {
  return h(
    "table",
    {class: `probe-table ${className}`.trim()},
    caption ? h("caption", {}, caption) : null,
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        head.map((cell) => h("th", {scope: "col"}, cell)),
      ),
    ),
    h(
      "tbody",
      {},
      rows.map((row) =>
        h(
          "tr",
          {},
          row.map((cell) => h("td", {}, cell)),
        ),
      ),
    ),
  );
}

export function Summary(view: ProbeView): HTMLElement {
  const v = currentVersion(view);
  return h(
    "div",
    {class: "probe-summary"},
    h("p", {class: "probe-kicker"}, `${v.category} · ${v.version}`),
    h("p", {}, v.summary),
    h("p", {}, v.tests),
  );
}

/** Results: "not yet run" until runs exist, then one table per version. */
export function Results(view: ProbeView): HTMLElement {
  const withRuns = view.versions.filter((v) => v.runs.length > 0);
  if (withRuns.length === 0) {
    return h(
      "div",
      {class: "probe-results probe-not-run"},
      h("p", {}, h("strong", {}, "Not yet run")),
      h(
        "p",
        {},
        "No model has been run against this probe yet, so there are no results to show. The definition, rubric " +
          `and scoring below are complete and final for ${view.current} — this page is published now so that the ` +
          "test is on the record before any score exists, rather than appearing alongside one.",
      ),
      h(
        "p",
        {},
        "This page carries no Dataset structured data until it has real runs, for the same reason it shows no numbers.",
      ),
    );
  }
  // Newest version first, as in the version history; every table has the same columns in the same widths.
  return h(
    "div",
    {class: "probe-results"},
    [...withRuns].reverse().map((v) =>
      h(
        "div",
        {class: "table-scroll"},
        table(
          `${v.version === view.current ? `${v.version} · current` : v.version}: ` +
            `${v.runs.length} run${v.runs.length === 1 ? "" : "s"} (maxTokens ${v.parameters.maxTokens})`,
          ["Model", "Date", "Total", ...v.rules.map((r) => `Step ${r.step}`), "Truncated"],
          v.runs.map((run) => [
            h("code", {}, run.model),
            h("time", {datetime: run.startedAt}, run.startedAt.slice(0, 10)),
            // A reply cut off by the token limit is recorded, not scored: its steps are not failures.
            run.score ? formatTotal(run.score.total) : "not scored",
            ...v.rules.map((rule) => {
              const outcome = run.score?.rules.find((r) => r.id === rule.id)?.outcome;
              return outcome ? outcomeBadge(outcome) : "—";
            }),
            run.truncated ? `yes (finish reason “length”)` : "no",
          ]),
          "probe-runs",
        ),
      ),
    ),
  );
}

export function Prompt(version: VersionView): HTMLElement {
  return h(
    "div",
    {class: "probe-prompt"},
    version.messages.map((m) =>
      h("figure", {class: "probe-message"}, h("figcaption", {}, m.role), h("pre", {}, m.content)),
    ),
  );
}

export function Rubric(version: VersionView): HTMLElement {
  return h(
    "div",
    {},
    h("p", {}, version.rubricIntro),
    h(
      "ul",
      {class: "probe-rubric"},
      version.rules.map((r) => h("li", {}, h("strong", {}, `Step ${r.step}`), ` — ${r.checks}`)),
    ),
  );
}

export function Rules(version: VersionView): HTMLElement {
  return h(
    "ol",
    {class: "probe-rules"},
    version.rules.map((rule) =>
      h(
        "li",
        {id: `rule-${rule.id}`},
        h("code", {class: "rule-id"}, rule.id),
        h(
          "div",
          {},
          h(
            "span",
            {class: `rule-mode rule-${rule.mode}`},
            rule.mode === "must-match" ? "must match" : "must NOT match",
          ),
          " ",
          h("code", {class: "rule-pattern"}, patternText(rule)),
        ),
        h("p", {}, rule.description),
      ),
    ),
  );
}

function ruleCells(version: VersionView, strict: RuleResult[], loose: LooseRuleResult[]): Child[][] {
  return version.rules.map((rule, i) => {
    const s = strict[i];
    const l = loose[i];
    return [
      `Step ${rule.step}`,
      rule.checks,
      s ? outcomeBadge(s.outcome, s.span && rule.mode === "must-not-match" ? ` (found “${s.span.text}”)` : "") : "",
      l ? outcomeBadge(l.outcome, l.outcome !== s?.outcome && l.variant ? ` (${l.variant})` : "") : "",
    ];
  });
}

function Example(version: VersionView, example: ExampleView, index: number): HTMLElement {
  const {strict, loose} = example.score;
  const asDeclared = strict.rules.every((r) => example.expected[r.id] === r.outcome);
  const heading =
    example.kind === "correct"
      ? `${example.label} — must score ${formatTotal(example.total)}`
      : `Rejected — ${example.label}`;
  return h(
    "article",
    {class: `probe-example probe-example-${example.kind}`, id: `example-${index + 1}`},
    h("h3", {}, heading),
    h("pre", {}, example.text),
    h(
      "p",
      {class: "probe-example-score"},
      `Live score from the real scorer: ${formatTotal(strict.total)} (${strict.passed} of ${strict.of}) · ` +
        `loose ${formatTotal(loose.total)} · `,
      asDeclared
        ? h("span", {class: "outcome outcome-pass"}, "every step as declared")
        : h("span", {class: "outcome outcome-fail"}, "differs from what the example declares"),
    ),
    table(null, ["Step", "Checks", "Strict", "Loose"], ruleCells(version, strict.rules, loose.rules), "probe-steps"),
  );
}

export function Examples(version: VersionView): HTMLElement {
  return h(
    "div",
    {class: "probe-examples"},
    version.examples.map((e, i) => Example(version, e, i)),
  );
}

export function History(view: ProbeView): HTMLElement {
  return h(
    "ol",
    {class: "probe-history", reversed: "true"},
    [...view.versions]
      .reverse()
      .map((v) =>
        h(
          "li",
          {},
          h("strong", {}, v.version === view.current ? `${v.version} · current` : v.version),
          `: ${v.version} — ${v.changelog}`,
          h(
            "span",
            {class: "probe-hash"},
            ` sha256 ${v.hash.slice(0, 12)}…, maxTokens ${v.parameters.maxTokens}, ` +
              `temperature ${v.parameters.temperature}`,
          ),
        ),
      ),
  );
}

export function Parameters(version: VersionView): HTMLElement {
  return h(
    "dl",
    {class: "probe-parameters"},
    h("dt", {}, "maxTokens"),
    h("dd", {}, String(version.parameters.maxTokens)),
    h("dt", {}, "temperature"),
    h("dd", {}, String(version.parameters.temperature)),
  );
}

/** "Run it yourself": the curl text from the version's own data; the model slug is swappable. */
export function RunItYourself(version: VersionView, exampleModel: string): HTMLElement {
  const input = h("input", {
    id: "probe-model",
    type: "text",
    value: exampleModel,
    spellcheck: "false",
    autocomplete: "off",
  });
  const code = h("code", {}, version.curl);
  input.addEventListener("input", () => {
    code.textContent = curlCommand(version, {model: input.value.trim() || exampleModel, endpoint: defaultEndpoint});
  });
  return h(
    "div",
    {class: "probe-run-yourself"},
    h("label", {for: "probe-model"}, "Model slug "),
    input,
    h("pre", {class: "probe-curl"}, code),
  );
}

const verdicts = ["met", "partly met", "not met"] as const;

/**
 * A box where a reader pastes any reply: each step passes or fails as they type, scored once typing pauses
 * (strict, loose beside it); and the prompt's steps as a guideline checklist the reader rates by hand to
 * compare with the regex.
 */
export function ReplyChecker(version: VersionView): HTMLElement {
  const textarea = h("textarea", {
    id: "probe-reply",
    rows: "10",
    spellcheck: "false",
    maxlength: "10000",
    placeholder: "BEGIN-7731\n- Jupiter\n…",
  });
  const total = h("p", {"class": "reply-total", "aria-live": "polite"});
  const rows = version.rules.map((rule) => {
    const strict = h("td", {class: "strict"});
    const loose = h("td", {class: "loose"});
    const select = h(
      "select",
      {"id": `verdict-${rule.id}`, "aria-label": `Your verdict on step ${rule.step}`},
      h("option", {value: ""}, "—"),
      verdicts.map((v) => h("option", {value: v}, v)),
    );
    const agreement = h("td", {class: "agreement"});
    const row = h(
      "tr",
      {"data-rule": rule.id},
      h("th", {scope: "row"}, `Step ${rule.step}`),
      h(
        "td",
        {},
        h("span", {class: "role"}, rule.role === "main-task" ? "Main task" : "Instruction"),
        h("br", {}),
        rule.instruction,
      ),
      h("td", {}, h("code", {}, rule.guidelineRule), h("p", {class: "guideline-note"}, rule.guidelineNote)),
      h("td", {}, select),
      strict,
      loose,
      agreement,
    );
    return {rule, row, strict, loose, select, agreement};
  });
  // Scoring runs off the keystroke path (schedule.ts); until it has run, the total is marked busy.
  let scored: {text: string; report: ScoreReport} | null = null;
  const update = () => {
    const text = textarea.value;
    const empty = text === "";
    const start = performance.now();
    if (scored?.text !== text) scored = {text, report: scoreBoth(version.rules, text)};
    const {strict, loose} = scored.report;
    total.textContent = empty
      ? "Paste or type a reply to score it."
      : `Strict score: ${formatTotal(strict.total)} (${strict.passed} of ${strict.of} steps). ` +
        `Loose, for comparison: ${formatTotal(loose.total)} (${loose.passed} of ${loose.of}).`;
    rows.forEach(({strict: sCell, loose: lCell, select, agreement}, i) => {
      const s = strict.rules[i];
      const l = loose.rules[i];
      sCell.replaceChildren(empty || !s ? "" : outcomeBadge(s.outcome));
      lCell.replaceChildren(
        empty || !l ? "" : outcomeBadge(l.outcome, l.outcome !== s?.outcome && l.variant ? ` (${l.variant})` : ""),
      );
      const mine = select.value;
      agreement.textContent =
        empty || !s || mine === ""
          ? ""
          : (mine === "met") === (s.outcome === "pass")
            ? "agrees"
            : mine === "partly met"
              ? "regex is all or nothing"
              : "differs";
    });
    total.setAttribute("aria-busy", "false");
    // One User Timing entry per scoring: what a keystroke costs, for the bench and DevTools.
    performance.measure("probe-reply-score", {start});
  };
  const scheduled = debounce(update);
  textarea.addEventListener("input", () => {
    total.setAttribute("aria-busy", "true");
    scheduled.request();
  });
  for (const {select} of rows)
    select.addEventListener("change", () => {
      scheduled.cancel();
      update();
    });
  update();
  return h(
    "div",
    {class: "reply-checker"},
    h("label", {for: "probe-reply"}, "Paste a reply"),
    textarea,
    total,
    h(
      "div",
      {class: "table-scroll"},
      h(
        "table",
        {class: "probe-table probe-checklist"},
        h(
          "caption",
          {},
          `The prompt's steps as a guideline checklist (${version.version}). ` +
            "Rate each step yourself, then compare with the regex.",
        ),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            ["Step", "Instruction", "Guideline rule", "Your verdict", "Regex (strict)", "Loose", "Compared"].map((c) =>
              h("th", {scope: "col"}, c),
            ),
          ),
        ),
        h(
          "tbody",
          {},
          rows.map((r) => r.row),
        ),
      ),
    ),
  );
}

/** Adds schema.org Dataset JSON-LD to the document head; does nothing without runs. */
export function addDatasetJsonLd(jsonLd: Record<string, unknown> | null): void {
  document.head.querySelector("script#probe-dataset")?.remove();
  if (!jsonLd) return;
  const script = h("script", {type: "application/ld+json", id: "probe-dataset"});
  script.textContent = JSON.stringify(jsonLd);
  document.head.append(script);
}
