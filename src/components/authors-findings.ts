// What the authors' page says about a rubric and a set of worked cases beyond the moved items: the rubric's findings
// over every checklist shape (lib/authoring/completeness.ts), and the parameters and rules no worked case tests
// (lib/authoring/dependence.ts).
import {describeFinding} from "../lib/authoring/completeness-words.js";
import type {CompletenessReport, Finding} from "../lib/authoring/completeness.js";
import type {Dependence} from "../lib/authoring/dependence.js";
import {parameterTitle, type ParameterSource} from "../lib/engine/parameter-words.js";
import {plural} from "../lib/text/format.js";
import {el} from "./dom.js";
import {Table} from "./table.js";

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
