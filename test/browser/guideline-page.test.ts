// Part 3 as a reader meets it: the current guideline with an anchor for every rule the feedback links to, and the
// earlier version folded below it, each part the site had to reconstruct marked on the page with its reason, and
// the author's unwritten rule shown as applied but not citable.
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {loadGuidelines} from "../../lib/node/load.js";
import {reconstructedParts, reconstructionNotes} from "../../lib/authored/reconstructed.js";
import {usePage, useSite} from "./helpers.js";

const site = useSite();
const cleanPage = usePage(site);

const versions = loadGuidelines();
const current = versions.at(-1)!;
const v1 = versions.find((guideline) => guideline.version === "v1")!;

async function openGuideline(): Promise<Page> {
  const page = await cleanPage();
  await page.goto("/guideline");
  await page.getByRole("heading", {name: "Earlier versions"}).waitFor();
  return page;
}

describe("the guideline page", () => {
  it("gives every current rule an anchor, and no id twice", async () => {
    const page = await openGuideline();
    for (const rule of current.rules) await expect(page.locator(`#rule-${rule.id}`).count()).resolves.toBe(1);
    const ids = await page.locator("[id]").evaluateAll((nodes) => nodes.map((node) => node.id));
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(site.problems).toEqual([]);
  });

  it.each([390, 1440])("keeps its first heading a section's distance under the title at %i px", async (width) => {
    const page = await cleanPage();
    await page.setViewportSize({width, height: 900});
    await page.goto("/guideline");
    const bottomOfTitle = (await page.getByRole("heading", {level: 1}).boundingBox())!;
    const first = (await page.getByRole("heading", {name: "What you are rating"}).boundingBox())!;
    // From 760 px the title shares its line with the part's number and nothing under it (the part has no score): the
    // heading had stood 4 px under it, as if the title's subtitle.
    expect(first.y - (bottomOfTitle.y + bottomOfTitle.height)).toBeGreaterThanOrEqual(16);
    expect(site.problems).toEqual([]);
  });

  it("keeps every part of the page, earlier versions opened, inside a 390 px window", async () => {
    const page = await cleanPage();
    await page.setViewportSize({width: 390, height: 844});
    await page.goto("/guideline");
    await page.getByRole("heading", {name: "What you are rating"}).waitFor();
    const outside = await page.evaluate(() => {
      for (const details of document.querySelectorAll("main details")) (details as HTMLDetailsElement).open = true;
      const width = document.documentElement.clientWidth;
      const found: string[] = [];
      for (const element of document.querySelectorAll("main *")) {
        const {right} = element.getBoundingClientRect();
        if (right <= width + 0.5) continue;
        // A box that scrolls on its own holds what runs past it.
        let scrolls = false;
        for (let up = element.parentElement; up; up = up.parentElement)
          if (["auto", "scroll"].includes(getComputedStyle(up).overflowX)) scrolls = true;
        if (!scrolls)
          found.push(`<${element.tagName.toLowerCase()} class="${element.className}"> to ${Math.round(right)} px`);
      }
      return found.slice(0, 3);
    });
    // v1's rubric table ran to 392 px: its "Reconstructed (note 4)" badges did not wrap.
    expect(outside).toEqual([]);
    expect(site.problems).toEqual([]);
  });

  it("brings the rule a ruling links to into view and marks it (the page is drawn after the browser's own jump)", async () => {
    // A page of its own, its cache cold, as a ruling's link opens it in a new tab.
    const page = await site.newPage();
    await page.setViewportSize({width: 1440, height: 900});
    await page.goto("/guideline#rule-refusal");
    const rule = page.locator("#rule-refusal");
    await expect.poll(() => rule.evaluate((node) => node.classList.contains("is-target"))).toBe(true);
    const box = (await rule.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(site.problems).toEqual([]);
  });

  it("folds v1 below, marking each reconstructed part with its numbered reason and the unwritten rule", async () => {
    const page = await openGuideline();
    const earlier = page.locator("#guideline-v1");
    expect(await earlier.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
    // Its notes name Example 5's and 6's rulings and Calibration D's twist: the fold says so before it opens.
    expect(await earlier.locator("summary").innerText()).toBe(
      "The first version, before the fixes (its notes give some rulings away)",
    );
    await earlier.locator("summary").click();

    // Every reconstructed part carries a marker (a rubric row one for each reconstructed cell); every marker links to
    // a note on the page, every note is linked, and each note gives its reason.
    const hrefs = await earlier
      .locator("a.reconstructed")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    const cells = reconstructedParts(v1).reduce(
      (count, part) => count + (part.key.startsWith("rubric:") ? part.fields.length : 1),
      0,
    );
    expect(hrefs.length).toBe(cells);
    const notes = reconstructionNotes(v1);
    expect([...new Set(hrefs)].sort()).toEqual(notes.map((note) => `#v1-reconstructed-${note.number}`).sort());
    for (const note of notes)
      expect(await earlier.locator(`#v1-reconstructed-${note.number}`).innerText()).toContain(note.because);
    // Every rule of v1 has its own anchor, prefixed, so none repeats the current version's.
    for (const rule of v1.rules) expect(await earlier.locator(`#v1-rule-${rule.id}`).count()).toBe(1);

    // The case study's third break: accuracy rated separately is applied but not written, so no trainee can cite it.
    const unwritten = earlier.locator(".unwritten-rules");
    expect(await unwritten.innerText()).toContain("Accuracy is rated separately.");
    expect(await unwritten.innerText()).toContain("does not state it");
    expect(site.problems).toEqual([]);
  });
});
