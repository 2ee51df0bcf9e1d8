// guideline:check's static check of a version's logic: every condition parsed and type-checked against the names it
// may read (logic-scope.ts), sentences quoted from the rule's text, and each problem naming the file, the rule and
// clause (or row), the field and the fix.
import type {Guideline} from "../authored/schemas/guideline.js";
import type {GuidelineLogic, LogicParameter} from "../authored/schemas/logic.js";
import {logicCompleteness} from "./logic-completeness.js";
import {fieldPath, type Problem, type Report} from "../authored/problems.js";
import {parameterScope, ruleScope, rubricScope, verdictWords, type Scope} from "./logic-scope.js";
import {checkCondition, checkReference, quoted, type Expected, type Place} from "./logic-condition.js";
import {isQuotedFrom} from "../trainee/rule-sentence.js";

const verdictParameter = {
  what: "verdicts",
  accepts: (parameter: LogicParameter) =>
    parameter.type === "choice" && parameter.values.every((value) => verdictWords.includes(value)),
};
const scoreParameter = {
  what: "scores from 1 to 5",
  accepts: (parameter: LogicParameter) => parameter.type === "count" && parameter.min >= 1 && parameter.max <= 5,
};
const creditParameter = {
  what: "numbers from 0 to 1",
  accepts: (parameter: LogicParameter) =>
    (parameter.type === "number" || parameter.type === "count") && parameter.min >= 0 && parameter.max <= 1,
};

export interface LogicCheckInput {
  logic: GuidelineLogic;
  /** A sentence is quoted from it. */
  texts: ReadonlyMap<string, string>;
  file: string;
  textFile: string;
  /** A sentence quoted from one of them is warned about, not refused. */
  otherTexts?: ReadonlyMap<string, readonly string[]>;
  /** A sentence in none of the texts read may be its, so is warned about. */
  othersUnread?: boolean;
}

