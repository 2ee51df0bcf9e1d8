// The case editor's record read loosely: what the edits and the view both need from a half-written record.

/** The item file's front matter, with request.text, response.gloss … in place. */
export type CaseRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Empty when the record has none or something else. */
export const linesOf = (record: CaseRecord): Record<string, unknown>[] =>
  Array.isArray(record.checklist) ? record.checklist.map((line) => (isRecord(line) ? line : {})) : [];

/** "new-case.md" while the id is missing. */
export const caseFileName = (record: CaseRecord): string =>
  `${typeof record.id === "string" && record.id !== "" ? record.id : "new-case"}.md`;

/** The list without its item at `index`, or null when there is none there (the edit changes nothing). */
export const withoutItem = <T>(list: readonly T[], index: number): T[] | null =>
  index < 0 || index >= list.length ? null : list.filter((_, at) => at !== index);

/** The list with its item at `from` moved to `to` (clamped), or null when the move changes nothing. */
export function withItemMoved<T>(list: readonly T[], from: number, to: number): T[] | null {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || target === from) return null;
  const moved = [...list];
  moved.splice(target, 0, ...moved.splice(from, 1));
  return moved;
}
