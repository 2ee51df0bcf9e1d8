// The authors' page's controls: the base and candidate versions, and each of the candidate's parameters beside the
// text of the rule that reads it. The parameters' fields are built once per candidate version and afterwards only
// kept in step with the view, so the control in use keeps its focus.
import type {AuthorsView} from "../lib/authoring/authors-page.js";
import type {Guideline, GuidelineRule} from "../lib/authored/schemas/guideline.js";
import {ruleHref} from "../lib/site/links.js";
import {
  AssignmentError,
  describeDomain,
  parseValue,
  type ParameterDomain,
  type ParameterName,
  type ParameterValue,
} from "../lib/engine/parameter-values.js";
import {el, type Child} from "./dom.js";
import type {Kept} from "./patch.js";

/** The rules of a version that read a parameter, for the text beside its control. */
function rulesReading(domain: ParameterDomain, guideline: Guideline): GuidelineRule[] {
  return guideline.rules.filter((rule) => rule.parameters.includes(domain.name) || rule.id === domain.reader);
}

/** One parameter's control: a select for a fixed list, a number field for a range; its rule's text beside it. */
function ParameterField(
  domain: ParameterDomain,
  {
    value,
    guideline,
    onChange,
  }: {
    value: ParameterValue;
    /** The candidate version, whose own value the field is compared with. */
    guideline: Guideline;
    onChange: (value: ParameterValue) => void;
  },
): Kept<ParameterValue> {
  const id = `parameter-${domain.name}`;
  const versionValue = guideline.parameters[domain.name];
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
  const update = (current: ParameterValue) => {
    const changed = current !== versionValue;
    field.classList.toggle("parameter-changed", changed);
    note.textContent = changed ? `changed: ${guideline.version} has ${String(versionValue)}` : "";
    if (control.value !== String(current)) control.value = String(current);
  };
  update(value);
  return Object.assign(field, {update});
}

interface ControlHandlers {
  onBase(version: string): void;
  onCandidate(version: string): void;
  onParameter(name: ParameterName, value: ParameterValue): void;
  onUndo(): void;
}

/** "What to compare": the two versions and the candidate's parameters, a node the page keeps in step with each view. */
export function authorsControls(
  view: AuthorsView,
  {versions, domains, ...on}: {versions: readonly string[]; domains: readonly ParameterDomain[]} & ControlHandlers,
): Kept<AuthorsView> {
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
  const reset = el("button", {type: "button", class: "button secondary"}, "Undo every parameter change");
  reset.addEventListener("click", () => on.onUndo());
  const fields = el("div", {class: "parameter-fields"});
  let fieldsFor = "";
  let shownFields: Kept<ParameterValue>[] = [];

  const update = ({choice, candidateVersion, candidateRules}: AuthorsView) => {
    baseSelect.value = choice.base;
    candidateSelect.value = choice.candidate;
    const parameters = candidateRules.parameters;
    if (fieldsFor !== choice.candidate) {
      fieldsFor = choice.candidate;
      shownFields = domains.map((domain) =>
        ParameterField(domain, {
          value: parameters[domain.name],
          guideline: candidateVersion,
          onChange: (value) => on.onParameter(domain.name, value),
        }),
      );
      fields.replaceChildren(...shownFields);
    } else shownFields.forEach((field, index) => field.update(parameters[domains[index]!.name]));
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
  );
  return Object.assign(section, {update});
}
