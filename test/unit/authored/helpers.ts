// What the tests of lib/ share.
import {cpSync, mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach} from "vitest";
import {AuthoredFileError} from "../../../lib/authored/problems.js";
import {projectRoot} from "../../../lib/node/load.js";

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

/**
 * A copy of the project's authored folders (a content root: guideline/ and data/ by default) in a temporary folder,
 * removed after the test that made it; `leave` names folders of data/ not copied. Call it from a test file's top
 * level (it registers the removal) and the returned function in each test.
 */
export function authoredCopies(
  prefix: string,
  {folders = ["guideline", "data"], leave = []}: {folders?: string[]; leave?: string[]} = {},
): () => string {
  let copies: string[] = [];
  afterEach(() => {
    for (const copy of copies) rmSync(copy, {recursive: true, force: true});
    copies = [];
  });
  const left = leave.map((folder) => join(projectRoot, "data", folder));
  return () => {
    const copy = mkdtempSync(join(tmpdir(), prefix));
    copies.push(copy);
    for (const folder of folders)
      cpSync(join(projectRoot, folder), join(copy, folder), {recursive: true, filter: (path) => !left.includes(path)});
    return copy;
  };
}
