// lib/node/read-file.ts: the one capped reader every command, the authored files' loader and the run files' reader use.
import {spawnSync} from "node:child_process";
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {cannotOpenWords, CappedReadError, readCappedFile, unreadableFile} from "../../../lib/node/read-file.js";

const dir = mkdtempSync(join(tmpdir(), "read-file-"));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** The reason readCappedFile refuses `path` with, or "read N bytes". */
function outcome(path: string, cap: number): string {
  try {
    return `read ${readCappedFile(path, cap).byteLength} bytes`;
  } catch (error) {
    if (error instanceof CappedReadError) return `${error.reason}${error.code ? ` ${error.code}` : ""}`;
    throw error;
  }
}

describe("readCappedFile", () => {
  it("reads a regular file up to the cap; refuses a larger one, a folder, a device and a missing file", () => {
    writeFileSync(join(dir, "four.txt"), "abcd");
    mkdirSync(join(dir, "folder"));
    expect(outcome(join(dir, "four.txt"), 4)).toBe("read 4 bytes");
    expect(outcome(join(dir, "four.txt"), 3)).toBe("too-large");
    expect(outcome(join(dir, "folder"), 4)).toBe("not-a-file");
    expect(outcome("/dev/zero", 4)).toBe("not-a-file");
    expect(outcome(join(dir, "missing.txt"), 4)).toBe("cannot-open ENOENT");
  });

  it("refuses a named pipe at once, without waiting for a writer", () => {
    const fifo = join(dir, "pipe.json");
    spawnSync("mkfifo", [fifo]);
    // In a child process with a timeout: opening a pipe to read blocks until a writer comes, and in this process that
    // would stop the test run itself.
    const child = spawnSync(
      "node_modules/.bin/tsx",
      [
        "-e",
        `import {readCappedFile} from "./lib/node/read-file.ts";
         try { readCappedFile(${JSON.stringify(fifo)}, 1024); console.log("read"); } catch (error) { console.log(error.reason); }`,
      ],
      {encoding: "utf8", timeout: 20_000},
    );
    expect(child.error, "the read waited on the pipe until the timeout").toBeUndefined();
    expect(child.stdout.trim()).toBe("not-a-file");
  }, 30_000);
});

describe("cannotOpenWords", () => {
  it("says why a file cannot be opened in plain words, for every reader of a capped file, never ENOENT or EACCES", () => {
    const missing = join(mkdtempSync(join(tmpdir(), "cannot-open-")), "gone.json");
    let code = "";
    try {
      readCappedFile(missing, 10);
    } catch (error) {
      code = (error as CappedReadError).code;
    } finally {
      rmSync(join(missing, ".."), {recursive: true, force: true});
    }
    expect(cannotOpenWords(code)).toBe("no such file: check its name and its folder");
    expect(cannotOpenWords("EACCES")).toBe("not allowed to read it: check its permissions");
    expect(cannotOpenWords("EIO")).toBe("cannot read it (EIO)");
  });
});

describe("unreadableFile", () => {
  it("says why a file named cannot be read, in the capped reader's words, and nothing of one it can open", () => {
    writeFileSync(join(dir, "run.json"), "{}");
    mkdirSync(join(dir, "runs.json"), {recursive: true});
    const want = "give a run file";
    expect(unreadableFile(join(dir, "run.json"), want)).toBeNull();
    expect(unreadableFile(join(dir, "runs.json"), want)).toBe("not a regular file: give a run file");
    expect(unreadableFile("/dev/zero", want)).toBe("not a regular file: give a run file");
    expect(unreadableFile(join(dir, "gone.json"), want)).toBe("no such file: check its name and its folder");
    expect(unreadableFile(join(dir, "run.json", "x.json"), want)).toBe(
      "no such file: a part of its path is a file, not a folder",
    );
  });
});
