import {readFileSync} from "node:fs";
import {parse} from "yaml";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {axeViolations} from "./axe.js";
import {openSite, type Site} from "./site.js";

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

describe("the start page", () => {
  it("opens with the case study's own words and lists the parts in order, loading nothing from other hosts", async () => {
    const page = await site.newPage();
    await page.goto("/");
    await page.locator("ol.parts").waitFor();
    const caseStudy = parse(readFileSync("data/case-study.yaml", "utf8")) as {
      problem: {title: string; paragraphs: {text: string}[]};
      whatIDid: {title: string; paragraphs: {id?: string; text: string}[]};
    };
    expect(await page.locator("#the-problem").innerText()).toBe(caseStudy.problem.title);
    for (const paragraph of [...caseStudy.problem.paragraphs, ...caseStudy.whatIDid.paragraphs])
      await expect
        .poll(() => page.locator(".case-study").allInnerTexts())
        .toEqual(expect.arrayContaining([expect.stringContaining(paragraph.text.replace(/\s+/g, " "))]));
    // The three places the first rubric broke, the line around style, the disclosure: each its own paragraph.
    for (const id of ["first-rubric-broke", "style-line", "disclosure"])
      expect(await page.locator(`[data-paragraph="${id}"]`).count(), id).toBe(1);
    // Each part a trainee scores shows where they stand.
    expect(await page.locator("ol.parts .progress-meter").allInnerTexts()).toEqual([
      "0 of 7 scored",
      "0 of 7 with your “before” score",
      "0 of 7 scored",
      "0 of 14 scored",
      "0 of 5 scored",
    ]);
    expect(site.problems).toEqual([]);
  });

  it("renders the parts in order and the guideline from guideline/v2 on its page", async () => {
    const page = await site.newPage();
    await page.goto("/");
    await page.locator("ol.parts").waitFor();

    const parts = await page.locator("ol.parts > li strong").allInnerTexts();
    expect(parts).toEqual([
      "Part 1. The Vague Starting Instruction",
      "Part 2. Seven Examples That Split Raters",
      "Part 3. The Guideline",
      "Part 4. The Rubric",
      "Part 5. The Edge-Case Map",
      "Part 6. Calibration Examples",
    ]);

    // Every rule of the authored guideline appears on Part 3, by id and with its text, so the page is not a hand copy.
    await page.goto("/guideline");
    await page.locator(".guideline").waitFor();
    const guideline = parse(readFileSync("guideline/v2/guideline.yaml", "utf8")) as {
      rules: {id: string; text: string}[];
    };
    for (const rule of guideline.rules.filter((rule) => rule.id !== "not-rated")) {
      const entry = page.locator(`#rule-${rule.id}`);
      await expect.poll(() => entry.innerText()).toContain(rule.text.trim().replace(/\s+/g, " "));
    }
    expect(await page.locator(".rubric tbody tr").count()).toBe(5);
    expect(await page.locator(".rubric tbody tr").first().innerText()).toMatch(
      /^5\s+Fully follows\s+Every instruction met$/,
    );
    await page.screenshot({path: "test-results/index.png", fullPage: true});
    expect(site.problems).toEqual([]);
  });

  it("links only to pages that exist", async () => {
    const page = await site.newPage();
    await page.goto("/");
    await page.locator("ol.parts").waitFor();
    const links = await page
      .locator("a[href]")
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    const local = [...new Set(links.filter((href) => href.startsWith(site.origin)).map((href) => href.split("#")[0]!))];
    expect(local.length).toBeGreaterThan(1);
    for (const href of local) expect(`${href} ${(await page.request.get(href)).status()}`).toBe(`${href} 200`);
    expect(site.problems).toEqual([]);
  });

  it("has no accessibility violations", async () => {
    const page = await site.newPage();
    await page.goto("/");
    await page.locator("ol.parts").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(site.problems).toEqual([]);
  });
});
