// Issue 31 item 2: the engine names nothing of any one guideline. Every rule id, fact name, parameter name, clause
// id, flag, rubric row id and row threshold of guideline/v2/logic.yaml is read off the file, and lib/engine/**
// must not hold one as a string literal or an identifier (comments aside). The engine's own vocabulary is not the
// guideline's: the verdicts (lib/authored/schemas/verdict.ts, the method's closed set) and the names the rubric's
// conditions read of a checklist's summary (lib/engine/logic.ts's summaryTypes) may share a word with a fact; and
// a one-word fact name ("word", "reading", "limit") is plain English, so only its quoted form counts.
import {readdirSync, readFileSync} from "node:fs";
import {join, relative, resolve} from "node:path";
import ts from "typescript";
import {describe, expect, it} from "vitest";
import {Verdict} from "../../../lib/authored/schemas/verdict.js";
import {summaryTypes} from "../../../lib/engine/logic.js";
import {loadGuideline} from "../../../lib/node/load.js";

const root = resolve(import.meta.dirname, "../../..");

/** Every name the case study's guideline declares in its logic. */
function guidelineNames(): Set<string> {
  const {logic} = loadGuideline("v2");
  const names = new Set<string>([...logic.flags, ...logic.parameters.map((parameter) => parameter.name)]);
  for (const rule of logic.rules) {
    names.add(rule.id);
    for (const fact of rule.facts) names.add(fact.name);
    for (const clause of rule.clauses) names.add(clause.id);
  }
  for (const row of logic.rubric.rows) {
    names.add(row.id);
    if (row.threshold) names.add(row.threshold.name);
  }
  if (logic.rubric.cap) names.add(logic.rubric.cap.id);
  for (const word of [...Verdict.options, ...summaryTypes.keys()]) names.delete(word);
  return names;
}

const files = (dir: string): string[] =>
  readdirSync(join(root, dir), {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));

/** The guideline's names a file holds: as a string literal, or as an identifier of more than one word. */
function namesIn(file: string, names: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard);
  scanner.setText(readFileSync(join(root, file), "utf8"));
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    const text = scanner.getTokenValue();
    if (token === ts.SyntaxKind.StringLiteral || token === ts.SyntaxKind.NoSubstitutionTemplateLiteral) {
      if (names.has(text)) found.add(`"${text}"`);
    } else if (token === ts.SyntaxKind.Identifier && /[A-Z]/.test(text) && names.has(text)) found.add(text);
  }
  return [...found];
}

describe("the guideline's names stay in guideline/", () => {
  it("lib/engine/ holds no rule, fact, parameter, clause, flag or rubric row of the case study's guideline", () => {
    const names = guidelineNames();
    // The file's own names are read: an empty list would pass anything.
    expect(names.has("numbers") && names.has("ceiling-needs-one") && names.has("counting")).toBe(true);
    const hits = files("lib/engine").flatMap((file) => namesIn(file, names).map((name) => `${file}: ${name}`));
    expect(hits).toEqual([]);
  });
});
