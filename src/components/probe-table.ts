// Pieces the probe page's tables share: a pass/fail badge (a mark and a word, never colour alone) and a table.
import type {Outcome} from "../lib/probes/schema.js";
import {el, type Child} from "./dom.js";

export function OutcomeBadge(outcome: Outcome, {note = ""}: {note?: string} = {}): HTMLElement {
  return el(
    "span",
    {class: `outcome outcome-${outcome}`},
    outcome === "pass" ? "✓ pass" : "✗ fail",
    note && ` (${note})`,
  );
}

export function ProbeTable(
  {head, rows}: {head: string[]; rows: Child[][]},
  {caption = null, className = ""}: {caption?: string | null; className?: string} = {},
): HTMLTableElement {
  return el(
    "table",
    {class: `probe-table ${className}`.trim()},
    caption ? el("caption", {}, caption) : null,
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        head.map((cell) => el("th", {scope: "col"}, cell)),
      ),
    ),
    el(
      "tbody",
      {},
      rows.map((row) =>
        el(
          "tr",
          {},
          row.map((cell) => el("td", {}, cell)),
        ),
      ),
    ),
  );
}
