// The results page's two charts, each drawn as plain SVG with the site's DOM builder and each followed by the same
// numbers as a table: the score-by-score matrix as a grid with its count in every cell, and each example's "before"
// score beside its guideline score and the ruled one. Both colour a score by how far it is from the ruled one, in the
// page's three colours (exact, one off, two or more off), and both mark it too: ✓ ≈ ✗ in the grid, a key and the
// table's words for the other. Hand-drawn rather than d3: two small fixed grids need no scales or axes, and d3-scale
// with its colour and selection modules would add about 100 kB to the page.
import {itemLabel} from "../lib/links.js";
import type {Item} from "../lib/item.js";
import {compareScores, distanceMarks, type ScoreComparison} from "../lib/trainee/score-distance.js";
import type {BeforeAfter, ScoreMatrix} from "../lib/trainee/results.js";
import {describeDistance, scoreText} from "../lib/trainee/words.js";
import type {Score} from "../lib/verdict.js";
import {DistanceMark} from "./distance-mark.js";
import {el, svg, type Child} from "./dom.js";
import {Table, TableRow} from "./table.js";
import {plural} from "../lib/numbers.js";

const axisLabel = (score: Score): string => (score === "n/a" ? "n/a" : String(score));

type Distance = ScoreComparison["distance"];

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
function AsTable(summary: string, table: HTMLElement): HTMLElement {
  return el("details", {class: "chart-table"}, el("summary", {}, summary), table);
}

/**
 * The matrix as a grid: their score up the side (5 at the top, "not applicable" above it), the ruled score along the
 * bottom, the count written in each cell, and the cells where the two agree outlined. A cell that holds cases takes
 * the colour and mark of its distance from the ruled score; a cell above the outlined diagonal is a case scored
 * higher than ruled.
 */
export function MatrixChart(
  matrix: ScoreMatrix,
  {id, itemsById}: {id: string; itemsById: Map<string, Pick<Item, "id" | "part">>},
): HTMLElement {
  const {levels, cells} = matrix;
  const n = levels.length;
  const size = 36;
  const gap = 5;
  const left = 50;
  const top = 12;
  const bottomAxis = 40;
  // "n/a" sits apart from 1-5 on both axes.
  const apart = (index: number) => (levels[index] === "n/a" ? 8 : 0);
  const x = (column: number) => left + column * (size + gap) + apart(column);
  const y = (row: number) => top + (n - 1 - row) * (size + gap) - apart(row);
  const width = x(n - 1) + size + 4;
  const height = top + n * (size + gap) + 8 + bottomAxis;
  const labelOf = (ids: string[]) =>
    ids.map((item) => {
      const ref = itemsById.get(item);
      return ref ? itemLabel(ref.id, ref.part) : item;
    });
  const total = cells.flat().reduce((sum, cell) => sum + cell.items.length, 0);
  const exact = cells.reduce((sum, row, index) => sum + row[index]!.items.length, 0);
  const description =
    `A grid of your score against the ruled score for ${plural(total, "case")}: ` +
    `${exact} on the diagonal where they agree.`;
  const distanceOf = (cell: ScoreMatrix["cells"][number][number]): Distance =>
    compareScores(cell.trainee, cell.ruled).distance;
  const chart = svg(
    "svg",
    {
      "class": "matrix-chart",
      "viewBox": `0 0 ${width} ${height}`,
      "role": "img",
      "aria-labelledby": `${id}-caption`,
    },
    svg("title", {}, description),
    cells.map((row, r) =>
      row.map((cell, c) => {
        const count = cell.items.length;
        const distance = distanceOf(cell);
        const names = labelOf(cell.items);
        return svg(
          "g",
          {class: `matrix-cell distance-${distance} ${count ? "has-cases" : "is-empty"}${r === c ? " is-exact" : ""}`},
          r === c
            ? svg("rect", {class: "exact-outline", x: x(c) - 3, y: y(r) - 3, width: size + 6, height: size + 6})
            : null,
          svg("rect", {class: "cell-fill", x: x(c), y: y(r), width: size, height: size, rx: 3}),
          svg(
            "text",
            {
              "class": "cell-count",
              "x": x(c) + size / 2 - (count ? 4 : 0),
              "y": y(r) + size / 2,
              "text-anchor": "middle",
              "dy": "0.35em",
            },
            String(count),
          ),
          count
            ? svg(
                "text",
                {"class": "cell-mark", "x": x(c) + size - 4, "y": y(r) + 12, "text-anchor": "end"},
                distanceMarks[distance],
              )
            : null,
          svg(
            "title",
            {},
            `You ${axisLabel(cell.trainee)}, ruled ${axisLabel(cell.ruled)}: ` +
              (count ? `${count} (${names.join(", ")})` : "none"),
          ),
        );
      }),
    ),
    levels.map((level, index) => [
      svg(
        "text",
        {"class": "axis-label", "x": left - 10, "y": y(index) + size / 2, "text-anchor": "end", "dy": "0.35em"},
        axisLabel(level),
      ),
      svg(
        "text",
        {"class": "axis-label", "x": x(index) + size / 2, "y": top + n * (size + gap) + 12, "text-anchor": "middle"},
        axisLabel(level),
      ),
    ]),
    svg(
      "text",
      {"class": "axis-title", "x": left + (width - left) / 2, "y": height - 6, "text-anchor": "middle"},
      "Ruled score →",
    ),
    svg(
      "text",
      {
        "class": "axis-title",
        "x": 0,
        "y": 0,
        "transform": `translate(14 ${top + (n * (size + gap)) / 2}) rotate(-90)`,
        "text-anchor": "middle",
      },
      "Your score →",
    ),
  );
  // The table reads top to bottom as the grid does; the cases of each cell are in the table of cases below.
  const rows = [...levels.keys()].reverse().map((r) =>
    TableRow(
      [
        scoreText(levels[r]!),
        ...cells[r]!.map((cell) => {
          const count = cell.items.length;
          if (!count) return "0";
          const distance = distanceOf(cell);
          return el("span", {class: `cell-cases distance-${distance}`}, DistanceMark(distance), String(count));
        }),
      ],
      {rowHeader: true},
    ),
  );
  return el(
    "figure",
    {class: "chart matrix"},
    DistanceKey(),
    chart,
    el(
      "figcaption",
      {id: `${id}-caption`},
      description,
      " Outlined: the cells where you gave the ruled score. Above the outline you scored higher than ruled, below " +
        "it lower. A cell with cases is marked ✓ exact, ≈ one off or ✗ two or more off.",
    ),
    AsTable(
      "The grid as a table",
      Table(
        {head: ["Your score ↓ · ruled →", ...levels.map(scoreText)], rows},
        {
          caption: "Your score (rows) by the ruled score (columns)",
          rowHeaders: true,
          scroll: true,
          className: "matrix-table",
        },
      ),
    ),
  );
}

