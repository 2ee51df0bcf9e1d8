// A case file checked in the browser as the build checks it, with the JSON Schema the data loader wrote in place of
// zod; test/unit/authoring/case-file.test.ts holds it to zod's problems and words. The file's name is not checked: an
// upload saved under another name still reads.
import {itemProblems} from "../authored/item-checks.js";
import {inSectionWords, itemRecord} from "../authored/item-text.js";
import {AuthoredFileError, fieldPath, type Problem} from "../authored/problems.js";
import type {Item} from "../authored/schemas/item.js";
import {schemaProblems, withDefaults, type JsonSchema} from "./json-schema-check.js";

export interface CaseCheck {
  /** Defaults filled; null when any problem was found. */
  item: Item | null;
  problems: Problem[];
}

export function checkCaseRecord(record: Record<string, unknown>, schema: JsonSchema, file: string): CaseCheck {
  const shape = schemaProblems(schema, record);
  const problems: Problem[] = shape.map(({path, message}) => inSectionWords({file, field: fieldPath(path), message}));
  // The rules across fields run, as the schema's .check under zod, only after problems of bounds and unknown fields,
  // never after a missing field or a wrong kind of value, which the rules could not read.
  if (!shape.every((problem) => problem.continuable)) return {item: null, problems};
  const item = withDefaults<Item>(schema, record);
  problems.push(...itemProblems(item).map(({path, message}) => ({file, field: fieldPath(path), message})));
  return problems.length ? {item: null, problems} : {item, problems};
}

export interface CaseFileReading extends CaseCheck {
  /** Null when the text could not be read at all. */
  record: Record<string, unknown> | null;
}

/** Never throws. */
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
