// The score-by-score matrix of the results page as a grid, with its count in every cell and the same numbers as a
// table under it. What is shared with the other chart is src/components/results-charts.ts.
import {labelOrId} from "../lib/site/links.js";
import {plural} from "../lib/text/format.js";
import type {ScoreMatrix} from "../lib/trainee/results.js";
import {distanceMarks} from "../lib/trainee/score-distance.js";
import {raterWords, scoreText, type Rater} from "../lib/trainee/words.js";
import {DistanceMark} from "./distance-mark.js";
import {el, svg} from "./dom.js";
import {ChartTable, DistanceKey, type ChartItems} from "./results-charts.js";
import {Table, TableRow} from "./table.js";

/**
 * The matrix as a grid: their score up the side (5 at the top, "not applicable" above it), the ruled score along the
 * bottom, the count written in each cell, and the cells where the two agree outlined. A cell that holds cases takes
 * the colour and mark of its distance from the ruled score; a cell above the outlined diagonal is a case scored
 * higher than ruled.
 */
export function MatrixChart(
  {matrix, itemsById}: {matrix: ScoreMatrix; itemsById: ChartItems},
  {id = "matrix", rater = "you"}: {id?: string; rater?: Rater} = {},
): HTMLElement {
  const {levels, cells} = matrix;
  // The trainee's own grid speaks to them; a model judge's (on /judges) speaks of it.
  const {They, they, Their, their} = raterWords[rater];
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
  const description =
    `A grid of ${their} score against the ruled score for ${plural(matrix.total, "case")}: ` +
    `${matrix.exact} on the diagonal where they agree.`;
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
        const {distance} = cell;
        const names = cell.items.map((item) => labelOrId(item, itemsById));
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
            `${They} ${cell.trainee}, ruled ${cell.ruled}: ` + (count ? `${count} (${names.join(", ")})` : "none"),
          ),
        );
      }),
    ),
    levels.map((level, index) => [
      svg(
        "text",
        {"class": "axis-label", "x": left - 10, "y": y(index) + size / 2, "text-anchor": "end", "dy": "0.35em"},
        String(level),
      ),
      svg(
        "text",
        {"class": "axis-label", "x": x(index) + size / 2, "y": top + n * (size + gap) + 12, "text-anchor": "middle"},
        String(level),
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
      `${Their} score →`,
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
          return el(
            "span",
            {class: `cell-cases distance-${cell.distance}`},
            DistanceMark(cell.distance),
            String(count),
          );
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
      ` Outlined: the cells where ${they} gave the ruled score. Above the outline ${they} scored higher than ruled, ` +
        "below it lower. A cell with cases is marked ✓ exact, ≈ one off or ✗ two or more off.",
    ),
    ChartTable({
      summary: "The grid as a table",
      table: Table(
        {head: [`${Their} score ↓ · ruled →`, ...levels.map(scoreText)], rows},
        {
          caption: `${Their} score (rows) by the ruled score (columns)`,
          rowHeaders: true,
          scroll: true,
          className: "matrix-table",
        },
      ),
    }),
  );
}
