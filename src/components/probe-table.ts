// The probe page's pass/fail badge: a mark and a word, never colour alone.
import type {Outcome} from "../lib/probes/schema.node.js";
import {el} from "./dom.js";

export function OutcomeBadge(outcome: Outcome, {note = ""}: {note?: string} = {}): HTMLElement {
  return el(
    "span",
    {class: `outcome outcome-${outcome}`},
    outcome === "pass" ? "✓ pass" : "✗ fail",
    note && ` (${note})`,
  );
}