/**
 * Each example on a row: the scale 1-5 and "not applicable" across, the ruled score as a square, the "before"
 * score (under the vague line) as a hollow circle, the guideline score as a filled one, and a line from one to
 * the other.
 */
export function BeforeAfterChart(
  beforeAfter: BeforeAfter,
  {id, itemsById}: {id: string; itemsById: Map<string, Pick<Item, "id" | "part">>},
): HTMLElement {
  const levels: Score[] = [1, 2, 3, 4, 5, "n/a"];
  const column = 40;
  const rowHeight = 34;
  const left = 92;
  const top = 26;
  const x = (score: Score) => left + levels.indexOf(score) * column + (score === "n/a" ? 8 : 0) + column / 2;
  const width = x("n/a") + column / 2 + 4;
  const height = top + beforeAfter.pairs.length * rowHeight + 6;
  const labelOf = (item: string) => {
    const ref = itemsById.get(item);
    return ref ? itemLabel(ref.id, ref.part) : item;
  };
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
    // The ruled score, and how far the "before" score was from it, only once the example is checked with the
    // guideline: until then the chart would give the ruling away.
    const revealed = pair.after !== null;
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
    AsTable(
      "The examples as a table",
      Table(
        {
          head: ["Example", "Before", "With the guideline", "Ruled", "Before: how far", "After: how far"],
          rows: beforeAfter.pairs.map((pair) => [
            labelOf(pair.id),
            pair.before === null ? "—" : scoreText(pair.before),
            pair.after === null ? "—" : scoreText(pair.after),
            pair.after === null ? "not shown until checked" : scoreText(pair.ruled),
            pair.after === null ? "—" : how(pair.beforeScore),
            how(pair.afterScore),
          ]),
        },
        {caption: "Each example's “before” score, guideline score and ruled score", rowHeaders: true, scroll: true},
      ),
    ),
  );
}
