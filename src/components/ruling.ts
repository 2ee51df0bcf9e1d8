// What a trainee sees on Check: under the guideline, their score beside the ruled one, their checklist beside the
// ruled one line by line with the rule that decides each difference, the rubric row, the flags, the seed's note on
// their score, what the case teaches and the cases it compares with. Under the vague line: the answer is recorded,
// and the seed's illustrative split beside it. Everything here is rendered from lib/trainee's records.
import {itemLabel} from "../lib/coverage.js";
import type {Derivation} from "../lib/engine.js";
import type {Guideline} from "../lib/guideline.js";
import type {Item} from "../lib/item.js";
import {compareAnswer, compareScores, type Comparison} from "../lib/trainee/compare.js";
import type {Answer} from "../lib/trainee/progress.js";
import {describeDistance, describeImplied, listingText, rubricRowLabels, scoreText} from "../lib/trainee/words.js";
import {verdictLabels} from "../lib/verdict-labels.js";
import {el, type Child} from "./dom.js";
import {Table} from "./table.js";

/** Where each part's items are scored with the guideline, for links between cases. */
const pathOfPart: Record<Item["part"], string> = {
  "examples": "./rubric",
  "edge-cases": "./edge-cases",
  "calibration": "./calibration",
};

export function itemHref(item: Pick<Item, "id" | "part">): string {
  return `${pathOfPart[item.part]}#${item.id}`;
}

const distanceMark = {"exact": "✓", "one-off": "≈", "two-or-more-off": "✗"} as const;

function ScoreLine({label, comparison}: {label: string; comparison: ReturnType<typeof compareScores>}): HTMLElement {
  return el(
    "p",
    {class: `score-line distance-${comparison.distance}`},
    el("span", {"class": "distance-mark", "aria-hidden": "true"}, distanceMark[comparison.distance]),
    el("span", {}, `${label}: `, el("strong", {}, scoreText(comparison.trainee))),
    el("span", {class: "distance"}, ` — ${describeDistance(comparison)}`),
  );
}

/** A rule, quoted and linked to its place in the guideline. */
export function RuleRef(ruleId: string, {guideline}: {guideline: Guideline}): HTMLElement {
  const rule = guideline.rules.find((candidate) => candidate.id === ruleId);
  if (!rule) return el("code", {}, ruleId);
  return el(
    "span",
    {class: "rule-ref"},
    el("a", {href: `./guideline#rule-${rule.id}`}, rule.title),
    el("q", {class: "rule-quote"}, rule.text),
  );
}

const Inferred = (source: string | null | undefined): Child =>
  source === "inferred"
    ? el("span", {class: "inferred", title: "Not stated in the case study: the site's own reading"}, "site's reading")
    : null;

function ChecklistTable(
  item: Item,
  comparison: Comparison,
  {guideline, answer}: {guideline: Guideline; answer: Answer},
): HTMLElement {
  const checklist = comparison.checklist;
  const status = (line: NonNullable<typeof checklist>["lines"][number]): Child => {
    switch (line.status) {
      case "agree":
        return el("span", {class: "status status-agree"}, "✓ same");
      case "verdict-differs":
        return el("span", {class: "status status-differs"}, "✗ verdict differs");
      case "missing":
        return el("span", {class: "status status-missing"}, "✗ you did not list it");
      case "not-checked":
        return el("span", {class: "status status-missing"}, "… listed, not checked");
    }
  };
  const rows = item.checklist.flatMap((line, index) => {
    if (line.role === "candidate") return [];
    const mine = checklist?.lines.find((entry) => entry.index === index);
    const traineeLine = mine?.trainee ? answer.checklist?.lines[mine.trainee.line] : undefined;
    return [
      el(
        "tr",
        {class: mine && mine.status !== "agree" ? "differs" : ""},
        el(
          "th",
          {scope: "row"},
          line.role === "main" ? el("span", {class: "line-role"}, "Main task ") : null,
          line.text,
          " ",
          Inferred(line.source),
        ),
        el("td", {"data-label": "Ruled"}, verdictLabels[line.verdict]),
        el(
          "td",
          {"data-label": "Yours"},
          !checklist
            ? "—"
            : traineeLine
              ? [
                  el("span", {class: "your-words"}, `“${listingText(item, traineeLine.listing)}”`),
                  " ",
                  mine?.trainee?.verdict ? verdictLabels[mine.trainee.verdict] : "not checked",
                ]
              : "not listed",
        ),
        el("td", {}, checklist && mine ? status(mine) : null),
        el(
          "td",
          {"data-label": "Rule"},
          RuleRef(mine?.status === "missing" && mine.listRule ? mine.listRule : line.rule, {guideline}),
          line.note ? el("p", {class: "line-note"}, line.note) : null,
        ),
      ),
    ];
  });
  return Table(
    {
      head: [
        "Ruled line",
        "Ruled",
        "Yours",
        el("span", {class: "visually-hidden"}, "Compared"),
        "Rule that decides it",
      ],
      rows,
    },
    {caption: "The ruled checklist beside yours", className: "ruling-checklist", scroll: true},
  );
}