/** Without enumerating its facts (logic-completeness.ts does). */
export function checkLogic({
  logic,
  texts,
  file,
  textFile,
  otherTexts = new Map(),
  othersUnread = false,
}: LogicCheckInput): Report {
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const parameters = parameterScope(logic);
  const flagWords = [...logic.flags, ""];
  const verdictWord: Expected = {kind: "word", words: verdictWords, what: "a verdict"};
  const at = (path: PropertyKey[], owner: string, field: string): Place => ({path, owner, field});
  const condition = (expression: string, scope: Scope, expected: Expected, place: Place) =>
    problems.push(...checkCondition(expression, scope, expected, place, file));
  const reference = (value: string, allowed: typeof verdictParameter, place: Place) =>
    problems.push(...checkReference(value, logic.parameters, allowed, place, file));

  logic.rules.forEach((rule, ruleIndex) => {
    const scope = ruleScope(logic, rule);
    const path = ["rules", ruleIndex];
    const text = texts.get(rule.id);
    rule.facts.forEach((fact, factIndex) => {
      if (parameters.has(fact.name))
        problems.push({
          file,
          field: fieldPath([...path, "facts", factIndex, "name"]),
          message:
            `rule ${rule.id}, fact ${fact.name}: named like the parameter ${fact.name}, so a condition could not ` +
            "tell them apart: rename the fact",
        });
    });
    const quotedFrom = (sentence: string, place: Place) => {
      if (text === undefined || isQuotedFrom(sentence, text)) return;
      // Another version's words (v1 keeps v2's sentences where its own text is shorter): said, not refused.
      const elsewhere = othersUnread || (otherTexts.get(rule.id) ?? []).some((other) => isQuotedFrom(sentence, other));
      (elsewhere ? warnings : problems).push({
        file,
        field: fieldPath(place.path),
        message: elsewhere
          ? `${place.owner}, ${place.field}: "${sentence}" is another version's words, not in this rule's text in ` +
            `${textFile}: a trainee is shown the rule's whole text in its place`
          : `${place.owner}, ${place.field}: "${sentence}" is not quoted from the rule's text in ${textFile}: ` +
            "copy the sentence from the text exactly, or leave the sentence out",
      });
    };
    if (text === undefined && rule.clauses.some((clause) => clause.sentence))
      problems.push({
        file,
        field: fieldPath([...path, "id"]),
        message: `rule ${rule.id} has no text in ${textFile} to quote its sentences from: add the rule to ${textFile}`,
      });
    if (rule.sentences) {
      const fact = rule.facts.find((entry) => entry.name === rule.sentences!.fact);
      const place = at([...path, "sentences", "fact"], `rule ${rule.id}`, "sentences");
      if (!fact || fact.type !== "choice")
        problems.push({
          file,
          field: fieldPath(place.path),
          message: `rule ${rule.id}, sentences: "${rule.sentences.fact}" is not a choice fact of the rule: name one`,
        });
      for (const [value, sentence] of Object.entries(rule.sentences.values)) {
        if (fact?.type === "choice" && !fact.values.includes(value))
          problems.push({
            file,
            field: fieldPath([...path, "sentences", "values", value]),
            message:
              `rule ${rule.id}, sentences: "${value}" is not a value of ${fact.name}: ` +
              `expected one of ${quoted(fact.values)}`,
          });
        quotedFrom(
          sentence,
          at([...path, "sentences", "values", value], `rule ${rule.id}`, `the sentence for ${value}`),
        );
      }
    }
    const seen = new Set<string>();
    rule.clauses.forEach((clause, clauseIndex) => {
      const clausePath = [...path, "clauses", clauseIndex];
      const owner = `rule ${rule.id}, clause ${clause.id}`;
      if (seen.has(clause.id))
        problems.push({
          file,
          field: fieldPath([...clausePath, "id"]),
          message: `${owner}: a second clause with this id: give each clause of the rule its own id`,
        });
      seen.add(clause.id);
      if (clause.when !== undefined)
        condition(clause.when, scope, {kind: "bool"}, at([...clausePath, "when"], owner, "when"));
      if (typeof clause.engages === "string")
        condition(clause.engages, scope, {kind: "bool"}, at([...clausePath, "engages"], owner, "engages"));
      const verdict = clause.verdict;
      const verdictPlace = at([...clausePath, "verdict"], owner, "verdict");
      if (typeof verdict === "object")
        condition(verdict.cel, scope, verdictWord, {...verdictPlace, path: [...verdictPlace.path, "cel"]});
      else if (verdict.startsWith("$")) reference(verdict, verdictParameter, verdictPlace);
      const flag = clause.flag;
      if (typeof flag === "object")
        condition(
          flag.cel,
          scope,
          {kind: "word", words: flagWords, what: 'a flag or ""'},
          at([...clausePath, "flag", "cel"], owner, "flag"),
        );
      else if (flag !== undefined && !logic.flags.includes(flag))
        problems.push({
          file,
          field: fieldPath([...clausePath, "flag"]),
          message: `${owner}, flag: "${flag}" is not a declared flag: expected one of ${quoted(logic.flags)}`,
        });
      clause.open?.forEach((entry, entryIndex) => {
        const entryPath = [...clausePath, "open", entryIndex];
        condition(
          entry.when,
          parameters,
          {kind: "bool"},
          at([...entryPath, "when"], owner, `open[${entryIndex}].when`),
        );
        entry.verdicts.forEach((word, wordIndex) => {
          if (word.startsWith("$"))
            reference(word, verdictParameter, at([...entryPath, "verdicts", wordIndex], owner, `open[${entryIndex}]`));
        });
      });
      if (clause.sentence) quotedFrom(clause.sentence, at([...clausePath, "sentence"], owner, "sentence"));
    });
  });

  const rubric = rubricScope(logic);
  const rowIds = logic.rubric.rows.map((row) => row.id);
  logic.rubric.rows.forEach((row, rowIndex) => {
    const path = ["rubric", "rows", rowIndex];
    const owner = `rubric row ${row.id}`;
    condition(row.when, rubric, {kind: "bool"}, at([...path, "when"], owner, "when"));
    if (typeof row.score === "string" && row.score.startsWith("$"))
      reference(row.score, scoreParameter, at([...path, "score"], owner, "score"));
    row.open?.forEach((entry, entryIndex) => {
      condition(
        entry.when,
        rubric,
        {kind: "bool"},
        at([...path, "open", entryIndex, "when"], owner, `open[${entryIndex}].when`),
      );
      entry.rows.forEach((id, idIndex) => {
        if (!rowIds.includes(id))
          problems.push({
            file,
            field: fieldPath([...path, "open", entryIndex, "rows", idIndex]),
            message:
              `${owner}, open[${entryIndex}]: "${id}" is not a row of the rubric: ` +
              `expected one of ${quoted(rowIds)}`,
          });
      });
    });
  });
  const cap = logic.rubric.cap;
  if (cap) {
    const owner = `rubric cap ${cap.id}`;
    condition(cap.when, rubric, {kind: "bool"}, at(["rubric", "cap", "when"], owner, "when"));
    if (typeof cap.score === "string")
      reference(cap.score, scoreParameter, at(["rubric", "cap", "score"], owner, "score"));
  }
  for (const [verdict, credit] of Object.entries(logic.rubric.credit))
    if (typeof credit === "string")
      reference(credit, creditParameter, at(["rubric", "credit", verdict], `rubric credit for ${verdict}`, "credit"));
  return {problems, warnings};
}

/** What a version's rules say, for its sentences: its version and its rules' texts. */
export interface VersionTexts {
  version: string;
  rules: readonly {id: string; text: string}[];
  unwrittenRules?: readonly {id: string; text: string}[];
}

/**
 * The static check's input for a version: its logic, its rules' texts and, from `versions` (every version, or their
 * texts), the other versions' texts of each rule.
 */
export function versionLogicInput(
  guideline: VersionTexts & Pick<Guideline, "logic">,
  versions: readonly VersionTexts[] = [],
  othersUnread = false,
): LogicCheckInput {
  const textsOf = (version: VersionTexts) =>
    new Map([...version.rules, ...(version.unwrittenRules ?? [])].map((rule) => [rule.id, rule.text]));
  const otherTexts = new Map<string, string[]>();
  for (const other of versions)
    if (other.version !== guideline.version)
      for (const [id, text] of textsOf(other)) otherTexts.set(id, [...(otherTexts.get(id) ?? []), text]);
  return {
    logic: guideline.logic,
    texts: textsOf(guideline),
    file: `guideline/${guideline.version}/logic.yaml`,
    textFile: `guideline/${guideline.version}/guideline.yaml`,
    otherTexts,
    othersUnread,
  };
}

/**
 * A version's logic checked as guideline:check does: the static check, then, when it finds no problem, the
 * completeness of every rule and of the rubric (logic-completeness.ts). `versions`: every version, for the texts.
 */
export function checkVersionLogic(guideline: Guideline, versions: readonly Guideline[] = []): Report {
  const input = versionLogicInput(guideline, versions);
  const report = checkLogic(input);
  if (report.problems.length) return report;
  return {problems: logicCompleteness(guideline.logic, {file: input.file}).problems, warnings: report.warnings};
}
