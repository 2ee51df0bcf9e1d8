// One judge run on /judges, as the results page shows a trainee: what it is (model as asked and as served, prompt,
// guideline version, when, complete or stopped), exact / one off / two or more off with the lean, the rules it
// misapplies (and the rule ids it invented, as it wrote them), the score-by-score grid, and the cases it did not
// answer with why. Figures and words from lib/judges/judges-page.ts.
import type {JudgesPageData, RunView} from "../lib/judges/judges-page.js";
import {ownChecklistWords} from "../lib/judges/own-checklist.js";
import {itemLabel, ruleHref} from "../lib/site/links.js";
import {plural} from "../lib/text/format.js";
import {scoreText} from "../lib/trainee/words.js";
import {el, type Child} from "./dom.js";
import {MatrixChart} from "./matrix-chart.js";
import {DistanceFigures} from "./results-group.js";
import {Table} from "./table.js";

type Items = Map<string, JudgesPageData["items"][number]>;

const caseName = (id: string, items: Items): string => {
  const item = items.get(id);
  return item ? itemLabel(item) : id;
};
const caseList = (ids: readonly string[], items: Items): string => ids.map((id) => caseName(id, items)).join(", ");

/** What the run is: a short list of its facts. */
function RunFacts(run: RunView): HTMLElement {
  const fact = (term: string, ...value: Child[]) => el("div", {}, el("dt", {}, term), el("dd", {}, value));
  return el(
    "dl",
    {class: "judge-facts"},
    fact("Model", el("code", {}, run.model), run.servedAs.length ? ` (served as ${run.servedAs.join(", ")})` : ""),
    fact("Prompt", el("code", {}, run.prompt)),
    fact("Guideline", run.guideline),
    fact("Started", el("time", {datetime: run.startedAt}, run.date)),
    fact(
      "Run",
      el("span", {class: run.complete ? "" : "judge-stopped"}, run.state),
      run.stopped ? `: ${run.stopped}` : "",
    ),
    fact("File", el("code", {}, run.file)),
  );
}

function RulesMisapplied(run: RunView, items: Items): HTMLElement {
  const rows: Child[][] = [
    ...run.rulesMisapplied.map((rule) => [
      el("a", {href: ruleHref(rule.id)}, rule.title),
      String(rule.cases.length),
      caseList(rule.cases, items),
    ]),
    ...run.unknownRules.map((rule) => [
      el("span", {class: "unknown-rule"}, "unknown rule id ", el("code", {}, rule.text)),
      String(rule.cases.length),
      caseList(rule.cases, items),
    ]),
  ];
  if (!rows.length) return el("p", {}, "No rule misapplied: every answer agrees with the ruling line by line.");
  return Table(
    {head: ["Rule", "Times", "Cases"], rows},
    {caption: `Rules ${run.model} misapplies, most often first`, rowHeaders: true, stack: true},
  );
}

/** The cases it scored against its own checklist, the score slips among them, and the ruled flags it raised. */
function OwnChecklist(run: RunView, items: Items): Child {
  const [against, slips, flags] = ownChecklistWords(run.ownChecklist, run.prompt, (id) => caseName(id, items));
  return el(
    "ul",
    {class: "judge-own-checklist"},
    el("li", {}, against),
    el("li", {}, slips),
    el("li", run.ownChecklist.flags ? {} : {class: "muted"}, flags),
  );
}

function NotAnswered(run: RunView, items: Items): Child {
  const entries: Child[] = [
    ...run.unanswered.map((entry) =>
      el(
        "li",
        {},
        el("strong", {}, caseName(entry.case, items)),
        // The runner's problem says what the reply was, and why; the status's words where it recorded none.
        `: ${entry.problem ?? entry.words}`,
      ),
    ),
    run.missing.length ? el("li", {}, `Not reached before it stopped: ${caseList(run.missing, items)}`) : null,
    run.unknownCases.length
      ? el("li", {}, "Cases this site does not have, not counted: ", run.unknownCases.join(", "))
      : null,
    ...run.rulingChanged.map((change) =>
      el(
        "li",
        {},
        `${caseName(change.case, items)}: ruled ${scoreText(change.recorded)} when the run was made, ` +
          `${scoreText(change.now)} now; the figures here are against today's.`,
      ),
    ),
  ].filter(Boolean);
  if (!entries.length) return null;
  return [el("h3", {}, "Not counted, and why"), el("ul", {class: "judge-unanswered"}, entries)];
}

export function JudgeRunSection({run, data}: {run: RunView; data: JudgesPageData}): HTMLElement {
  const items: Items = new Map(data.items.map((item) => [item.id, item]));
  const title = `${run.key}-title`;
  return el(
    "section",
    {"class": "judges-section judge-run", "id": run.key, "aria-labelledby": title},
    el("h2", {id: title}, run.model, el("span", {class: "judge-run-date"}, ` · ${run.date}`)),
    RunFacts(run),
    el(
      "p",
      {class: "judges-lead"},
      `${run.figures.answered} of ${plural(run.asked, "case")} answered, against today's ruled scores.`,
    ),
    DistanceFigures(run.figures, {id: run.key, rater: "it"}),
    OwnChecklist(run, items),
    el("h3", {}, "The rules it misapplies"),
    el("p", {class: "muted"}, "From its checklist against the ruled one, line by line, as a trainee's is read."),
    RulesMisapplied(run, items),
    el(
      "details",
      {class: "matrix-detail"},
      el("summary", {}, "Score by score: its score against the ruled score"),
      MatrixChart({matrix: run.matrix, itemsById: items}, {id: `${run.key}-matrix`, rater: "it"}),
    ),
    NotAnswered(run, items),
  );
}
