// Which kind of file a coordinator gave, for the cohort page and `npm run agreement` alike. Pure and browser-safe.

/** A ratings CSV (rater, item, phase, score) or a trainee's progress file (JSON). */
export type InputKind = "csv" | "trainee";

/**
 * A .csv file is CSV and a .json file a trainee's record, whatever they hold; any other name is judged by the first
 * character of `start` (the file's first bytes as text): a JSON object is a trainee's record, anything else CSV.
 */
export function inputKindOf(name: string, start: string): InputKind {
  return inputKindByName(name) ?? (start.trimStart().startsWith("{") ? "trainee" : "csv");
}

/** The kind a file's name alone decides, before a byte is read; null when its first bytes must decide. */
export function inputKindByName(name: string): InputKind | null {
  if (/\.csv$/i.test(name)) return "csv";
  if (/\.json$/i.test(name)) return "trainee";
  return null;
}
