// Ratings from CSV (`rater,item,phase,score`, columns in any order), streamed row by row through Papa Parse. Line
// numbers count physical lines, a quoted field's line breaks included, so a problem points at the line an editor shows.
import Papa from "papaparse";
import {checkPhase, checkRater, checkScore, itemChecker, RatingsCollector, type CohortRating} from "./ratings.js";

export const csvColumns = ["rater", "item", "phase", "score"] as const;
type Column = (typeof csvColumns)[number];

const lineBreaks = /\r\n|\r|\n/g;
const countLineBreaks = (text: string): number => text.match(lineBreaks)?.length ?? 0;

/** Commas only (never guessed), every line seen. */
export const papaConfig = {delimiter: ",", header: false, skipEmptyLines: false, dynamicTyping: false} as const;

function describeParseError(error: Papa.ParseError): string {
  if (error.code === "MissingQuotes") return "a quoted field is never closed (is the file cut short?)";
  if (error.code === "InvalidQuotes") return 'a quote inside a field: quote the field and double the quote ("")';
  return error.message.toLowerCase();
}

/**
 * The separator a one-field header uses in place of commas, when split by it the header is exactly the columns (a
 * spreadsheet set to a language whose decimal mark is the comma saves "CSV" with semicolons).
 */
function otherSeparator(header: string): string | null {
  for (const [separator, said] of [
    [";", "semicolons"],
    ["\t", "tabs"],
    ["|", "bars"],
  ] as const)
    if (namesTheColumns(header.split(separator).map((name) => name.trim()))) return said;
  return null;
}

/** Whether a header's names (lower-cased) are the four columns, each once, in any order. */
const namesTheColumns = (names: readonly string[]): boolean =>
  names.length === csvColumns.length && csvColumns.every((column) => names.includes(column));

/** What a CSV with nothing in it is told. */
const emptyFileWords = `expected the header ${csvColumns.join(",")}: the file is empty`;

/** Feed it each row Papa Parse yields, then call end(). Stops reading rows after a header it cannot use. */
export class RatingsCsvReader {
  private line = 1;
  private columns: Record<Column, number> | null = null;
  private stopped = false;
  /** Whether any line held more than white space: a file with none is empty. */
  private content = false;
  private readonly item: ReturnType<typeof itemChecker>;

  constructor(
    readonly file: string,
    itemIds: readonly string[],
    readonly collector: RatingsCollector = new RatingsCollector(),
  ) {
    this.item = itemChecker(itemIds);
  }

  row(fields: readonly string[], errors: readonly Papa.ParseError[] = []): void {
    const line = this.line;
    let breaks = 0;
    for (const field of fields) if (field.length > 0 && /[\r\n]/.test(field)) breaks += countLineBreaks(field);
    this.line += 1 + breaks;
    if (this.stopped) return;
    if (fields.length > 1 || fields[0]?.trim()) this.content = true;
    if (errors.length) {
      this.collector.problem({file: this.file, line, message: describeParseError(errors[0]!)});
      return;
    }
    if (fields.length === 1 && fields[0]!.trim() === "") return; // an empty line
    if (this.columns === null) return this.header(fields, line);
    if (fields.length !== csvColumns.length) {
      this.collector.problem({
        file: this.file,
        line,
        message: `expected ${csvColumns.length} fields (${csvColumns.join(",")}), found ${fields.length}`,
      });
      return;
    }
    this.rating(fields, line);
  }

  private header(fields: readonly string[], line: number): void {
    const names = fields.map((field, i) => (i === 0 ? field.replace(/^\uFEFF/, "") : field).trim().toLowerCase());
    if (!namesTheColumns(names)) {
      // Nothing of the line is quoted: it may be the first line of a file of another kind altogether (a link to a
      // system file, given by mistake). What it lacks, in the header's own words, is the fix.
      const missing = csvColumns.filter((column) => !names.includes(column));
      const separator = names.length === 1 ? otherSeparator(names[0]!) : null;
      const found = separator
        ? `separates its columns with ${separator}: save it as CSV with commas between the columns`
        : missing.length === csvColumns.length
          ? "names none of these columns"
          : missing.length > 0
            ? `lacks ${missing.join(", ")}`
            : `has ${names.length} columns`;
      this.collector.problem({
        file: this.file,
        line,
        message: `expected the header ${csvColumns.join(",")}: it ${found}`,
      });
      this.stopped = true;
      return;
    }
    this.columns = Object.fromEntries(csvColumns.map((column) => [column, names.indexOf(column)])) as Record<
      Column,
      number
    >;
  }

  private rating(fields: readonly string[], line: number): void {
    const columns = this.columns!;
    const rater = checkRater(fields[columns.rater]!);
    const item = this.item(fields[columns.item]!);
    const phase = checkPhase(fields[columns.phase]!);
    const score = checkScore(fields[columns.score]!);
    if (rater.ok && item.ok && phase.ok && score.ok) {
      const rating: CohortRating = {
        rater: rater.value,
        item: item.value,
        phase: phase.value,
        score: score.value,
        file: this.file,
        line,
      };
      this.collector.add(rating);
      return;
    }
    const problem = (field: Column, checked: {ok: boolean; message?: string}) => {
      if (!checked.ok) this.collector.problem({file: this.file, line, field, message: checked.message!});
    };
    problem("rater", rater);
    problem("item", item);
    problem("phase", phase);
    problem("score", score);
  }

  /**
   * After the last row. A header alone holds no ratings, which is not a problem; a file with no header, nothing but
   * blank lines, is (most likely an export that failed): said so, as a header that is not the columns is.
   */
  end(): RatingsCollector {
    if (!this.content) this.collector.problem({file: this.file, line: 1, message: emptyFileWords});
    return this.collector;
  }
}

/** Reads a whole CSV text (already in memory) into the collector. */
export function readRatingsCsv(
  text: string,
  file: string,
  itemIds: readonly string[],
  collector: RatingsCollector = new RatingsCollector(),
): RatingsCollector {
  const reader = new RatingsCsvReader(file, itemIds, collector);
  if (text.trim() !== "")
    Papa.parse<string[]>(text, {
      ...papaConfig,
      step: (results) => reader.row(results.data, results.errors),
    });
  return reader.end();
}

/**
 * Reads a CSV file as it streams in (a browser File, or a Node readable stream), a mebibyte at a time, so a file of a
 * million lines is never held whole; `onChunk` hears how many bytes are read after each chunk (the cohort page's
 * worker reports its progress so). Resolves with the collector once the last row is read.
 */
export function readRatingsCsvStream(
  source: Papa.LocalFile,
  file: string,
  itemIds: readonly string[],
  onChunk?: (bytesRead: number) => void,
): Promise<RatingsCollector> {
  const reader = new RatingsCsvReader(file, itemIds, new RatingsCollector());
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(source, {
      ...papaConfig,
      chunkSize: 1024 * 1024,
      chunk: (results) => {
        const errors = new Map<number, Papa.ParseError[]>();
        for (const error of results.errors) {
          const row = error.row ?? results.data.length - 1;
          errors.set(row, [...(errors.get(row) ?? []), error]);
        }
        results.data.forEach((row, index) => reader.row(row, errors.get(index)));
        onChunk?.(results.meta.cursor);
      },
      complete: () => resolve(reader.end()),
      error: (error: Error) => reject(error),
    });
  });
}
