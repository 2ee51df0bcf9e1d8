// Which raters a phase's table on the cohort page shows, a page at a time.
import {thousands} from "../text/format.js";
import {quoteText} from "../text/quote-text.js";

export const ratersPerPage = 50;

export interface RaterPage {
  /** `first` up to, not including, `last`. */
  first: number;
  last: number;
  /** Null when there is no page that way (the button is disabled). */
  previous: number | null;
  next: number | null;
  shown: string;
}

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
