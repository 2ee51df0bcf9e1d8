// The authors' page's controls: the base and candidate versions, and each of the candidate's parameters beside the
// text of the rule that reads it. The parameters' fields are built once per candidate version and afterwards only
// kept in step with the view, so the control in use keeps its focus.
import type {AuthorsView} from "../lib/authoring/authors-page.js";
import type {ParameterValues} from "../lib/engine/logic.js";
import type {ParameterDomain, ParameterName, ParameterValue} from "../lib/engine/parameter-values.js";
import {parameterField} from "./authors-parameter.js";
import {el, type Child} from "./dom.js";
import type {Kept} from "./patch.js";

interface ControlHandlers {
  onBase(version: string): void;
  onCandidate(version: string): void;
  onParameter(name: ParameterName, value: ParameterValue): void;
  onUndo(): void;
}

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
  let shownFields: Kept<ParameterValues>[] = [];

  const update = ({choice, candidateVersion, candidateRules}: AuthorsView) => {
    baseSelect.value = choice.base;
    candidateSelect.value = choice.candidate;
    const parameters = candidateRules.parameters;
    if (fieldsFor !== choice.candidate) {
      fieldsFor = choice.candidate;
      shownFields = domains.map((domain) =>
        parameterField(domain, {
          parameters,
          guideline: candidateVersion,
          domains,
          onChange: (value) => on.onParameter(domain.name, value),
          onAlsoSet: (name, value) => on.onParameter(name, value),
        }),
      );
      fields.replaceChildren(...shownFields);
    } else shownFields.forEach((field) => field.update(parameters));
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
  return Object.assign(section, {update});
}
