// Why the ordered figures have nothing to compare when the nominal ones do: "n/a" is a category for the nominal
// figures and a missing rating for the ordered ones.
import {unitTotals, type CountTable} from "./data.js";
import type {Figure} from "./figure.js";

/** `where` says of what ("in this phase"). */
export const allNotApplicable = (where: string): string =>
  `every rating ${where} is n/a, which the ordered figures count as missing`;
export const noOrderedPair =
  "no item has scores from 1 to 5 from two or more raters: the ordered figures count n/a as missing";

const hasPair = (table: CountTable): boolean => unitTotals(table).some((ratings) => ratings >= 2);

/**
 * Why the ordered table has no pair when the nominal one has ratings: every rating is n/a, or no item has two scores
 * from 1 to 5. Null when that is not why (the ordered figures' own reason then holds).
 */
export function orderedGap(nominal: CountTable, ordered: CountTable, where = "in this phase"): string | null {
  let ratings = 0;
  for (const count of nominal.counts) ratings += count;
  const na = nominal.values.indexOf("n/a");
  let notApplicable = 0;
  if (na >= 0)
    for (let i = na; i < nominal.counts.length; i += nominal.values.length) notApplicable += nominal.counts[i]!;
  if (ratings > 0 && notApplicable === ratings) return allNotApplicable(where);
  return hasPair(nominal) && !hasPair(ordered) ? noOrderedPair : null;
}

/** An ordered figure with no value, given the reason that n/a explains (the interval's too). */
export function explained<F extends Figure>(f: F, reason: string | null): F {
  if (f.value !== null || reason === null) return f;
  return "intervalReason" in f ? {...f, reason, intervalReason: reason} : {...f, reason};
}
