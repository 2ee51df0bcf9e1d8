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

/** How many rows one chunk of csvChunks holds. */
const rowsPerChunk = 4096;

/**
 * A table as CSV in chunks of rows, for a table too long to hold as one string (a million raters' rows): a file
 * is written, or a Blob made, from the chunks in turn.
 */
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
