// Issue 30's author's path, in the browser: a case in Spanish written on /authors/case from a blank draft (the issue's
// "Explain why leaves change colour in autumn. Answer in exactly three sentences, in Spanish." and a four-sentence
// Spanish reply), downloaded with a real mouse click on "Download case file", and the file, put in data/items/, shown
// to a trainee on /edge-cases as "Edge case 15" with its reply marked lang="es". The file the trainee's site holds is
// written by hand from the issue (test/fixtures/items/notebook/leaves-spanish.md); the download must be that case.
import {copyFileSync, readFileSync} from "node:fs";
import {join} from "node:path";
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {parseItemFile} from "../../lib/authored/item-file.js";
import {projectRoot} from "../../lib/node/load.js";
import {useSite, useSiteWith} from "./helpers.js";
import {derivedScore, downloadCase, loadCase, openEditor} from "./case-editor-helpers.js";

const fixture = join(projectRoot, "test/fixtures/items/notebook/leaves-spanish.md");
const file = "data/items/leaves-spanish.md";
const expected = parseItemFile(readFileSync(fixture, "utf8"), file);

const request = "Explain why leaves change colour in autumn. Answer in exactly three sentences, in Spanish.";
const response = expected.response.text;

/** Marks the request's words `from` to `to` (by their place: Explain is 0, Spanish. is 13) with two clicks. */
async function mark(page: Page, from: number, to: number): Promise<void> {
  const words = page.getByRole("group", {name: "The words of the request"}).getByRole("button");
  await words.nth(from).click();
  await words.nth(to).click();
}

const editorSite = useSite();

describe("a case in Spanish from a blank draft", () => {
  it("is written in the editor, at the next free edge-case order, and downloaded by a mouse click", async () => {
    const page = await openEditor(editorSite);
    await loadCase(page, "");
    await page.locator("#case-set").selectOption("edge-cases");
    // The edge cases end with edge-10's twist at order 14: the next free order is 15, as case:new gives.
    await expect.poll(() => page.locator("#case-order").inputValue()).toBe("15");
    await page.locator("#case-request-text").fill(request);
    await page.locator("#case-response-text").fill(response);
    // A language written right to left turns the text's box that way; Spanish turns it back.
    await page.locator("#case-response-language").fill("ar");
    await expect.poll(() => page.locator("#case-response-text").getAttribute("dir")).toBe("rtl");
    await page.locator("#case-response-language").fill("ES");
    await expect.poll(() => page.locator("#case-response-text").getAttribute("dir")).toBeNull();
    // Written as Intl writes it, and named.
    await expect.poll(() => page.locator("#case-response-language").inputValue()).toBe("es");
    await expect.poll(() => page.locator("#case-response-language-hint").innerText()).toContain("Spanish");
    await expect.poll(() => page.locator("#case-response-text").getAttribute("lang")).toBe("es");

    // Explain(0) why leaves change colour in autumn.(6) Answer(7) in exactly three sentences,(11) in(12) Spanish.(13)
    await mark(page, 0, 6);
    await mark(page, 7, 11);
    await mark(page, 12, 13);
    await expect
      .poll(() => page.locator(".case-line-quote q").allInnerTexts())
      .toEqual(["Explain why leaves change colour in autumn", "Answer in exactly three sentences", "in Spanish"]);
    await page.locator("#case-checklist-0-role").selectOption("main");
    await page.locator("#case-checklist-0-rule").selectOption("main-task");
    await page.locator("#case-checklist-0-facts-delivered").selectOption("yes");
    await page.locator("#case-checklist-1-rule").selectOption("numbers");
    await page.locator("#case-checklist-1-facts-bound").selectOption("exact");
    await page.locator("#case-checklist-1-facts-limit").fill("3");
    await page.locator("#case-checklist-1-facts-delivered").fill("4");
    // The count beside its menu (a number, or more than the limit) is named as the number it holds.
    expect(await page.getByLabel("How many the response gives: the number").inputValue()).toBe("4");
    await page.locator("#case-checklist-2-rule").selectOption("stated-constraints");
    await page.locator("#case-checklist-2-facts-observed").selectOption("met");
    for (const [at, line] of expected.checklist.entries())
      await page.locator(`#case-checklist-${at}-note`).fill(line.note!);
    // Main task met, one of the two others met: at least half, row 3.
    await expect.poll(() => derivedScore(page).innerText()).toBe("3");

    // Not yet named: the problems say so in words.
    await expect.poll(() => page.locator("#case-problems").innerText()).toContain("Title: give the case a name");
    await page.locator("#case-id").fill("leaves-spanish");
    await page.locator("#case-topic").fill(expected.topic);
    await page.locator("#case-title").fill(expected.title);
    await expect
      .poll(() => page.locator(".case-title-preview q").first().innerText())
      .toBe("Edge case 15: why leaves change colour");
    await expect.poll(() => page.locator("#case-problems-title").innerText()).toBe("Nothing to fix");

    // A real click at the button's place on the page: it fails when anything covers the button.
    const {name, text} = await downloadCase(page, () => page.click("button:text-is('Download case file')"));
    expect(name).toBe("leaves-spanish.md");
    expect(parseItemFile(text, file)).toEqual(expected);
    // On a phone the button sits in the score bar pinned to the bottom: nothing covers it there either.
    await page.setViewportSize({width: 390, height: 844});
    const again = await downloadCase(page, () => page.click("button:text-is('Download case file')"));
    expect(again.text).toBe(text);
    expect(editorSite.problems).toEqual([]);
  });
});

const trainee = useSiteWith({
  name: "leaves-spanish",
  write: (folder: string) => copyFileSync(fixture, join(folder, file)),
});

describe("the case, put in data/items/", () => {
  it("is Edge case 15 on /edge-cases, never its id, its reply marked as Spanish", async () => {
    const page = await (await trainee.site.newContext()).newPage();
    await page.goto("/edge-cases#leaves-spanish");
    const item = page.locator("#leaves-spanish");
    await expect.poll(() => item.getByRole("group", {name: "Score"}).isVisible()).toBe(true);
    expect(await item.innerText()).toContain("Edge case 15: why leaves change colour");
    expect(await item.innerText()).not.toContain("leaves-spanish");
    expect(await item.locator(".case-response .case-original").getAttribute("lang")).toBe("es");
    expect(await item.locator(".case-response .case-original").getAttribute("dir")).toBeNull();
    expect(await item.locator(".case-response .case-label").textContent()).toBe("Response (Spanish)");
    expect(await item.locator(".case-request .case-original").getAttribute("lang")).toBe("en");
    expect(await page.getByRole("link", {name: /^Edge case 15\b/}).count()).toBeGreaterThan(0);
    expect(trainee.site.problems).toEqual([]);
  });
});
