import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {parseItemFile} from "../../../lib/authored/item-file.js";
import {splitItemFile} from "../../../lib/authored/item-text.js";
import {AuthoredFileError} from "../../../lib/authored/problems.js";
import {authoredError} from "./helpers.js";
import {loadGuideline} from "../../../lib/node/load.js";

/** The current version's logic: items are held to the rules, facts and flags it declares. */
const logic = loadGuideline("v2").logic;

const read = (file: string): string => readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");

/** Parses a fixture that must be broken; returns its error message, one problem per line. */
function problemsOf(name: string): string {
  const file = `test/fixtures/items/broken/${name}.md`;
  return authoredError(() => parseItemFile(read(file), file, logic)).message;
}

describe("a valid item file", () => {
  const file = "test/fixtures/items/valid/good-item.md";
  it("parses, with the body sections in request and response and the schema's defaults", () => {
    const item = parseItemFile(read(file), file, logic);
    expect(item.request).toEqual({
      text: "Give me no more than two examples of irregular English verbs.",
      form: "quoted",
      language: "en",
    });
    expect(item.response.text).toBe("One example is go, whose past tense is went.");
    expect(item.checklist.map((line) => line.rule)).toEqual(["main-task", "numbers"]);
    expect([item.flags, item.notes, item.turns]).toEqual([[], [], []]);
  });
  it("splits front matter and sections, heading names lowercased", () => {
    const {frontMatter, sections} = splitItemFile(
      "---\nid: x\n---\n\n## Response Gloss\n\nline one\nline two\n\n## Request\n\nHi\n",
      "x.md",
    );
    expect(frontMatter).toEqual({id: "x"});
    expect([...sections]).toEqual([
      ["response gloss", "line one\nline two"],
      ["request", "Hi"],
    ]);
  });
  it("keeps a multi-line response as written", () => {
    const {sections} = splitItemFile("---\nid: x\n---\n## Response\n\n- one\n- two\n\nFun fact: three.\n", "x.md");
    expect(sections.get("response")).toBe("- one\n- two\n\nFun fact: three.");
  });
});

