// The probe page's reference sections, each built from the version's own data: summary, prompt, rubric, rules,
// worked examples with their live scores, history, parameters, and the "run it yourself" request.
import {curlCommand, exampleModel, slugOrExample, typeModel} from "../lib/probes/request.js";
import {formatTotal} from "../lib/probes/score.js";
import {
  currentVersion,
  looseNote,
  patternText,
  scoredAsDeclared,
  strictNote,
  type ExampleView,
  type ProbeView,
  type VersionView,
} from "../lib/probes/view.js";
import {el, live, type Live} from "./dom.js";
import {OutcomeBadge} from "./probe-table.js";
import {Table} from "./table.js";

export function Summary(view: ProbeView): HTMLElement {
  const v = currentVersion(view);
  return el(
    "div",
    {class: "probe-summary"},
    el("p", {class: "probe-kicker"}, `${v.category} · ${v.version}`),
    el("p", {}, v.summary),
    el("p", {}, v.tests),
  );
}

export function Prompt(version: VersionView): HTMLElement {
  return el(
    "div",
    {class: "probe-prompt"},
    version.messages.map((m) =>
      el("figure", {class: "probe-message"}, el("figcaption", {}, m.role), el("pre", {}, m.content)),
    ),
  );
}

export function Rubric(version: VersionView): HTMLElement {
  return el(
    "div",
    {},
    el("p", {}, version.rubricIntro),
    el(
      "ul",
      {class: "probe-rubric"},
      version.rules.map((r) => el("li", {}, el("strong", {}, `Step ${r.step}`), ` — ${r.checks}`)),
    ),
  );
}

export function Rules(version: VersionView): HTMLElement {
  return el(
    "ol",
    {class: "probe-rules"},
    version.rules.map((rule) =>
      el(
        "li",
        {id: `rule-${rule.id}`},
        el("code", {class: "rule-id"}, rule.id),
        el(
          "div",
          {},
          el(
            "span",
            {class: `rule-mode rule-${rule.mode}`},
            rule.mode === "must-match" ? "must match" : "must NOT match",
          ),
          " ",
          el("code", {class: "rule-pattern"}, patternText(rule)),
        ),
        el("p", {}, rule.description),
      ),
    ),
  );
}

function Example(example: ExampleView, {version, index}: {version: VersionView; index: number}): HTMLElement {
  const {strict, loose} = example.score;
  const heading =
    example.kind === "correct"
      ? `${example.label} — must score ${formatTotal(example.total)}`
      : `Rejected — ${example.label}`;
  return el(
    "article",
    {class: `probe-example probe-example-${example.kind}`, id: `example-${index + 1}`},
    el("h3", {}, heading),
    el("pre", {}, example.text),
    el(
      "p",
      {class: "probe-example-score"},
      `Live score from the real scorer: ${formatTotal(strict.total)} (${strict.passed} of ${strict.of}) · ` +
        `loose ${formatTotal(loose.total)} · `,
      scoredAsDeclared(example)
        ? el("span", {class: "outcome outcome-pass"}, "every step as declared")
        : el("span", {class: "outcome outcome-fail"}, "differs from what the example declares"),
    ),
    Table(
      {
        head: ["Step", "Checks", "Strict", "Loose"],
        rows: version.rules.map((rule, i) => {
          const s = strict.rules[i];
          const l = loose.rules[i];
          return [
            `Step ${rule.step}`,
            rule.checks,
            s ? OutcomeBadge(s.outcome, {note: strictNote(s)}) : "",
            l ? OutcomeBadge(l.outcome, {note: looseNote(s, l)}) : "",
          ];
        }),
      },
      {className: "probe-table probe-steps", stack: true},
    ),
  );
}

export function Examples(version: VersionView): HTMLElement {
  return el(
    "div",
    {class: "probe-examples"},
    version.examples.map((example, index) => Example(example, {version, index})),
  );
}

export function History(view: ProbeView): HTMLElement {
  return el(
    "ol",
    {class: "probe-history", reversed: true},
    [...view.versions]
      .reverse()
      .map((v) =>
        el(
          "li",
          {},
          el("strong", {}, v.version === view.current ? `${v.version} · current` : v.version),
          `: ${v.version} — ${v.changelog}`,
          el(
            "span",
            {class: "probe-hash"},
            ` sha256 ${v.hash.slice(0, 12)}…, maxTokens ${v.parameters.maxTokens}, ` +
              `temperature ${v.parameters.temperature}`,
          ),
        ),
      ),
  );
}

export function RunParameters(version: VersionView): HTMLElement {
  return el(
    "dl",
    {class: "probe-parameters"},
    el("dt", {}, "maxTokens"),
    el("dd", {}, String(version.parameters.maxTokens)),
    el("dt", {}, "temperature"),
    el("dd", {}, String(version.parameters.temperature)),
  );
}

/** "Run it yourself": the curl text from the version's own data; the model slug is swappable. */
export function RunItYourself(
  version: VersionView,
  {model = exampleModel}: {model?: string} = {},
): Live<string, string> {
  return live<string, string>(model, {
    update: typeModel,
    view: (typed) =>
      el(
        "div",
        {class: "probe-run-yourself"},
        el("label", {for: "probe-model"}, "Model slug "),
        el("input", {id: "probe-model", type: "text", value: typed, spellcheck: "false", autocomplete: "off"}),
        el("pre", {class: "probe-curl"}, el("code", {}, curlCommand(version, {model: slugOrExample(typed, model)}))),
      ),
    on: {input: (event) => (event.target instanceof HTMLInputElement ? event.target.value : undefined)},
  });
}
