// A case file read and checked in the browser as the build checks it (lib/authored/item-file.ts): the same item schema
// (zod/mini, as the version's logic declares it) and the same words for its problems. What this does not check is the
// file's name: the editor names a download after the case's id, so an upload saved under another name still reads.
import {checkItemRecord, itemRecord} from "../authored/item-text.js";
import {AuthoredFileError, type Problem} from "../authored/problems.js";
import type {Item} from "../authored/schemas/item.js";
import type {ItemSchema} from "../authored/schemas/facts.js";

export interface CaseCheck {
  /** Defaults filled; null when any problem was found. */
  item: Item | null;
  problems: Problem[];
}

/** Checks a record (front matter with the sections' texts in place) as the build checks an item file. */
export const checkCaseRecord: (record: Record<string, unknown>, schema: ItemSchema, file: string) => CaseCheck =
  checkItemRecord;

export interface CaseFileReading extends CaseCheck {
  /** Null when the text could not be read at all. */
  record: Record<string, unknown> | null;
}

/** Reads and checks a case file's text (an upload, or a case to start from); never throws. */
export function readCaseFile(text: string, file: string, schema: ItemSchema): CaseFileReading {
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
