// Each example's "before" score (the vague line) beside its guideline score and the ruled one, as a chart on the
// results page with the same numbers as a table under it. What is shared with the other chart is
// src/components/results-charts.ts.
import {plural} from "../lib/text/format.js";
import type {BeforeAfter} from "../lib/trainee/results.js";
import {describeDistance, scoreText} from "../lib/trainee/words.js";
import type {Score} from "../lib/authored/schemas/verdict.js";
import {DistanceMark} from "./distance-mark.js";
import {el, svg, type Child} from "./dom.js";
import {axisLabel, caseLabel, ChartTable, DistanceKey, type ChartItems} from "./results-charts.js";
import {Table} from "./table.js";

/**
 * Each example on a row: the scale 1-5 and "not applicable" across, the ruled score as a square, the "before"
 * score (under the vague line) as a hollow circle, the guideline score as a filled one, and a line from one to
 * the other.
 */
export function BeforeAfterChart(
  {beforeAfter, itemsById}: {beforeAfter: BeforeAfter; itemsById: ChartItems},
  {id = "before-after"}: {id?: string} = {},
): HTMLElement {
  const levels: Score[] = [1, 2, 3, 4, 5, "n/a"];
  const column = 40;
  const rowHeight = 34;
  const left = 92;
  const top = 26;
  const x = (score: Score) => left + levels.indexOf(score) * column + (score === "n/a" ? 8 : 0) + column / 2;
  const width = x("n/a") + column / 2 + 4;
  const height = top + beforeAfter.pairs.length * rowHeight + 6;
  const labelOf = (item: string) => caseLabel(item, {itemsById});
  const {before, after, both} = beforeAfter;
  const description = both
    ? `Of the ${plural(both, "example")} you scored both ways, ${before.exact} matched the ruled score before the ` +
      `guideline and ${after.exact} with it.`
    : "No example has both a “before” score and a guideline score yet.";
  const rows = beforeAfter.pairs.map((pair, index) => {
    const cy = top + index * rowHeight + rowHeight / 2;
    const parts: Child[] = [
      svg(
        "text",
        {"class": "axis-label", "x": left - 10, "y": cy, "text-anchor": "end", "dy": "0.35em"},
        labelOf(pair.id),
      ),
      svg("line", {class: "row-rule", x1: left, x2: width - 4, y1: cy, y2: cy}),
    ];
    // The ruled score, and how far the "before" score was from it, only once lib/trainee/results.ts says so.
    const revealed = pair.ruledShown;
    if (revealed)
      parts.push(svg("rect", {class: "mark-ruled", x: x(pair.ruled) - 11, y: cy - 11, width: 22, height: 22, rx: 2}));
    if (pair.before !== null && pair.after !== null && pair.before !== pair.after) {
      const from = x(pair.before);
      const to = x(pair.after);
      const direction = Math.sign(to - from);
      parts.push(
        svg("line", {class: "mark-move", x1: from + direction * 9, x2: to - direction * 10, y1: cy, y2: cy}),
        svg("path", {
          class: "mark-move-head",
          d: `M${to - direction * 8} ${cy} l${-direction * 6} -4 v8 z`,
        }),
      );
    }
    // The "before" ring is larger than the guideline dot, so when the two scores are the same the ring shows round it.
    // Each mark takes the colour of its distance from the ruled score.
    if (pair.before !== null)
      parts.push(
        svg("circle", {
          class: `mark-before ${revealed ? `distance-${pair.beforeScore!.distance}` : "not-compared"}`,
          cx: x(pair.before),
          cy,
          r: 8,
        }),
      );
    if (pair.after !== null)
      parts.push(
        svg("circle", {class: `mark-after distance-${pair.afterScore!.distance}`, cx: x(pair.after), cy, r: 5}),
      );
    const said = (score: Score | null) => (score === null ? "not scored" : scoreText(score));
    parts.push(
      svg(
        "title",
        {},
        `${labelOf(pair.id)}: before ${said(pair.before)}, with the guideline ${said(pair.after)}` +
          (revealed ? `, ruled ${scoreText(pair.ruled)}` : ""),
      ),
    );
    return svg("g", {class: "before-after-row"}, parts);
  });
  const chart = svg(
    "svg",
    {
      "class": "before-after-chart",
      "viewBox": `0 0 ${width} ${height}`,
      "role": "img",
      "aria-labelledby": `${id}-summary`,
      "aria-describedby": `${id}-caption`,
    },
    levels.map((level) =>
      svg("text", {"class": "axis-label", "x": x(level), "y": 14, "text-anchor": "middle"}, axisLabel(level)),
    ),
    rows,
  );
  const how = (comparison: BeforeAfter["pairs"][number]["beforeScore"]): Child =>
    comparison
      ? el(
          "span",
          {class: `how-far distance-${comparison.distance}`},
          DistanceMark(comparison.distance),
          describeDistance(comparison),
        )
      : "—";
  return el(
    "figure",
    {class: "chart before-after"},
    el("p", {id: `${id}-summary`, class: "chart-summary"}, description),
    el(
      "p",
      {"class": "chart-key", "aria-hidden": "true"},
      el("span", {class: "key-before"}, "before the guideline"),
      el("span", {class: "key-after"}, "with the guideline"),
      el("span", {class: "key-ruled"}, "the ruled score"),
    ),
    DistanceKey(),
    chart,
    el(
      "figcaption",
      {id: `${id}-caption`},
      "Each row is an example. The ring is your score under the vague line, the dot your score with the " +
        "guideline, the square the ruled score; the arrow runs from the first to the second. A dot in its square " +
        "is exact. Each ring and dot takes the colour of how far it is from the ruled score; the table says it in " +
        "words.",
    ),
    ChartTable({
      summary: "The examples as a table",
      table: Table(
        {
          head: ["Example", "Before", "With the guideline", "Ruled", "Before: how far", "After: how far"],
          rows: beforeAfter.pairs.map((pair) => [
            labelOf(pair.id),
            pair.before === null ? "—" : scoreText(pair.before),
            pair.after === null ? "—" : scoreText(pair.after),
            pair.ruledShown ? scoreText(pair.ruled) : "not shown until checked",
            pair.ruledShown ? how(pair.beforeScore) : "—",
            how(pair.afterScore),
          ]),
        },
        {caption: "Each example's “before” score, guideline score and ruled score", rowHeaders: true, scroll: true},
      ),
    }),
  );
}
