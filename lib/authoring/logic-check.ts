// guideline:check's static check of a version's logic: every condition parsed and type-checked against the names it
// may read (logic-scope.ts), sentences quoted from the rule's text, and each problem naming the file, the rule and
// clause (or row), the field and the fix.
import type {Guideline} from "../authored/schemas/guideline.js";
import type {GuidelineLogic, LogicParameter} from "../authored/schemas/logic.js";
import {logicCompleteness} from "./logic-completeness.js";
import {fieldPath, type Problem, type Report} from "../authored/problems.js";
import {
  parameterScope,
  ruleScope,
  rubricScope,
  verdictWords,
  type Scope,
  environmentOf,
  namesRead,
} from "./logic-scope.js";
import {isQuotedFrom} from "../trainee/rule-sentence.js";
import type {ASTNode} from "@marcbachmann/cel-js";

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

// One condition of a guideline's logic checked against the names it may read (logic-scope.ts): parsed, every name it
// reads declared (a near name offered for a misspelt one) and not a text fact, type-checked by CEL, a word compared
// with a choice that never holds it, a result that is not a yes/no or not one of the words its field allows; and a
// `$parameter` where a value is expected. Each problem names the file, the rule and clause (or row), the field and
// the fix. Used by logic-check.ts. Browser-safe, pure.
/** Where a condition sits, for its problem: the path in logic.yaml and the words that name it. */
export interface Place {
  path: PropertyKey[];
  /** "rule numbers, clause exact" or "rubric row all-met". */
  owner: string;
  field: string;
}

/** What a condition must come to: a yes/no, or one of a few words (a verdict; a flag or ""). */
export type Expected = {kind: "bool"} | {kind: "word"; words: readonly string[]; what: string};

export const quoted = (words: readonly string[]) => words.map((word) => `"${word}"`).join(", ");

/** Names within two edits of `name`, for "did you mean". */
export function near(name: string, names: Iterable<string>): string[] {
  const distance = (a: string, b: string): number => {
    const row = Array.from({length: b.length + 1}, (_, index) => index);
    for (let i = 1; i <= a.length; i++) {
      let diagonal = row[0]!;
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const above = row[j]!;
        row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
        diagonal = above;
      }
    }
    return row[b.length]!;
  };
  return [...names].filter((other) => distance(name.toLowerCase(), other.toLowerCase()) <= 2);
}

function scopeWords(scope: Scope): string {
  const facts = [...scope.values()].filter((entry) => entry.kind === "fact").map((entry) => entry.name);
  const summary = [...scope.values()].filter((entry) => entry.kind === "summary").map((entry) => entry.name);
  const parameters = [...scope.values()].filter((entry) => entry.kind === "parameter").map((entry) => entry.name);
  return [
    facts.length ? `a fact (${facts.join(", ")})` : "",
    summary.length ? `the checklist's summary (${summary.join(", ")})` : "",
    parameters.length ? `a parameter (${parameters.join(", ")})` : "",
  ]
    .filter(Boolean)
    .join(" or ");
}

type Node = {op: string; args: unknown};
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && "op" in value;
const wordOf = (node: unknown): string | null =>
  isNode(node) && node.op === "value" && typeof node.args === "string" ? node.args : null;
const nameOf = (node: unknown): string | null =>
  isNode(node) && node.op === "id" && typeof node.args === "string" ? node.args : null;

/** Every word compared with a name that holds a few words (bound == "ceilng", lapse in ["none", ...]). */
function comparedWords(ast: ASTNode, scope: Scope): {name: string; word: string; words: readonly string[]}[] {
  const found: {name: string; word: string; words: readonly string[]}[] = [];
  const compare = (name: string | null, word: string | null) => {
    const words = name === null ? undefined : scope.get(name)?.words;
    if (name !== null && word !== null && words && !words.includes(word)) found.push({name, word, words});
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isNode(node)) return;
    if ((node.op === "==" || node.op === "!=") && Array.isArray(node.args)) {
      const [left, right] = node.args as [unknown, unknown];
      compare(nameOf(left), wordOf(right));
      compare(nameOf(right), wordOf(left));
    }
    if (node.op === "in" && Array.isArray(node.args)) {
      const [left, right] = node.args as [unknown, unknown];
      if (isNode(right) && right.op === "list" && Array.isArray(right.args))
        for (const element of right.args) compare(nameOf(left), wordOf(element));
    }
    walk(node.args);
  };
  walk(ast);
  return found;
}

