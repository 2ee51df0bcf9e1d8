// One checklist line in the case editor: what it says and quotes, its role, the rule that decides it with the fact
// form that rule's schema makes, beside the rule's text from the current guideline, and the verdict the engine derives
// from those facts under the current guideline and the /authors candidate. Built whole from the line and its view and
// patched into the page (src/components/patch.ts), so the control in use keeps its focus; its controls carry data-*
// attributes the editor's one listener reads (case-edits.ts).
import type {FactField} from "../lib/authoring/fact-fields.js";
import type {GuidelineRule} from "../lib/authored/schemas/guideline.js";
import type {LogicRule} from "../lib/authored/schemas/logic.js";
import type {LineReading, LineView} from "../lib/authoring/case-editor.js";
import {quotesOf} from "../lib/authored/quote.js";
import {ruleHref} from "../lib/site/links.js";
import {quotedSpan, ruleSentence} from "../lib/trainee/rule-sentence.js";
import {verdictLabels} from "../lib/engine/labels.js";
import {el, type Child} from "./dom.js";
import {choiceOf, fieldId, labelled} from "./case-field.js";
import {FactForm, type RefusedInput} from "./case-facts.js";

/** A link from this page, one folder down (/authors/case), to a rule on the guideline page. */
export const ruleLink = (id: string): string => `.${ruleHref(id)}`;

const roleLabels: [string, string][] = [
  ["main", "The main task"],
  ["instruction", "An instruction"],
  ["candidate", "A candidate: not an instruction"],
];

/** A line of the case, where it stands among the others, and what the editor's view says of it. */
export interface CaseLineData {
  line: Record<string, unknown>;
  index: number;
  count: number;
  view: LineView | undefined;
  /** The rules a line may cite, from the current guideline (a rule it does not state shows by id). */
  rules: readonly {id: string; rule: GuidelineRule | null; logic: LogicRule | null}[];
  /** The fact fields of the line's rule. */
  fields: readonly FactField[];
}

