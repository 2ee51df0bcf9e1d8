// Which raters a phase's table on the cohort page shows, a page at a time.
import {thousands} from "../text/format.js";
import {quoteText} from "../text/quote-text.js";
import type {RaterOrder} from "./packed-report.js";

export const ratersPerPage = 50;

/**
 * What a phase's table of raters offers: ten raters are read at a glance, so shown whole; more get the search and the
 * order; more than a page, the pager's buttons too.
 */
export const raterControls = (raters: number): {find: boolean; pager: boolean} => ({
  find: raters > 10,
  pager: raters > ratersPerPage,
});

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

/**
 * What the coordinator chose in a phase's table of raters: the words typed in its search, the order, and the page's
 * first row.
 */
export interface RaterChoice {
  typed: string;
  order: RaterOrder;
  first: number;
}

export type RaterAction =
  {kind: "find"; typed: string} | {kind: "order"; order: RaterOrder} | {kind: "page"; first: number};

/**
 * Typing, or another order, starts again from the first rater listed; a page is where its button points (lib's
 * `raterPage`).
 */
export function chooseRaters(choice: RaterChoice, action: RaterAction): RaterChoice {
  switch (action.kind) {
    case "find":
      return action.typed === choice.typed && choice.first === 0 ? choice : {...choice, typed: action.typed, first: 0};
    case "order":
      return action.order === choice.order && choice.first === 0 ? choice : {...choice, order: action.order, first: 0};
    case "page":
      return action.first === choice.first ? choice : {...choice, first: action.first};
  }
}

/** The orders a phase's raters can be listed in, with the words the page gives each. */
export const raterOrders: readonly {order: RaterOrder; words: string}[] = [
  {order: "name", words: "By name"},
  {order: "lowest", words: "Lowest exact share first"},
];
