// PLACEHOLDER (issue 18, being written on branch h18-file): a case file read and checked in the browser, as the
// build would (lib/authored/item-file.ts), against the item schema as JSON Schema.
import type {Item} from "../authored/schemas/item.js";
import type {Problem} from "../authored/problems.js";
import type {JsonSchema} from "./json-schema-check.js";

export interface CaseCheck {
  /** The item as the build would parse it (defaults filled), or null when any problem was found. */
  item: Item | null;
  problems: Problem[];
}

/** Checks a record (front matter with the sections' texts in place) as the build checks an item file. */
export function checkCaseRecord(_record: Record<string, unknown>, _schema: JsonSchema, _file: string): CaseCheck {
  throw new Error("checkCaseRecord: not written yet (issue 18)");
}

export interface CaseFileReading extends CaseCheck {
  /** The record read from the text, or null when the text could not be read at all. */
  record: Record<string, unknown> | null;
}

/** Reads and checks a case file's text (an upload, or a case to start from); never throws. */
export function readCaseFile(_text: string, _file: string, _schema: JsonSchema): CaseFileReading {
  throw new Error("readCaseFile: not written yet (issue 18)");
}
