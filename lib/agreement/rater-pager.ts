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

/** What the coordinator chose in a phase's table of raters: the words typed in its search, and the page's first row. */
export interface RaterChoice {
  typed: string;
  first: number;
}

export type RaterAction = {kind: "find"; typed: string} | {kind: "page"; first: number};

/** Typing starts again from the first rater found; a page is where its button points (lib's `raterPage`). */
export function chooseRaters(choice: RaterChoice, action: RaterAction): RaterChoice {
  if (action.kind === "find")
    return action.typed === choice.typed && choice.first === 0 ? choice : {typed: action.typed, first: 0};
  return action.first === choice.first ? choice : {...choice, first: action.first};
}
