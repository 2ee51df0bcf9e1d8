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

/** An id of a lettered part of a case-study case: "edge-1a" is <stem>-<digits> "edge-1" and letter "a". */
const letteredPart = /^(.+-[0-9]+)([a-z])$/;

/**
 * Whether two ids are lettered parts of one case-study number: both <stem>-<digits><one letter>, the same stem and
 * digits, different letters (edge-1a and edge-1b, edge-5a and edge-5b). Only the ids tell, so a copy named as a part
 * the case study does not have (edge-1d copying edge-1a) cannot be told from a real one: that needs the case study.
 */
function partsOfOne(one: string, other: string): boolean {
  const [a, b] = [letteredPart.exec(one), letteredPart.exec(other)];
  return a !== null && b !== null && a[1] === b[1] && a[2] !== b[2];
}

/**
 * Two cases of one set with the same case-study number, or the same order, each reported at the later of them. A
 * copy of a case-study case under a new id that keeps the number would pass for the case study's; two cases at one
 * order have no order between them. A number repeats only where the case study itself gives one case several times:
 * a case's twist (twistOf names the other; one twist per case, the first that names it) or lettered parts of one
 * number (partsOfOne). The same id twice is not a clash: it is reported as a duplicate id.
 */
export function placeClashes<T extends PlacedCase>(cases: readonly T[]): Map<T, PlaceClash[]> {
  const found = new Map<T, PlaceClash[]>();
  const add = (item: T, clash: PlaceClash) => found.set(item, [...(found.get(item) ?? []), clash]);
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
  const firstTwist = new Map<string, T>();
  for (const item of cases) if (item.twistOf && !firstTwist.has(item.twistOf)) firstTwist.set(item.twistOf, item);
  const twins = (one: T, other: T) => firstTwist.get(one.id) === other || firstTwist.get(other.id) === one;
  const numbered = new Map<string, T[]>();
  for (const item of cases) {
    if (item.caseStudyNumber === undefined) continue;
    const key = `${item.set}\u0000${item.caseStudyNumber}`;
    const earlier = numbered.get(key) ?? [];
    const first = earlier.find(
      (other) => other.id !== item.id && !twins(item, other) && !partsOfOne(item.id, other.id),
    );
    if (first)
      add(item, {
        field: "caseStudyNumber",
        message:
          `caseStudyNumber "${item.caseStudyNumber}" is also ${first.id}'s in set ${item.set}: each case of the ` +
          "case study has its own number (a twist names its case in twistOf); a case written for the notebook has " +
          "none: set origin: notebook and remove caseStudyNumber",
      });
    numbered.set(key, [...earlier, item]);
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
