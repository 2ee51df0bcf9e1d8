// The core of `npm run guideline:preview`: what the command prints (as data, which --json prints as is) and its lines
// for a terminal. A new section is one more field here and one more block in previewLines.
import {describeFinding} from "./completeness-words.js";
import {completeness, type Finding} from "./completeness.js";
import {itemLabel} from "../site/links.js";
import {dependence, type Dependence} from "./dependence.js";
import {ruleSetOf} from "../engine/derive.js";
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Item} from "../authored/schemas/item.js";
import {plural} from "../text/format.js";
import {overridesOf, type Assignment, type ParameterDomain} from "../engine/parameters.js";
import type {CheckReport} from "./check.node.js";
import {formatProblem} from "../authored/problems.js";
import {caseProblemInWords} from "../authored/problem-words.js";
import {contradictsRuling} from "../engine/derive.js";
import {
  decisionOf,
  prepareBase,
  previewFrom,
  reasonNames,
  reasonText,
  reruledConsequence,
  reruledWords,
  type LineDecision,
  type MovedItem,
  type Outcome,
  type Preview,
} from "./preview.js";
import type {Score} from "../authored/schemas/verdict.js";
import {versionDiff, versionDiffLines, type VersionDiff} from "./version-diff.js";
import {formatChange, thresholdKey, type RuleChange} from "./rule-changes.js";
import {describeCandidate, isChanged, withChanges} from "./candidate-choice.js";
import {ruleChangeWords} from "./rule-change-words.js";
import {ruleNamesInList} from "../engine/labels.js";

export interface PreviewInput {
  items: readonly Item[];
  base: Guideline;
  /** The base itself when only parameters change. */
  candidate: Guideline;
  /** On top of the candidate's own. */
  set: readonly Assignment[];
  /** On top of the candidate's own (none when left out). */
  changes?: readonly RuleChange[];
  /** The base's parameters' domains. */
  domains: readonly ParameterDomain[];
  /** The candidate version's own, where it is another version (`--candidate v1`); the base's when left out. */
  candidateDomains?: readonly ParameterDomain[];
}

export interface PreviewReport {
  base: string;
  candidate: {
    version: string;
    set: Assignment[];
    /** Each as `--set` spells it and in words. */
    changes: {setting: string; words: string}[];
    description: string;
  };
  /** Before what moves. */
  differs: VersionDiff;
  itemCount: number;
  moved: Preview["moved"];
  /** Their scores stay; a line's ruling does not, so guideline:check would fail on them. */
  reruled: Preview["reruled"];
  unsettled: Preview["unsettled"];
  uncited: Preview["uncited"];
  distribution: Preview["distribution"];
  /** With how many there were before. */
  coverage: {score: Score; before: number; items: {id: string; label: string}[]}[];
  workedExamples: Preview["workedExamples"];
  /** Under the base's parameters and the candidate's. */
  completeness: {
    shapes: number;
    base: (Finding & {text: string})[];
    candidate: (Finding & {text: string})[];
  };
  /** Under the base: the untested ones move none. */
  dependence: DependenceReport;
  /** The same under the candidate, when it is not the base as it is (the authors' page shows both); else null. */
  candidateDependence: DependenceReport | null;
}

export interface DependenceReport {
  parameters: {name: string; moved: string[]}[];
  rules: {rule: string; moved: string[]}[];
  /** By row id. */
  thresholds: {row: string; moved: string[]}[];
  untested: Dependence["untested"];
}

const dependenceReport = (found: Dependence): DependenceReport => ({
  parameters: found.parameters.map(({name, moved}) => ({name, moved})),
  rules: found.rules.map(({rule, moved}) => ({rule, moved})),
  thresholds: found.thresholds.map(({row, moved}) => ({row, moved})),
  untested: found.untested,
});

