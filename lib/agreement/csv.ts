// Tables out as CSV (RFC 4180: fields with a comma, a quote or a line break are quoted, quotes doubled, lines end in
// CRLF), safe to open in a spreadsheet: a text cell that a spreadsheet would read as a formula (it starts with =, +,
// -, @, a tab or a carriage return) gets a leading apostrophe, so a rater named "=HYPERLINK(...)" stays text.
// Numbers are written as numbers; null is an empty cell.

export type Cell = string | number | null;

const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  const text = formulaStart.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function formatCsv(columns: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [columns, ...rows].map((row) => row.map(csvCell).join(",") + "\r\n").join("");
}
