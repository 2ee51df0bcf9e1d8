// Tables out as CSV (RFC 4180, CRLF), safe in a spreadsheet: a text cell starting with =, +, -, @, a tab or a carriage
// return gets a leading apostrophe, so a rater named "=HYPERLINK(...)" stays text.

export type Cell = string | number | null;

const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  const text = formulaStart.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const rowsPerChunk = 4096;

/** For a table too long to hold as one string (a million raters' rows). */
export function* csvChunks(columns: readonly string[], rows: Iterable<readonly Cell[]>): Generator<string> {
  let chunk = columns.map(csvCell).join(",") + "\r\n";
  let count = 0;
  for (const row of rows) {
    chunk += row.map(csvCell).join(",") + "\r\n";
    if (++count % rowsPerChunk === 0) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/** @internal Only the tests write CSV inputs with it. */
export function formatCsv(columns: readonly string[], rows: Iterable<readonly Cell[]>): string {
  let text = "";
  for (const chunk of csvChunks(columns, rows)) text += chunk;
  return text;
}