describe("a broken item file names the file, the field and what was expected", () => {
  it("missing field", () => {
    expect(problemsOf("missing-field")).toMatchInlineSnapshot(
      `"test/fixtures/items/broken/missing-field.md at set: Set: choose the set the case belongs to"`,
    );
  });
  it("unknown verdict", () => {
    expect(problemsOf("unknown-verdict")).toMatchInlineSnapshot(
      `"test/fixtures/items/broken/unknown-verdict.md at checklist[0].verdict: Line 1, its verdict: got "done": expected one of "met", "met-flaw", "partly", "not-met", "cannot-check", "not-instruction", "not-applicable""`,
    );
  });
  it("unknown rule id", () => {
    expect(problemsOf("unknown-rule")).toMatchInlineSnapshot(
      `"test/fixtures/items/broken/unknown-rule.md at checklist[1].rule: Line 2, its rule: unknown rule id "sizes": expected one of "main-task", "stated-constraints", "numbers", "size-words", "purpose", "style-register", "only-just", "clarifying-question", "main-task-partial", "conflicting", "refusal", "not-rated", "list-stated-only", "standing-instructions", "pasted-material""`,
    );
  });
  it("score out of range", () => {
    expect(problemsOf("score-out-of-range")).toMatchInlineSnapshot(
      `"test/fixtures/items/broken/score-out-of-range.md at score: Score: too big: expected number to be <=5, got 6"`,
    );
  });
  it("score that is neither 1-5 nor n/a", () => {
    expect(problemsOf("score-not-a-score")).toMatchInlineSnapshot(
      `"test/fixtures/items/broken/score-not-a-score.md at score: Score: expected number or "n/a", got "na""`,
    );
  });
  it("unknown field (a typo)", () => {
    expect(problemsOf("unknown-field")).toMatchInlineSnapshot(`
      "test/fixtures/items/broken/unknown-field.md at title: Title: give the case a name
      test/fixtures/items/broken/unknown-field.md at titel: unknown field: remove it or correct its name"
    `);
  });
  it("bad YAML: the first error only, with its line in the file", () => {
    expect(problemsOf("bad-yaml")).toMatchInlineSnapshot(
      `"test/fixtures/items/broken/bad-yaml.md: front matter is not valid YAML (line 16): Flow map in block collection must be sufficiently indented and end with a }"`,
    );
  });
  it("bad YAML by hand: a key given twice by its name, a tab, a key out of line, a missing space, each with its fix", () => {
    // Before, a key given twice said only the parser's "Map keys must be unique", naming no key.
    const good = read("test/fixtures/items/valid/good-item.md");
    const file = "data/items/good-item.md";
    const said = (from: string, to: string) => {
      expect(good).toContain(from);
      return authoredError(() => parseItemFile(good.replace(from, to), file, logic)).message;
    };
    const lineOf = (text: string) => good.slice(0, good.indexOf(text)).split("\n").length;
    const title = /^title: .*$/m.exec(good)![0];
    expect(said(title, `${title}\n${title}`)).toBe(
      `${file}: front matter is not valid YAML (line ${lineOf(title) + 1}): "title" is given twice in one mapping: ` +
        "keep one (Map keys must be unique)",
    );
    // Quoted, the key is named without its quotes.
    expect(said(title, `${title}\n"title": again`)).toContain(': "title" is given twice in one mapping: keep one');
    const rule = /^ {4}rule: numbers$/m.exec(good)![0];
    expect(said(rule, `\t${rule.trimStart()}`)).toBe(
      `${file}: front matter is not valid YAML (line ${lineOf(rule)}): a tab indents the line: indent with spaces ` +
        "(Tabs are not allowed as indentation)",
    );
    expect(said(rule, rule.slice(2))).toBe(
      `${file}: front matter is not valid YAML (line ${lineOf(rule)}): the key does not start where the other keys of ` +
        "its mapping start: line it up with them (All mapping items must start at the same column)",
    );
    expect(said(title, title.replace(": ", ":"))).toMatch(
      /^data\/items\/good-item\.md: front matter is not valid YAML \(line \d+\): a key needs ": " after it \(a colon, /,
    );
  });
  it("missing front matter", () => {
    expect(problemsOf("missing-front-matter")).toMatchInlineSnapshot(
      `"test/fixtures/items/broken/missing-front-matter.md: missing front matter: start the file with a --- line, the YAML fields, and another --- line"`,
    );
  });
  it("id not matching the file name", () => {
    expect(problemsOf("id-mismatch")).toMatchInlineSnapshot(
      `"test/fixtures/items/broken/id-mismatch.md at id: id "example-1" does not match the file name: set id: id-mismatch, or rename the file to example-1.md if no other file has that name"`,
    );
  });
  it("a copy of a case under the name a file manager gives it: no advice that would overwrite the original", () => {
    // "example-3 copy.md" holds example-3's id; its own name is no id, and example-3.md is the original.
    const source = read("data/items/example-3.md");
    expect(() => parseItemFile(source, "data/items/example-3 copy.md")).toThrow(
      'data/items/example-3 copy.md at id: id "example-3" does not match the file name: give the case an id of its ' +
        "own (a lowercase id like example-1) and name the file after it, or rename the file to example-3.md if no " +
        "other file has that name",
    );
  });
  it("facts of the wrong shape for the rule", () => {
    expect(problemsOf("wrong-facts")).toMatchInlineSnapshot(`
      "test/fixtures/items/broken/wrong-facts.md at checklist[1].facts.limit: Line 2, fact limit: expected number, got "two"
      test/fixtures/items/broken/wrong-facts.md at checklist[1].facts.delivered: Line 2, fact delivered: missing: expected number or "more-than-limit""
    `);
  });
  it("facts of another rule", () => {
    expect(problemsOf("facts-of-other-rule")).toMatchInlineSnapshot(`
      "test/fixtures/items/broken/facts-of-other-rule.md at checklist[1].facts.bound: Line 2, fact bound: missing: expected one of "ceiling", "floor", "exact"
      test/fixtures/items/broken/facts-of-other-rule.md at checklist[1].facts.limit: Line 2, fact limit: missing: expected number
      test/fixtures/items/broken/facts-of-other-rule.md at checklist[1].facts.delivered: Line 2, fact delivered: missing: expected number or "more-than-limit"
      test/fixtures/items/broken/facts-of-other-rule.md at checklist[1].facts.reading: Line 2, fact reading: unknown field: remove it or correct its name"
    `);
  });
  it("unknown section heading", () => {
    expect(problemsOf("unknown-section")).toMatchInlineSnapshot(`
      "test/fixtures/items/broken/unknown-section.md at ## answer: unknown section: expected one of "## request", "## request gloss", "## response", "## response gloss"
      test/fixtures/items/broken/unknown-section.md at response.text: Response: paste the response"
    `);
  });
  it("a section that appears twice", () => {
    expect(problemsOf("repeated-section")).toMatchInlineSnapshot(
      `"test/fixtures/items/broken/repeated-section.md at ## Response: this section appears twice: keep one"`,
    );
  });
  it("missing body section", () => {
    expect(problemsOf("missing-request-section")).toMatchInlineSnapshot(
      `"test/fixtures/items/broken/missing-request-section.md at request.text: Request: paste the request"`,
    );
  });
  it("more than one main task", () => {
    expect(problemsOf("two-main-lines")).toMatchInlineSnapshot(
      `"test/fixtures/items/broken/two-main-lines.md at checklist: Checklist: expected exactly one line with role "main", found 2"`,
    );
  });
  it("front matter that is not a mapping", () => {
    expect(() => parseItemFile("---\n- a\n- b\n---\n", "data/items/list.md")).toThrowErrorMatchingInlineSnapshot(
      `[AuthoredFileError: data/items/list.md: front matter must be a YAML mapping of fields]`,
    );
  });
  it("carries the problems as data, not only as text", () => {
    const error = authoredError(() => parseItemFile(read("test/fixtures/items/broken/unknown-verdict.md"), "x.md"));
    expect(error.problems.map(({file, field}) => ({file, field}))).toEqual([
      {file: "x.md", field: "checklist[0].verdict"},
    ]);
  });
});

describe("an item's text is held to the item file's limits before a parser sees it", () => {
  const file = "test/fixtures/items/valid/good-item.md";
  const good = read(file);
  const lineOf = (source: string): string => authoredError(() => parseItemFile(source, file, logic)).message;
  it("a 63 MB text (quotes the Markdown lexer would recurse into) is refused by its size", () => {
    expect(lineOf(`${good}\n${"> ".repeat(31_500_000)}x\n`)).toBe(
      `${file}: larger than 64 kB, the most an item file may hold: shorten it`,
    );
  });
  it("64,000 bytes of UTF-8 are read; one more byte is refused (é is two bytes)", () => {
    const padding = (bytes: number) => `\n${"a".repeat(bytes % 2)}${"é".repeat(Math.floor(bytes / 2))}\n`;
    const room = 64_000 - new TextEncoder().encode(good).byteLength - 2;
    expect(parseItemFile(good + padding(room), file, logic).response.text).toMatch(/é$/);
    expect(lineOf(good + padding(room) + "x")).toBe(
      `${file}: larger than 64 kB, the most an item file may hold: shorten it`,
    );
  });
  it("a NUL byte is refused with its line", () => {
    expect(lineOf(good.replace("One example is go", "One example is\0 go"))).toBe(
      `${file}: holds a NUL byte (line ${good.split("\n").findIndex((line) => line.startsWith("One example")) + 1}): remove it`,
    );
  });
});

describe("the Step-1 and fidelity fields of an item", () => {
  const file = "test/fixtures/items/valid/good-item.md";
  const good = read(file);
  /** The valid fixture with one edit, parsed; returns its problems, one per line. */
  const problemsWith = (from: string, to: string): string => {
    if (!good.includes(from)) throw new Error(`the fixture has no "${from}"`);
    try {
      parseItemFile(good.replace(from, to), file, logic);
    } catch (error) {
      // Every problem is in this file; keep the field and the message.
      if (error instanceof AuthoredFileError) return error.message.replaceAll(`${file} at `, "");
      throw error;
    }
    return "";
  };
  const main = "    quote: examples of irregular English verbs\n";

  it("a quote that is not in the request as whole words", () => {
    expect(problemsWith("quote: no more than two", "quote: no more than three")).toMatchInlineSnapshot(
      `"checklist[1].quote: Line 2, its words in the request: "no more than three" is not in the request as whole words: copy the words exactly"`,
    );
    expect(problemsWith("quote: no more than two", "quote: o more than two")).toMatchInlineSnapshot(
      `"checklist[1].quote: Line 2, its words in the request: "o more than two" is not in the request as whole words: copy the words exactly"`,
    );
    // Quoted as lib/text/quote-text.ts quotes what someone wrote: a right-to-left override is escaped, never printed
    // raw.
    expect(problemsWith("quote: no more than two", "quote: no more than\u202E two")).toBe(
      'checklist[1].quote: Line 2, its words in the request: "no more than\\u{202E} two" is not in the request as whole words: copy the words exactly',
    );
  });
  it("one stretch of a main task's quote list that is not in the request", () => {
    expect(problemsWith(main, "    quote: [Give me, examples of verbs]\n")).toMatchInlineSnapshot(
      `"checklist[0].quote[1]: Line 1, its words in the request: "examples of verbs" is not in the request as whole words: copy the words exactly"`,
    );
  });
  it("a quote in an earlier turn the item does not have", () => {
    expect(problemsWith(main, main + "    quoteIn: turn-1\n")).toMatchInlineSnapshot(
      `"checklist[0].quoteIn: Line 1, where its words are: "turn-1" is no quoted turn of the user's: expected "request" or turn-N of one"`,
    );
  });
  it("a ruled line with no words and no reason", () => {
    expect(problemsWith(main, "")).toMatchInlineSnapshot(
      `"checklist[0].quote: Line 1, its words in the request: a ruled line of a quoted request needs its words, or unquoted: <why none>"`,
    );
    expect(problemsWith(main, "    unquoted: the fixture says why\n")).toBe("");
  });
  it("a candidate with no note", () => {
    const candidate = [
      "  - role: candidate",
      "    text: Exactly two",
      "    rule: list-stated-only",
      "    facts: {}",
      "    verdict: not-instruction",
      "",
    ].join("\n");
    expect(problemsWith("score: 5\n", `${candidate}score: 5\n`)).toMatchInlineSnapshot(
      `"checklist[2].note: Line 3, its note: a candidate needs a note saying why it is not on the checklist"`,
    );
  });
  it("a because on a line the case study states", () => {
    expect(problemsWith(main, main + "    because: the site reads it in\n")).toMatchInlineSnapshot(
      `"checklist[0].because: Line 1, why it is read in: because explains an inferred line: set source: inferred, or remove because"`,
    );
    expect(problemsWith(main, main + "    source: inferred\n    because: the site reads it in\n")).toBe("");
  });
  it("a likely wrong score that is the ruled score", () => {
    expect(
      problemsWith("score: 5\n", "score: 5\nnotes:\n  - {label: Why not 5, text: x, score: 5}\n"),
    ).toMatchInlineSnapshot(
      `"notes[0].score: Note 1 on a likely wrong score, its score: the ruled score is 5: a note's score is a likely wrong one"`,
    );
  });
  it("a note that answers no note on a score, or answers one and has a score of its own", () => {
    const notes = "score: 5\nnotes:\n  - {label: Why raters give 2, text: x, score: 2}\n";
    expect(
      problemsWith("score: 5\n", `${notes}  - {label: The difference, text: y, answers: Why not 2}\n`),
    ).toMatchInlineSnapshot(
      `"notes[1].answers: Note 2 on a likely wrong score, the note it answers: "Why not 2" is no other note's label on a score: give the label of the note on a score it answers, or remove answers"`,
    );
    expect(
      problemsWith(
        "score: 5\n",
        `${notes}  - {label: The difference, text: y, answers: Why raters give 2, score: 2}\n`,
      ),
    ).toMatchInlineSnapshot(
      `"notes[1].score: Note 2 on a likely wrong score, its score: a note that answers another shows for that note's score: remove score"`,
    );
    expect(
      problemsWith("score: 5\n", `${notes}  - {label: The difference, text: y, answers: Why raters give 2}\n`),
    ).toBe("");
  });
  it("a scored-table row on an item that is not an example", () => {
    expect(
      problemsWith("set: examples", "set: calibration\nscoredRow: {mainTask: Met, others: x, score: '5'}"),
    ).toMatchInlineSnapshot(
      `"scoredRow: only the seven examples have a row in the case study's scored table: remove it"`,
    );
  });
  it("defaults: case-study source, quotes in the request, no notes or links", () => {
    const item = parseItemFile(good, file, logic);
    expect(item.checklist.map(({source, quoteIn}) => ({source, quoteIn}))).toEqual([
      {source: "case-study", quoteIn: "request"},
      {source: "case-study", quoteIn: "request"},
    ]);
    expect([item.compare, item.notes]).toEqual([[], []]);
  });
});
