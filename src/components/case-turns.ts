// The conversation's earlier turns in the case editor: each turn's speaker and words, which the author adds, edits,
// moves and removes (every change one of lib/authoring/case-turns.ts). A turn of the user's can then be marked in,
// like the request, for a standing instruction. A controller: the list is rebuilt only when its turns change in
// number, order, speaker or form, so a turn being typed in keeps its caret.
import {addTurn, moveTurn, removeTurn, setTurnField, turnsOf, type TurnRole} from "../lib/authoring/case-turns.js";
import type {CaseRecord} from "../lib/authoring/case-editor.js";
import {el} from "./dom.js";
import {fieldId, labelled} from "./case-field.js";

export interface CaseTurns {
  node: HTMLElement;
  update(record: CaseRecord, problems: ReadonlyMap<string, string>): void;
}

/** An edit of the turns: a change of the case, and whether it moved or removed a turn (true) or typed in one. */
export type TurnEdit = (change: (record: CaseRecord) => CaseRecord, structural: boolean) => void;

const speakers: Record<TurnRole, string> = {user: "The user", assistant: "The assistant"};
const text = (value: unknown): string => (typeof value === "string" ? value : "");

export function caseTurns({onEdit}: {onEdit: TurnEdit}): CaseTurns {
  const list = el("ol", {class: "case-turn-list"});
  const addButton = (role: TurnRole, label: string) =>
    el("button", {"type": "button", "class": "button secondary", "data-turn-action": "add", "data-role": role}, label);
  let shape = "";
  let count = 0;

  const turnNode = (turn: Record<string, unknown>, at: number) => {
    const id = (name: string) => fieldId(`turns[${at}].${name}`);
    const number = typeof turn.turn === "number" ? `Turn ${turn.turn}` : `Earlier turn ${at + 1}`;
    const role = el(
      "select",
      {"id": id("role"), "data-turn": at, "data-turn-edit": "role"},
      (["user", "assistant"] as const).map((value) =>
        el("option", {value, selected: turn.role === value}, speakers[value]),
      ),
    );
    const words = el("textarea", {"id": id("text"), "rows": 3, "data-turn": at, "data-turn-edit": "text"});
    words.value = text(turn.text);
    const move = (action: string, label: string, disabled: boolean) =>
      el(
        "button",
        {"type": "button", "class": "button secondary", "data-turn-action": action, "data-turn": at, disabled},
        label,
      );
    return el(
      "li",
      {class: "case-turn", id: fieldId(`turns[${at}]`), tabindex: -1},
      el(
        "div",
        {class: "case-turn-head"},
        labelled(`${number}: who speaks`, {id: role.id, control: role}),
        el(
          "div",
          {class: "case-turn-moves"},
          move("up", `Move turn ${at + 1} up`, at === 0),
          move("down", `Move turn ${at + 1} down`, at === count - 1),
          move("remove", `Remove turn ${at + 1}`, false),
        ),
      ),
      labelled(`${number}: the words`, {
        id: words.id,
        control: words,
        hint:
          turn.form === "described"
            ? "The case study only describes this turn: it is not quoted."
            : "Exactly as said; a standing instruction in a turn of the user's can be marked below.",
      }),
      el("p", {class: "field-error", id: `${words.id}-error`, hidden: true}),
    );
  };

  const update: CaseTurns["update"] = (record, problems) => {
    const turns = turnsOf(record);
    count = turns.length;
    const next = JSON.stringify(turns.map(({role, turn, form}) => [role, turn, form]));
    if (next !== shape) {
      shape = next;
      // The focused control is found again by its id in the rebuilt list.
      const focused = list.contains(document.activeElement) ? document.activeElement?.id : undefined;
      list.replaceChildren(...turns.map(turnNode));
      if (focused) list.querySelector<HTMLElement>(`#${CSS.escape(focused)}`)?.focus();
    }
    turns.forEach((turn, at) => {
      const words = list.querySelector<HTMLTextAreaElement>(`#${fieldId(`turns[${at}].text`)}`);
      if (!words) return;
      if (words.value !== text(turn.text)) words.value = text(turn.text);
      const error = problems.get(`turns[${at}].text`) ?? null;
      const shown = list.querySelector<HTMLElement>(`#${words.id}-error`);
      if (shown) {
        shown.hidden = error === null;
        shown.textContent = error ?? "";
      }
      if (error) words.setAttribute("aria-invalid", "true");
      else words.removeAttribute("aria-invalid");
    });
  };

  const node = el(
    "div",
    {class: "case-turns", id: fieldId("turns"), tabindex: -1},
    el("h3", {}, "Earlier turns of the conversation"),
    el("p", {class: "muted"}, "Only for a request that comes later in a conversation: the turns before it, in order."),
    list,
    el(
      "div",
      {class: "case-turn-add"},
      addButton("user", "+ A turn of the user's"),
      addButton("assistant", "+ An answer of the assistant's"),
    ),
  );

  const onInput = (event: Event) => {
    const control = event.target as HTMLElement;
    const at = Number(control.dataset.turn);
    const edit = control.dataset.turnEdit;
    if (edit === "text" && event.type === "input")
      onEdit((record) => setTurnField(record, at, "text", (control as HTMLTextAreaElement).value), false);
    if (edit === "role" && event.type === "change")
      onEdit((record) => setTurnField(record, at, "role", (control as HTMLSelectElement).value), false);
  };
  node.addEventListener("input", onInput);
  node.addEventListener("change", onInput);
  node.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLElement>("[data-turn-action]");
    if (!button) return;
    const at = Number(button.dataset.turn);
    const focus = (id: string) => node.querySelector<HTMLElement>(`#${CSS.escape(id)}`)?.focus();
    switch (button.dataset.turnAction) {
      case "add":
        onEdit((record) => addTurn(record, button.dataset.role as TurnRole), true);
        return focus(fieldId(`turns[${count - 1}].text`));
      case "up":
      case "down": {
        const to = at + (button.dataset.turnAction === "up" ? -1 : 1);
        onEdit((record) => moveTurn(record, at, to), true);
        // The keyboard stays with the turn it moved.
        const same = node.querySelector<HTMLButtonElement>(
          `[data-turn-action="${button.dataset.turnAction}"][data-turn="${to}"]`,
        );
        return same && !same.disabled ? same.focus() : focus(fieldId(`turns[${to}]`));
      }
      case "remove":
        onEdit((record) => removeTurn(record, at), true);
        return count ? focus(fieldId(`turns[${Math.min(at, count - 1)}]`)) : focus(fieldId("turns"));
    }
  });
  return {node, update};
}
