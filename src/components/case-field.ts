// What every part of the case editor (/authors/case) shares: the id of the control that edits a field of the case
// (so a problem at "checklist[2].facts.limit" links to the control for it), a labelled field, and the values a field
// of the item schema allows, read from the schema as JSON (the page loads no schema library).
import type {JsonSchema} from "../lib/authoring/fact-fields.js";
import {el, type Child} from "./dom.js";

/** The id of the control for a field of the case: "checklist[2].facts.limit" -> "case-checklist-2-facts-limit". */
export const fieldId = (field: string): string =>
  `case-${field.replace(/\[(\d+)\]/g, ".$1").replace(/[^A-Za-z0-9]+/g, "-")}`.replace(/-$/, "");

/** The fields a field sits in, nearest first: "checklist[2].facts.limit", "checklist[2].facts", … "checklist". */
export function enclosingFields(field: string): string[] {
  const found: string[] = [];
  let at = field;
  while (at) {
    found.push(at);
    const cut = Math.max(at.lastIndexOf("."), at.lastIndexOf("["));
    at = cut > 0 ? at.slice(0, cut) : "";
  }
  return found;
}

/** A control's `data-*` attributes: what it edits, read by the editor's one listener (case-edits.ts). */
export type EditData = Record<`data-${string}`, string | number>;

/**
 * A labelled control with its hint and its error, each tied to the control for a screen reader. `control` must
 * carry the id `id`.
 */
export function labelled(
  label: Child,
  {
    id,
    control,
    hint,
    error,
    className,
  }: {id: string; control: HTMLElement; hint?: Child; error?: string | null; className?: string},
): HTMLElement {
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  if (described) control.setAttribute("aria-describedby", described);
  if (error) control.setAttribute("aria-invalid", "true");
  return el(
    "div",
    {class: ["case-field", className].filter(Boolean).join(" ")},
    el("label", {for: id}, label),
    control,
    hint ? el("p", {class: "case-hint", id: `${id}-hint`}, hint) : null,
    error ? el("p", {class: "field-error", id: `${id}-error`}, error) : null,
  );
}

/** The values an enumerated field of the item schema allows: `path` walks `properties` (and `items` of a list). */
export function schemaValues(schema: JsonSchema, path: readonly string[]): string[] {
  let at: unknown = schema;
  for (const key of path) {
    const node = at as {properties?: Record<string, unknown>; items?: unknown};
    at = key === "[]" ? node.items : node.properties?.[key];
  }
  const values = (at as {enum?: unknown} | undefined)?.enum;
  return Array.isArray(values) ? values.filter((value): value is string => typeof value === "string") : [];
}

/** A select of `options` ([value, label]) with `value` chosen; an empty first option when `empty` is given. */
export function choiceOf(
  options: readonly (readonly [string, string])[],
  {id, value, empty, edit}: {id: string; value: string; empty?: string; edit: EditData},
): HTMLSelectElement {
  return el(
    "select",
    {id, ...edit},
    empty === undefined ? null : el("option", {value: "", selected: value === ""}, empty),
    options.map(([option, label]) => el("option", {value: option, selected: option === value}, label)),
  );
}
