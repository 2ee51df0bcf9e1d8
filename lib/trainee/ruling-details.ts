// What the folded rest of a ruling shows, beyond lib/trainee/feedback.ts's order: which notes wait for a twist, which
// ruled lines carry their note, whether the rubric line names the row that applies, and which cases it links to.
import type {RubricLevel} from "../authored/schemas/guideline.js";
import type {ChecklistLine, Item, ItemNote} from "../authored/schemas/item.js";
import type {RubricRow} from "../engine/rubric.js";
import {hasRubricRow} from "../engine/labels.js";
import type {GuidelineLogic} from "../authored/schemas/logic.js";

/**
 * A note on `item` that names a twist of it the trainee has not scored yet gives that twist's ruling away: the twist's
 * id, so the note waits for it; null when the note can show. Without `answered`, every twist counts as scored.
 */
export function twistSpoiledBy(
  note: Pick<ItemNote, "compare">,
  item: Pick<Item, "id">,
  itemsById: ReadonlyMap<string, Pick<Item, "twistOf">>,
  answered?: (id: string) => boolean,
): string | null {
  return note.compare.find((id) => itemsById.get(id)?.twistOf === item.id && !(answered?.(id) ?? true)) ?? null;
}

/**
 * Whether the full ruled checklist shows a line's note: a case-study line's note, unless it only says the line again
 * ("Short met" on the line "Short"). A line the site reads in shows its reason instead.
 */
export function lineNoteShown(line: Pick<ChecklistLine, "source" | "note" | "text">): boolean {
  if (line.source === "inferred" || !line.note) return false;
  return !line.note.replace(/[.:]/g, "").toLowerCase().startsWith(line.text.toLowerCase());
}

/**
 * Whether the rubric line names the row that applies: only where the ruled level joins rows with "or", and the
 * version's rubric declares the row (its words are in guideline/vN/logic.yaml).
 */
export const rubricRowNamed = (
  logic: Pick<GuidelineLogic, "rubric">,
  level: Pick<RubricLevel, "checklist"> | undefined,
  row: RubricRow | null | undefined,
): row is RubricRow => !!row && !!level && / or /.test(level.checklist) && hasRubricRow(logic, row);

/** The cases a ruling links to for comparison, as the site knows them; an id it does not know is left out. */
export const comparedItems = <T>(links: readonly string[], itemsById: ReadonlyMap<string, T>): T[] =>
  links.flatMap((id) => {
    const other = itemsById.get(id);
    return other ? [other] : [];
  });
