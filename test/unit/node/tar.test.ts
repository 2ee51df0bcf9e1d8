// The archive the data loader writes must read back, file by file, with a strict reader: GNU tar, which checks every
// header's checksum. (The build reads it with Framework's own extractor: test/build covers that.)
import {spawnSync} from "node:child_process";
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, describe, expect, it} from "vitest";
import {tar, type TarFile} from "../../../lib/node/tar.js";

let dir = "";
afterEach(() => rmSync(dir, {recursive: true, force: true}));

function written(files: TarFile[]): string {
  dir = mkdtempSync(join(tmpdir(), "rater-notebook-tar-"));
  const file = join(dir, "data.tar");
  writeFileSync(file, tar(files));
  return file;
}

const gnuTar = (...args: string[]) => {
  const result = spawnSync("tar", args, {encoding: "utf8"});
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return result.stdout;
};

describe("tar", () => {
  const files: TarFile[] = [
    {name: "site.json", content: '{"parts":[]}'},
    // 43 characters, 45 bytes: the size in the header counts bytes.
    {name: "part-examples.json", content: JSON.stringify({text: "på naturlig svenska, bitte schön"})},
    // Exactly one block: no padding after it.
    {name: "block.json", content: "x".repeat(512)},
    {name: "empty.json", content: ""},
  ];

  it("lists every file, in order, with its size in bytes", () => {
    const listing = gnuTar("-tvf", written(files))
      .trim()
      .split("\n")
      .map((line) => line.split(/\s+/))
      .map((fields) => `${fields.at(-1)} ${fields[2]}`);
    expect(listing).toEqual(["site.json 12", "part-examples.json 45", "block.json 512", "empty.json 0"]);
  });

  it("gives every file back exactly", () => {
    const archive = written(files);
    for (const {name, content} of files) expect(gnuTar("-xOf", archive, name), name).toBe(content);
  });

  it("gives the same bytes for the same files, with no time in them", () => {
    expect(tar(files)).toEqual(tar(structuredClone(files)));
    expect(gnuTar("-tvf", written(files))).toContain("1970-01-01 00:00");
  });

  it("is a whole number of blocks, ending in two empty ones", () => {
    const archive = tar(files);
    expect(archive.length % 512).toBe(0);
    expect(archive.slice(-1024).every((byte) => byte === 0)).toBe(true);
  });

  it("refuses a name ustar cannot hold without a prefix", () => {
    expect(() => tar([{name: `${"a".repeat(96)}.json`, content: ""}])).toThrow(
      `tar: the name "${"a".repeat(96)}.json" is longer than 100 bytes`,
    );
  });
});
