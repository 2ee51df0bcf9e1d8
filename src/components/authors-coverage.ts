// The authors' page's "Which levels keep a worked example": each score's worked examples under the base and under the
// candidate, a case written for the notebook marked as such, and a warning for a level that loses its last one.
import type {Item} from "../lib/authored/schemas/item.js";
import type {Score} from "../lib/authored/schemas/verdict.js";
import type {Preview} from "../lib/authoring/preview.js";
import {itemLabel} from "../lib/site/links.js";
import {originTag} from "../lib/trainee/words.js";
import {scoreText} from "../lib/trainee/words.js";
import {el} from "./dom.js";
import {Table} from "./table.js";

export function CoverageChange({result, items}: {result: Preview; items: ReadonlyMap<string, Item>}): HTMLElement {
  // A case written for the notebook is marked: a level whose only worked example is one has none from the case study.
  const labels = (rows: Preview["coverage"]["before"], score: Score) =>
    rows
      .find((row) => row.score === score)
      ?.items.map((item) => {
        const tag = originTag(items.get(item.id) ?? {origin: "case-study"});
        return `${itemLabel(item)}${tag ? ` (${tag})` : ""}`;
      }) ?? [];
  return el(
    "div",
    {},
    Table(
      {
        head: ["Score", `Worked examples under ${result.base}`, "Under the candidate"],
        rows: result.coverage.after.map((row) => {
          const before = labels(result.coverage.before, row.score);
          const after = labels(result.coverage.after, row.score);
          return [
            scoreText(row.score),
            before.length ? before.join("; ") : el("em", {}, "none"),
            after.length ? after.join("; ") : el("strong", {}, "none: no worked example"),
          ];
        }),
      },
      {rowHeaders: true, scroll: true, className: "coverage-change"},
    ),
    result.workedExamples.lost.length
      ? el(
          "p",
          {class: "preview-warning"},
          `⚠ Levels that lose their last worked example: ${result.workedExamples.lost.map(scoreText).join(", ")}.`,
        )
      : null,
  );
}
