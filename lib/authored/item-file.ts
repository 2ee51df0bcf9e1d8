// Node and build time: an item file's text validated with its schema (lib/authored/schemas/item.ts). Reading the text
// and checking its record is lib/authored/item-text.ts, which the case editor shares in the browser.
import {Item, itemId} from "./schemas/item.js";
import {declaredItem, type ItemSchema} from "./schemas/facts.js";
import type {GuidelineLogic} from "./schemas/logic.js";
import {checkItemRecord, itemRecord} from "./item-text.js";
import {AuthoredFileError} from "./problems.js";
import {problemInWords} from "./problem-words.js";

/** With the current version's logic, lines, flags and the deciding rule are held to what it declares, and facts get
 *  their declared defaults. */
export function parseItemFile(source: string, file: string, logic?: GuidelineLogic): Item {
  const {record, problems} = itemRecord(source, file);
  const checked = checkItemRecord(record, logic ? declaredItem(logic) : (Item as ItemSchema), file);
  problems.push(...checked.problems);
  // In an author's words ("Title: give the case a name"), as the case editor says them: guideline:check, case:new and
  // the build all read an item here.
  if (problems.length) throw new AuthoredFileError(problems.map((problem) => problemInWords(problem)));
  const item = checked.item!;
  const expected = file.split("/").pop()!.replace(/\.md$/, "");
  if (item.id !== expected) {
    // A copy a file manager made ("example-3 copy.md") holds its original's id: renaming it to that id's file would
    // overwrite the original, and its own name is no id.
    const ownId = itemId.safeParse(expected).success
      ? `set id: ${expected}`
      : "give the case an id of its own (a lowercase id like example-1) and name the file after it";
    throw new AuthoredFileError([
      {
        file,
        field: "id",
        message:
          `id "${item.id}" does not match the file name: ${ownId}, ` +
          `or rename the file to ${item.id}.md if no other file has that name`,
      },
    ]);
  }
  return item;
}
