// Writing a candidate as a new guideline version from its base's two files, with the `changes:` in words. The YAML is
// edited in place, so the base's comments and layout stay.
import {isMap, isScalar, isSeq, parseDocument, visit, type Document, type Node} from "yaml";
import type {Assignment} from "../engine/parameters.js";
import {formatChange, type RuleChange} from "./rule-changes.js";
import {checkNewVersion, VersionWriteError} from "./version-name.js";
import {isQuotedFrom} from "../trainee/rule-sentence.js";
import {yamlWriting} from "../text/yaml-writing.js";

export interface VersionSources {
  version: string;
  guideline: string;
  logic: string;
}

export interface VersionChange {
  words: string;
  /** As `--set` and the address spell it: `numbers.ceiling-needs-one=partly`. */
  setting?: string;
  rule?: string;
}

export interface NewVersion {
  base: VersionSources;
  version: string;
  /** A released version is never written over. */
  versions: readonly string[];
  parameters: readonly Assignment[];
  changes: readonly RuleChange[];
  /** In the same order (parameters first). */
  words: readonly string[];
  /** A text equal to the base's is no change. */
  texts?: ReadonlyMap<string, string>;
  /** To say which rule's text was reworded. */
  titles: ReadonlyMap<string, string>;
}

function indexOf(document: Document, path: readonly (string | number)[], key: string, value: string): number {
  const seq = document.getIn(path, true);
  if (!isSeq(seq)) return -1;
  return seq.items.findIndex((item) => isMap(item) && item.get(key) === value);
}

function required(at: number, what: string): number {
  if (at < 0) throw new VersionWriteError(`the base has no ${what}`);
  return at;
}

/** A string whose node is a block scalar in the base stays one: a long text reads as the base's did. */
function setText(document: Document, path: readonly (string | number)[], text: string): void {
  const node = document.getIn(path, true);
  if (isScalar(node)) node.value = text;
  else document.setIn(path, text);
}

function editLogic(document: Document, {parameters, changes}: NewVersion): void {
  for (const {name, value} of parameters)
    document.setIn(
      ["parameters", required(indexOf(document, ["parameters"], "name", name), `parameter ${name}`), "value"],
      value,
    );
  for (const change of changes) {
    if (change.kind === "threshold") {
      const row = required(indexOf(document, ["rubric", "rows"], "id", change.row), `rubric row ${change.row}`);
      document.setIn(["rubric", "rows", row, "threshold", "value"], change.value);
      continue;
    }
    const rule = required(indexOf(document, ["rules"], "id", change.rule), `rule ${change.rule}`);
    const clausePath = ["rules", rule, "clauses"];
    const clause = required(indexOf(document, clausePath, "id", change.clause), `clause ${formatChange(change)}`);
    const at = [...clausePath, clause];
    if (change.kind === "verdict") {
      document.setIn([...at, "verdict"], change.verdict);
      document.deleteIn([...at, "open"]);
    } else if (change.flag === null) document.deleteIn([...at, "flag"]);
    else document.setIn([...at, "flag"], change.flag);
  }
}

/** Drops each clause sentence of a reworded rule that its new text no longer holds: the clause cites the whole text. */
function dropUnquoted(document: Document, rule: string, text: string): string[] {
  const at = indexOf(document, ["rules"], "id", rule);
  const clauses = document.getIn(["rules", at, "clauses"], true);
  if (at < 0 || !isSeq(clauses)) return [];
  const dropped: string[] = [];
  clauses.items.forEach((clause, index) => {
    if (!isMap(clause)) return;
    const sentence: unknown = document.getIn(["rules", at, "clauses", index, "sentence"]);
    if (typeof sentence === "string" && !isQuotedFrom(sentence, text)) {
      document.deleteIn(["rules", at, "clauses", index, "sentence"]);
      dropped.push(String(clause.get("id")));
    }
  });
  return dropped;
}