export function previewReport({
  items,
  base,
  candidate: version,
  set,
  changes = [],
  domains,
  candidateDomains = domains,
}: PreviewInput): PreviewReport {
  const titles = ruleNamesInList(version);
  const changed = changes.map((change) => ({
    setting: formatChange(change),
    words: ruleChangeWords(change, {logic: version.logic, titles}),
  }));
  const candidate = withChanges(version, changes);
  const prepared = prepareBase(items, ruleSetOf(base));
  const candidateRuleSet = ruleSetOf(candidate, overridesOf(set));
  const result = previewFrom(prepared, candidateRuleSet);
  const choice = {base: base.version, candidate: candidate.version, set: [...set], changes};
  const found = dependence(prepared, domains);
  const baseCompleteness = completeness(prepared.ruleSet);
  const candidateParameters = candidateRuleSet.parameters;
  const withText = (findings: Finding[]) => findings.map((finding) => ({...finding, text: describeFinding(finding)}));
  return {
    base: base.version,
    candidate: {
      version: candidate.version,
      set: [...set],
      changes: changed,
      description: describeCandidate(
        choice,
        candidate.logic,
        changed.map((change) => change.words),
      ),
    },
    differs: versionDiff(base, candidate, candidateParameters),
    itemCount: result.itemCount,
    moved: result.moved,
    reruled: result.reruled,
    unsettled: result.unsettled,
    uncited: result.uncited,
    distribution: result.distribution,
    coverage: result.coverage.after.map((row, index) => ({
      score: row.score,
      before: result.coverage.before[index]!.items.length,
      items: row.items.map((item) => ({id: item.id, label: itemLabel(item)})),
    })),
    workedExamples: result.workedExamples,
    completeness: {
      shapes: baseCompleteness.shapes,
      base: withText(baseCompleteness.findings),
      candidate: withText(completeness(candidateRuleSet).findings),
    },
    dependence: dependenceReport(found),
    candidateDependence: isChanged(choice)
      ? dependenceReport(dependence(prepareBase(items, candidateRuleSet), candidateDomains))
      : null,
  };
}

const scores = (outcome: Pick<Outcome, "candidates">): string =>
  outcome.candidates.length ? outcome.candidates.join(" or ") : "no score";

const decision = ({verdict, clause, verdicts, ruled}: LineDecision): string =>
  !ruled
    ? "undecided (no rule)"
    : verdict === null
      ? `${verdicts.join(" or ")} [${clause ?? "open"}]`
      : `${verdict} [${clause}]`;

function movedLines(item: MovedItem, width: number, names: {base: string; candidate: string}): string[] {
  const head = `  ${item.id.padEnd(width)}  ${scores(item.from)} -> ${scores(item.to)}`;
  const reason = `      ${item.lines.length ? "" : "no checklist line changed; "}${reasonText(item.reason, names)}`;
  return [
    head,
    ...item.lines.map(
      (line) => `      ${lineName(line.index)} ${line.rule}: ${decision(line.from)} -> ${decision(line.to)}`,
    ),
    reason,
  ];
}

/**
 * After `--write vN`: what `guideline:check` finds under vN, the version as written (`check`, its report), in the
 * preview's words: each item whose file it rules otherwise (a score, or a line's ruling where the score stays, on a
 * line whose rule `ruleIds` holds), to rule again, and any other problem as guideline:check prints it; or that it
 * passes. Read from the check itself, not from what moved since the newest version: that version may already disagree
 * with the files.
 */
export function writtenVersionLines(
  check: Pick<CheckReport, "results" | "problems">,
  version: string,
  ruleIds: ReadonlySet<string>,
): string[] {
  if (!check.problems.length) return [`every item's file agrees with ${version}: guideline:check passes`];
  const scored = check.results.filter((result) => result.derivedScore !== result.ruledScore);
  const reruled = check.results
    .filter((result) => result.derivedScore === result.ruledScore)
    .map((result) => ({
      id: result.id,
      lines: result.derivation.lines
        .filter((line) => contradictsRuling(line, ruleIds))
        .map((line) => ({index: line.index, rule: line.rule, ruled: line.ruled, to: decisionOf(line, true)})),
    }))
    .filter((item) => item.lines.length);
  const listed = new Set([...scored, ...reruled].map((item) => item.id));
  const others = check.problems.filter(
    (problem) => !check.results.some((r) => listed.has(r.id) && r.file === problem.file),
  );
  const counts = [
    ...(scored.length ? [`${plural(scored.length, "item scores", "items score")} otherwise`] : []),
    ...(reruled.length ? [reruledWords(reruled.length)] : []),
  ].join(", and ");
  const width = Math.max(0, ...[...scored, ...reruled].map((item) => item.id.length));
  return [
    ...(counts
      ? [`under ${version}, ${counts}: guideline:check fails on each until its file and ${version} agree:`]
      : []),
    ...scored.map(
      (result) =>
        `  ${result.id.padEnd(width)}  score ${result.ruledScore} -> ${scores(result)}` +
        (result.candidates.length === 1 ? "" : ` (no single score: ${version}'s logic must give it one)`),
    ),
    ...reruledLines(reruled, width),
    ...(others.length
      ? [
          `under ${version}, guideline:check also finds:`,
          ...others.map((p) => `  ${formatProblem(caseProblemInWords(p))}`),
        ]
      : []),
  ];
}

/** Each line a case keeps its score but not its ruling on, one a row: the case, the line, ruled → the candidate's. */
const reruledLines = (reruled: readonly Pick<PreviewReport["reruled"][number], "id" | "lines">[], width: number) =>
  reruled.flatMap((item) =>
    item.lines.map(
      ({index, rule, ruled, to}) =>
        `  ${item.id.padEnd(width)}  ${lineName(index)} ${rule}: ruled ${ruled} -> ${decision(to)}`,
    ),
  );

