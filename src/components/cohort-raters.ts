// Each rater against the ruled scores, as the cohort page shows a phase's raters: fifty at a time, with a search by
// name that pages through the raters it finds.
import type {RowSource} from "../lib/agreement/packed-report.js";
import type {RaterAgreement} from "../lib/agreement/rater-agreement.js";
import {percent} from "../lib/agreement/report-format.js";
import {thousands} from "../lib/numbers.js";
import type {Phase} from "../lib/parts.js";
import {quoteText} from "../lib/quote-text.js";
import {FigureText, phaseNames} from "./cohort-figures.js";
import {el, type Child} from "./dom.js";
import {Table, tableOf, tableRows} from "./table.js";

/** How many raters a table shows at a time. */
export const ratersPerPage = 50;

const raterCells = (rater: RaterAgreement): Child[] => [
  rater.rater,
  String(rater.scored),
  FigureText(rater.exact, {show: percent}),
  FigureText(rater.withinOne, {show: percent}),
  FigureText(rater.kappa.linear),
  FigureText(rater.kappa.quadratic),
];

/**
 * Each rater against the ruled scores, a page of raters at a time: ten thousand rows would freeze the page for
 * seconds and nobody reads them on screen (the raters CSV holds every one), and a page replaced rather than rows
 * added keeps each turn of the page as quick as the first. Fifty rows lay out in a frame or two on a slow laptop.
 * A search by name pages through the raters it finds, for the coordinator looking for one among thousands.
 */
export function RaterTable(rows: RowSource<RaterAgreement>, {phase}: {phase: Phase}): HTMLElement {
  const box = Table(
    {
      head: [
        "Rater",
        "Scored",
        "Exactly the ruled score",
        "Within one",
        "Cohen's kappa, linear",
        "Cohen's kappa, quadratic",
      ],
      rows: rows.rows(0, ratersPerPage).map(raterCells),
    },
    {
      caption: `Each rater against the ruled scores, ${phaseNames[phase].toLowerCase()}`,
      rowHeaders: true,
      scroll: true,
      className: "cohort-raters",
    },
  );
  if (rows.length <= ratersPerPage) return box;
  const body = tableOf(box).tBodies[0]!;
  // The raters shown page by page: every rater, or those whose name holds what the coordinator typed.
  let places = rows.find("");
  let query = "";
  let first = 0;
  const search = el("input", {
    "type": "search",
    "id": `cohort-${phase}-find`,
    "autocomplete": "off",
    "spellcheck": "false",
    "aria-describedby": `cohort-${phase}-shown`,
  });
  const shown = el("p", {"class": "cohort-shown", "id": `cohort-${phase}-shown`, "aria-live": "polite"});
  const previous = el("button", {type: "button", class: "button secondary"}, "Previous raters");
  const next = el("button", {type: "button", class: "button secondary"}, "Next raters");
  const describe = () => {
    const last = Math.min(places.length, first + ratersPerPage);
    shown.textContent = !query
      ? `Raters ${thousands(first + 1)}–${thousands(last)} of ${thousands(rows.length)}; ` +
        "the raters CSV holds them all."
      : places.length
        ? `Raters ${thousands(first + 1)}–${thousands(last)} of the ${thousands(places.length)} whose name holds ` +
          `${quoteText(query)} (${thousands(rows.length)} in all).`
        : `No rater's name holds ${quoteText(query)} (${thousands(rows.length)} in all).`;
    previous.disabled = first === 0;
    next.disabled = last >= places.length;
  };
  const show = (at: number) => {
    first = at;
    const page = rows.rowsAt(places.slice(first, first + ratersPerPage)).map(raterCells);
    body.replaceChildren(...tableRows(page, {rowHeaders: true}));
    describe();
  };
  search.addEventListener("input", () => {
    query = search.value.trim();
    places = rows.find(query);
    show(0);
  });
  // A button disabled under the keyboard's focus would drop it: it moves to the other one.
  previous.addEventListener("click", () => {
    show(Math.max(0, first - ratersPerPage));
    if (previous.disabled) next.focus();
  });
  next.addEventListener("click", () => {
    show(first + ratersPerPage);
    if (next.disabled) previous.focus();
  });
  describe();
  return el(
    "div",
    {"class": "cohort-paged", "data-phase": phase},
    el("div", {class: "cohort-find"}, el("label", {for: search.id}, "Find a rater"), search),
    box,
    el("div", {"class": "cohort-pager", "role": "group", "aria-label": "Raters shown"}, shown, previous, next),
  );
}
