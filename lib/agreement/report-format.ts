// The cohort report in lines of text, as a person reads it (report-csv.ts has it as a spreadsheet takes it).
import type {WithInterval} from "./bootstrap.js";
import type {CohortReport, PhaseReport} from "./cohort-report.js";
import type {ItemSpread} from "./item-spread.js";
import {ruleTitle} from "./cohort-item.js";
import {
  alikeNamesWords,
  besideGuides,
  coefficientAdvice,
  differWords,
  fixed,
  guidesText,
  headlineReading,
  headlineSentence,
  mostDisagreementShown,
  mostShown,
  percent,
  resamplesUsed,
  signed,
  writtenChange,
} from "./cohort-words.js";
import type {Figure} from "./figure.js";
import {plural} from "../text/format.js";

export function describeFigure(f: Figure, show: (value: number) => string = fixed): string {
  return f.value === null ? `not computable (${f.reason})` : show(f.value);
}

/** An ordinal alpha with its interval, read against the guides (or a change, `signed`). */
function withInterval(
  f: WithInterval<Figure>,
  show: (value: number) => string = besideGuides,
  written: (value: number) => string = show,
): string {
  if (f.value === null) return describeFigure(f);
  const i = f.interval;
  if (!i) return `${written(f.value)} (no interval: ${f.intervalReason})`;
  const ends = `${show(i.low)} to ${show(i.high)}`;
  return `${written(f.value)} [${Math.round(i.level * 100)}% CI ${ends}, ${resamplesUsed(i)}]`;
}

const phaseTitle = {vague: "Before the guideline (vague phase)", guideline: "After the guideline (guideline phase)"};

/** Table cells: a value or "–", with each reason for a "–" listed once under the table. */
class Footnotes {
  readonly reasons = new Map<string, string>();
  cell(f: Figure, what: string, show: (value: number) => string = fixed): string {
    if (f.value !== null) return show(f.value);
    if (!this.reasons.has(f.reason)) this.reasons.set(f.reason, what);
    return "–";
  }
  lines(indent: string): string[] {
    return [...this.reasons].map(([reason, what]) => `${indent}– ${what}: not computable: ${reason}`);
  }
}

/** A cell's width in characters (code points): its length, unless it holds a surrogate pair. */
const width = (text: string): number => (/[\uD800-\uDBFF]/.test(text) ? [...text].length : text.length);

/** Rows in aligned columns. A loop, not Math.max(...rows): a cohort's raters are more than a call's arguments. */
function table(rows: readonly (readonly string[])[], indent: string, right: readonly boolean[]): string[] {
  const widths = rows[0]!.map(() => 0);
  for (const row of rows) row.forEach((cell, column) => (widths[column] = Math.max(widths[column]!, width(cell))));
  return rows.map(
    (row) =>
      indent +
      row
        .map((cell, column) => {
          const pad = " ".repeat(widths[column]! - width(cell));
          return right[column] ? pad + cell : cell + pad;
        })
        .join("  ")
        .trimEnd(),
  );
}

const countsText = (entry: ItemSpread): string =>
  Object.entries(entry.counts)
    .map(([score, count]) => `${score}:${count}`)
    .join(" ");

