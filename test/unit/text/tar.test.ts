// The archive the data loader writes must read back, file by file, with a strict reader: GNU tar, which checks every
// header's checksum. (The build reads it with Framework's own extractor: test/build covers that.)
import {spawnSync} from "node:child_process";
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, describe, expect, it} from "vitest";
import {tar, type TarFile} from "../../../lib/text/tar.js";

let dir = "";
afterEach(() => rmSync(dir, {recursive: true, force: true}));

function written(files: TarFile[]): string {
  dir = mkdtempSync(join(tmpdir(), "rater-notebook-tar-"));
  const file = join(dir, "data.tar");
  writeFileSync(file, tar(files));
  return file;
}

const gnuTar = (...args: string[]) => {
  // In UTC, so a listing's times read the same on every machine.
  const result = spawnSync("tar", args, {encoding: "utf8", env: {...process.env, TZ: "UTC"}});
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

  it("writes each header as POSIX ustar lays it out, version 00 and mtime 0 included", () => {
    const archive = tar(files);
    let at = 0; // each header's offset: after the one before, its content and the padding to a whole block
    for (const {name, content} of files) {
      const size = new TextEncoder().encode(content).length;
      const header = archive.subarray(at, at + 512);
      at += 512 + Math.ceil(size / 512) * 512;
      const text = (offset: number, length: number) =>
        new TextDecoder().decode(header.subarray(offset, offset + length));
      // POSIX.1-2017, pax, "ustar Interchange Format": each field's offset and length, numbers in octal ending in NUL.
      expect(text(0, 100)).toBe(name.padEnd(100, "\0"));
      expect(text(100, 8)).toBe("0000644\0");
      expect(text(108, 8)).toBe("0000000\0");
      expect(text(116, 8)).toBe("0000000\0");
      expect(text(124, 12)).toBe(`${size.toString(8).padStart(11, "0")}\0`);
      // No time is written: the epoch, exactly (a listing shows minutes, so only the field tells 0 from 5 seconds).
      expect(text(136, 12)).toBe("00000000000\0");
      expect(text(156, 1)).toBe("0");
      expect(text(157, 100)).toBe("\0".repeat(100));
      expect(text(257, 6)).toBe("ustar\0");
      expect(text(263, 2)).toBe("00");
      expect(text(265, 512 - 265)).toBe("\0".repeat(512 - 265));
      // The checksum: the header's bytes summed with its own field read as eight spaces, six octal digits, NUL, space.
      const sum = header.reduce((total, byte, i) => total + (i >= 148 && i < 156 ? 32 : byte), 0);
      expect(text(148, 8)).toBe(`${sum.toString(8).padStart(6, "0")}\0 `);
    }
    // GNU tar reads the same time back, to the second.
    expect(gnuTar("--full-time", "-tvf", written(files))).toContain("1970-01-01 00:00:00 site.json");
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