/** The words an expression can come to where they can be read off it: a word, or either branch of a ?:. */
function resultWords(node: unknown): string[] {
  if (!isNode(node)) return [];
  const word = wordOf(node);
  if (word !== null) return [word];
  if (node.op === "?:" && Array.isArray(node.args)) return [...resultWords(node.args[1]), ...resultWords(node.args[2])];
  return [];
}

/** Checks one condition; its problems, each at its place. */
export function checkCondition(
  expression: string,
  scope: Scope,
  expected: Expected,
  place: Place,
  file: string,
): Problem[] {
  const problem = (message: string): Problem => ({
    file,
    field: fieldPath(place.path),
    message: `${place.owner}, ${place.field}: ${message}`,
  });
  const environment = environmentOf(scope);
  let ast: ASTNode;
  try {
    ast = environment.parse(expression).ast;
  } catch (error) {
    const said = (error as {summary?: string}).summary ?? String(error);
    return [problem(`${said} in ${JSON.stringify(expression)}: write it in CEL, as bound == "ceiling" && limit > 0`)];
  }
  const problems: Problem[] = [];
  const read = namesRead(ast);
  for (const name of read) {
    const declared = scope.get(name);
    if (!declared) {
      const like = near(name, scope.keys());
      problems.push(
        problem(
          `unknown name "${name}"${like.length ? ` (did you mean ${like.join(" or ")}?)` : ""}: ` +
            `expected ${scopeWords(scope)}`,
        ),
      );
    } else if (declared.text)
      problems.push(
        problem(
          `reads the text fact "${name}": a condition may not read a text fact (its value is free text); ` +
            "add a yes/no or choice fact for what the clause needs",
        ),
      );
  }
  if (problems.length) return problems;
  const checked = environment.check(expression);
  if (!checked.valid) {
    const said = (checked.error as {summary?: string} | undefined)?.summary ?? checked.error?.message ?? "invalid";
    const kinds = [...read].map((name) => `${name} is ${scope.get(name)!.described}`).join("; ");
    return [
      problem(`a type mismatch: ${said}${kinds ? ` (${kinds})` : ""}: compare each name with a value of its kind`),
    ];
  }
  const type = checked.type ?? "dyn";
  const wanted = expected.kind === "bool" ? "bool" : "string";
  if (type !== wanted && type !== "dyn")
    problems.push(
      problem(
        `comes to a ${type}, not ${expected.kind === "bool" ? "a yes/no (bool)" : `a word (${expected.what})`}: ` +
          (expected.kind === "bool"
            ? "write a condition that is true or false"
            : `give one of ${quoted(expected.words)}`),
      ),
    );
  for (const {name, word, words} of comparedWords(ast, scope))
    problems.push(problem(`compares ${name} with "${word}", which it never holds: expected one of ${quoted(words)}`));
  if (expected.kind === "word")
    for (const word of resultWords(ast))
      if (!expected.words.includes(word))
        problems.push(
          problem(`gives "${word}", which is not ${expected.what}: expected one of ${quoted(expected.words)}`),
        );
  return problems;
}

/** A `$parameter` where a value is expected: it must name a parameter whose every value is allowed there. */
export function checkReference(
  reference: string,
  parameters: readonly LogicParameter[],
  allowed: {what: string; accepts: (parameter: LogicParameter) => boolean},
  place: Place,
  file: string,
): Problem[] {
  const name = reference.slice(1);
  const parameter = parameters.find((entry) => entry.name === name);
  const problem = (message: string): Problem => ({
    file,
    field: fieldPath(place.path),
    message: `${place.owner}, ${place.field}: ${message}`,
  });
  if (!parameter) {
    const like = near(
      name,
      parameters.map((entry) => entry.name),
    );
    return [
      problem(
        `${reference} names no parameter${like.length ? ` (did you mean $${like.join(" or $")}?)` : ""}: expected ` +
          `$ and one of ${parameters.map((entry) => entry.name).join(", ")}`,
      ),
    ];
  }
  return allowed.accepts(parameter)
    ? []
    : [problem(`${reference}'s values are not ${allowed.what}: name a parameter whose every value is ${allowed.what}`)];
}
