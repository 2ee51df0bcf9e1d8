// The cohort page's figures in text: a figure in a cell (its value, or a dash with the reason for a screen reader),
// a figure's bootstrap interval, and under a table each reason a figure in it is not computable. Shared by the
// headline, the figures table and the phases' tables.
import type {WithInterval} from "../lib/agreement/bootstrap.js";
import type {Figure} from "../lib/agreement/figure.js";
import {fixed, resamplesUsed} from "../lib/agreement/figure-text.js";
import {el} from "./dom.js";

/** Each phase as the page names it. */
export const phaseNames = {vague: "Before the guideline", guideline: "After the guideline"} as const;

/**
 * A figure in a cell: its value, or a dash, with the reason in text for screen readers (and, for a sighted reader,
 * in the notes under its table: NotComputable).
 */
export function FigureText(
  f: Figure,
  {show = fixed, name}: {show?: (value: number) => string; name?: string} = {},
): HTMLElement {
  if (f.value === null)
    return el(
      "span",
      {"class": "figure-none", "data-figure": name},
      "–",
      el("span", {class: "visually-hidden"}, ` (not computable: ${f.reason})`),
    );
  return el("span", {"data-figure": name, "data-value": String(f.value)}, show(f.value));
}

/** A figure's interval and the resamples it rests on, or why it has none. */
export function IntervalText(f: WithInterval<Figure>): HTMLElement | null {
  if (f.value === null) return null;
  const i = f.interval;
  return el(
    "span",
    {class: "figure-interval"},
    i
      ? ` (${Math.round(i.level * 100)}% CI ${fixed(i.low)} to ${fixed(i.high)}, ${resamplesUsed(i)})`
      : ` (no interval: ${f.intervalReason})`,
  );
}

/** Under a table: each reason a figure in it is not computable, once, with the figures it holds for. */
export function NotComputable(figures: readonly {label: string; figure: Figure}[]): HTMLElement | null {
  const byReason = new Map<string, string[]>();
  for (const {label, figure} of figures)
    if (figure.value === null) byReason.set(figure.reason, [...(byReason.get(figure.reason) ?? []), label]);
  if (!byReason.size) return null;
  return el(
    "ul",
    {class: "figure-reasons"},
    [...byReason].map(([reason, labels]) => el("li", {}, `– ${labels.join("; ")}: not computable: ${reason}`)),
  );
}
