// What the results page's two charts share (src/components/matrix-chart.ts, the before-and-after chart in results.ts):
// each is plain SVG built with the site's DOM builder and followed by the same numbers as a table; both colour a score
// by how far it is from the ruled one, in the page's three colours (exact, one off, two or more off), and mark it too.
// Hand-drawn rather than d3: two small fixed grids need no scales or axes, and d3-scale with its colour and selection
// modules would add about 100 kB to the page.
import type {NumberedItem} from "../lib/site/links.js";
import {DistanceMark} from "./distance-mark.js";
import {el} from "./dom.js";

/** The cases a chart names, by id. */
export type ChartItems = ReadonlyMap<string, NumberedItem>;

/** The three colours with their marks and names, for a chart's key. */
export const DistanceKey = (): HTMLElement =>
  el(
    "p",
    {class: "distance-key"},
    (["exact", "one-off", "two-or-more-off"] as const).map((distance) =>
      el(
        "span",
        {class: `distance-${distance}`},
        DistanceMark(distance),
        {"exact": "exact", "one-off": "one off", "two-or-more-off": "two or more off"}[distance],
      ),
    ),
  );

/** The table a chart keeps beside it, folded: the same numbers for anyone who would rather read them. */
export function ChartTable({table, summary}: {table: HTMLElement; summary: string}): HTMLElement {
  return el("details", {class: "chart-table"}, el("summary", {}, summary), table);
}
