// Every data file the pages load comes from one pass over the authored files (lib/node/site-data.ts). A broken file
// stops the data files that need it, and no other; each problem is reported once however many files it stops.
import {existsSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterEach, describe, expect, it, vi} from "vitest";
import {isBrokenData} from "../../../lib/authored/broken-data.js";
import * as itemFile from "../../../lib/authored/item-file.js";
import {loadItems, projectRoot} from "../../../lib/node/load.js";
import {dataArchive, dataFileNames, siteData} from "../../../lib/node/site-data.js";
import {copyProject} from "../../../scripts/copy-project.js";

// Counted, to see which item files a rebuild parses again.
vi.mock("../../../lib/authored/item-file.js", async (importOriginal) => {
  const actual = await importOriginal<typeof itemFile>();
  return {...actual, parseItemFile: vi.fn(actual.parseItemFile)};
});

let copy = "";
afterEach(() => rmSync(copy, {recursive: true, force: true}));

function brokenCopy(file: string, from: string, to: string): string {
  copy = copyProject("rater-notebook-site-data-");
  const path = join(copy, file);
  const text = readFileSync(path, "utf8");
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
  return copy;
}

/** The data files the pages ask for: FileAttachment("./data/<name>") or ("../data/<name>") in src/**.md. */
function requestedByPages(dir = join(projectRoot, "src")): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "lib" || entry.name.startsWith(".") ? [] : requestedByPages(path);
    if (!entry.name.endsWith(".md")) return [];
    return [...readFileSync(path, "utf8").matchAll(/FileAttachment\("\.\.?\/data\/([^"]+)"\)/g)].map((m) => m[1]!);
  });
}

describe("siteData", () => {
  it("builds every data file a page asks for, with no problem, from the project's files", () => {
    const {files, problems} = siteData();
    expect(problems).toEqual([]);
    expect([...files.keys()]).toEqual(dataFileNames);
    const requested = new Set(requestedByPages());
    expect(requested.size).toBeGreaterThan(4);
    // The files with a loader of their own are scripts, bundles rather than data: the cohort page's worker, and the
    // case editor's schemas (issue 32).
    const ownLoaders = [...requested].filter((name) => !files.has(name)).sort();
    expect(ownLoaders).toEqual(["case-schemas.js", "cohort-worker.js"]);
    for (const name of ownLoaders) expect(existsSync(join(projectRoot, "src", "data", `${name}.js`)), name).toBe(true);
    expect([...files.values()].filter(isBrokenData)).toEqual([]);
  });

  it("stops only the data files that need a broken item, and reports its problem once", () => {
    const {files, problems} = siteData(brokenCopy("data/items/edge-2.md", "rule: size-words", "rule: sizes"));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({file: "data/items/edge-2.md", field: expect.stringMatching(/\.rule$/)});
    const broken = [...files].filter(([, data]) => isBrokenData(data)).map(([name]) => name);
    // The guideline data reads no item, the probes data neither, nor the versions' files the authors' page saves from.
    const itemless = new Set(["guideline.json", "probes.json", "authors-sources.json"]);
    expect(broken).toEqual(dataFileNames.filter((name) => !itemless.has(name)));
    expect(files.get("site.json")).toEqual({brokenAuthoredFiles: problems});
  });

  it("stops the items data, with the field and fix, when an item whose every line is met names no deciding rule", () => {
    const {files, problems} = siteData(brokenCopy("data/items/example-1.md", "decidingRule: numbers\n", ""));
    expect(problems).toEqual([
      {file: "data/items/example-1.md", field: "decidingRule", message: expect.stringContaining("add decidingRule")},
    ]);
    expect([...files].filter(([, data]) => isBrokenData(data)).map(([name]) => name)).toEqual(["items.json"]);
  });

  it("stops the items data when an item's ruled score is not the engine's", () => {
    const {files, problems} = siteData(brokenCopy("data/items/example-4.md", "score: 3", "score: 4"));
    expect(problems).toEqual([
      {file: "data/items/example-4.md", field: "score", message: expect.stringContaining("ruled 4 but the engine")},
    ]);
    expect([...files].filter(([, data]) => isBrokenData(data)).map(([name]) => name)).toEqual(["items.json"]);
  });
});

describe("dataArchive", () => {
  it("gives no archive when a file is broken, unless asked for the problems as data (npm run dev)", () => {
    const root = brokenCopy("guideline/v2/guideline.yaml", "  - score: 5\n", "  - score: 6\n");
    const built = dataArchive(root);
    expect(built.archive).toBeNull();
    expect(built.problems.map((problem) => `${problem.file} at ${problem.field}`)).toContain(
      "guideline/v2/guideline.yaml at rubric[0].score",
    );
    const dev = dataArchive(root, {brokenAsData: true});
    expect(dev.problems).toEqual(built.problems);
    const text = new TextDecoder().decode(dev.archive!);
    expect(text).toContain(JSON.stringify({brokenAuthoredFiles: built.problems}));
    // The content data needs no guideline: it is there as usual.
    expect(text).toContain(JSON.stringify(loadItems(root).find((item) => item.set === "calibration")!.id));
  });
});

describe("a rebuild (npm run dev)", () => {
  it("parses again only the item files whose text changed", () => {
    copy = copyProject("rater-notebook-site-data-");
    const parsed = vi.mocked(itemFile.parseItemFile);
    siteData(copy);
    parsed.mockClear();
    siteData(copy);
    expect(parsed).not.toHaveBeenCalled();
    const file = join(copy, "data", "items", "example-1.md");
    writeFileSync(file, readFileSync(file, "utf8").replace(/\n*$/, "\n\n"));
    siteData(copy);
    expect(parsed.mock.calls.map(([, name]) => name)).toEqual(["data/items/example-1.md"]);
  });
});
