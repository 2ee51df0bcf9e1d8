// What the engine derives for the case being written (/authors/case): the score under the current guideline (the
// element named "Derived score"), its rubric row and trace, the same under the /authors candidate, the button that
// downloads the case file, and every problem that keeps it from downloading, each linked to the control that fixes
// it. Built whole from the editor's view (lib/authoring/case-view.ts) and patched into the page.
import type {CaseDerivation, EditorView} from "../lib/authoring/case-editor.js";
import type {Problem} from "../lib/authored/problems.js";
import {problemInWords} from "../lib/authored/problem-words.js";
import {verdictLabels} from "../lib/engine/labels.js";
import {el} from "./dom.js";
import {enclosingFields, fieldId} from "./case-field.js";

export interface DerivationOptions {
  /** The current guideline's version ("v2"). */
  current: string;
  /** The candidate in words, or null when the address names none. */
  candidate: string | null;
  /** The address of /authors with the same choice, to change the candidate there. */
  authorsHref: string;
  /** What each line says, for the trace. */
  lineTexts: readonly string[];
  fileName: string;
  /** Whether the editor has a control with this id, for a problem's link. */
  has(id: string): boolean;
}

/** Each score the rubric allows with the row that allows it. */
function Rows(derivation: CaseDerivation): HTMLElement {
  return el(
    "ul",
    {class: "case-rows"},
    derivation.candidates.map((score, at) =>
      el(
        "li",
        {},
        el("strong", {}, score === "n/a" ? "not applicable" : String(score)),
        `: ${derivation.rowWords[at]!}`,
      ),
    ),
  );
}

/** The engine's trace: each line's rule and verdict, and whether it counts toward the rubric. */
function Trace(
  derivation: CaseDerivation,
  {label, lineTexts}: {label: string; lineTexts: readonly string[]},
): HTMLElement {
  return el(
    "details",
    {class: "case-trace"},
    el("summary", {}, label),
    el(
      "table",
      {},
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          el("th", {scope: "col"}, "Line"),
          el("th", {scope: "col"}, "Rule"),
          el("th", {scope: "col"}, "Verdict"),
          el("th", {scope: "col"}, "Counts"),
        ),
      ),
      el(
        "tbody",
        {},
        derivation.trace.lines.map((line) =>
          el(
            "tr",
            {},
            el(
              "th",
              {scope: "row"},
              `${line.index + 1}. ${lineTexts[line.index] ?? ""}`,
              line.role === "main" ? " (main task)" : "",
            ),
            el("td", {}, el("code", {}, line.rule)),
            el(
              "td",
              {},
              line.derived
                ? verdictLabels[line.derived]
                : line.verdicts.map((verdict) => verdictLabels[verdict]).join(" or "),
            ),
            el("td", {}, line.counted ? "yes" : "no"),
          ),
        ),
      ),
    ),
  );
}

/** One problem in words ("Title: give the case a name"), linked to the nearest control for it, its field after. */
function ProblemItem(found: Problem, {has}: {has(id: string): boolean}): HTMLElement {
  const problem = problemInWords(found);
  const target = enclosingFields(problem.field)
    .map(fieldId)
    .find((id) => has(id));
  const said = problem.field ? problem.message : `The file: ${problem.message}`;
  return el(
    "li",
    {},
    target ? el("a", {"href": `#${target}`, "data-action": "focus-field", "data-target": target}, said) : said,
    problem.field ? el("span", {class: "muted"}, " (", el("code", {}, problem.field), ")") : null,
  );
}

const noOptions: DerivationOptions = {
  current: "the current guideline",
  candidate: null,
  authorsHref: "../authors",
  lineTexts: [],
  fileName: "new-case.md",
  has: () => false,
};

export function CaseDerivationPanel(view: EditorView, options: DerivationOptions = noOptions): HTMLElement {
  const {current, candidate} = view;
  // One score reads large; words (no score yet, or the rubric's gap) read as a sentence, the gap in the alarm colour.
  const shape = (derivation: CaseDerivation | null) =>
    !derivation ? " is-words" : derivation.score === null ? " is-words is-open" : "";
  return el(
    "aside",
    {"class": "case-derivation", "aria-labelledby": "case-derivation-title"},
    el("h2", {id: "case-derivation-title", class: "visually-hidden"}, "What the engine derives"),
    el(
      "div",
      {class: "case-score-card"},
      el(
        "div",
        {class: "case-score-main"},
        el("label", {for: "case-derived-score"}, "Derived score"),
        el("span", {class: "case-score-under"}, ` under ${options.current}`),
        el("output", {id: "case-derived-score", class: `case-score${shape(current)}`}, view.scoreText),
      ),
      options.candidate
        ? el(
            "div",
            {class: "case-score-candidate"},
            el("label", {for: "case-candidate-score"}, "Candidate's derived score"),
            el("span", {class: "case-score-under"}, ` under ${options.candidate}`),
            el(
              "output",
              {id: "case-candidate-score", class: `case-score${shape(candidate)}`},
              candidate?.scoreText ?? "—",
            ),
          )
        : null,
      el(
        "div",
        {class: "case-download"},
        el(
          "button",
          {
            "type": "button",
            "class": "button",
            "data-action": "download",
            "aria-disabled": view.downloadable ? null : "true",
            "aria-describedby": "case-download-state",
          },
          "Download case file",
        ),
        el(
          "p",
          {id: "case-download-state", class: "case-hint"},
          view.downloadable ? `Saves ${options.fileName}.` : `${view.problems.length} to fix first: see below.`,
        ),
      ),
    ),
    current
      ? el(
          "section",
          {"class": "case-derived", "aria-labelledby": "case-current-title"},
          el("h3", {id: "case-current-title"}, `Under ${options.current}, the current guideline`),
          Rows(current),
          Trace(current, {label: "The trace: each line's verdict", lineTexts: options.lineTexts}),
        )
      : null,
    candidate
      ? el(
          "section",
          {"class": "case-derived", "aria-labelledby": "case-candidate-title"},
          el("h3", {id: "case-candidate-title"}, `Under the candidate, ${options.candidate}`),
          Rows(candidate),
          Trace(candidate, {label: "The candidate's trace", lineTexts: options.lineTexts}),
        )
      : el(
          "p",
          {class: "muted case-no-candidate"},
          "No candidate to compare: choose another version or change a parameter on ",
          el("a", {href: options.authorsHref}, "the authors' page"),
          ", then follow its link back here.",
        ),
    el(
      "section",
      {"class": "case-problems", "aria-labelledby": "case-problems-title", "id": "case-problems", "tabindex": -1},
      el(
        "h3",
        {id: "case-problems-title"},
        view.problems.length ? `To fix before the download (${view.problems.length})` : "Nothing to fix",
      ),
      view.problems.length
        ? el(
            "ul",
            {},
            view.problems.map((problem) => ProblemItem(problem, options)),
          )
        : null,
      view.warnings.length
        ? [
            el("h3", {class: "case-warnings-title"}, "Worth knowing"),
            el(
              "ul",
              {class: "case-warnings"},
              view.warnings.map((problem) => ProblemItem(problem, options)),
            ),
          ]
        : null,
    ),
  );
}