function Extras(comparison: Comparison, {guideline}: {guideline: Guideline}): Child {
  const extras = comparison.checklist?.extras ?? [];
  if (!extras.length) return null;
  return el(
    "div",
    {class: "ruling-extras"},
    el("h4", {}, "Lines you listed that are not on the ruled checklist"),
    el(
      "ul",
      {},
      extras.map((extra) =>
        el(
          "li",
          {},
          el("span", {class: "your-words"}, `“${extra.text}”`),
          extra.status === "candidate"
            ? [" is not an instruction: ", extra.note ?? "", " ", Inferred(extra.source)]
            : extra.status === "repeat"
              ? " repeats a line you listed already."
              : " is not on the ruled checklist.",
          el("div", {class: "extra-rule"}, RuleRef(extra.rule, {guideline})),
        ),
      ),
    ),
  );
}

export interface GuidelineRulingOptions {
  guideline: Guideline;
  derivation: Derivation;
  itemsById: ReadonlyMap<string, Pick<Item, "id" | "part" | "title">>;
  /** The guideline version the ruling shown is from; older answers say their ruling may have moved. */
  staleNote?: string | null;
}

/** The full comparison for an item scored under the guideline. `answers`: first attempt first. */
export function GuidelineRuling(item: Item, answers: Answer[], options: GuidelineRulingOptions): HTMLElement {
  const {guideline, derivation, itemsById} = options;
  const first = answers[0]!;
  const latest = answers.at(-1)!;
  const comparison = compareAnswer(item, derivation, latest, guideline.parameters);
  const firstComparison = compareScores(first.score, item.score);
  const level = guideline.rubric.find((candidate) => candidate.score === item.score);
  return el(
    "div",
    {class: "ruling-body"},
    options.staleNote ? el("p", {class: "stale-note"}, options.staleNote) : null,
    el(
      "div",
      {class: "ruling-scores"},
      el(
        "p",
        {class: "ruled-score"},
        el("span", {class: "ruled-label"}, "Ruled score"),
        el("strong", {class: "ruled-number"}, scoreText(item.score)),
        item.scoreCondition ? el("span", {class: "score-condition"}, `(${item.scoreCondition})`) : null,
      ),
      el(
        "div",
        {class: "your-scores"},
        ScoreLine({
          label: answers.length > 1 ? "Your first attempt (counts)" : "Your score",
          comparison: firstComparison,
        }),
        answers.length > 1 ? ScoreLine({label: `Your attempt ${latest.attempt}`, comparison: comparison.score}) : null,
      ),
    ),
    el(
      "p",
      {class: "rubric-row"},
      el("strong", {}, "Rubric: "),
      level ? `${level.score}, ${level.meaning.toLowerCase()}: ${level.checklist}` : null,
      item.score === "n/a" ? guideline.notApplicable : null,
      // A level with several clauses ("… or …"): say which one this case meets.
      comparison.ruled.row && level && / or /.test(level.checklist)
        ? el("span", {class: "muted"}, ` Here: ${rubricRowLabels[comparison.ruled.row]}.`)
        : null,
    ),
    item.scoredRow
      ? el(
          "p",
          {class: "seed-ruling"},
          el("strong", {}, "The case study's table: "),
          `main task ${item.scoredRow.mainTask.toLowerCase()}; ${item.scoredRow.others}; ${item.scoredRow.score}.`,
        )
      : item.ruling
        ? el("p", {class: "seed-ruling"}, el("strong", {}, "The ruling: "), item.ruling)
        : null,
    comparison.checklistScoreMismatch && comparison.implied
      ? el(
          "p",
          {class: "mismatch"},
          `Your own checklist and your score disagree. ${describeImplied(comparison.implied)} ` +
            `You scored ${scoreText(latest.score)}.`,
        )
      : null,
    !comparison.checklist
      ? el("p", {class: "muted"}, "You committed a score alone. The ruled checklist, line by line:")
      : null,
    ChecklistTable(item, comparison, {guideline, answer: latest}),
    Extras(comparison, {guideline}),
    comparison.flags.length
      ? el(
          "div",
          {class: "ruling-flags"},
          el("h4", {}, "Flags"),
          el(
            "ul",
            {},
            comparison.flags.map((flag) =>
              el("li", {}, el("strong", {}, `${flagLabels[flag.flag]}. `), flag.note ?? "", " ", Inferred(flag.source)),
            ),
          ),
        )
      : null,
    comparison.likelyWrong.map((note) =>
      el("aside", {class: "likely-wrong"}, el("h4", {}, note.label), el("p", {}, note.text)),
    ),
    item.notes
      .filter((note) => note.score === undefined)
      .map((note) => el("div", {class: "item-note"}, el("h4", {}, note.label), el("p", {}, note.text))),
    comparison.teaches ? el("p", {class: "teaches"}, el("strong", {}, "What it teaches: "), comparison.teaches) : null,
    comparison.links.length
      ? el(
          "p",
          {class: "compare-links"},
          "Compare with ",
          comparison.links.map((id, index) => {
            const other = itemsById.get(id);
            return [
              index ? ", " : "",
              other ? el("a", {href: itemHref(other)}, `${itemLabel(other.id, other.part)}: ${other.title}`) : id,
            ];
          }),
          ".",
        )
      : null,
  );
}

const flagLabels = {
  "accuracy": "Accuracy",
  "quality": "Quality",
  "prompt": "Prompt",
  "safety-review": "Safety review",
} as const;
