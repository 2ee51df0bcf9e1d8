// A new case written on /authors/case from a blank draft by keyboard alone (focus moved to a control, then only keys:
// typing, the arrow keys, Enter; no mouse click and no programmatic choice of an option): the request and the
// response typed, two instructions marked with the arrow keys and Enter, the main task, the rules and the facts chosen,
// the title and topic written, and the file downloaded with Enter. The derived score follows the facts as they change,
// and the file passes parseItemFile and guideline:check.
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {checkGuideline} from "../../lib/authoring/check.node.js";
import {parseItemFile} from "../../lib/authored/item-file.js";
import {loadGuidelines, loadItems} from "../../lib/node/load.js";
import {useSite} from "./helpers.js";
import {derivedScore, downloadCase, downloadButton, openEditor} from "./case-editor-helpers.js";

const site = useSite();

/** Types into the control with this id, after moving the focus to it. */
async function typeInto(page: Page, id: string, text: string): Promise<void> {
  await page.locator(`#${id}`).focus();
  await page.keyboard.type(text);
}

/** Chooses an option of a select with the arrow keys alone, from the one it shows. */
async function chooseWithKeys(page: Page, id: string, value: string): Promise<void> {
  const select = page.locator(`#${id}`);
  await select.focus();
  const values = await select
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const from = values.indexOf(await select.inputValue());
  const to = values.indexOf(value);
  expect(to, `${id} offers ${value}`).toBeGreaterThanOrEqual(0);
  for (let step = 0; step < Math.abs(to - from); step++) await page.keyboard.press(to > from ? "ArrowDown" : "ArrowUp");
  await expect.poll(() => select.inputValue()).toBe(value);
}

/** Presses a word of the request with the keyboard: the arrow keys from the focused word, then Enter. */
async function pressWord(page: Page, steps: number): Promise<void> {
  for (let step = 0; step < steps; step++) await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
}

const request = "Write a short poem about the sea in no more than 4 lines.";
const response = "The sea is wide\nThe sea is deep\nIt rolls and sighs\nIt sings me to sleep\nGood night";

describe("a new case by keyboard alone", () => {
  it("is written from a blank draft, derives the score the rubric gives, and downloads a file the check accepts", async () => {
    const page = await openEditor(site);
    await typeInto(page, "case-request-text", request);
    await typeInto(page, "case-response-text", response);

    // The request's words: Write(0) a short poem about the sea(6) in no(8) more than 4 lines.(12)
    await page.getByRole("group", {name: "The words of the request"}).locator('button[tabindex="0"]').focus();
    await pressWord(page, 0);
    await pressWord(page, 6);
    await pressWord(page, 2);
    await pressWord(page, 4);
    await expect
      .poll(() => page.locator(".case-line-quote q").allInnerTexts())
      .toEqual(["Write a short poem about the sea", "no more than 4 lines"]);

    await chooseWithKeys(page, "case-checklist-0-role", "main");
    await chooseWithKeys(page, "case-checklist-0-rule", "main-task");
    await chooseWithKeys(page, "case-checklist-0-facts-delivered", "yes");
    await typeInto(page, "case-checklist-0-note", "A poem about the sea is given.");
    await chooseWithKeys(page, "case-checklist-1-rule", "numbers");
    await chooseWithKeys(page, "case-checklist-1-facts-bound", "ceiling");
    await typeInto(page, "case-checklist-1-facts-limit", "4");
    await typeInto(page, "case-checklist-1-facts-delivered", "4");
    // Every instruction met: 5.
    await expect.poll(() => derivedScore(page).innerText()).toBe("5");
    // Five lines where four were the most: the one other instruction is not met, fewer than half -> 2.
    await page.keyboard.press("Backspace");
    await page.keyboard.type("5");
    await expect.poll(() => derivedScore(page).innerText()).toBe("2");
    await typeInto(page, "case-checklist-1-note", "The poem has five lines: one more than the four allowed.");

    await page.locator("#case-id").focus();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("sea-poem");
    // A new id gives a case with no order the place after the last of its set: fresh-7 is at 7.
    await expect.poll(() => page.locator("#case-order").inputValue()).toBe("8");
    await typeInto(page, "case-topic", "a short poem about the sea");
    await typeInto(page, "case-title", "One line too many");
    await typeInto(page, "case-teaches", "A ceiling is broken by one line as surely as by ten.");

    // A fresh calibration case: data/calibration.yaml must list it, which it may only once the file is in data/items.
    await expect
      .poll(() => page.locator("#case-problems-title").innerText())
      .toBe("Nothing to fix before the download");
    expect(await page.locator(".case-after-title").innerText()).toBe("To fix after the download (1)");
    await downloadButton(page).focus();
    const {name, text} = await downloadCase(page, () => page.keyboard.press("Enter"));
    expect(name).toBe("sea-poem.md");

    const file = "data/items/sea-poem.md";
    const item = parseItemFile(text, file);
    expect(item).toMatchObject({
      id: "sea-poem",
      set: "fresh-calibration",
      origin: "notebook",
      order: 8,
      score: 2,
      request: {text: request, language: "en"},
      response: {text: response, language: "en"},
      checklist: [
        {role: "main", quote: "Write a short poem about the sea", rule: "main-task", verdict: "met"},
        {role: "instruction", quote: "no more than 4 lines", rule: "numbers", verdict: "not-met"},
      ],
    });
    expect(item.checklist[1]!.facts).toEqual({bound: "ceiling", limit: 4, delivered: 5});
    const report = checkGuideline(loadGuidelines().at(-1)!, [...loadItems(), item], {
      fileOf: (id) => `data/items/${id}.md`,
    });
    expect(report.problems.filter((problem) => problem.file === file)).toEqual([]);
    expect(report.results.find((result) => result.id === "sea-poem")).toMatchObject({ok: true, derivedScore: 2});
    expect(site.problems).toEqual([]);
  });

  it("adds another stretch of the request to a line, and leads from a refused download to each problem's control", async () => {
    const page = await openEditor(site);
    await typeInto(page, "case-request-text", "Please translate this note and keep it short: I am late.");
    const words = page.getByRole("group", {name: "The words of the request"});
    // Please(0) translate(1) this(2) note(3) and(4) keep(5) it(6) short:(7) I(8) am(9) late.(10)
    await words.locator('button[tabindex="0"]').focus();
    await pressWord(page, 1);
    await pressWord(page, 2);
    await page.locator('[data-action="line-add-stretch"][data-line="0"]').focus();
    await page.keyboard.press("Enter");
    // The keyboard is back in the words, where it was.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("note");
    await pressWord(page, 5);
    await pressWord(page, 2);
    await expect
      .poll(() => page.locator(".case-line-quote q").allInnerTexts())
      .toEqual(["translate this note", "I am late"]);
    expect(await page.locator(".case-line").count()).toBe(1);

    // Nothing shows at a control before it is touched; a refused download lists every problem and shows them all.
    expect(await page.locator("#case-title[aria-invalid]").count()).toBe(0);
    await downloadButton(page).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("case-problems");
    expect(await page.locator("#case-title").getAttribute("aria-invalid")).toBe("true");
    const link = page.locator("#case-problems a", {hasText: /^Title: give the case a name$/});
    await link.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("case-title");
    expect(site.problems).toEqual([]);
  });
});
