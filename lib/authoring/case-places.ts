// Where a case stands in its set: two cases of a set must not stand in one place. guideline:check and the case editor
// refuse it by this one rule.

export interface PlacedCase {
  id: string;
  set: string;
  order?: number;
  caseStudyNumber?: string;
  twistOf?: string;
}

export interface PlaceClash {
  field: "order" | "caseStudyNumber";
  message: string;
}

/** One past the highest whole order there, 1 in an empty set. */
export function orderAfterLast(cases: readonly {set: string; order?: number}[], set: string): number {
  const orders = cases.flatMap((each) => (each.set === set && typeof each.order === "number" ? [each.order] : []));
  return orders.length ? Math.floor(Math.max(...orders)) + 1 : 1;
}

export const orderTaken = (cases: readonly PlacedCase[], {id, set, order}: PlacedCase & {order: number}): boolean =>
  cases.some((each) => each.id !== id && each.set === set && each.order === order);

/** "edge-1a" is <stem>-<digits> "edge-1" and letter "a". */
const letteredPart = /^(.+-[0-9]+)([a-z])$/;

/** Both <stem>-<digits><one letter>, same stem and digits, different letters. Only the ids tell, so a copy named as a
 *  part the case study does not have cannot be told from a real one. */
function partsOfOne(one: string, other: string): boolean {
  const [a, b] = [letteredPart.exec(one), letteredPart.exec(other)];
  return a !== null && b !== null && a[1] === b[1] && a[2] !== b[2];
}

/** A copy of a case-study case under a new id that kept its number would pass for the case study's own; two cases
 *  at one order have no order between them. Each is reported at the later case. A case-study number repeats only
 *  where the case study gives one case several times: a twist (the first that names it) or lettered parts. The same
 *  id twice is a duplicate id, not a clash. */
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

/** The known case with its own id is left out: the case replaces it. */
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
