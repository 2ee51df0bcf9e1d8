// The site's one table builder: column headers, optional row headers, an optional caption, and a scroll box for
// tables wider than a phone (focusable, so a keyboard user can scroll it), or a layout that stacks each row as a card
// on a phone, every cell labelled with its column's name.
import {el, type Child} from "./dom.js";

/** A row as its cells, or a row built elsewhere (when its cells carry their own attributes). */
export type TableRowInput = Child[] | HTMLTableRowElement;

export interface TableOptions {
  caption?: Child;
  className?: string;
  /** The first cell of each row names the row (a `th scope="row"`). */
  rowHeaders?: boolean;
  /**
   * Wrap the table in a focusable box that scrolls sideways when the table is wider than the page; a string names
   * the box (a region with that name, which a keyboard user hears on reaching it; unique on its page).
   */
  scroll?: boolean | string;
  /**
   * On a narrow screen, show each row as a card: its first cell as the card's title, every other cell with its
   * column's name (a `data-label`, from the head). The style is `table.stack` in src/style.css.
   */
  stack?: boolean;
}

/** A column's head, with the shorter name a stacked card gives it where the head is too long to repeat in each. */
export interface LabelledHead {
  head: Child;
  label: string;
}

const isLabelled = (cell: Child | LabelledHead): cell is LabelledHead =>
  typeof cell === "object" && cell !== null && !(cell instanceof Node) && !Array.isArray(cell);

/** Labels every body cell with its column's name (`data-label`), unless the cell already has a label. */
function labelCells(table: HTMLTableElement): void {
  const names = [...(table.tHead?.rows[0]?.cells ?? [])].map(
    (cell) => cell.dataset["label"] ?? (cell.textContent ?? "").trim(),
  );
  for (const body of table.tBodies)
    for (const row of body.rows)
      [...row.cells].forEach((cell, index) => {
        if (!cell.hasAttribute("data-label") && names[index]) cell.setAttribute("data-label", names[index]);
      });
}

export function TableRow(cells: Child[], {rowHeader = false}: {rowHeader?: boolean} = {}): HTMLTableRowElement {
  return el(
    "tr",
    {},
    cells.map((cell, index) => (rowHeader && index === 0 ? el("th", {scope: "row"}, cell) : el("td", {}, cell))),
  );
}

const tableRows = (rows: readonly TableRowInput[], {rowHeaders = false} = {}): HTMLTableRowElement[] =>
  rows.map((row) => (Array.isArray(row) ? TableRow(row, {rowHeader: rowHeaders}) : row));

export function Table(
  {head, rows}: {head: (Child | LabelledHead)[]; rows: readonly TableRowInput[]},
  {caption = null, className = "", rowHeaders = false, scroll = false, stack = false}: TableOptions = {},
): HTMLElement {
  const table = el(
    "table",
    {class: [className, stack ? "stack" : ""].filter(Boolean).join(" ") || null},
    caption ? el("caption", {}, caption) : null,
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        head.map((cell) =>
          isLabelled(cell)
            ? el("th", {"scope": "col", "data-label": cell.label}, cell.head)
            : el("th", {scope: "col"}, cell),
        ),
      ),
    ),
    el("tbody", {}, tableRows(rows, {rowHeaders})),
  );
  if (stack) labelCells(table);
  if (!scroll) return table;
  const named = typeof scroll === "string" ? {"role": "region", "aria-label": scroll} : {};
  return el("div", {class: "table-scroll", tabindex: 0, ...named}, table);
}
