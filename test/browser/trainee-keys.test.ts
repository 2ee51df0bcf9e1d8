// An item by keyboard alone (issue 29, item 6): 1-5, N and Enter work from anywhere in the item, a line's verdict
// included (it takes letters and arrows, never digits), Escape leaves a list or a text field, and a whole item with
// two marked lines takes at most 20 key presses.
import type {Locator, Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {usePage, useSite} from "./helpers.js";
import {focused, radio, ruling, showItem, takenOver} from "./trainee.js";

const site = useSite();
const widePage = usePage(site, {viewport: {width: 1440, height: 900}});

async function open(path: string, id: string): Promise<{page: Page; card: Locator}> {
  const page = await widePage();
  await page.goto(`${path}#${id}`);
  await takenOver(page);
  const card = await showItem(page, id);
  return {page, card};
}

const lines = (card: Locator) =>
  card.locator(".trainee-checklist .line-text").evaluateAll((nodes) => nodes.map((node) => node.textContent));
const verdictOf = (card: Locator, text: string) => card.getByRole("combobox", {name: `Verdict on “${text}”`});
const selected = (list: Locator) => list.evaluate((node) => (node as HTMLSelectElement).value);

describe("an item by keyboard alone", () => {
  it('names the keys in "Choose a score first" only where there is a keyboard: not on a touch screen', async () => {
    const said: string[] = [];
    for (const options of [
      {viewport: {width: 1440, height: 900}},
      {viewport: {width: 390, height: 844}, hasTouch: true},
    ]) {
      const context = await site.newContext(options);
      const page = await context.newPage();
      await page.goto("/vague#example-1");
      await takenOver(page);
      const card = await showItem(page, "example-1");
      await card.getByRole("button", {name: "Check"}).click();
      said.push(await card.getByRole("alert").filter({hasText: "Choose a score"}).innerText());
      await context.close();
    }
    expect(said).toEqual(["Choose a score first (keys 1-5).", "Choose a score first."]);
    expect(site.problems).toEqual([]);
  });

  it("chooses a score with 1-5 after a click on the item's words, where no control has the focus", async () => {
    // The review's steps: on a fresh page, a click on the request's or the response's text, then 2 or 4.
    for (const [path, id, text] of [
      ["/vague", "example-1", ".case-request"],
      ["/rubric", "example-4", ".case-response"],
    ] as const) {
      const {page, card} = await open(path, id);
      await card
        .locator(text)
        .first()
        .click({position: {x: 4, y: 4}});
      await page.keyboard.press("4");
      expect(await radio(card, 4).isChecked(), `${path}: 4`).toBe(true);
      await page.keyboard.press("2");
      expect(await radio(card, 2).isChecked(), `${path}: 2`).toBe(true);
      // The card takes the focus from a click without a ring (src/css/item.css): none is drawn for a mouse.
      await card
        .locator(text)
        .first()
        .click({position: {x: 4, y: 4}});
      expect(
        await card.evaluate((node) => [node === document.activeElement, getComputedStyle(node).outlineStyle]),
      ).toEqual([true, "none"]);
    }
    expect(site.problems).toEqual([]);
  });

  it("scores an item with two marked lines, their verdicts and the main task in at most 20 key presses", async () => {
    const {page, card} = await open("/rubric", "example-4");
    // Where Next item leaves the trainee: on the item's heading.
    await card.getByRole("heading", {level: 2}).focus();
    let presses = 0;
    const press = async (...keys: string[]) => {
      for (const key of keys) {
        await page.keyboard.press(key);
        presses++;
      }
    };
    // The request, "Explain in one sentence why the sky is blue.": the whole of it, then "in one sentence".
    await press("Tab", "Enter", "End", "Enter");
    await press("Home", "ArrowRight", "Enter", "ArrowRight", "ArrowRight", "Enter");
    expect(await lines(card)).toEqual(["Explain in one sentence why the sky is blue", "in one sentence"]);
    // The first line is the main task, met; the second partly met, with a letter in its verdict's list.
    await press("Tab", "Space", "Tab", "m");
    expect((await focused(page))?.tag).toBe("select");
    await press("Tab", "Tab", "Tab", "p");
    expect(await selected(verdictOf(card, "Explain in one sentence why the sky is blue"))).toBe("met");
    expect(await selected(verdictOf(card, "in one sentence"))).toBe("partly");
    expect(
      await card
        .getByRole("radio", {name: "“Explain in one sentence why the sky is blue” is the main task"})
        .isChecked(),
    ).toBe(true);
    // From the verdict's list, a digit chooses the score (the verdict stays) and Enter checks.
    await press("3");
    expect(await radio(card, 3).isChecked()).toBe(true);
    expect(await selected(verdictOf(card, "in one sentence"))).toBe("partly");
    await press("Enter");
    await ruling(card).waitFor({state: "visible"});
    expect(presses).toBeLessThanOrEqual(20);
    expect(site.problems).toEqual([]);
  }, 60_000);

  it("checks with Enter from a verdict's list, takes its letters there, and leaves it and a text field with Escape", async () => {
    const {page, card} = await open("/rubric", "example-1");
    const words = card.getByRole("group", {name: "The words of the request"});
    await words.getByRole("button", {name: "no", exact: true}).click();
    await words.getByRole("button", {name: "two", exact: true}).click();
    const verdict = verdictOf(card, "no more than two");
    await verdict.focus();
    // A letter is the list's: N picks "not met" there, never a score; a digit never picks a verdict.
    await page.keyboard.press("n");
    expect(await selected(verdict)).toBe("not-met");
    expect(await radio(card, "n/a").isChecked()).toBe(false);
    await page.keyboard.press("ArrowUp");
    expect(await selected(verdict)).toBe("partly");
    // Escape leaves the list: the focus is on its line, and N now chooses "not applicable".
    await page.keyboard.press("Escape");
    const away = await focused(page);
    expect(away?.tag).toBe("li");
    await page.keyboard.press("n");
    expect(await radio(card, "n/a").isChecked()).toBe(true);
    // Back in the list, a digit chooses a score and leaves the verdict as it is.
    await verdict.focus();
    await page.keyboard.press("4");
    expect(await radio(card, 4).isChecked()).toBe(true);
    expect(await selected(verdict)).toBe("partly");

    // A text field keeps its digits and Enter; Escape leaves it, and the keys work again.
    await card.getByRole("button", {name: "+ An instruction with no words to point to"}).click();
    const field = card.getByRole("textbox", {name: "An instruction with no words to point to"});
    await field.focus();
    await page.keyboard.type("5 words");
    expect(await field.inputValue()).toBe("5 words");
    expect(await radio(card, 4).isChecked()).toBe(true);
    await page.keyboard.press("Escape");
    await page.keyboard.press("2");
    expect(await radio(card, 2).isChecked()).toBe(true);

    // Enter in the verdict's list checks the item, rather than opening the list.
    await verdict.focus();
    await page.keyboard.press("Enter");
    await ruling(card).waitFor({state: "visible"});
    expect(site.problems).toEqual([]);
  }, 60_000);

  it("rings what a keyboard's Check moves the focus to: the ruling's lead, and in the blind run the answered note", async () => {
    const ring = (page: Page) =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLElement;
        return {class: active.className, outline: getComputedStyle(active).outlineStyle};
      });
    const moved: {class: string; outline: string}[] = [];
    for (const [path, id] of [
      ["/rubric", "example-1"],
      ["/self-check?pool=calibration", "calibration-a"],
    ] as const) {
      const {page, card} = await open(path, id);
      await card.getByRole("heading", {level: 2}).focus();
      await page.keyboard.press("4");
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await ring(page)).class).not.toBe("");
      moved.push(await ring(page));
    }
    // The blind run's note had no ring at all: a keyboard user lost where the focus went.
    expect(moved).toEqual([
      {class: expect.stringContaining("ruling-lead"), outline: "solid"},
      {class: "answered-note", outline: "solid"},
    ]);
    expect(site.problems).toEqual([]);
  }, 60_000);
});
