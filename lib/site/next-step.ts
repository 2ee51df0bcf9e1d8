// What the start page offers a trainee first. Pure: the caller counts what the trainee has scored in each part.

/** A part in walking order and how far the trainee is in it (total 0: a part to read, with nothing to score). */
export interface PartStanding {
  scored: number;
  total: number;
}

export type NextStep<P extends PartStanding> =
  | {kind: "start"; part: P}
  | {kind: "continue"; part: P}
  /** Every part with something to score is scored. */
  | {kind: "done"};

/** The first part started and left unfinished (the walk runs in order); else the part after the last one scored in
 *  (a part to read included, so Part 2 follows Part 1); after the last, the first unfinished; at first, the first. */
export function nextStep<P extends PartStanding>(parts: readonly P[]): NextStep<P> {
  let last = parts.length - 1;
  while (last >= 0 && !(parts[last]!.scored > 0)) last--;
  if (last < 0) return parts[0] ? {kind: "start", part: parts[0]} : {kind: "done"};
  const halfDone = parts.find((part) => part.scored > 0 && part.scored < part.total);
  if (halfDone) return {kind: "continue", part: halfDone};
  const after = parts[last + 1];
  if (after) return {kind: "continue", part: after};
  const unfinished = parts.find((part) => part.scored < part.total);
  return unfinished ? {kind: "continue", part: unfinished} : {kind: "done"};
}
