// Which raters a phase's table on the cohort page shows, a page at a time, and what the line beside the pager says:
// every rater, or those whose name holds what the coordinator typed. Pure; src/components/cohort-raters.ts renders it.
import {thousands} from "../text/format.js";
import {quoteText} from "../text/quote-text.js";

/** How many raters a table shows at a time. */
export const ratersPerPage = 50;

export interface RaterPage {
  /** The places shown, among the raters found: `first` up to, not including, `last`. */
  first: number;
  last: number;
  /** Where "Previous raters" and "Next raters" go; null when there is no page that way (the button is disabled). */
  previous: number | null;
  next: number | null;
  /** The line that says which raters are shown. */
  shown: string;
}

/**
 * The page from `first` of the `found` raters whose name holds `query` (every rater, `total` of them, when the query
 * is empty).
 */
export function raterPage({total, found, first, query}: {total: number; found: number; first: number; query: string}) {
  const last = Math.min(found, first + ratersPerPage);
  const page: RaterPage = {
    first,
    last,
    previous: first === 0 ? null : Math.max(0, first - ratersPerPage),
    next: last >= found ? null : first + ratersPerPage,
    shown: !query
      ? `Raters ${thousands(first + 1)}–${thousands(last)} of ${thousands(total)}; the raters CSV holds them all.`
      : found
        ? `Raters ${thousands(first + 1)}–${thousands(last)} of the ${thousands(found)} whose name holds ` +
          `${quoteText(query)} (${thousands(total)} in all).`
        : `No rater's name holds ${quoteText(query)} (${thousands(total)} in all).`,
  };
  return page;
}
