// A new case started from another, written for the notebook: `npm run case:new -- --from <id>` and the editor alike.
import {caseStudyOwn} from "../authored/item-checks.js";
import {orderAfterLast, orderTaken, type PlacedCase} from "./case-places.js";

export function firstFreeId(taken: Iterable<string>, stem = "new-case"): string {
  const used = new Set(taken);
  let number = 1;
  while (used.has(`${stem}-${number}`)) number += 1;
  return `${stem}-${number}`;
}

/**
 * The starting record of a notebook case: a copy of `record` (a case's front matter with its sections' texts) under a
 * new id and order, marked written for the notebook, without what only the case study says of its own cases
 * (`caseStudyOwn`). Everything else is kept for the author to change; the guideline check names what a notebook case
 * still needs.
 */
export const notebookCaseFrom = (
  record: Readonly<Record<string, unknown>>,
  at: {id: string; order: number},
): Record<string, unknown> => asNotebookCase(structuredClone(record) as Record<string, unknown>, at);

/** What the case study says of its own cases only (lib/authored/item-checks.ts refuses it on a notebook case). */
const caseStudyOwnFields = Object.keys(caseStudyOwn) as (keyof typeof caseStudyOwn)[];

/** `record` without what only the case study says of its own cases. */
const withoutCaseStudyOwn = (record: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !(caseStudyOwnFields as string[]).includes(key)));

/**
 * `record` with the origin the author chose (`""`: unsaid, the case study's): made the notebook's, it leaves out what
 * only the case study says of its own cases; the case study's again under the loaded id, it has them back as loaded.
 */
export function withOrigin(
  record: Readonly<Record<string, unknown>>,
  origin: string,
  {loaded}: {loaded: Readonly<Record<string, unknown>>},
): Record<string, unknown> {
  const {origin: _old, ...rest} = record;
  const next = origin === "" ? rest : {...rest, origin};
  if (!isCaseStudy(next)) return withoutCaseStudyOwn(next);
  // Unsaid and "case-study" are one origin: a case already the case study's keeps what it has.
  if (isCaseStudy(record) || record.id !== loaded.id || !isCaseStudy(loaded)) return next;
  return {
    ...next,
    ...Object.fromEntries(caseStudyOwnFields.flatMap((key) => (key in loaded ? [[key, loaded[key]]] : []))),
  };
}

/** `record` (not copied: its parts are shared) under a new id and order, written for the notebook. */
function asNotebookCase(
  record: Readonly<Record<string, unknown>>,
  {id, order}: {id: string; order: number},
): Record<string, unknown> {
  return {...withoutCaseStudyOwn(record), id, order, origin: "notebook"};
}

const isCaseStudy = (record: Readonly<Record<string, unknown>>): boolean =>
  (record.origin ?? "case-study") === "case-study";

/** What makes a loaded case the one it is, besides its id: an id edit takes these away, and gives them back. */
const placeFields = ["origin", "order", ...caseStudyOwnFields] as const;

/**
 * The case being edited (`record`) under the id the author typed, decided from the case as it was LOADED, never step
 * by step, so any id typed and taken back leaves the case as loaded. Under the loaded id it is the loaded case again:
 * its origin, order and the case study's own words on it (`caseStudyOwn`) come back. Under any other id it is another
 * case: one loaded from the case study becomes a case written for the notebook, as `case:new` starts one (without
 * them), and a case standing
 * at another case's order (the loaded one's, or none) moves after the last of its set, as `case:new` orders one.
 * `became` says when it changed from one origin to the other, for the page to tell the author.
 */
export function withNewId(
  record: Readonly<Record<string, unknown>>,
  id: string,
  {loaded, cases}: {loaded: Readonly<Record<string, unknown>>; cases: readonly PlacedCase[]},
): {record: Record<string, unknown>; became: "notebook" | "case-study" | null} {
  let next: Record<string, unknown>;
  if (id === loaded.id) {
    next = {...record, id};
    for (const field of placeFields) {
      const {[field]: _old, ...rest} = next;
      next = Object.hasOwn(loaded, field) ? {...next, [field]: loaded[field]} : rest;
    }
  } else {
    const set = String(record.set);
    const kept = typeof record.order === "number" && !orderTaken(cases, {id, set, order: record.order});
    const order = kept ? (record.order as number) : orderAfterLast(cases, set);
    next = isCaseStudy(loaded) ? asNotebookCase(record, {id, order}) : {...record, id, order};
  }
  const became = isCaseStudy(record) === isCaseStudy(next) ? null : isCaseStudy(next) ? "case-study" : "notebook";
  return {record: next, became};
}

/**
 * What the editor tells an author whose id edit changed the case's origin (withNewId): a case loaded from the case
 * study, `from`, became a notebook case, or is that case again under its own id. Null when the origin stayed.
 */
export function becameWords(
  from: string,
  {record, became}: {record: Readonly<Record<string, unknown>>; became: "notebook" | "case-study" | null},
): string | null {
  if (became === "notebook")
    return (
      `With a new id this is no longer ${from} of the case study but a case written for the notebook: ` +
      `origin notebook, none of the case study's own words on it (its number, and an example's scored row, split, ` +
      `open question and lesson), and order ${String(record.order)}, after the last case of its set.`
    );
  return became === "case-study"
    ? `Under its own id again this is ${from} of the case study, as loaded: its origin, order and the case ` +
        "study's own words on it are back."
    : null;
}

/** What the editor says when a case is loaded to start from: a case-study case is told how it becomes the author's. */
export function loadedWords(record: Readonly<Record<string, unknown>>, taken: Iterable<string>): string {
  const id = String(record.id);
  return (record.origin ?? "case-study") === "case-study"
    ? `Loaded ${id}, a case of the case study. Give it a new id (${firstFreeId(taken)} is free) and it becomes ` +
        "a case written for the notebook; change it, then download it."
    : `Loaded ${id}: change it, give it a new id, download it.`;
}
