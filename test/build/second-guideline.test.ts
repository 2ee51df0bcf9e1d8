// Issue 31 item 7: the engine and the site are general. A second checklist guideline, for another rating dimension
// (test/fixtures/second-guideline: a summary's faithfulness to its source), with its own rules, facts, clauses,
// rubric, parts and seven cases, builds into a working site with no TypeScript of its own: one build of a copy of the
// project with NOTEBOOK_CONTENT naming the fixture, into dist-second-guideline/, then guideline:check on the fixture
// and a walk of one item in the built site, in the worker's Chromium.
import {spawnSync, type SpawnSyncReturns} from "node:child_process";
import {existsSync, readFileSync, rmSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, beforeEach, describe, expect, it} from "vitest";
import {copyProject, projectRoot} from "../../scripts/copy-project.js";
import {guidelineCheck} from "../../scripts/guideline-check.js";
import {openSite, testChromium, type Site} from "../browser/site.js";
import {collapse, commit, visibleText} from "../browser/trainee.js";
import {derivedScore, loadCase, openEditor} from "../browser/case-editor-helpers.js";
import {runCommand} from "../cli/run.js";

const fixture = join(projectRoot, "test/fixtures/second-guideline");

let copy = "";
let output = "";
let build: SpawnSyncReturns<string> | undefined;
let site: Site | undefined;

beforeAll(async () => {
  copy = copyProject("rater-notebook-second-");
  build = spawnSync(join(projectRoot, "node_modules/.bin/tsx"), ["scripts/build.ts"], {
    cwd: copy,
    encoding: "utf8",
    env: {...process.env, NOTEBOOK_CONTENT: fixture},
    timeout: 240_000,
  });
  output = join(copy, "dist-second-guideline");
  if (build.status === 0) site = await openSite(output, {browser: await testChromium()});
}, 300_000);
afterAll(async () => {
  await site?.close();
  if (copy) rmSync(copy, {recursive: true, force: true});
});

const built = (): Site => {
  expect(build?.stderr).toBe("");
  expect(build?.status).toBe(0);
  return site!;
};

describe("a second guideline, from its content root alone", () => {
  beforeEach(() => {
    if (site) site.problems.length = 0;
  });

  it("builds into dist-second-guideline/, leaving dist/ alone, with its own parts in the navigation", () => {
    built();
    expect(build!.stdout).toContain("build: dist-second-guideline/ replaced");
    expect(existsSync(join(copy, "dist"))).toBe(false);
    const home = readFileSync(join(output, "index.html"), "utf8");
    // The fixture's two parts, by their short names; none of the case study's.
    expect(home).toContain("1. The guideline");
    expect(home).toContain("2. Seven summaries");
    expect(home).not.toContain("Vague instruction");
    expect(home).not.toContain("Probe:");
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

  it("walks one case: scored, checked, its ruling in the guideline's own words", async () => {
    const page = await (await built().newContext()).newPage();
    await page.goto("/calibration#summary-3");
    const item = await commit(page, "summary-3", 4);
    const words = collapse(await visibleText(item));
    // The ruled score, then the line that decides it, in this guideline's words: a claim the source does not make.
    expect(words).toContain("You gave 4; the ruling is 3.");
    expect(words).toContain("What decides it: Wood-fired ovens give bread a better crust, not met.");
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
