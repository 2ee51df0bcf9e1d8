// Issue 31 item 7: the engine and the site are general. A second checklist guideline, for another rating dimension
// (test/fixtures/second-guideline: a summary's faithfulness to its source), with its own rules, facts, clauses,
// rubric, parts and seven cases, makes a working site with no TypeScript of its own. The pages' code is the same
// whatever the guideline: the site here is dist/ with every data file the fixture's build would ship in place of the
// case study's (records.ts builtData, the data loader's code run in process), walked in the worker's Chromium. The
// navigation the fixture's build would have is the configuration's (test/unit/site/nav-groups.test.ts): the suite
// makes one build a run.
import {cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {dirname, join} from "node:path";
import {afterAll, beforeAll, beforeEach, describe, expect, it} from "vitest";
import {loadItems, loadParts, projectRoot} from "../../lib/node/load.js";
import {guidelineCheck} from "../../scripts/guideline-check.js";
import {prerenderPages} from "../../scripts/prerender.js";
import {runCommand} from "../cli/run.js";
import {derivedScore, loadCase, openEditor} from "./case-editor-helpers.js";
import {builtData} from "./records.js";
import {distDir, openSite, testChromium, type Site} from "./site.js";
import {collapse, commit, visibleText} from "./trainee.js";

const fixture = join(projectRoot, "test/fixtures/second-guideline");

let site: Site | undefined;
beforeAll(async () => {
  site = await openSite(distDir, {browser: await testChromium(), data: builtData(fixture).changed});
});
afterAll(() => site?.close());

const built = (): Site => site!;

describe("a second guideline, from its content root alone", () => {
  beforeEach(() => {
    if (site) site.problems.length = 0;
  });

  it("passes guideline:check: every case has exactly one score, its ruling", async () => {
    const result = await runCommand(guidelineCheck, [], {root: fixture});
    // Warnings (a parameter no case tests) pass the check; nothing else is written to standard error.
    expect(result.stderr.split("\n").filter((line) => line && !line.startsWith("warning: "))).toEqual([]);
    expect(result.stdout).toContain(
      "guideline:check: 7 items, every one with exactly one score matching its ruling, under guideline/v1",
    );
    expect(result.code).toBe(0);
  });

  it("has its first screens made by the build's own step from its data: its first case, or that a page has none", async () => {
    // What its build's post-build step would place in the pages: run here on a copy of dist/ holding its data, whose
    // pages already hold the case study's first screens; each page's newest copy, next to its display cell, is its.
    const copy = mkdtempSync(join(tmpdir(), "second-guideline-dist-"));
    try {
      cpSync(distDir, copy, {recursive: true});
      for (const [path, text] of builtData(fixture).changed) {
        mkdirSync(dirname(join(copy, path)), {recursive: true});
        writeFileSync(join(copy, path), text);
      }
      expect(await prerenderPages(copy, ["calibration.html", "vague.html"])).toMatchObject({pages: 2});
      const made = (page: string) => {
        const html = readFileSync(join(copy, page), "utf8");
        return html.slice(html.lastIndexOf("data-prerendered"));
      };
      const part = loadParts(fixture).find(({path}) => path === "/calibration")!;
      const first = loadItems(fixture)
        .filter((item) => item.set === part.items)
        .sort((a, b) => a.order - b.order)[0]!;
      // The part's first case, as the fixture orders it, shown first, under the part's title in the fixture's words.
      expect(/<article class="item-card[^>]*\bid="([^"]+)"/.exec(made("calibration.html"))?.[1]).toBe(first.id);
      expect(made("calibration.html")).toContain(`<h1>${part.title}</h1>`);
      expect(made("vague.html")).toContain("This guideline has no part for this page.");
    } finally {
      rmSync(copy, {recursive: true, force: true});
    }
  });

  it("walks one case: scored, checked, its ruling in the guideline's own words", async () => {
    const page = await (await built().newContext()).newPage();
    await page.goto("/calibration#summary-3");
    const item = await commit(page, "summary-3", 4);
    const words = collapse(await visibleText(item));
    // The ruled score, then the line that decides it, in this guideline's words: a claim the source does not make.
    expect(words).toContain("You gave 4; the ruling is 3.");
    expect(words).toContain("What decides it: “Wood-fired ovens give bread a better crust” is not met.");
    // The score group offers this guideline's rubric, in its own words.
    expect(words).toContain("3 Mostly faithful");
    // The folded rest too reads in this guideline's words: its rubric level's, where the engine has none for a row.
    const all = collapse((await item.textContent()) ?? "");
    expect(all).toContain("Rubric: 3, mostly faithful: Central claim supported or partly supported;");
    expect(all).not.toContain("undefined");
    expect(site!.problems).toEqual([]);
  });

  it("says plainly, on a page of a part it has not (the case study's /vague), that it has none, with no error", async () => {
    const page = await (await built().newContext()).newPage();
    await page.goto("/vague");
    await page.getByText("This guideline has no part for this page.").waitFor();
    expect(await page.getByRole("link", {name: "Start here", exact: true}).last().getAttribute("href")).toBe("./");
    expect(site!.problems).toEqual([]);
  });

  it("offers the guideline's own facts in the case editor, and derives the score from them", async () => {
    const page = await openEditor(built());
    // Case 2: "60% of them take the train", the source's 58.6% rounded and given as exact: a small flaw, a 4.
    await loadCase(page, "summary-2");
    await expect.poll(() => derivedScore(page).innerText()).toBe("4");
    const hedged = page.locator("#case-checklist-1-facts-hedged");
    // The fact's label is its title in the guideline's logic.yaml.
    expect(await page.locator('label[for="case-checklist-1-facts-hedged"]').innerText()).toContain(
      "Said to be approximate",
    );
    // Said to be approximate ("about 60%"), the rounded number is supported: every claim supported, a 5.
    await hedged.selectOption("yes");
    expect(await derivedScore(page).innerText()).toBe("5");
    expect(site!.problems).toEqual([]);
  });
});
