// What the authoring and engine tests share: the message a call throws, to hold it to the exact words, and the
// bakery case the case editor's tests build by its own edits.
import {
  addLine,
  blankCase,
  setFact,
  setField,
  setLineField,
  setRule,
  setText,
  type CaseRecord,
} from "../../../lib/authoring/case-editor.js";

/** The message of the error `work` throws; a call that throws nothing fails the test. */
export function errorOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected an error");
}

/** A bakery's names, one too many: the main task and a ceiling, facts entered through the edits. */
export function bakery(delivered: number | "more-than-limit" = 3): CaseRecord {
  let record = setText(blankCase(), "request", "Suggest no more than two names for a bakery.");
  record = setText(record, "response", "Crumb, Rise, Knead");
  record = addLine(record, {role: "main", quote: "Suggest", text: "Suggest bakery names"});
  record = setFact(setRule(record, 0, "main-task"), 0, "delivered", true);
  record = addLine(record, {role: "instruction", quote: "no more than two", text: "No more than two names"});
  record = setRule(record, 1, "numbers");
  record = setFact(setFact(setFact(record, 1, "bound", "ceiling"), 1, "limit", 2), 1, "delivered", delivered);
  return record;
}

/** The bakery case with everything a notebook case needs to be downloaded. */
export function finished(): CaseRecord {
  let record = bakery();
  for (const [name, value] of [
    ["id", "fresh-bakery"],
    ["order", 8],
    ["title", "Three names for two"],
    ["topic", "names for a bakery"],
  ] as const)
    record = setField(record, name, value);
  record = setLineField(record, 0, "note", "It names bakeries: the task is done.");
  return setLineField(record, 1, "note", "Three names against a ceiling of two.");
}
