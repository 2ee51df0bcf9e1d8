// What the tests of lib/ share.
import {AuthoredFileError} from "../../../lib/authored/problems.js";

/** The AuthoredFileError `run` throws; fails the test when it throws anything else, or nothing. */
export function authoredError(run: () => unknown): AuthoredFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof AuthoredFileError) return error;
    throw error;
  }
  throw new Error("expected an AuthoredFileError, and nothing was thrown");
}
