// The rubric-writer check (edge case 11) as a function, so a page can classify a criterion an author types.

export type CountConstraint =
  | {kind: "at-most"; n: number}
  | {kind: "at-least"; n: number}
  | {kind: "exactly"; n: number}
  | {kind: "between"; min: number; max: number};

/** Max null means no upper bound. */
export type CountRange = readonly [min: number, max: number | null];

export type Relation = "same" | "narrower" | "broader" | "partial-overlap" | "no-overlap";

interface ProblemRow {
  relation: Relation;
  problem: string;
  problemOf?: readonly Relation[] | undefined;
}

/**
 * A row's problem as said where the row is shown alone: the table's words, and, for one given by reference ("Both of
 * the above"), the problems it means, in the table's words: "Both of the above (Penalizes compliant responses;
 * Rewards non-compliant responses)".
 */
export function rowProblem(rows: readonly ProblemRow[], relation: Relation): string {
  const row = rows.find((candidate) => candidate.relation === relation)!;
  if (!row.problemOf) return row.problem;
  const meant = row.problemOf.map((other) => rows.find((candidate) => candidate.relation === other)!.problem);
  return `${row.problem} (${meant.join("; ")})`;
}

/** "At most n" counts from 0: the case study's table needs that reading (data/rubric-writer.yaml); an author may read
 *  a ceiling as needing one (`ceilingNeedsOne`), as the guideline's rule does for raters. */
export function countRange(
  constraint: CountConstraint,
  {ceilingNeedsOne = false}: {ceilingNeedsOne?: boolean} = {},
): CountRange {
  switch (constraint.kind) {
    case "at-most":
      return [ceilingNeedsOne ? Math.min(1, constraint.n) : 0, constraint.n];
    case "at-least":
      return [constraint.n, null];
    case "exactly":
      return [constraint.n, constraint.n];
    case "between":
      return [constraint.min, constraint.max];
  }
}

const upper = (range: CountRange): number => range[1] ?? Infinity;

/** As sets of allowed counts: "narrower" penalizes compliant responses, "broader" rewards non-compliant ones. */
export function relate(request: CountRange, criterion: CountRange): Relation {
  const [requestMin, criterionMin] = [request[0], criterion[0]];
  const [requestMax, criterionMax] = [upper(request), upper(criterion)];
  if (criterionMin > requestMax || requestMin > criterionMax) return "no-overlap";
  if (criterionMin === requestMin && criterionMax === requestMax) return "same";
  if (criterionMin >= requestMin && criterionMax <= requestMax) return "narrower";
  if (criterionMin <= requestMin && criterionMax >= requestMax) return "broader";
  return "partial-overlap";
}

/** None, one range, or two (a hole in the middle). */
export function countsOutside(from: CountRange, without: CountRange): CountRange[] {
  const [min, max] = [from[0], upper(from)];
  const [holeMin, holeMax] = [without[0], upper(without)];
  if (holeMin > max || holeMax < min) return [from];
  const left: CountRange[] = holeMin > min ? [[min, holeMin - 1]] : [];
  const right: CountRange[] = holeMax < max ? [[holeMax + 1, max === Infinity ? null : max]] : [];
  return [...left, ...right];
}

/** The counts it penalizes though the request allows them, and rewards though it does not. */
export function consequences(
  request: CountRange,
  criterion: CountRange,
): {relation: Relation; penalizes: CountRange[]; rewards: CountRange[]} {
  return {
    relation: relate(request, criterion),
    penalizes: countsOutside(request, criterion),
    rewards: countsOutside(criterion, request),
  };
}

/** "exactly 2", "0 to 2", "3 or more". */
export function describeRange([min, max]: CountRange): string {
  if (max === null) return `${min} or more`;
  return min === max ? `exactly ${min}` : `${min} to ${max}`;
}

/** A constraint in the words an author would type: "at most 2", "between 1 and 3". */
export function describeConstraint(constraint: CountConstraint): string {
  switch (constraint.kind) {
    case "at-most":
      return `at most ${constraint.n}`;
    case "at-least":
      return `at least ${constraint.n}`;
    case "exactly":
      return `exactly ${constraint.n}`;
    case "between":
      return `between ${constraint.min} and ${constraint.max}`;
  }
}

