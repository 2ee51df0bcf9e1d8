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
