// A line of the trainee's own words, for an instruction with no words to point to (a standing instruction from an
// earlier turn): folded behind "+ An instruction with no words to point to", added with Enter or Add.
import type {Item} from "../lib/authored/schemas/item.js";
import {el} from "./dom.js";

/** `onAdd` gets the trimmed text; an empty line adds nothing. Lock it by disabling its buttons and input. */
export function FreeLine(item: Pick<Item, "id">, {onAdd = () => {}}: {onAdd?(text: string): void} = {}): HTMLElement {
  const id = item.id;
  const input = el("input", {
    "type": "text",
    "class": "free-line-input",
    "id": `${id}-free`,
    "maxlength": 200,
    "autocomplete": "off",
    "aria-label": "An instruction with no words to point to",
    "aria-describedby": `${id}-free-help`,
  });
  const add = () => {
    const text = input.value.trim();
    if (!text) return;
    input.value = "";
    onAdd(text);
  };
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      event.stopPropagation();
      add();
    }
  });
  const body = el(
    "div",
    {class: "free-line-body", id: `${id}-free-body`, hidden: true},
    el(
      "div",
      {class: "free-controls"},
      input,
      el("button", {type: "button", class: "button secondary add-line", onclick: add}, "Add"),
    ),
    el(
      "p",
      {class: "step-help", id: `${id}-free-help`},
      "For example a standing instruction from an earlier turn. Your words are compared with the ruled lines " +
        "roughly, word by word.",
    ),
  );
  const toggle = el(
    "button",
    {
      "type": "button",
      "class": "link-button free-toggle",
      "aria-expanded": "false",
      "aria-controls": `${id}-free-body`,
    },
    "+ An instruction with no words to point to",
  );
  toggle.addEventListener("click", () => {
    const open = body.hidden;
    body.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    if (open) input.focus();
  });
  return el("div", {class: "free-line"}, toggle, body);
}
