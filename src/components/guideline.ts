import type {Guideline, GuidelineRule} from "../lib/guideline.js";
import {itemLabel, type CoverageRow} from "../lib/coverage.js";
import type {TrainingPart} from "../lib/parts.js";
import {el, type Child} from "./dom.js";
import {Table, TableRow} from "./table.js";

/** The parts in the order a trainee walks them, each with what `status` adds (the trainee's progress). */
export function PartsList(
  parts: readonly (TrainingPart & {hasPage: boolean})[],
  {status = () => null}: {status?: (part: TrainingPart) => Child} = {},
): HTMLElement {
  return el(
    "ol",
    {class: "parts"},
    parts.map((part) => {
      const name = el("strong", {}, `Part ${part.number}. ${part.title}`);
      return el(
        "li",
        {},
        part.hasPage ? el("a", {href: `.${part.path}`}, name) : name,
        el("span", {class: "muted"}, ` ${part.description}`),
        status(part),
      );
    }),
  );
}

function RuleEntry(rule: GuidelineRule, {parameters}: {parameters: Guideline["parameters"]}): HTMLElement {
  return el(
    "li",
    {id: `rule-${rule.id}`, class: "rule"},
    el("strong", {}, `${rule.title}. `),
    rule.text,
    " ",
    el("code", {class: "rule-id", title: "rule id, cited by checklist lines"}, rule.id),
    rule.parameters.length
      ? el(
          "div",
          {class: "rule-parameters muted"},
          "Parameters: ",
          rule.parameters.map((name, index) => [
            index ? ", " : "",
            el("code", {}, `${name} = ${JSON.stringify(parameters[name])}`),
          ]),
        )
      : null,
  );
}

/** A guideline version as its readers see it: what is not rated, the three steps with their rules, the rubric. */
export function GuidelineView(guideline: Guideline): HTMLElement {
  const byStep = (step: number) => guideline.rules.filter((rule) => rule.step === step);
  const [step1, step2, step3] = guideline.steps;
  return el(
    "div",
    {"class": "guideline", "data-version": guideline.version},
    el("p", {class: "muted"}, `Guideline ${guideline.version}: ${guideline.summary}`),
    guideline.notRated
      ? el(
          "section",
          {},
          el("h2", {}, guideline.notRated.title),
          el("p", {id: "rule-not-rated"}, guideline.notRated.text, " ", el("code", {class: "rule-id"}, "not-rated")),
        )
      : null,
    el(
      "section",
      {},
      el("h2", {}, `Step 1: ${step1!.title}`),
      el(
        "ul",
        {class: "rules"},
        byStep(1).map((rule) => RuleEntry(rule, {parameters: guideline.parameters})),
      ),
    ),
    el(
      "section",
      {},
      el("h2", {}, `Step 2: ${step2!.title}`),
      el(
        "ul",
        {class: "rules"},
        byStep(2).map((rule) => RuleEntry(rule, {parameters: guideline.parameters})),
      ),
    ),
    el("section", {}, el("h2", {}, `Step 3: ${step3!.title}`), RubricTable(guideline)),
  );
}

export function RubricTable(guideline: Guideline): HTMLElement {
  return el(
    "figure",
    {class: "rubric"},
    Table(
      {
        head: ["Score", "Meaning", "Checklist result"],
        rows: guideline.rubric.map((level) => [String(level.score), level.meaning, level.checklist]),
      },
      {rowHeaders: true},
    ),
    el("figcaption", {}, guideline.notApplicable),
  );
}

/** Which cases show each score: a trainee sees every level has a worked example. */
export function CoverageTable(rows: readonly CoverageRow[]): HTMLElement {
  return Table(
    {
      head: ["Score", "Where it is shown"],
      rows: rows.map((row) => {
        const tr = TableRow(
          [
            row.score === "n/a" ? "not applicable" : String(row.score),
            row.items.length
              ? row.items.map((item, index) => [
                  index ? "; " : "",
                  el("span", {title: item.title}, itemLabel(item.id, item.part)),
                ])
              : el("em", {}, "no worked example"),
          ],
          {rowHeader: true},
        );
        tr.dataset.score = String(row.score);
        return tr;
      }),
    },
    {className: "coverage"},
  );
}
