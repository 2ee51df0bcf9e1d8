// What differs between the base guideline and the candidate, before anything about what moves; the authors' page
// and `guideline:preview` show the same block.
import {diffWordsWithSpace} from "diff";
import type {Guideline} from "../authored/schemas/guideline.js";
import {
  parameterTitle,
  valueWords,
  type ParameterName,
  type ParameterSource,
  type ParameterValue,
} from "../engine/parameters.js";
import type {ParameterValues} from "../engine/logic.js";
import {plural} from "../text/format.js";
import {logicDifferences, nowWords, type LogicDifference} from "./rule-change-words.js";

export interface DiffPart {
  kind: "same" | "removed" | "added";
  text: string;
}

export interface ParameterDifference {
  name: ParameterName;
  /** Its id after. */
  title: string;
  from: ParameterValue;
  to: ParameterValue;
  fromWords: string;
  toWords: string;
}

export interface TextDifference {
  key: string;
  /** As the candidate has it ("Style and register", "Follows, minor flaw"). */
  title: string;
  baseTitle: string | null;
  /** Null where only the title differs. */
  parts: DiffPart[] | null;
}

export interface VersionDiff {
  base: string;
  candidate: string;
  parameters: ParameterDifference[];
  rules: TextDifference[];
  rubric: TextDifference[];
  onlyInBase: {id: string; title: string}[];
  onlyInCandidate: {id: string; title: string}[];
  logic: LogicDifference[];
}

/** One "same" stretch when they are equal. */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWordsWithSpace(before, after).map((change) => ({
    kind: change.added ? "added" : change.removed ? "removed" : "same",
    text: change.value,
  }));
}

function textDifference(
  key: string,
  [baseTitle, baseText]: [string, string],
  [title, text]: [string, string],
): TextDifference | null {
  if (baseTitle === title && baseText === text) return null;
  return {
    key,
    title,
    baseTitle: baseTitle === title ? null : baseTitle,
    parts: baseText === text ? null : wordDiff(baseText, text),
  };
}

/**
 * In the base's order; a parameter only one side declares has no value to compare with. Each side's value in its own
 * logic's words: a row threshold the candidate changes rewords its values, not the base's.
 */
export function parameterDifferences(
  base: ParameterValues,
  candidate: ParameterValues,
  logic: ParameterSource,
  baseLogic: ParameterSource = logic,
): ParameterDifference[] {
  return Object.entries(base).flatMap(([name, from]): ParameterDifference[] => {
    const to = candidate[name];
    if (to === undefined || to === from) return [];
    return [
      {
        name,
        title: parameterTitle(logic, name),
        from,
        to,
        fromWords: valueWords(baseLogic, name, from),
        toWords: valueWords(logic, name, to),
      },
    ];
  });
}

/** Its parameters as the candidate sets them. */
export function versionDiff(
  base: Guideline,
  candidate: Guideline,
  candidateParameters: ParameterValues = candidate.parameters,
): VersionDiff {
  const parameters = parameterDifferences(base.parameters, candidateParameters, candidate.logic, base.logic);
  const baseRules = new Map(base.rules.map((rule) => [rule.id, rule]));
  const candidateIds = new Set(candidate.rules.map((rule) => rule.id));
  const rules = candidate.rules.flatMap((rule) => {
    const before = baseRules.get(rule.id);
    const found = before && textDifference(rule.id, [before.title, before.text], [rule.title, rule.text]);
    return found ? [found] : [];
  });
  const baseRows = new Map(base.rubric.map((row) => [row.score, row]));
  const rubric = candidate.rubric.flatMap((row) => {
    const before = baseRows.get(row.score);
    const found =
      before && textDifference(String(row.score), [before.meaning, before.checklist], [row.meaning, row.checklist]);
    return found ? [found] : [];
  });
  const named = ({id, title}: {id: string; title: string}) => ({id, title});
  return {
    base: base.version,
    candidate: candidate.version,
    parameters,
    rules,
    rubric,
    onlyInBase: base.rules.filter((rule) => !candidateIds.has(rule.id)).map(named),
    onlyInCandidate: candidate.rules.filter((rule) => !baseRules.has(rule.id)).map(named),
    logic: logicDifferences(base, candidate, candidateParameters),
  };
}

/** Whether any rule's or row's words differ word by word (not its title alone): the page then says how they show. */
export const wordsDiffer = (diff: Pick<VersionDiff, "rules" | "rubric">): boolean =>
  [...diff.rules, ...diff.rubric].some((difference) => difference.parts !== null);

export const differsAtAll = (diff: VersionDiff): boolean =>
  diff.parameters.length +
    diff.rules.length +
    diff.rubric.length +
    diff.onlyInBase.length +
    diff.onlyInCandidate.length +
    diff.logic.length >
  0;

/** git's word-diff style: [-only in the base-]{+only in the candidate+}. */
export const diffText = (parts: readonly DiffPart[]): string =>
  parts
    .map((part) =>
      part.kind === "same" ? part.text : part.kind === "removed" ? `[-${part.text}-]` : `{+${part.text}+}`,
    )
    .join("");

const titled = (difference: TextDifference): string =>
  difference.baseTitle === null ? difference.title : `${difference.baseTitle} -> ${difference.title}`;

/** The block as lines for a terminal, headed "what differs". */
export function versionDiffLines(diff: VersionDiff, candidateLabel = diff.candidate): string[] {
  const lines = [`what differs, base ${diff.base} -> candidate ${candidateLabel}:`];
  if (!differsAtAll(diff)) return [...lines, "  nothing: the same parameters, rules and rubric"];
  lines.push(
    diff.parameters.length ? `  parameters (${diff.parameters.length}): base -> candidate` : "  parameters: the same",
  );
  for (const parameter of diff.parameters)
    lines.push(`    ${parameter.title}: ${parameter.fromWords} -> ${parameter.toWords}`);
  lines.push(
    diff.rules.length
      ? `  ${plural(diff.rules.length, "rule whose", "rules whose")} words differ ([-base-]{+candidate+}):`
      : "  rules: the same words",
  );
  for (const rule of diff.rules)
    lines.push(`    ${titled(rule)} (${rule.key})${rule.parts ? `: ${diffText(rule.parts)}` : ""}`);
  lines.push(
    diff.rubric.length
      ? `  ${plural(diff.rubric.length, "rubric row", "rubric rows")} that differ ([-base-]{+candidate+}):`
      : "  rubric: the same rows",
  );
  for (const row of diff.rubric)
    lines.push(`    row ${row.key}, ${titled(row)}${row.parts ? `: ${diffText(row.parts)}` : ""}`);
  const only = (list: VersionDiff["onlyInBase"]) =>
    list.map((rule) => `${rule.title} (${rule.id})`).join(", ") || "none";
  lines.push(
    diff.logic.length
      ? `  clauses and rubric rows (${diff.logic.length}) whose logic differs: base -> candidate`
      : "  clauses and rubric rows: the same logic",
  );
  for (const difference of diff.logic) lines.push(`    ${difference.words} (${difference.key})${nowWords(difference)}`);
  lines.push(`  rules only in ${diff.base}: ${only(diff.onlyInBase)}`);
  lines.push(`  rules only in ${candidateLabel}: ${only(diff.onlyInCandidate)}`);
  return lines;
}
