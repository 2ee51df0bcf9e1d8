// Writing an item record back to the text data/items/<id>.md holds, in the order the repository's files keep the
// fields; reading it back with itemRecord gives the same record. The case editor and `npm run case:new` write with it.
import {Document, isMap, isScalar, isSeq, Scalar, type Node} from "yaml";
import {itemSections} from "./item-text.js";
import {yamlWriting} from "../text/yaml-writing.js";

/** test/unit/authored/item-writer.test.ts holds it to the schema. */
export const itemFieldOrder = [
  "id",
  "set",
  "order",
  "origin",
  "caseStudyNumber",
  "twistOf",
  "title",
  "topic",
  "turns",
  "request",
  "response",
  "split",
  "openQuestion",
  "checklist",
  "flags",
  "score",
  "scoreCondition",
  "ruling",
  "scoredRow",
  "notes",
  "compare",
  "teaches",
  "lesson",
  "decidingRule",
] as const;

export const lineFieldOrder = [
  "role",
  "text",
  "quote",
  "quoteIn",
  "unquoted",
  "rule",
  "facts",
  "verdict",
  "note",
  "source",
  "because",
] as const;

export const textFieldOrder = ["text", "form", "language", "gloss", "glossFrom", "note", "siteNote", "turn"] as const;

/** Keys outside `order` come after, as they come: the schema refuses them, but they are kept, not dropped. */
function ordered(record: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  const keys = [...order.filter((key) => Object.hasOwn(record, key)), ...Object.keys(record)];
  return Object.fromEntries([...new Set(keys)].map((key) => [key, record[key]]));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function frontMatterOf(record: Record<string, unknown>): Record<string, unknown> {
  const front = ordered(record, itemFieldOrder);
  const written = new Set<string>();
  for (const [, [parent, key]] of Object.entries(itemSections)) {
    const holder = front[parent];
    if (!isRecord(holder) || !Object.hasOwn(holder, key)) continue;
    const {[key]: _section, ...rest} = holder;
    front[parent] = ordered(rest, textFieldOrder);
    written.add(parent);
  }
  for (const parent of written) if (!Object.keys(front[parent] as object).length) delete front[parent];
  if (Array.isArray(front.checklist))
    front.checklist = front.checklist.map((line: unknown) => (isRecord(line) ? ordered(line, lineFieldOrder) : line));
  return front;
}

/** Longer texts are written folded (">-"), as the files write them. */
const foldedFrom = 80;

/** Short lists and a line's facts on one line ({bound: ceiling, limit: 2, delivered: 1}); a long text folded. */
function writeInFileStyle(node: Node | null, key: string | null): void {
  if (isScalar(node)) {
    if (typeof node.value === "string" && node.value.length > foldedFrom) node.type = Scalar.BLOCK_FOLDED;
  } else if (isMap(node)) {
    if (key === "facts") node.flow = true;
    for (const pair of node.items) {
      const name = String((pair.key as {value?: unknown}).value);
      if (!node.flow) writeInFileStyle(pair.value as Node, name);
    }
  } else if (isSeq(node)) {
    if ((key === "quote" || key === "compare") && node.items.every((item) => !isMap(item) && !isSeq(item)))
      node.flow = true;
    if (!node.flow) for (const item of node.items) writeInFileStyle(item as Node, null);
  }
}

export function writeItemFile(record: Record<string, unknown>): string {
  const document = new Document(frontMatterOf(record));
  writeInFileStyle(document.contents as Node, null);
  const front = document.toString(yamlWriting);
  const body = Object.entries(itemSections).flatMap(([heading, [parent, key]]) => {
    const holder = record[parent];
    const text = isRecord(holder) ? holder[key] : undefined;
    if (typeof text !== "string") return [];
    return [`## ${heading[0]!.toUpperCase()}${heading.slice(1)}\n\n${text.trim()}\n`];
  });
  return `---\n${front}---\n${body.length ? `\n${body.join("\n")}` : ""}`;
}