/** A checklist line as guideline:check numbers it, from 1 ("Line 3"); the JSON keeps the index from 0. */
const lineName = (index: number): string => `line ${index + 1}`;

/** The report for a terminal: moved items, items with no single score, coverage, and what the examples do not test. */
export function previewLines(report: PreviewReport): string[] {
  const lines: string[] = [
    `base ${report.base}, candidate ${report.candidate.description}: ${plural(report.itemCount, "item")}`,
    "",
    ...versionDiffLines(report.differs, report.candidate.description),
    "",
  ];
  const width = Math.max(
    0,
    ...[...report.moved, ...report.reruled, ...report.unsettled, ...report.uncited].map((item) => item.id.length),
  );

  lines.push(
    report.moved.length
      ? `moved (${plural(report.moved.length, "item")}): id, from -> to, the lines that changed`
      : "moved: none",
  );
  const names = reasonNames(report.base);
  for (const item of report.moved) lines.push(...movedLines(item, width, names));
  lines.push("");

  if (report.reruled.length) {
    lines.push(`${reruledWords(report.reruled.length)}: the candidate decides these otherwise; ${reruledConsequence}`);
    lines.push(...reruledLines(report.reruled, width));
    lines.push("");
  }

  lines.push(
    report.unsettled.length
      ? `no single score under the candidate (${plural(report.unsettled.length, "item")}): id, candidate scores`
      : "no single score under the candidate: none, every item has exactly one",
  );
  for (const item of report.unsettled)
    lines.push(
      `  ${item.id.padEnd(width)}  ${scores(item)}  ` +
        (item.alreadyUnsettled ? "(already under the base)" : `(was ${scores(item.before)})`),
    );
  lines.push("");

  lines.push(
    report.uncited.length
      ? `scored with no rule a trainee could cite (${plural(report.uncited.length, "item")}): id, score, the lines`
      : "scored with no rule a trainee could cite: none",
  );
  for (const item of report.uncited)
    lines.push(
      `  ${item.id.padEnd(width)}  ${item.score ?? "no single score"}  ` +
        item.lines.map((line) => `${lineName(line.index)} decided by unwritten rule ${line.rule}`).join("; ") +
        (item.alreadyUncited ? " (already under the base)" : ""),
    );
  lines.push("");

  lines.push("coverage: score, items before -> after, the items under the candidate");
  const none = report.distribution.after.find((row) => row.score === "none")!;
  const noneBefore = report.distribution.before.find((row) => row.score === "none")!;
  for (const row of report.coverage)
    lines.push(
      `  ${String(row.score).padEnd(4)} ${String(row.before).padStart(2)} -> ${String(row.items.length).padEnd(2)}  ` +
        (row.items.map((item) => item.id).join(", ") || "(no item)"),
    );
  lines.push(
    `  none ${String(noneBefore.count).padStart(2)} -> ${String(none.count).padEnd(2)}  ` +
      (report.unsettled.map((item) => item.id).join(", ") || "(no item)"),
  );
  const {lost, gained} = report.workedExamples;
  const missing = report.coverage
    .filter((row) => row.score !== "n/a" && row.items.length === 0)
    .map((row) => row.score);
  if (lost.length) lines.push(`  score ${lost.join(", ")} loses its last worked example`);
  if (gained.length) lines.push(`  score ${gained.join(", ")} gains a worked example`);
  lines.push(
    missing.length
      ? `  no worked example under the candidate for score ${missing.join(", ")}`
      : "  every score 1-5 keeps a worked example",
  );
  lines.push("");

  lines.push(`the rubric over every checklist shape (${report.completeness.shapes} shapes):`);
  for (const [label, findings] of [
    [`base ${report.base}`, report.completeness.base],
    [`candidate ${report.candidate.description}`, report.completeness.candidate],
  ] as const) {
    lines.push(`  ${label}: ${findings.length ? plural(findings.length, "finding") : "no gap, no cliff, monotone"}`);
    for (const finding of findings) lines.push(`    ${finding.text}`);
  }
  lines.push("");

  const untested = ({parameters, rules, thresholds}: Dependence["untested"]) => [
    `  parameters: ${parameters.join(", ") || "none, every parameter moves some item"}`,
    `  rubric thresholds: ${thresholds.map(thresholdKey).join(", ") || "none, every rubric threshold moves some item"}`,
    `  rules: ${rules.join(", ") || "none, every rule moves some item"}`,
  ];
  lines.push(`what the worked examples do not test under ${report.base} (changing it moves no item's score):`);
  lines.push(...untested(report.dependence.untested));
  if (report.candidateDependence) {
    lines.push(`and under the candidate, ${report.candidate.description}:`);
    lines.push(...untested(report.candidateDependence.untested));
  }
  return lines;
}
