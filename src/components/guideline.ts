import type {Guideline, GuidelineRule} from "../lib/authored/schemas/guideline.js";
import type {CoverageRow} from "../lib/authoring/coverage.js";
import {itemLabel} from "../lib/site/links.js";
import {unwrittenLead} from "../lib/engine/labels.js";
import {reconstructionNotes, type ReconstructionNote} from "../lib/authored/reconstructed.js";
import {el, type Child} from "./dom.js";
import {Table, TableRow} from "./table.js";

/** How a version's view is placed on a page: the current one at the top level, an earlier one nested and prefixed. */
export interface GuidelineViewOptions {
  /** The level of the view's section headings (2 on its own page, 3 inside another section). */
  headingLevel?: 2 | 3;
  /** Prefixed to every id, so two versions on one page never share an anchor ("v1-"). */
  idPrefix?: string;
  /** The class of the view's root (the current version's is "guideline"). */
  className?: string;
  /** The class of the rubric's figure (the current version's is "rubric"). */
  rubricClassName?: string;
  /** Whether the view opens with the version's summary (its history); Part 3 says it in its version note instead. */
  summary?: boolean;
  /** The id the page's address names (lib/trainee/guideline-target.ts): that part is marked. */
  target?: string | null;
}

/** A part's anchor attributes: its id, prefixed, and its classes, with the mark when the address names it. */
type Anchor = (id: string, className?: string) => {id: string; class: string | undefined};

const anchorsOf =
  (idPrefix: string, target: string | null): Anchor =>
  (id, className) => {
    const prefixed = `${idPrefix}${id}`;
    const classes = [className, prefixed === target ? "is-target" : ""].filter(Boolean).join(" ");
    return {id: prefixed, class: classes || undefined};
  };

/** Marks the reconstructed parts of a version: each marker names its note, and the notes give each reason once. */
interface Marks {
  /** The marker for a part (by its key, see ReconstructedPart; any of its texts unless a field is named), or null
   *  when the case study gives its words. */
  marker: (key: string, field?: string) => Child;
  notes: ReconstructionNote[];
}

function marksOf(guideline: Guideline, idPrefix: string): Marks {
  const notes = reconstructionNotes(guideline);
  return {
    notes,
    marker: (key, field) => {
      const note = notes.find((candidate) =>
        candidate.parts.some((entry) => entry.key === key && (!field || entry.fields.includes(field))),
      );
      return note
        ? [
            " ",
            el(
              "a",
              {class: "reconstructed", href: `#${idPrefix}reconstructed-${note.number}`},
              `Reconstructed (note ${note.number})`,
            ),
          ]
        : null;
    },
  };
}

function RuleEntry(rule: GuidelineRule, {anchor, marks}: {anchor: Anchor; marks: Marks}): HTMLElement {
  // A trainee reads the rule by its title: no id, no parameter (the authors' page shows those).
  return el(
    "li",
    anchor(`rule-${rule.id}`, "rule"),
    el("strong", {}, `${rule.title}. `),
    rule.text,
    marks.marker(`rule:${rule.id}`),
  );
}

/** Rules the author applied that the version does not state: scored by, but not citable. */
function UnwrittenRules(guideline: Guideline, heading: "h2" | "h3", anchor: Anchor): HTMLElement | null {
  const rules = guideline.unwrittenRules ?? [];
  if (!rules.length) return null;
  return el(
    "section",
    {class: "unwritten-rules"},
    el(heading, {}, "Applied but not written"),
    el(
      "p",
      {},
      "The author scored with this rule, but this version of the guideline does not state it, so a trainee has no " +
        "rule to cite for the lines it decides.",
    ),
    el(
      "ul",
      {class: "rules"},
      rules.map((rule) =>
        el(
          "li",
          anchor(`rule-${rule.id}`, "rule unwritten"),
          el("strong", {}, unwrittenLead),
          rule.text,
          el("div", {class: "rule-case-study"}, "The case study: ", el("q", {}, rule.caseStudy)),
          rule.note ? el("div", {class: "muted"}, rule.note) : null,
        ),
      ),
    ),
  );
}

