// Writing an item file (lib/authored/item-writer.ts): the fields in the files' order, every field of the schema named
// in it, and the text as the repository's files write it. The round trip over every case is
// test/unit/authoring/case-round-trip.test.ts.
import {describe, expect, it} from "vitest";
import {itemFieldOrder, lineFieldOrder, textFieldOrder, writeItemFile} from "../../../lib/authored/item-writer.js";
import {itemRecord} from "../../../lib/authored/item-text.js";
import {ChecklistLine, Item, Text} from "../../../lib/authored/schemas/item.js";

const sorted = (keys: Iterable<string>): string[] => [...keys].sort();

describe("the writer's field orders name exactly the schema's fields", () => {
  it("an item's", () => {
    expect(sorted(itemFieldOrder)).toEqual(sorted(Object.keys(Item.shape)));
  });
  it("a checklist line's, over every rule's line", () => {
    const fields = new Set(Object.keys(ChecklistLine.shape));
    expect(sorted(lineFieldOrder)).toEqual(sorted(fields));
  });
  it("a request's or response's", () => {
    expect(sorted(textFieldOrder)).toEqual(sorted(Object.keys(Text.shape)));
  });
});

describe("writeItemFile", () => {
  const record = {
    checklist: [
      {
        verdict: "met",
        facts: {limit: 2, bound: "ceiling", delivered: 1},
        rule: "numbers",
        quote: ["a", "b"],
        role: "main",
        text: "T",
      },
    ],
    response: {language: "de", text: "Antwort\n\nzwei Absätze\n"},
    score: 5,
    id: "x",
    extra: "kept",
    request: {text: "Ask"},
  };
  it("writes the fields the record holds, in the files' order, unknown ones last, texts as sections", () => {
    // The request holds its text alone: written as its section, with no empty "request: {}".
    expect(writeItemFile(record)).toBe(
      [
        "---",
        "id: x",
        "response:",
        "  language: de",
        "checklist:",
        "  - role: main",
        "    text: T",
        "    quote: [a, b]",
        "    rule: numbers",
        "    facts: {limit: 2, bound: ceiling, delivered: 1}",
        "    verdict: met",
        "score: 5",
        "extra: kept",
        "---",
        "",
        "## Request",
        "",
        "Ask",
        "",
        "## Response",
        "",
        "Antwort",
        "",
        "zwei Absätze",
        "",
      ].join("\n"),
    );
  });
  it("reads back to the record it was written from", () => {
    const {record: read, problems} = itemRecord(writeItemFile(record), "x.md");
    expect(problems).toEqual([]);
    expect(read).toEqual({...record, response: {language: "de", text: "Antwort\n\nzwei Absätze"}});
  });
  it("folds a long text over lines of at most 120 characters, and reads it back unchanged", () => {
    const long = `${"word ".repeat(40)}end`;
    const awkward = ` leading space, "quotes", a colon: here, # no comment, and a line\nbreak ${"x".repeat(80)}  `;
    const notes = [
      {label: "Why not 2", text: long},
      {label: "Why not 4", text: awkward},
    ];
    const text = writeItemFile({...record, notes});
    expect(text).toContain(`  - label: Why not 2\n    text: >-\n      ${"word ".repeat(23).trimEnd()}\n`);
    expect(text.split("\n").every((line) => line.length <= 120)).toBe(true);
    expect(itemRecord(text, "x.md").record.notes).toEqual(notes);
  });
});
