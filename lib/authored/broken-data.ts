// What a data file holds when `npm run dev` finds a broken authored file, so the page can name each problem instead
// of going blank. The build never ships this: it fails instead.
import type {Problem} from "./problems.js";

export interface BrokenData {
  brokenAuthoredFiles: Problem[];
}

export const brokenData = (problems: readonly Problem[]): BrokenData => ({brokenAuthoredFiles: [...problems]});

export function isBrokenData(value: unknown): value is BrokenData {
  return (
    typeof value === "object" && value !== null && Array.isArray((value as Partial<BrokenData>).brokenAuthoredFiles)
  );
}

/**
 * For a page whose many cells read one data file: its data, or, when it holds a broken file's problems, a promise
 * that never settles, so the cells that read it wait until the fixed file reloads the page's data.
 */
export const wholeData = <T>(data: T): Promise<T> =>
  isBrokenData(data) ? new Promise<T>(() => {}) : Promise.resolve(data);
