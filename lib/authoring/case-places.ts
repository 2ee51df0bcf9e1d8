// Where a case stands in its set: its order, and the case-study number it carries. Two cases of a set must not stand
// in one place. guideline:check (check.node.ts) refuses such a set and the case editor (case-view.ts) refuses such a
// case, by this one rule. Browser-safe and plain data.

/** A case as far as its place needs it. */
export interface PlacedCase {
  id: string;
  set: string;
  /** Unset in a draft that has no order yet. */
  order?: number;
  caseStudyNumber?: string;
  /** The case this one is the twist of. */
  twistOf?: string;
}

/** A place a case shares with an earlier case of its set, at the field that says so. */
export interface PlaceClash {
  field: "order" | "caseStudyNumber";
  message: string;
}

/** The order that puts a case after the last of its set: one past the highest whole order there, 1 in an empty set. */
export function orderAfterLast(cases: readonly {set: string; order?: number}[], set: string): number {
  const orders = cases.flatMap((each) => (each.set === set && typeof each.order === "number" ? [each.order] : []));
  return orders.length ? Math.floor(Math.max(...orders)) + 1 : 1;
}

/** Whether a case of `set` other than `id` stands at `order`. */
export const orderTaken = (cases: readonly PlacedCase[], {id, set, order}: PlacedCase & {order: number}): boolean =>
  cases.some((each) => each.id !== id && each.set === set && each.order === order);

/** What the lettered parts of one case-study case share ("edge-1a", "edge-1b" → "edge-1"); any other id, itself. */
const partsOf = (id: string): string => /^(.*[0-9])[a-z]$/.exec(id)?.[1] ?? id;

/**
 * Two cases of one set with the same case-study number, or the same order, each reported at the later of them. A
 * copy of a case-study case under a new id that keeps the number would pass for the case study's; two cases at one
 * order have no order between them. A number repeats only where the case study itself gives one case several times:
 * a twist (twistOf names the case with that number) or lettered parts (edge-1a, edge-1b, edge-1c). The same id twice
 * is not a clash: it is reported as a duplicate id.
 */
export function placeClashes<T extends PlacedCase>(cases: readonly T[]): Map<T, PlaceClash[]> {
  const found = new Map<T, PlaceClash[]>();
  const add = (item: T, clash: PlaceClash) => found.set(item, [...(found.get(item) ?? []), clash]);
  const byId = new Map(cases.map((item) => [item.id, item]));
  const firstAt = new Map<string, T>();
  for (const item of cases) {
    if (item.order === undefined) continue;
    const key = `${item.set}\u0000${item.order}`;
    const first = firstAt.get(key);
    if (!first) firstAt.set(key, item);
    else if (first.id !== item.id)
      add(item, {
        field: "order",
        message:
          `order ${item.order} is also ${first.id}'s in set ${item.set}: give each case of a set its own order ` +
          `(${orderAfterLast(cases, item.set)} follows the last)`,
      });
  }
  const numbered = new Map<string, T>();
  for (const item of cases) {
    if (item.caseStudyNumber === undefined) continue;
    const twisted = item.twistOf ? byId.get(item.twistOf) : undefined;
    if (twisted && twisted.set === item.set && twisted.caseStudyNumber === item.caseStudyNumber) continue;
    const key = `${item.set}\u0000${item.caseStudyNumber}`;
    const first = numbered.get(key);
    if (!first) numbered.set(key, item);
    else if (first.id !== item.id && partsOf(first.id) !== partsOf(item.id))
      add(item, {
        field: "caseStudyNumber",
        message:
          `caseStudyNumber "${item.caseStudyNumber}" is also ${first.id}'s in set ${item.set}: each case of the ` +
          "case study has its own number (a twist names its case in twistOf); a case written for the notebook has " +
          "none: set origin: notebook and remove caseStudyNumber",
      });
  }
  return found;
}

/**
 * Where a case being written (an item file's record, any field possibly unset or mistyped) stands where another case
 * of its set does, among the `known` cases, by the rule above. The known case with its own id is left out: the case
 * replaces it.
 */
export function recordPlaceClashes(
  record: Readonly<Record<string, unknown>>,
  known: readonly PlacedCase[],
): PlaceClash[] {
  const {id, set, order, caseStudyNumber, twistOf} = record;
  if (typeof id !== "string" || typeof set !== "string") return [];
  const placed: PlacedCase = {
    id,
    set,
    ...(typeof order === "number" ? {order} : {}),
    ...(typeof caseStudyNumber === "string" ? {caseStudyNumber} : {}),
    ...(typeof twistOf === "string" ? {twistOf} : {}),
  };
  return placeClashes([...known.filter((each) => each.id !== id), placed]).get(placed) ?? [];
}
