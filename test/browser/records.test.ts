// The test server's stand-in for a build of a copy holding test-only records (records.ts): with no records, the data
// it builds is dist/'s byte for byte, so it cannot drift from the build; with records it serves, at the paths the
// pages fetch, exactly the data files they change, and dist/ for the rest.
import {readdirSync, readFileSync, rmSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {copyProject} from "../../scripts/copy-project.js";
import {pageRunFiles} from "../unit/judges/page-runs.js";
import {useSiteWith} from "./helpers.js";
import {builtData, judgePageRuns} from "./records.js";
import {distDir} from "./site.js";

const dataDir = join(distDir, "_file/data");
/** dist/'s file for a data file ("site" at /_file/data/site.<hash>.json). */
const builtPath = (stem: string) => `/_file/data/${readdirSync(dataDir).find((file) => file.startsWith(`${stem}.`))}`;

describe("the data a copy of the project builds in process", () => {
  it("is, with no records, every data file dist/ holds, byte for byte", () => {
    const copy = copyProject("rater-notebook-no-records-");
    try {
      const {compared, changed} = builtData(copy);
      expect(compared.sort()).toEqual(
        readdirSync(dataDir)
          .filter((file) => file.endsWith(".json"))
          .map((file) => `/_file/data/${file}`)
          .sort(),
      );
      expect([...changed.keys()]).toEqual([]);
    } finally {
      rmSync(copy, {recursive: true, force: true});
    }
  });
});

describe("a site holding judge runs", () => {
  const {site, folder} = useSiteWith(judgePageRuns);
  const get = async (path: string) => Buffer.from(await (await fetch(`${site.origin}${path}`)).arrayBuffer());

  it("serves the data files the runs change as a build of the copy ships them, and dist/'s for the others", async () => {
    const {changed} = builtData(folder());
    expect([...changed.keys()]).toEqual([builtPath("authors"), builtPath("judges")]);
    for (const [path, text] of changed) expect((await get(path)).toString("utf8"), path).toBe(text);
    expect((JSON.parse(changed.get(builtPath("judges"))!) as {files: string[]}).files).toEqual(pageRunFiles);
    const path = builtPath("site");
    expect((await get(path)).equals(readFileSync(join(distDir, path)))).toBe(true);
  });
});
