// The navigation Framework's configuration (observablehq.config.ts) builds from a content root: the trainee's walk
// from its data/parts.yaml, then the tools and its probes. A build of other content (NOTEBOOK_CONTENT) has its own.
import {mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {projectRoot} from "../../../lib/node/load.js";
import {siteNav} from "../../../lib/site/site-nav.js";
import config, {navGroups} from "../../../observablehq.config.js";
import {edit} from "../../build/dev-server.js";
import {authoredCopies, authoredError} from "../authored/helpers.js";

const names = (links: {name: string}[]) => links.map((link) => link.name);

/** A copy of the project's data/, the part of a content root the navigation reads; removed after the test. */
const dataCopy = authoredCopies("rater-notebook-nav-", {folders: ["data"]});

describe("the site's navigation, from its content root", () => {
  it("walks the case study's six parts by their short names, then the tools and its probe", () => {
    const nav = navGroups(projectRoot);
    // data/parts.yaml's navTitle of each part, in its order; the probe by its title in data/probes/six-step-chain.
    expect(names(nav.training)).toEqual([
      "Start here",
      "1. Vague instruction",
      "2. Seven examples",
      "3. The guideline",
      "4. The rubric",
      "5. Edge cases",
      "6. Calibration",
      "Blind self-check",
      "Your results",
    ]);
    expect(names(nav.tools)).toEqual([
      "For authors",
      "Model judges",
      "Cohort",
      "Probe: Follow a six-step instruction chain without dropping a step",
    ]);
  });

  it("walks a second guideline's own two parts, and none of the case study's or its probe", () => {
    const nav = navGroups(join(projectRoot, "test/fixtures/second-guideline"));
    expect(nav.training).toEqual([
      {name: "Start here", path: "/"},
      {name: "1. The guideline", path: "/guideline"},
      {name: "2. Seven summaries", path: "/calibration"},
      {name: "Blind self-check", path: "/self-check"},
      {name: "Your results", path: "/results"},
    ]);
    expect(names(nav.tools)).toEqual(["For authors", "Model judges", "Cohort"]);
  });

  it("stops Framework's build on a hostile data/parts.yaml with its one line, and lists no parts in npm run dev", () => {
    const copy = dataCopy();
    edit(copy, "data/parts.yaml", "- id: vague", "- id: vag\0ue");
    const line = readFileSync(join(copy, "data/parts.yaml"), "utf8")
      .split("\n")
      .findIndex((text) => text.includes("\0"));
    // Framework prints the configuration's error as "Unexpected error: " and its message: the line, with no stack.
    expect(authoredError(() => navGroups(copy)).message).toBe(
      `data/parts.yaml: holds a NUL byte (line ${line + 1}): remove it`,
    );
    expect(names(navGroups(copy, {dev: true}).training)).toEqual(["Start here", "Blind self-check", "Your results"]);
  });

  it("derives the probe pages from the folders in data/probes/, named by the newest version's title", () => {
    const copy = dataCopy();
    mkdirSync(join(copy, "data/probes/a-new-probe"));
    writeFileSync(join(copy, "data/probes/a-new-probe/v1.json"), JSON.stringify({title: "Old title"}));
    writeFileSync(join(copy, "data/probes/a-new-probe/v2.json"), JSON.stringify({title: "Count <three> things"}));
    mkdirSync(join(copy, "data/probes/empty"));
    const nav = navGroups(copy);
    expect(nav.tools.filter((page) => page.path.startsWith("/probes/"))).toEqual([
      {name: "Probe: Count <three> things", path: "/probes/a-new-probe"},
      {name: "Probe: Follow a six-step instruction chain without dropping a step", path: "/probes/six-step-chain"},
    ]);
    // The configuration's header: in the tools group, marked as the current page on its own page.
    const header = siteNav(nav, {path: "/probes/a-new-probe"});
    expect(header).toContain(
      '<a href="./probes/a-new-probe" aria-current="page">Probe: Count &lt;three&gt; things</a>',
    );
    expect(header.indexOf("Probe: Count")).toBeGreaterThan(header.indexOf('id="site-nav-tools"'));
  });

  it("is what Framework reads: the configuration's pages and header, for the content root it is run with", () => {
    const nav = navGroups(projectRoot);
    expect(config.pages).toEqual([...nav.training, ...nav.tools]);
    expect(config.header({path: "/probes/six-step-chain"})).toBe(siteNav(nav, {path: "/probes/six-step-chain"}));
  });
});
