// On the edge-case map: which rule of the guideline settles the case, a radio per rule by title, grouped by step.
// The group is named "Deciding rule"; tests and keyboard users pick a rule by its title.
import type {Guideline} from "../lib/authored/schemas/guideline.js";
import type {Item} from "../lib/authored/schemas/item.js";
import {el} from "./dom.js";

export function DecidingRuleField(
  {item, rules}: {item: Pick<Item, "id">; rules: Guideline["rules"]},
  {picked}: {picked?: string | undefined} = {},
): HTMLFieldSetElement {
  return el(
    "fieldset",
    {class: "deciding-rule"},
    el("legend", {}, "Deciding rule"),
    el("p", {class: "step-help"}, "Which rule of the guideline settles this case?"),
    [0, 1, 2].map((step) =>
      el(
        "div",
        {class: "deciding-step"},
        step ? el("p", {class: "deciding-step-title"}, `Step ${step}`) : null,
        el(
          "div",
          {class: "deciding-options"},
          rules
            .filter((rule) => rule.step === step)
            .map((rule) => {
              const id = `${item.id}-deciding-${rule.id}`;
              return el(
                "div",
                {class: "deciding-option"},
                el("input", {
                  type: "radio",
                  name: `${item.id}-deciding`,
                  id,
                  value: rule.id,
                  checked: picked === rule.id,
                }),
                el("label", {for: id}, rule.title),
              );
            }),
        ),
      ),
    ),
  );
}
