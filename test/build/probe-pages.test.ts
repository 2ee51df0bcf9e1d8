// Every folder of data/probes/ with version files gets a page and a navigation link, with no change to the config.
import {spawnSync} from "node:child_process";
import {mkdirSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterEach, expect, it} from "vitest";
import {copyProject, projectRoot as root} from "../../scripts/copy-project.js";

let copy = "";
afterEach(() => rmSync(copy, {recursive: true, force: true}));

it("derives the probe pages from the folders in data/probes/, named by the newest version's title", () => {
  copy = copyProject("rater-notebook-config-");
  mkdirSync(join(copy, "data/probes/a-new-probe"));
  writeFileSync(join(copy, "data/probes/a-new-probe/v1.json"), JSON.stringify({title: "Old title"}));
  writeFileSync(join(copy, "data/probes/a-new-probe/v2.json"), JSON.stringify({title: "Count <three> things"}));
  mkdirSync(join(copy, "data/probes/empty"));
  const script =
    'import("./observablehq.config.ts").then(({default: c}) => ' +
    'console.log(JSON.stringify({pages: c.pages, header: c.header({path: "/probes/a-new-probe"})})))';
  const result = spawnSync(join(root, "node_modules/.bin/tsx"), ["-e", script], {cwd: copy, encoding: "utf8"});
  expect(result.stderr).toBe("");
  const {pages, header} = JSON.parse(result.stdout) as {pages: {name: string; path: string}[]; header: string};
  expect(pages.filter((page) => page.path.startsWith("/probes/"))).toEqual([
    {name: "Probe: Count <three> things", path: "/probes/a-new-probe"},
    {name: "Probe: Follow a six-step instruction chain without dropping a step", path: "/probes/six-step-chain"},
  ]);
  // In the tools group, marked as the current page on its own page.
  expect(header).toContain('<a href="./probes/a-new-probe" aria-current="page">Probe: Count &lt;three&gt; things</a>');
  expect(header.indexOf("Probe: Count")).toBeGreaterThan(header.indexOf('id="site-nav-tools"'));
  expect(pages[0]).toEqual({name: "Start here", path: "/"});
}, 60_000);
