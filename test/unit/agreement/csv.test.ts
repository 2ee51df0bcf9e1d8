import {describe, expect, it} from "vitest";
import {csvCell, formatCsv} from "../../../lib/agreement/csv.js";

describe("CSV export", () => {
  it("quotes fields with commas, quotes or line breaks (RFC 4180) and ends lines with CRLF", () => {
    expect(
      formatCsv(
        ["a", "b"],
        [
          ["x,y", 'say "hi"'],
          ["line\nbreak", null],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n');
  });

  it("writes numbers as numbers, negative ones included, and a non-finite number as an empty cell", () => {
    expect([csvCell(0.25), csvCell(-0.5), csvCell(NaN), csvCell(Infinity), csvCell(null)]).toEqual([
      "0.25",
      "-0.5",
      "",
      "",
      "",
    ]);
  });

  it("keeps text that a spreadsheet would run as a formula as text", () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-cmd")).toBe("'-cmd");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("alice")).toBe("alice");
    expect(csvCell("<script>alert(1)</script>")).toBe("<script>alert(1)</script>");
  });

  it("quotes leading or trailing spaces so they survive", () => {
    expect(csvCell(" padded ")).toBe('" padded "');
  });
});
