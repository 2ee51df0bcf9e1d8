// Each rater against the ruled scores, as the cohort page shows a phase's raters: fifty at a time, with a search by
// name that pages through the raters it finds.
import type {RowSource} from "../lib/agreement/packed-report.js";
import type {RaterAgreement} from "../lib/agreement/rater-agreement.js";
import {percent} from "../lib/agreement/figure-text.js";
import type {Phase} from "../lib/authored/schemas/parts.js";
import {raterPage, ratersPerPage} from "../lib/agreement/rater-pager.js";
import {FigureText, phaseNames} from "./cohort-figures.js";
import {el, type Child} from "./dom.js";
import {Table, tableOf, tableRows} from "./table.js";

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
export function RaterTable({rows, phase}: {rows: RowSource<RaterAgreement>; phase: Phase}): HTMLElement {
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
  let page = raterPage({total: rows.length, found: places.length, first: 0, query});
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
    shown.textContent = page.shown;
    previous.disabled = page.previous === null;
    next.disabled = page.next === null;
  };
  const show = (first: number) => {
    page = raterPage({total: rows.length, found: places.length, first, query});
    const cells = rows.rowsAt(places.slice(page.first, page.last)).map(raterCells);
    body.replaceChildren(...tableRows(cells, {rowHeaders: true}));
    describe();
  };
  search.addEventListener("input", () => {
    query = search.value.trim();
    places = rows.find(query);
    show(0);
  });
  // A button disabled under the keyboard's focus would drop it: it moves to the other one.
  previous.addEventListener("click", () => {
    show(page.previous ?? 0);
    if (previous.disabled) next.focus();
  });
  next.addEventListener("click", () => {
    show(page.next ?? page.first);
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