function phaseLines(phase: PhaseReport, top: number, titles: Readonly<Record<string, string>>): string[] {
  const lines = [
    `${phaseTitle[phase.phase]}: ${plural(phase.raters, "rater")}, ${plural(phase.items, "item")}, ` +
      plural(phase.ratings, "rating") +
      (phase.notApplicable ? ` (${phase.notApplicable} n/a)` : ""),
  ];
  if (!phase.ratings) return [...lines, "  no ratings in this phase"];
  const {alpha, ac2} = phase;
  lines.push(
    `  Krippendorff's alpha  ordinal ${withInterval(alpha.ordinal)}`,
    `                        interval ${describeFigure(alpha.interval)}  ratio ${describeFigure(alpha.ratio)}  ` +
      `nominal ${describeFigure(alpha.nominal)}`,
    `  Gwet's AC2            linear ${describeFigure(ac2.linear)}  quadratic ${describeFigure(ac2.quadratic)}  ` +
      `ordinal ${describeFigure(ac2.ordinal)}`,
    `  Gwet's AC1 ${describeFigure(phase.ac1)}   Fleiss' kappa ${describeFigure(phase.fleiss)}`,
    `  Raters agree: exactly ${describeFigure(phase.agreement.exact, percent)}, ` +
      `within one point ${describeFigure(phase.agreement.withinOne, percent)}`,
  );
  const most = mostDisagreementShown(phase, {top, every: "`--csv items`"});
  const worst = most.items;
  if (worst.length) {
    lines.push(
      "  Items with the most disagreement (the pairs of raters who differ; scores given):",
      ...(most.itemsNote ? [`    ${most.itemsNote}`] : []),
    );
    for (const entry of worst) {
      const split = entry.caseStudySplit ? `; the case study's split ${entry.caseStudySplit.join(" vs ")}` : "";
      lines.push(
        `    ${entry.item}  ${differWords(entry)}  ` + `(${countsText(entry)}; ruled ${entry.ruled}${split})`,
        `      rules its ruled checklist cites: ${entry.rules.map((rule) => ruleTitle(titles, rule)).join(", ")}`,
      );
    }
  }
  const {rules} = most;
  if (rules.length)
    lines.push(
      "  Rules whose items disagree most (the mean over the items whose ruled checklist cites the rule):",
      ...(most.rulesNote ? [`    ${most.rulesNote}`] : []),
      ...rules.map(
        (rule) =>
          `    ${ruleTitle(titles, rule.rule)}  ${describeFigure(rule.disagreement)}  ` +
          `(${plural(rule.items.length, "item")})`,
      ),
    );
  if (phase.raterAgreement.length) {
    const notes = new Footnotes();
    const rows = phase.raterAgreement.map((rater) => [
      rater.rater,
      String(rater.scored),
      notes.cell(rater.exact, "exact", percent),
      notes.cell(rater.withinOne, "within one", percent),
      notes.cell(rater.kappa.linear, "kappa"),
      notes.cell(rater.kappa.quadratic, "kappa"),
    ]);
    rows.unshift(["rater", "scored", "exact", "within one", "kappa lin", "kappa quad"]);
    lines.push("  Each rater against the ruled scores (Cohen's kappa over scores 1-5, linear and quadratic weights):");
    // One line at a time: push(...rows) would pass every rater as an argument, past the stack's limit.
    for (const line of table(rows, "    ", [false, true, true, true, true, true])) lines.push(line);
    for (const line of notes.lines("    ")) lines.push(line);
  }
  return lines;
}

/** The items rated in one phase only, apart from the headline: their names and their alpha. */
function onePhaseOnlyLines(report: CohortReport): string[] {
  const {only, metric} = report.headline;
  return (["vague", "guideline"] as const).map((phase) => {
    const when = phase === "vague" ? "before" : "after";
    const {items, alpha} = only[phase];
    if (!items.length) return `Rated ${when} the guideline only: no item`;
    return (
      `Rated ${when} the guideline only, apart from the headline: ${plural(items.length, "item")} ` +
      `(${items.join(", ")}), ${metric} alpha ${withInterval(alpha)}`
    );
  });
}

/** The report as lines of text. */
export function cohortLines(
  report: CohortReport,
  {top = mostShown, ruleTitles = {}}: {top?: number; ruleTitles?: Readonly<Record<string, string>>} = {},
): string[] {
  const {headline} = report;
  const alike = alikeNamesWords(report.alikeNames);
  const reading = headlineReading(headline);
  const lines = [
    `Cohort: ${plural(report.raters, "rater")}, ${plural(report.items, "item")}, ${plural(report.ratings, "rating")}`,
    ...(alike === null ? [] : [alike]),
    "",
    // The sentence and what to read from it: one paragraph, as the page shows them one under the other.
    reading ? `${headlineSentence(headline)} ${reading}` : headlineSentence(headline),
    "",
    // Fewer than two such items: the sentence above says why there is no headline, once.
    ...(headline.items.length < 2
      ? []
      : [
          `Headline: ${headline.metric} alpha on the ${plural(headline.items.length, "item")} rated both before and ` +
            `after the guideline (${headline.items.join(", ")})`,
          `  before the guideline ${withInterval(headline.before)}`,
          `  after the guideline ${withInterval(headline.after)}`,
          `  change ${withInterval(headline.change, signed, () => writtenChange(headline))}`,
        ]),
    ...onePhaseOnlyLines(report),
    guidesText,
    coefficientAdvice,
    "",
  ];
  for (const line of phaseLines(report.vague, top, ruleTitles)) lines.push(line);
  lines.push("");
  for (const line of phaseLines(report.guideline, top, ruleTitles)) lines.push(line);
  lines.push(
    "",
    ...report.notes,
    `Bootstrap: ${report.bootstrap.replicates} resamples of the items, seed ${report.bootstrap.seed}.`,
  );
  return lines;
}
