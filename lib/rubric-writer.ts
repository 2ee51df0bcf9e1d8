// The rubric-writer check (edge case 11) as a function: how a criterion's allowed counts relate to the request's.
// Pure and browser-safe, so a page can classify a criterion an author types.

/** A numeric constraint as a request or a criterion states it. */
export type CountConstraint =
  | {kind: "at-most"; n: number}
  | {kind: "at-least"; n: number}
  | {kind: "exactly"; n: number}
  | {kind: "between"; min: number; max: number};

/** The counts a constraint allows, [min, max]; max null means no upper bound. */
export type CountRange = readonly [min: number, max: number | null];

export type Relation = "same" | "narrower" | "broader" | "partial-overlap" | "no-overlap";

/**
 * The counts a constraint allows. "At most n" counts from 0: the seed's table needs that reading (see
 * data/rubric-writer.yaml); the guideline's rule that a ceiling still needs one is for raters, not criteria.
 */
export function countRange(constraint: CountConstraint): CountRange {
  switch (constraint.kind) {
    case "at-most":
      return [0, constraint.n];
    case "at-least":
      return [constraint.n, null];
    case "exactly":
      return [constraint.n, constraint.n];
    case "between":
      return [constraint.min, constraint.max];
  }
}

const upper = (range: CountRange): number => range[1] ?? Infinity;

/**
 * How a criterion relates to the request's constraint, as sets of allowed counts: the same set; a subset
 * ("narrower": penalizes compliant responses); a superset ("broader": rewards non-compliant ones); sets that
 * share some counts but neither holds the other ("partial-overlap"); or no count in common ("no-overlap").
 */
export function relate(request: CountRange, criterion: CountRange): Relation {
  const [requestMin, criterionMin] = [request[0], criterion[0]];
  const [requestMax, criterionMax] = [upper(request), upper(criterion)];
  if (criterionMin > requestMax || requestMin > criterionMax) return "no-overlap";
  if (criterionMin === requestMin && criterionMax === requestMax) return "same";
  if (criterionMin >= requestMin && criterionMax <= requestMax) return "narrower";
  if (criterionMin <= requestMin && criterionMax >= requestMax) return "broader";
  return "partial-overlap";
}
