// A new case started from another: the record `npm run case:new -- --from <id>` writes (scripts/case-new.ts), a case
// written for the notebook. Browser-safe and plain data, so the case editor can start a case the same way.

/** The first id `stem-1`, `stem-2`, … that no case has. */
export function firstFreeId(taken: Iterable<string>, stem = "new-case"): string {
  const used = new Set(taken);
  let number = 1;
  while (used.has(`${stem}-${number}`)) number += 1;
  return `${stem}-${number}`;
}

/** The order that puts a case after the last of its set: one past the highest whole order there, 1 in an empty set. */
export function orderAfterLast(cases: readonly {set: string; order: number}[], set: string): number {
  const orders = cases.filter((each) => each.set === set).map((each) => each.order);
  return orders.length ? Math.floor(Math.max(...orders)) + 1 : 1;
}

/**
 * The starting record of a notebook case: a copy of `record` (a case's front matter with its sections' texts) under a
 * new id and order, marked written for the notebook, without the case-study number only a case-study case has.
 * Everything else is kept for the author to change; the guideline check names what a notebook case still needs.
 */
export function notebookCaseFrom(
  record: Readonly<Record<string, unknown>>,
  {id, order}: {id: string; order: number},
): Record<string, unknown> {
  const {caseStudyNumber: _number, ...rest} = structuredClone(record) as Record<string, unknown>;
  return {...rest, id, order, origin: "notebook"};
}

/** A case as far as placing a new one needs it: its id, its set and its order there. */
export interface PlacedCase {
  id: string;
  set: string;
  order: number;
}

/**
 * A case's record with a new id. A case of the case study given a new id is no longer the case study's: it becomes a
 * case written for the notebook, started from it exactly as `case:new` starts one (notebookCaseFrom), ordered after
 * the last case of its set. Any other case, or the same id, only takes the id. `madeNotebook` says which happened.
 */
export function withNewId(
  record: Readonly<Record<string, unknown>>,
  id: string,
  cases: readonly PlacedCase[],
): {record: Record<string, unknown>; madeNotebook: boolean} {
  const fromCaseStudy = (record.origin ?? "case-study") === "case-study";
  if (!fromCaseStudy || id === "" || id === record.id) return {record: {...record, id}, madeNotebook: false};
  const order = orderAfterLast(cases, String(record.set));
  return {record: notebookCaseFrom(record, {id, order}), madeNotebook: true};
}

/** What the editor tells an author whose case-study case became a notebook case (withNewId). */
export const madeNotebookWords = (from: string, record: Readonly<Record<string, unknown>>): string =>
  `With a new id this is no longer ${from} of the case study but a case written for the notebook: ` +
  `origin notebook, no case-study number, and order ${String(record.order)}, after the last case of its set.`;

/** What the editor says when a case is loaded to start from: a case-study case is told how it becomes the author's. */
export function loadedWords(record: Readonly<Record<string, unknown>>, taken: Iterable<string>): string {
  const id = String(record.id);
  return (record.origin ?? "case-study") === "case-study"
    ? `Loaded ${id}, a case of the case study. Give it a new id (${firstFreeId(taken)} is free) and it becomes ` +
        "a case written for the notebook; change it, then download it."
    : `Loaded ${id}: change it, give it a new id, download it.`;
}
