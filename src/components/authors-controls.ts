// The authors' page's controls: the base and candidate versions, and each of the candidate's parameters beside the
// text of the rule that reads it. The parameters' fields are built once per candidate version (kept, and built ahead
// by `prepare`) and afterwards only kept in step with the view, so the control in use keeps its focus.
import type {AuthorsView} from "../lib/authoring/authors-page.js";
import type {Guideline} from "../lib/authored/schemas/guideline.js";
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
