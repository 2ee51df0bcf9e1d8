// A new version's name: released versions are immutable, so a candidate is written under a new name. Light, so the
// authors' page proposes a name before it loads the writer.
import {quoteText} from "../text/quote-text.js";

/** The message names it and the fix. */
export class VersionWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "VersionWriteError";
  }
}

/** v3 after v1 and v2. */
export const nextVersion = (versions: readonly string[]): string =>
  `v${Math.max(0, ...versions.map((version) => Number(version.slice(1)) || 0)) + 1}`;

/** Refuses a name that is not v and a number, and one that is a released version, naming the fix. */
export function checkNewVersion(version: string, versions: readonly string[]): void {
  if (!/^v[1-9][0-9]*$/.test(version))
    throw new VersionWriteError(
      `${quoteText(version)} is not a version name: expected v and a number, such as ${nextVersion(versions)}`,
    );
  if (versions.includes(version))
    throw new VersionWriteError(
      `guideline/${version} is a released version and stays as it is: write the candidate as ${nextVersion(versions)}`,
    );
}
