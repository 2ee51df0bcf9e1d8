// The authors' page's chart: the score distribution under the base and under the candidate, as paired bars with
// each count written on it (never colour alone), and the same figures as a table.
import type {Preview} from "../lib/authoring/preview.js";
import {scoreText} from "../lib/trainee/words.js";
import type {Score} from "../lib/authored/schemas/verdict.js";
import {el, svg} from "./dom.js";
import {Table} from "./table.js";

const chartLevels: (Score | "none")[] = [5, 4, 3, 2, 1, "n/a", "none"];
const levelText = (level: Score | "none") => (level === "none" ? "no single score" : scoreText(level));

/** The score distribution before and after as paired bars, each with its count written on it (never colour alone). */
export function DistributionChart(result: Preview): HTMLElement {
  const count = (rows: Preview["distribution"]["before"], level: Score | "none") =>
    rows.find((row) => row.score === level)?.count ?? 0;
  const pairs = chartLevels.map((level) => ({
    level,
    before: count(result.distribution.before, level),
    after: count(result.distribution.after, level),
  }));
  const most = Math.max(1, ...pairs.flatMap((pair) => [pair.before, pair.after]));
  const [width, height, bottom, top] = [640, 200, 40, 22];
  const band = width / pairs.length;
  const y = (value: number) => top + (1 - value / most) * (height - top - bottom);
  const summary =
    `Scores under ${result.base} and under the candidate: ` +
    pairs.map((pair) => `${levelText(pair.level)}: ${pair.before} then ${pair.after}`).join("; ") +
    ".";
  const root = svg("svg", {"viewBox": `0 0 ${width} ${height}`, "role": "img", "aria-label": summary});
  pairs.forEach((pair, index) => {
    const x = index * band + band / 2;
    for (const [which, value, offset] of [
      ["before", pair.before, -17],
      ["after", pair.after, 3],
    ] as const) {
      const barTop = y(value);
      root.append(
        svg("rect", {x: x + offset, y: barTop, width: 14, height: height - bottom - barTop, class: `bar-${which}`}),
      );
      root.append(svg("text", {"x": x + offset + 7, "y": barTop - 4, "text-anchor": "middle"}, String(value)));
    }
    root.append(
      svg(
        "text",
        {"x": x, "y": height - bottom + 16, "text-anchor": "middle"},
        pair.level === "none" ? "none" : String(pair.level),
      ),
    );
  });
  root.append(svg("line", {x1: 0, x2: width, y1: height - bottom, y2: height - bottom, class: "chart-axis"}));
  return el(
    "figure",
    {class: "distribution"},
    el(
      "p",
      {"class": "chart-key", "aria-hidden": "true"},
      el("span", {class: "key-before"}, `left: ${result.base}`),
      el("span", {class: "key-after"}, "right: the candidate"),
    ),
    root,
    el("figcaption", {}, "The same figures as a table:"),
    Table(
      {
        head: ["Score", result.base, "Candidate"],
        rows: pairs.map((pair) => [levelText(pair.level), String(pair.before), String(pair.after)]),
      },
      {rowHeaders: true, className: "distribution-table"},
    ),
  );
}
