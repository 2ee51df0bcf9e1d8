// The case editor's check (lib/authoring/case-file.ts) is the build's (lib/authored/item-file.ts: the item schema in
// zod/mini, as the version's logic declares it). Every case reads to the same item; every breakage below is refused
// by both, at the same fields and in the same words; hostile texts are refused with a problem, nothing thrown.
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {checkCaseRecord, readCaseFile} from "../../../lib/authoring/case-file.js";
import {parseItemFile} from "../../../lib/authored/item-file.js";
import {inSectionWords, itemRecord} from "../../../lib/authored/item-text.js";
import {problemsFromZod} from "../../../lib/authored/problems.js";
import {caseSchemas, declaredItem} from "../../../lib/authored/schemas/facts.js";
import {loadGuidelines, projectRoot} from "../../../lib/node/load.js";

/** The current version's logic, as the build holds items to it. */
const logic = loadGuidelines().at(-1)!.logic;
const schema = caseSchemas(logic).item;
const itemsFolder = join(projectRoot, "data/items");
const caseFiles = readdirSync(itemsFolder).filter((name) => name.endsWith(".md"));
const textOf = (id: string): string => readFileSync(join(itemsFolder, `${id}.md`), "utf8");

describe("every case in data/items", () => {
  it.each(caseFiles)("%s: no problem, and the item parseItemFile gives", (name) => {
    const text = readFileSync(join(itemsFolder, name), "utf8");
    const file = `data/items/${name}`;
    const reading = readCaseFile(text, file, schema);
    expect(reading.problems).toEqual([]);
    expect(reading.item).toEqual(parseItemFile(text, file, logic));
    expect(reading.record).toEqual(itemRecord(text, file).record);
  });
});

type Line = Record<string, unknown> & {facts: Record<string, unknown>};
type CaseRecord = Record<string, unknown> & {checklist: Line[]; request: Record<string, unknown>};