export interface CaseLineOptions {
  /** The candidate in words ("v1 with counting = most-missed"), or null when there is none. */
  candidate: string | null;
  current: string;
  refused: ReadonlyMap<string, RefusedInput>;
  /** Whether the request is quoted text the author can mark: a line may then take another stretch of it. */
  markable: boolean;
  /** The line waiting for a stretch to add to its quote, if any. */
  addingTo: number | null;
  /** The case's problems that show at their controls, by field. */
  problems: ReadonlyMap<string, string>;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** A line's verdict as one rule set derives it. */
function Verdict(reading: LineReading | null, {under}: {under?: string} = {}): HTMLElement {
  const said = !reading
    ? "none yet"
    : reading.verdict
      ? verdictLabels[reading.verdict]
      : `open: ${reading.verdicts.map((verdict) => verdictLabels[verdict]).join(" or ")}`;
  return el(
    "p",
    {class: "case-line-verdict"},
    `${under}: `,
    // The rule's sentence that decided it is in bold in the rule's text below: no clause token here.
    el("strong", {}, said),
  );
}

/** The rule's text with the sentence that decides this line in bold. */
function RuleText(
  rule: GuidelineRule,
  logic: LogicRule | null,
  {clause, facts}: {clause: string | null; facts: Readonly<Record<string, unknown>>},
) {
  const sentence = ruleSentence(rule, logic ?? undefined, clause, facts);
  const span = sentence === rule.text ? null : quotedSpan(sentence, rule.text);
  const body: Child = span
    ? [
        rule.text.slice(0, span.start),
        el("strong", {}, rule.text.slice(span.start, span.end)),
        rule.text.slice(span.end),
      ]
    : rule.text;
  return el(
    "blockquote",
    {class: "parameter-rule case-rule-text"},
    el("strong", {}, `${rule.title}. `),
    body,
    " ",
    el("a", {href: ruleLink(rule.id), class: "rule-link"}, `(${rule.id} in the guideline)`),
  );
}

function Quote(line: Record<string, unknown>, {index}: {index: number}): HTMLElement {
  const quotes = quotesOf(line.quote as string | string[] | undefined);
  const id = fieldId(`checklist[${index}].quote`);
  if (quotes.length)
    return el(
      "p",
      {id, class: "case-line-quote", tabindex: -1},
      quotes.map((quote, at) => [at ? " … " : "", el("q", {}, quote)]),
      text(line.quoteIn) && line.quoteIn !== "request" ? ` (in ${text(line.quoteIn)})` : "",
    );
  return el("p", {id, class: "case-line-quote muted", tabindex: -1}, "No words of the request marked.");
}

const noOptions: CaseLineOptions = {
  candidate: null,
  current: "the current guideline",
  refused: new Map(),
  markable: false,
  addingTo: null,
  problems: new Map(),
};

export function CaseLine(
  {line, index, count, view, rules, fields}: CaseLineData,
  options: CaseLineOptions = noOptions,
): HTMLElement {
  const at = (field: string) => fieldId(`checklist[${index}].${field}`);
  const edit = (name: string) => ({"data-edit": name, "data-line": index});
  const action = (name: string, label: string, {disabled = false}: {disabled?: boolean} = {}) =>
    el(
      "button",
      {"type": "button", "class": "button secondary small", "data-action": name, "data-line": index, disabled},
      label,
    );
  const problems = options.problems;
  const ruleId = text(line.rule);
  const chosen = rules.find((entry) => entry.id === ruleId);
  const facts = (typeof line.facts === "object" && line.facts !== null ? line.facts : {}) as Record<string, unknown>;
  const title = text(line.text) || "(a line with nothing said yet)";
  const role = text(line.role);

  return el(
    "li",
    {
      "class": `case-line${role === "main" ? " is-main" : ""}`,
      "id": fieldId(`checklist[${index}]`),
      "tabindex": -1,
      "aria-labelledby": `${at("")}-title`,
    },
    el(
      "div",
      {class: "case-line-head"},
      el("h3", {id: `${at("")}-title`}, el("span", {class: "case-line-number"}, `Line ${index + 1}`), " ", title),
      el(
        "div",
        {class: "case-line-actions"},
        action("line-up", "Move up", {disabled: index === 0}),
        action("line-down", "Move down", {disabled: index === count - 1}),
        options.markable
          ? action(
              "line-add-stretch",
              options.addingTo === index ? `Mark the stretch in ${markedIn(line.quoteIn)}…` : "Add a stretch",
            )
          : null,
        action("line-remove", "Remove"),
      ),
    ),
    Quote(line, {index}),
    el(
      "div",
      {class: "case-line-body"},
      el(
        "div",
        {class: "case-line-fields"},
        labelled("What the line says", {
          id: at("text"),
          control: el("input", {id: at("text"), type: "text", value: text(line.text), ...edit("line-text")}),
          error: problems.get(`checklist[${index}].text`),
        }),
        labelled("Role", {
          id: at("role"),
          control: choiceOf(roleLabels, {
            id: at("role"),
            value: role,
            empty: role ? undefined : "Choose…",
            edit: edit("line-role"),
          }),
          error: problems.get(`checklist[${index}].role`),
        }),
        line.unquoted !== undefined || !options.markable
          ? labelled("Why it has no words of the request", {
              id: at("unquoted"),
              control: el("input", {
                id: at("unquoted"),
                type: "text",
                value: text(line.unquoted),
                ...edit("line-unquoted"),
              }),
            })
          : null,
        labelled("Rule", {
          id: at("rule"),
          control: choiceOf(
            rules.map((entry) => [entry.id, `${entry.rule?.title ?? entry.id} (${entry.id})`] as const),
            {
              id: at("rule"),
              value: ruleId,
              empty: chosen ? undefined : "Choose the rule that decides it…",
              edit: edit("line-rule"),
            },
          ),
          error: problems.get(`checklist[${index}].rule`),
        }),
        chosen ? FactForm(fields, {line: index, facts, refused: options.refused, problems}) : null,
        labelled(role === "candidate" ? "Why it is not an instruction" : "Why the facts are what they are (note)", {
          id: at("note"),
          control: el("textarea", {id: at("note"), rows: 3, ...edit("line-note")}, text(line.note)),
          error: problems.get(`checklist[${index}].note`),
        }),
        line.source === "inferred"
          ? el("p", {class: "muted"}, "Our reading, not the case study's: ", text(line.because))
          : null,
      ),
      el(
        "div",
        {class: "case-line-derived"},
        // What the facts come to first, then the rule that reads them.
        Verdict(view?.current ?? null, {under: `Derived verdict under ${options.current}`}),
        options.candidate
          ? Verdict(view?.candidate ?? null, {under: `Under the candidate (${options.candidate})`})
          : null,
        chosen?.rule
          ? RuleText(chosen.rule, chosen.logic, {clause: view?.current?.clause ?? null, facts})
          : chosen
            ? el("p", {class: "muted"}, `${chosen.id}: the ${options.current} guideline does not state this rule.`)
            : null,
      ),
    ),
  );
}

/** Where a line's stretches are marked: the request, or the earlier turn it quotes ("turn 1"). */
const markedIn = (quoteIn: unknown): string =>
  typeof quoteIn === "string" && quoteIn !== "request" ? quoteIn.replace("-", " ") : "the request";