/** The reasons for the reconstructed parts, each once, with the parts it covers. */
function ReconstructionNotes(marks: Marks, heading: "h2" | "h3", anchor: Anchor): HTMLElement | null {
  if (!marks.notes.length) return null;
  return el(
    "section",
    {class: "reconstruction-notes"},
    el(heading, {}, "Reconstructed parts"),
    el(
      "p",
      {},
      "The case study does not give these words for this version. The site wrote them so every case can be " +
        "scored under it; each note says why.",
    ),
    el(
      "ol",
      {},
      marks.notes.map((note) =>
        el(
          "li",
          anchor(`reconstructed-${note.number}`),
          el("strong", {}, `Note ${note.number}. `),
          el("span", {class: "muted"}, `${note.parts.map((part) => part.part).join(", ")}: `),
          note.because,
        ),
      ),
    ),
  );
}

/** A guideline version as its readers see it: what is not rated, the three steps with their rules, the rubric. */
export function GuidelineView(
  guideline: Guideline,
  {
    headingLevel = 2,
    idPrefix = "",
    className = "guideline",
    rubricClassName = "rubric",
    summary = true,
    target = null,
  }: GuidelineViewOptions = {},
): HTMLElement {
  const heading = headingLevel === 2 ? "h2" : "h3";
  const marks = marksOf(guideline, idPrefix);
  const anchor = anchorsOf(idPrefix, target);
  const byStep = (step: number) => guideline.rules.filter((rule) => rule.step === step);
  const rulesOf = (step: number) =>
    el(
      "ul",
      {class: "rules"},
      byStep(step).map((rule) => RuleEntry(rule, {anchor, marks})),
    );
  const [step1, step2, step3] = guideline.steps;
  const stepsMarker = marks.marker("steps", "steps");
  return el(
    "div",
    {"class": className, "data-version": guideline.version},
    summary ? el("p", {class: "muted"}, guideline.summary) : null,
    guideline.notRated
      ? el(
          "section",
          {},
          el(heading, {}, guideline.notRated.title),
          el("p", anchor("rule-not-rated"), guideline.notRated.text, marks.marker("notRated", "notRated")),
        )
      : null,
    el("section", {}, el(heading, {}, `Step 1: ${step1!.title}`, stepsMarker), rulesOf(1)),
    el("section", {}, el(heading, {}, `Step 2: ${step2!.title}`, stepsMarker), rulesOf(2)),
    el(
      "section",
      {},
      el(heading, {}, `Step 3: ${step3!.title}`, stepsMarker),
      RubricTable(guideline, {className: rubricClassName, marks}),
    ),
    UnwrittenRules(guideline, heading, anchor),
    ReconstructionNotes(marks, heading, anchor),
  );
}

export function RubricTable(
  guideline: Guideline,
  {className = "rubric", marks = marksOf(guideline, "")}: {className?: string; marks?: Marks} = {},
): HTMLElement {
  return el(
    "figure",
    {class: className},
    Table(
      {
        head: ["Score", "Meaning", "Checklist result"],
        rows: guideline.rubric.map((level) => {
          const key = `rubric:${level.score}`;
          return [
            String(level.score),
            [level.meaning, marks.marker(key, "meaning")],
            [level.checklist, marks.marker(key, "checklist")],
          ];
        }),
      },
      {rowHeaders: true},
    ),
    el("figcaption", {}, guideline.notApplicable, marks.marker("notApplicable", "notApplicable")),
  );
}

/** Which cases show each score: a trainee sees every level has a worked example. */
export function CoverageTable(rows: readonly CoverageRow[]): HTMLElement {
  return Table(
    {
      head: ["Score", "Where it is shown"],
      rows: rows.map((row) => {
        const tr = TableRow(
          [
            row.score === "n/a" ? "not applicable" : String(row.score),
            row.items.length
              ? row.items.map((item, index) => [index ? "; " : "", el("span", {title: item.title}, itemLabel(item))])
              : el("em", {}, "no worked example"),
          ],
          {rowHeader: true},
        );
        tr.dataset.score = String(row.score);
        return tr;
      }),
    },
    {className: "coverage"},
  );
}