/** A breakage: the case it starts from, and the change that breaks it. */
const breakages: [string, string, (record: CaseRecord) => void][] = [
  ["a set that is not one", "example-2", (r) => (r.set = "example")],
  ["a missing title", "example-2", (r) => delete r.title],
  ["a misspelt field", "example-2", (r) => ((r.titel = r.title), delete r.title)],
  ["a field named like Object.prototype's", "example-2", (r) => Object.assign(r, {constructor: "x"})],
  ["an order that is a word", "example-2", (r) => (r.order = "one")],
  ["an order too large to hold", "example-2", (r) => (r.order = Infinity)],
  ["an empty topic", "example-2", (r) => (r.topic = "")],
  ["an id that is not lowercase words", "example-2", (r) => (r.id = "Example_2")],
  ["a request language that is no language tag", "example-2", (r) => (r.request.language = "en_US")],
  ["a response language not written as Intl writes it", "example-2", (r) => ((r.response as Line).language = "ES-mx")],
  ["a request that is text, not fields", "example-2", (r) => (r.request = "hi" as never)],
  ["no response text", "example-2", (r) => delete (r.response as Record<string, unknown>).text],
  ["no response at all", "example-2", (r) => delete r.response],
  ["a verdict that is not one", "example-2", (r) => (r.checklist[0]!.verdict = "done")],
  ["a score of 6", "example-2", (r) => (r.score = 6)],
  ["a score of 0", "example-2", (r) => (r.score = 0)],
  ["a score of 2.5", "example-2", (r) => (r.score = 2.5)],
  ["a score spelt na", "example-2", (r) => (r.score = "na")],
  ["an empty checklist", "example-2", (r) => (r.checklist = [])],
  ["a checklist that is text", "example-2", (r) => (r.checklist = "x" as never)],
  ["a line that is text", "example-2", (r) => (r.checklist[1] = "a line" as never)],
  ["an unknown rule", "example-2", (r) => (r.checklist[1]!.rule = "sizes")],
  ["a line with no rule", "example-2", (r) => delete r.checklist[1]!.rule],
  ["a negative count", "edge-1a", (r) => (r.checklist[1]!.facts.limit = -1)],
  ["a count that is not whole", "edge-1a", (r) => (r.checklist[1]!.facts.delivered = 1.5)],
  ["a count that is a word", "edge-1a", (r) => (r.checklist[1]!.facts.limit = "two")],
  ["the facts of another rule", "edge-1a", (r) => (r.checklist[1]!.facts = {reading: "within"})],
  ["facts missing one the rule reads", "edge-1a", (r) => (r.checklist[0]!.facts = {})],
  ["a fact that is yes, not true", "edge-1a", (r) => (r.checklist[0]!.facts.delivered = "yes")],
  ["an unknown fact", "edge-1a", (r) => (r.checklist[0]!.facts.engaged = true)],
  ["a quote not in the request", "edge-1a", (r) => (r.checklist[1]!.quote = "No more than three")],
  ["an empty list of quotes", "edge-1a", (r) => (r.checklist[1]!.quote = [])],
  ["an empty quote in a list", "edge-1a", (r) => (r.checklist[1]!.quote = ["No more", ""])],
  ["a quote in a turn that is not a turn", "edge-1a", (r) => (r.checklist[1]!.quoteIn = "turn-0")],
  ["a quote in a turn the case lacks", "edge-1a", (r) => (r.checklist[1]!.quoteIn = "turn-1")],
  ["two main lines", "edge-1a", (r) => (r.checklist[1]!.role = "main")],
  ["a ruled line with no quote", "edge-1a", (r) => delete r.checklist[1]!.quote],
  ["a candidate with no note", "edge-1a", (r) => ((r.checklist[1]!.role = "candidate"), delete r.checklist[1]!.note)],
  ["a because on a stated line", "edge-1a", (r) => (r.checklist[0]!.source = "case-study")],
  ["a notebook case without line notes", "edge-1a", (r) => ((r.origin = "notebook"), delete r.caseStudyNumber)],
  ["a notebook case with a case-study number", "example-2", (r) => (r.origin = "notebook")],
  ["a fresh calibration case from the case study", "calibration-a", (r) => (r.set = "fresh-calibration")],
  ["an origin that is not one", "example-2", (r) => (r.origin = "invented")],
  ["a note whose score is the ruled score", "example-2", (r) => (r.notes = [{label: "x", text: "y", score: r.score}])],
  ["a note with no label", "example-2", (r) => (r.notes = [{text: "y"}])],
  ["a flag that is not one", "example-2", (r) => (r.flags = [{flag: "style"}])],
  ["a compared id with a space", "example-2", (r) => (r.compare = ["example 3"])],
  ["a split of one", "example-2", (r) => (r.split = [{score: 3}])],
  ["a split score of 1.5", "example-2", (r) => (r.split = [{score: 1.5}, {score: 2}])],
  ["a scored row on an edge case", "edge-1a", (r) => (r.scoredRow = {mainTask: "Met", others: "x", score: "2"})],
  ["a deciding rule that is not a rule", "example-2", (r) => (r.decidingRule = "sizes")],
  ["a lesson without where it is from", "example-2", (r) => (r.lesson = {text: "x"})],
  ["a turn by the system", "calibration-d-twist", (r) => ((r.turns as Line[])[0]!.role = "system")],
  ["a turn numbered 0", "calibration-d-twist", (r) => ((r.turns as Line[])[0]!.turn = 0)],
  ["a turn of empty text", "calibration-d-twist", (r) => ((r.turns as Line[])[0]!.text = "")],
  [
    "a main task done of none",
    "edge-3",
    (r) => (r.checklist.find((l) => l.rule === "main-task-partial")!.facts.of = 0),
  ],
  ["a null where text goes", "example-2", (r) => (r.openQuestion = null)],
  // Two things wrong: the item's own rules run after a value out of its bounds, as zod's do, and not after others.
  ["an empty title and two main lines", "edge-1a", (r) => ((r.title = ""), (r.checklist[1]!.role = "main"))],
  [
    "a negative count and a quote not there",
    "edge-1a",
    (r) => ((r.checklist[1]!.facts.limit = -1), (r.checklist[0]!.quote = "x")),
  ],
  ["an unknown field and two main lines", "edge-1a", (r) => ((r.titel = "x"), (r.checklist[1]!.role = "main"))],
  [
    "a wrong verdict and two main lines",
    "edge-1a",
    (r) => ((r.checklist[0]!.verdict = "x"), (r.checklist[1]!.role = "main")),
  ],
  ["a score of 6 and two main lines", "edge-1a", (r) => ((r.score = 6), (r.checklist[1]!.role = "main"))],
  ["a missing topic and two main lines", "edge-1a", (r) => (delete r.topic, (r.checklist[1]!.role = "main"))],
];

/** The fields the build names for a record: zod's problems, in the author's words, as parseItemFile reports them. */
function zodFields(record: Record<string, unknown>, file: string): string[] {
  const parsed = declaredItem(logic).safeParse(record);
  return parsed.success ? [] : problemsFromZod(file, parsed.error, record).map((each) => inSectionWords(each).field);
}

describe("a breakage is refused by zod if and only if by the case editor's check, at the same fields", () => {
  it.each(breakages)("%s (from %s)", (_name, id, breakIt) => {
    const file = `data/items/${id}.md`;
    const record = structuredClone(itemRecord(textOf(id), file).record) as CaseRecord;
    breakIt(record);
    const zod = zodFields(record, file);
    const checked = checkCaseRecord(record, schema, file);
    expect(zod.length).toBeGreaterThan(0);
    expect(checked.item).toBeNull();
    expect(checked.problems.map((problem) => problem.field).sort()).toEqual(zod.sort());
    expect(checked.problems.every((problem) => problem.file === file && problem.message.length > 0)).toBe(true);
  });
  it("and the unbroken starting points pass both", () => {
    for (const id of new Set(breakages.map(([, from]) => from))) {
      const record = itemRecord(textOf(id), `data/items/${id}.md`).record;
      expect(zodFields(record, id)).toEqual([]);
      expect(checkCaseRecord(record, schema, id).problems).toEqual([]);
    }
  });
});

