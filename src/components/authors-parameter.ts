// One of the candidate's parameters on the authors' page: named in words first, its id after, a select for a fixed
// list or a number field for a range, the text of the rule that reads it, and, for a parameter that encodes the same
// phrase as another ("at least half": `counting` for the other instructions, `mainPartThreshold` for the main task),
// that link said on both controls with an offer to set the other to the same value. Built once per candidate
// version, then kept in step with the view, so the control in use keeps its focus.
import type {Guideline, GuidelineRule} from "../lib/authored/schemas/guideline.js";
import {ruleHref} from "../lib/site/links.js";
import {
  AssignmentError,
  declaredValue,
  describeDomain,
  parseValue,
  type ParameterDomain,
  type ParameterValue,
} from "../lib/engine/parameter-values.js";
import type {ParameterValues} from "../lib/engine/logic.js";
import {
  linkOf,
  parameterHeading,
  parameterTitle,
  parameterValueWords,
  valueWords,
} from "../lib/engine/parameter-words.js";
import {el} from "./dom.js";
import type {Kept} from "./patch.js";

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
