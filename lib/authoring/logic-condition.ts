// One condition of a guideline's logic checked against the names it may read: parsed, names declared (a near name
// offered for a misspelt one), type-checked by CEL, words and results held to what their field allows.
import type {ASTNode} from "@marcbachmann/cel-js";
import type {LogicParameter} from "../authored/schemas/logic.js";
import {fieldPath, type Problem} from "../authored/problems.js";
import {environmentOf, namesRead, type Scope} from "./logic-scope.js";

export interface Place {
  path: PropertyKey[];
  /** "rule numbers, clause exact" or "rubric row all-met". */
  owner: string;
  field: string;
}

export type Expected = {kind: "bool"} | {kind: "word"; words: readonly string[]; what: string};

export const quoted = (words: readonly string[]) => words.map((word) => `"${word}"`).join(", ");

/** Within two edits, for "did you mean". */
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
