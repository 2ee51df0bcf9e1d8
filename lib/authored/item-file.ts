// Node and build time: an item file validated with zod. Reading the text is item-text.ts, shared with the case editor.
import {Item} from "./schemas/item.js";
import {declaredItem} from "./schemas/facts.js";
import type {GuidelineLogic} from "./schemas/logic.js";
import {inSectionWords, itemRecord} from "./item-text.js";
import {AuthoredFileError, problemsFromZod} from "./problems.js";
import {problemInWords} from "./problem-words.js";

/** With the current version's logic, lines, flags and the deciding rule are held to what it declares, and facts get
 *  their declared defaults. */
export function parseItemFile(source: string, file: string, logic?: GuidelineLogic): Item {
  const {record, problems} = itemRecord(source, file);
  const parsed = (logic ? declaredItem(logic) : Item).safeParse(record);
  if (!parsed.success) problems.push(...problemsFromZod(file, parsed.error, record).map(inSectionWords));
  // In an author's words ("Title: give the case a name"), as the case editor says them.
  if (problems.length) throw new AuthoredFileError(problems.map(problemInWords));
  const item = parsed.data!;
  const expected = file.split("/").pop()!.replace(/\.md$/, "");
  if (item.id !== expected)
    throw new AuthoredFileError([
      {
        file,
        field: "id",
        message:
          `id "${item.id}" does not match the file name: ` + `rename the file to ${item.id}.md or set id: ${expected}`,
      },
    ]);
  return item;
}