function editGuideline(document: Document, input: NewVersion, logic: Document): VersionChange[] {
  const reworded: VersionChange[] = [];
  for (const [rule, text] of input.texts ?? []) {
    const at = required(indexOf(document, ["rules"], "id", rule), `rule ${rule}`);
    // A rule with no words fails the guideline's check: refused here, where the author can still write them.
    if (text.trim() === "")
      throw new VersionWriteError(
        `${input.titles.get(rule) ?? rule}: its text is empty: write the rule's words, or leave them as they were`,
      );
    const before: unknown = document.getIn(["rules", at, "text"]);
    if (typeof before === "string" && before.trim() === text.trim()) continue;
    setText(document, ["rules", at, "text"], text.trim());
    // The reworded text is the author's: a marker that the case study does not give it no longer applies.
    const fields: unknown = document.getIn(["rules", at, "reconstructed", "fields"]);
    if (Array.isArray(fields) && fields.includes("title") && fields.includes("text"))
      document.setIn(["rules", at, "reconstructed", "fields"], ["title"]);
    else if (document.hasIn(["rules", at, "reconstructed"])) document.deleteIn(["rules", at, "reconstructed"]);
    const title = input.titles.get(rule) ?? rule;
    const dropped = dropUnquoted(logic, rule, text);
    reworded.push({
      words:
        `${title}: the rule's text reworded` +
        (dropped.length ? `; clauses ${dropped.join(", ")} now cite the whole text` : ""),
      rule,
    });
  }
  document.set("version", input.version);
  document.set("replaces", input.base.version);
  return reworded;
}

/** A file's opening comment: the document's own, or (as the parser reads a comment above the first key) that key's. */
function headerComment(document: Document): {get(): string; set(text: string): void} {
  const first = isMap(document.contents) ? document.contents.items[0]?.key : undefined;
  if (!document.commentBefore && first && isScalar(first) && first.commentBefore)
    return {get: () => first.commentBefore ?? "", set: (text) => (first.commentBefore = text)};
  return {get: () => document.commentBefore ?? "", set: (text) => (document.commentBefore = text)};
}

/**
 * The document with each alias (`*floor`) replaced by a copy of what it names and no anchors left: a clause's sentence
 * shared by an alias can then be read, changed or dropped on its own, and dropping the one that held the anchor leaves
 * no alias unresolved.
 */
function withoutAliases(document: Document): Document {
  visit(document, {Alias: (_, alias) => alias.resolve(document)?.clone() as Node | undefined});
  visit(document, {
    Node: (_, node) => {
      if ("anchor" in node && node.anchor) node.anchor = undefined;
    },
  });
  return document;
}

/** The new version's files, by path from the project's root, and its `changes:` in the order written. */
export function versionFiles(input: NewVersion): {files: {path: string; text: string}[]; changes: VersionChange[]} {
  checkNewVersion(input.version, input.versions);
  if (input.words.length !== input.parameters.length + input.changes.length)
    throw new Error("versionFiles: one wording for each parameter and each change, in order");
  const guideline = parseDocument(input.base.guideline);
  const logic = withoutAliases(parseDocument(input.base.logic));
  editLogic(logic, input);
  const settings = [
    ...input.parameters.map(({name, value}) => `${name}=${String(value)}`),
    ...input.changes.map(formatChange),
  ];
  const changes: VersionChange[] = [
    ...settings.map((setting, index) => ({words: input.words[index]!, setting})),
    ...editGuideline(guideline, input, logic),
  ];
  if (!changes.length)
    throw new VersionWriteError(
      `the candidate is ${input.base.version} unchanged: set a parameter, a clause or a row, or reword a rule, first`,
    );
  guideline.set("changes", changes);
  // The comments that name the base version name the new one.
  const header = headerComment(logic);
  header.set(header.get().replaceAll(`guideline ${input.base.version}`, `guideline ${input.version}`));
  const opening = headerComment(guideline);
  const written = ` Written from ${input.base.version} by the authors' preview: what changed is under changes: below.`;
  opening.set(opening.get() ? `${written}\n${opening.get()}` : written);
  const folder = `guideline/${input.version}`;
  return {
    files: [
      {path: `${folder}/guideline.yaml`, text: guideline.toString(yamlWriting)},
      {path: `${folder}/logic.yaml`, text: logic.toString(yamlWriting)},
    ],
    changes,
  };
}
