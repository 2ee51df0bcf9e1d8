// test/guards.md lists what each test file guards, one behaviour a line, each with the title of a test that guards it.
// Written before the suite was reorganised for speed (issue 27) and kept since: a test file with no entry, an entry
// for a file that is gone, or a behaviour whose test title no longer appears in its file fails here, so a
// behaviour cannot lose its test without this list saying so.
import {readdirSync, readFileSync, statSync} from "node:fs";
import {join, resolve} from "node:path";
import {describe, expect, it} from "vitest";

const root = resolve(import.meta.dirname, "../../..");
const list = readFileSync(join(root, "test/guards.md"), "utf8");

/** Each file's entry: its path (from its `## ` heading) and its behaviours, each with the title that guards it. */
function entries(): Map<string, {behaviour: string; title: string | undefined}[]> {
  const found = new Map<string, {behaviour: string; title: string | undefined}[]>();
  let current: {behaviour: string; title: string | undefined}[] | undefined;
  for (const line of list.split("\n")) {
    const heading = /^## (\S+)$/.exec(line);
    if (heading) found.set(heading[1]!, (current = []));
    else if (line.startsWith("- ") && current) {
      const title = / — `([^`]+)`$/.exec(line)?.[1];
      current.push({behaviour: line.slice(2), title});
    } else if (/^\s+\S/.test(line) && current?.length) current.at(-1)!.behaviour += ` ${line.trim()}`;
  }
  // A bullet wrapped over several lines ends with its title on the last.
  for (const bullets of found.values())
    for (const bullet of bullets) bullet.title ??= / — `([^`]+)`$/.exec(bullet.behaviour)?.[1];
  return found;
}

function testFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (name === "fixtures") return [];
    if (statSync(join(root, path)).isDirectory()) return testFiles(path);
    return name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("test/guards.md", () => {
  const listed = entries();

  it("has an entry for every test file, and every entry names a test file that exists", () => {
    const files = testFiles("test");
    expect(files.filter((file) => !listed.has(file))).toEqual([]);
    expect([...listed.keys()].filter((file) => !files.includes(file))).toEqual([]);
  });

  it("gives each behaviour the title of a test that is in its file", () => {
    const missing: string[] = [];
    for (const [file, bullets] of listed) {
      const source = readFileSync(join(root, file), "utf8");
      if (bullets.length === 0) missing.push(`${file}: no behaviour listed`);
      for (const {behaviour, title} of bullets)
        if (title === undefined) missing.push(`${file}: no title for "${behaviour.slice(0, 60)}"`);
        else if (!source.includes(title)) missing.push(`${file}: no test titled "${title}"`);
    }
    expect(missing).toEqual([]);
  });
});
