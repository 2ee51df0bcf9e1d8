import {describe, expect, it} from "vitest";
import {csvChunks, type Cell} from "../../../lib/agreement/report-csv.js";

const csv = (columns: string[], rows: Cell[][]): string => [...csvChunks(columns, rows)].join("");
/** One cell as it is written, alone on its line. */
const cellText = (cell: Cell): string => csv(["x"], [[cell]]).split("\r\n")[1]!;

describe("CSV export", () => {
  it("quotes fields with commas, quotes or line breaks (RFC 4180) and ends lines with CRLF", () => {
    expect(
      csv(
        ["a", "b"],
        [
          ["x,y", 'say "hi"'],
          ["line\nbreak", null],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n');
  });

  it("writes numbers as numbers, negative ones included, and a non-finite number as an empty cell", () => {
    expect([0.25, -0.5, NaN, Infinity, null].map(cellText)).toEqual(["0.25", "-0.5", "", "", ""]);
  });

  // OWASP's advice on CSV injection: a leading apostrophe, and the cell in quotes.
  it("keeps text that a spreadsheet would run as a formula as text", () => {
    expect(cellText('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(["+1", "-cmd", "@SUM(A1)", "\tx"].map(cellText)).toEqual(['"\'+1"', '"\'-cmd"', '"\'@SUM(A1)"', '"\'\tx"']);
    expect(cellText("alice")).toBe("alice");
    expect(cellText("<script>alert(1)</script>")).toBe("<script>alert(1)</script>");
  });

  it("quotes leading or trailing spaces so they survive", () => {
    expect(cellText(" padded ")).toBe('" padded "');
  });

  it("writes a long table in chunks that join to every row once, the header first", () => {
    const rows: Cell[][] = Array.from({length: 10_000}, (_, i) => [`r${i}`, i]);
    const chunks = [...csvChunks(["rater", "n"], rows)];
    expect(chunks.length).toBeGreaterThan(1);
    const lines = chunks.join("").split("\r\n");
    expect(lines[0]).toBe("rater,n");
    expect(lines.slice(1, -1)).toEqual(rows.map(([rater, n]) => `${rater},${n}`));
    expect(lines.at(-1)).toBe("");
  });
});