describe("readCaseFile on a hostile or wrong file: refused with a clear problem, nothing thrown", () => {
  const file = "upload.md";
  const good = textOf("edge-1a");
  const messagesOf = (text: string): string[] => {
    const reading = readCaseFile(text, file, schema);
    expect(reading.item).toBeNull();
    return reading.problems.map(({field, message}) => (field ? `${field}: ${message}` : message));
  };
  it("a file over the item size limit, refused unread", () => {
    expect(messagesOf(`${good}\n${"x".repeat(70_000)}\n`)).toEqual([
      "larger than 64 kB, the most an item file may hold: shorten it",
    ]);
    expect(readCaseFile(`${good}${"x".repeat(70_000)}`, file, schema).record).toBeNull();
  });
  it("front matter nested past the YAML limit", () => {
    const deep = `${"[".repeat(5_000)}${"]".repeat(5_000)}`;
    expect(messagesOf(good.replace("---\n", `---\ndeep: ${deep}\n`))).toEqual([
      "front matter nests deeper than 32 levels of mappings and lists: flatten it",
    ]);
  });
  it("a YAML alias bomb, never expanded", () => {
    const bomb = [
      'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
      ..."bcdefghi".split("").map((name, index) => `${name}: &${name} [${Array(9).fill(`*${"abcdefgh"[index]}`)}]`),
    ].join("\n");
    expect(messagesOf(good.replace("---\n", `---\n${bomb}\n`))).toEqual([
      "YAML aliases in the front matter copy anchored values more than 100 times, the most allowed: " +
        "write the values out instead",
    ]);
  });
  it("a probe's JSON file and a trainee's progress export: not case files", () => {
    const missingFrontMatter =
      "missing front matter: start the file with a --- line, the YAML fields, and another --- line";
    const probe = readFileSync(join(projectRoot, "data/probes/six-step-chain/v1.json"), "utf8");
    expect(messagesOf(probe)).toEqual([missingFrontMatter]);
    const progress = JSON.stringify({app: "rater-notebook", kind: "progress-export", version: 1, records: []});
    expect(messagesOf(progress)).toEqual([missingFrontMatter]);
  });
  it("front matter of another file (a guideline's fields): each missing and unknown field named", () => {
    const messages = messagesOf("---\nversion: v9\nrules: []\n---\n\n## Request\n\nHi\n");
    expect(messages).toContain("version: unknown field: remove it or correct its name");
    expect(messages).toContain('response: missing: expected a "## Response" section');
    expect(messages).toContain(
      'set: missing: expected one of "examples", "edge-cases", "calibration", "fresh-calibration"',
    );
  });
  it("front matter that is a list, and a file that is not text at all", () => {
    expect(messagesOf("---\n- a\n- b\n---\n")).toEqual(["front matter must be a YAML mapping of fields"]);
    expect(messagesOf("\u0000")).toEqual(["holds a NUL byte (line 1): remove it"]);
  });
  it("a script tag in the texts is kept as text, the case read as any other", () => {
    const script = '<script>alert("x")</script>';
    const reading = readCaseFile(good.replace("\nnone", `\nnone ${script}`), "data/items/edge-1a.md", schema);
    expect(reading.problems).toEqual([]);
    expect(reading.item!.response.text).toBe(`none ${script}`);
  });
});

describe("checkCaseRecord", () => {
  it("names a missing text by its section, and every problem by the file", () => {
    const record = structuredClone(itemRecord(textOf("edge-1a"), "x").record) as CaseRecord;
    delete record.request.text;
    expect(checkCaseRecord(record, schema, "draft.md")).toEqual({
      item: null,
      problems: [{file: "draft.md", field: "request.text", message: 'missing: expected a "## Request" section'}],
    });
  });
  it("says what an id and a quote's text must be in the schema's words, as the build does", () => {
    const record = structuredClone(itemRecord(textOf("edge-1a"), "x").record) as CaseRecord;
    record.id = "Edge_1";
    record.checklist[1]!.quoteIn = "turn one";
    expect(
      checkCaseRecord(record, schema, "draft.md").problems.map(({field, message}) => `${field}: ${message}`),
    ).toEqual([
      'id: got "Edge_1": expected a lowercase id like example-1',
      'checklist[1].quoteIn: got "turn one": expected "request" or an earlier turn like "turn-1"',
      // The item's own check goes on, as zod's does: it names the turn it cannot find.
      `checklist[1].quoteIn: "turn one" is no quoted turn of the user's: expected "request" or turn-N of one`,
    ]);
  });
  it("fills the schema's defaults into the item, and leaves the record as it was", () => {
    const record = itemRecord(textOf("edge-1a"), "x").record;
    const before = structuredClone(record);
    const {item} = checkCaseRecord(record, schema, "x");
    expect(item).toMatchObject({origin: "case-study", flags: [], notes: [], compare: [], turns: []});
    expect(item!.checklist[1]).toMatchObject({quoteIn: "request", source: "case-study"});
    expect(record).toEqual(before);
  });
});
