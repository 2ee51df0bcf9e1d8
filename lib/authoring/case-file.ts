// A case file read and checked in the browser as the build checks it (lib/authored/item-file.ts), with the item
// schema as the JSON Schema the data loader wrote (lib/authoring/json-schema-check.ts) in place of zod, which the
// case editor's page does not load. The same problems, in the same words and at the same fields, as
// test/unit/authoring/case-file.test.ts holds to zod for every case and many breakages. What this does not check is the
// file's name: the editor names a download after the case's id, so an upload saved under another name still reads.
import {itemProblems} from "../authored/item-checks.js";
import {inSectionWords, itemRecord} from "../authored/item-text.js";
import {AuthoredFileError, fieldPath, type Problem} from "../authored/problems.js";
import type {Item} from "../authored/schemas/item.js";
import {schemaProblems, withDefaults, type JsonSchema} from "./json-schema-check.js";

export interface CaseCheck {
  /** The item as the build would parse it (defaults filled), or null when any problem was found. */
  item: Item | null;
  problems: Problem[];
}

/** Checks a record (front matter with the sections' texts in place) as the build checks an item file. */
export function checkCaseRecord(record: Record<string, unknown>, schema: JsonSchema, file: string): CaseCheck {
  const shape = schemaProblems(schema, record);
  const problems: Problem[] = shape.map(({path, message}) => inSectionWords({file, field: fieldPath(path), message}));
  // The rules across fields run on a record of the right kinds of values, as the item schema's .check runs under
  // zod: after nothing but values outside their bounds (an empty text, a count below its least) and unknown fields,
  // never after a missing field or a wrong kind of value, which the rules could not read.
  if (!shape.every((problem) => problem.continuable)) return {item: null, problems};
  const item = withDefaults<Item>(schema, record);
  problems.push(...itemProblems(item).map(({path, message}) => ({file, field: fieldPath(path), message})));
  return problems.length ? {item: null, problems} : {item, problems};
}

export interface CaseFileReading extends CaseCheck {
  /** The record read from the text, or null when the text could not be read at all. */
  record: Record<string, unknown> | null;
}

/** Reads and checks a case file's text (an upload, or a case to start from); never throws. */
export function readCaseFile(text: string, file: string, schema: JsonSchema): CaseFileReading {
  let read: ReturnType<typeof itemRecord>;
  try {
    read = itemRecord(text, file);
  } catch (error) {
    if (error instanceof AuthoredFileError) return {record: null, item: null, problems: error.problems};
    // Not a case file's fault that the reader has no words for: said as it is, never thrown at the page.
    const message = `could not be read: ${error instanceof Error ? error.message : String(error)}`;
    return {record: null, item: null, problems: [{file, field: "", message}]};
  }
  const checked = checkCaseRecord(read.record, schema, file);
  const problems = [...read.problems, ...checked.problems];
  return {record: read.record, item: problems.length ? null : checked.item, problems};
}