/** Why a constraint cannot be read, or null: counts are whole numbers from 0, and a range runs low to high. */
export function constraintProblem(constraint: CountConstraint): string | null {
  const counts = constraint.kind === "between" ? [constraint.min, constraint.max] : [constraint.n];
  if (counts.some((count) => !Number.isInteger(count) || count < 0)) return "a count is a whole number, 0 or more";
  if (constraint.kind === "between" && constraint.min > constraint.max)
    return `"between" needs the lower count first (${constraint.max} and ${constraint.min}?)`;
  return null;
}

/** A constraint's fields as the author typed them: a number field holds "" while its text is no number. */
export interface ConstraintFields {
  kind: CountConstraint["kind"];
  n: string;
  max: string;
}

/** The tool's fields: the request's constraint, the criterion's, and how "at most" is read. */
export interface WriterFields {
  request: ConstraintFields;
  criterion: ConstraintFields;
  ceilingNeedsOne: boolean;
}

export type WriterAction =
  | {kind: "field"; side: "request" | "criterion"; field: keyof ConstraintFields; value: string}
  | {kind: "ceiling"; on: boolean};

/** A constraint's fields to start from; the upper count, hidden until "between", two above the count. */
export function fieldsOf(constraint: CountConstraint): ConstraintFields {
  const first = constraint.kind === "between" ? constraint.min : constraint.n;
  return {
    kind: constraint.kind,
    n: String(first),
    max: String(constraint.kind === "between" ? constraint.max : first + 2),
  };
}

export function editWriter(fields: WriterFields, action: WriterAction): WriterFields {
  if (action.kind === "ceiling")
    return action.on === fields.ceilingNeedsOne ? fields : {...fields, ceilingNeedsOne: action.on};
  const side = fields[action.side];
  if (side[action.field] === action.value) return fields;
  return {...fields, [action.side]: {...side, [action.field]: action.value}};
}

const count = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text));

/** The constraint the fields say; a count that is no number is NaN, which `constraintProblem` names. */
function constraintOf({kind, n, max}: ConstraintFields): CountConstraint {
  return kind === "between" ? {kind, min: count(n), max: count(max)} : {kind, n: count(n)};
}

const relationWords: Record<Relation, string> = {
  "same": "the same as",
  "narrower": "narrower than",
  "broader": "broader than",
  "partial-overlap": "partly overlapping",
  "no-overlap": "not overlapping at all with",
};

export type WriterReading =
  | {problem: string}
  | {
      problem: null;
      relation: Relation;
      request: CountRange;
      criterion: CountRange;
      /** The relation in a sentence, with both constraints and their counts. */
      summary: string;
      /** The counts a compliant response gives that fail the criterion, and those that break the request but pass. */
      penalized: string | null;
      rewarded: string | null;
    };

/** What the fields say: why they cannot be read, or how the criterion relates to its request and what it does. */
export function readWriter(fields: WriterFields): WriterReading {
  const [requestConstraint, criterionConstraint] = [constraintOf(fields.request), constraintOf(fields.criterion)];
  const problem = constraintProblem(requestConstraint) ?? constraintProblem(criterionConstraint);
  if (problem) return {problem: `Cannot classify: ${problem}.`};
  const options = {ceilingNeedsOne: fields.ceilingNeedsOne};
  const [request, criterion] = [countRange(requestConstraint, options), countRange(criterionConstraint, options)];
  const {relation, penalizes, rewards} = consequences(request, criterion);
  const counts = (ranges: CountRange[]) => ranges.map(describeRange).join(" or ");
  return {
    problem: null,
    relation,
    request,
    criterion,
    summary:
      `The criterion “${describeConstraint(criterionConstraint)}” (${describeRange(criterion)}) is ` +
      `${relationWords[relation]} the request's “${describeConstraint(requestConstraint)}” ` +
      `(${describeRange(request)}).`,
    penalized: penalizes.length
      ? `a response giving ${counts(penalizes)} meets the request but fails the criterion`
      : null,
    rewarded: rewards.length
      ? `a response giving ${counts(rewards)} breaks the request but passes the criterion`
      : null,
  };
}
