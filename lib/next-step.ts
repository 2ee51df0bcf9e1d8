// What the start page offers a trainee first: the part to start with, to go back to, or the next one after the part
// they last worked in. Pure: the caller counts what the trainee has scored in each part.

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

/**
 * The part the trainee last scored in, while it is unfinished; once it is finished, the part after it (a part to read
 * included, so Part 2 follows Part 1); after the last part, the first part left unfinished. Nothing scored yet: the
 * first part.
 */
export function nextStep<P extends PartStanding>(parts: readonly P[]): NextStep<P> {
  let last = parts.length - 1;
  while (last >= 0 && !(parts[last]!.scored > 0)) last--;
  if (last < 0) return parts[0] ? {kind: "start", part: parts[0]} : {kind: "done"};
  const current = parts[last]!;
  if (current.scored < current.total) return {kind: "continue", part: current};
  const after = parts[last + 1];
  if (after) return {kind: "continue", part: after};
  const unfinished = parts.find((part) => part.scored < part.total);
  return unfinished ? {kind: "continue", part: unfinished} : {kind: "done"};
}
