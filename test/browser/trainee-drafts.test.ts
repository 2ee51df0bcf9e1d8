// An item's unchecked work survives a reload and Back (issue 29, item 11): the marked lines, their verdicts, the main
// task, the score chosen and the deciding rule picked come back, kept under the item's own key and never in the
// record; Check turns the draft into the answer; "Start over" deletes drafts too; a broken draft stops nothing.
import type {Locator, Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {usePage, useSite} from "./helpers.js";
import {checkButton, decidingRule, progressKey, radio, ruling, showItem, storage, takenOver} from "./trainee.js";

const site = useSite();
const widePage = usePage(site, {viewport: {width: 1440, height: 900}});
const draftOf = (id: string) => `rater-notebook:draft:v1:${id}:guideline:walk`;

async function open(path: string): Promise<Page> {
  const page = await widePage();
  await page.goto(path);
  await takenOver(page);
  return page;
}

const lines = (card: Locator) =>
  card.locator(".trainee-checklist .line-text").evaluateAll((nodes) => nodes.map((node) => node.textContent));
const word = (card: Locator, text: string) =>
  card.getByRole("group", {name: "The words of the request"}).getByRole("button", {name: text, exact: true});
const verdictOf = (card: Locator, text: string) => card.getByRole("combobox", {name: `Verdict on “${text}”`});
const mainOf = (card: Locator, text: string) => card.getByRole("radio", {name: `“${text}” is the main task`});
/** The answers the saved record holds (none when nothing is saved). */
const answers = async (page: Page) =>
  (JSON.parse((await storage(page, progressKey)) ?? '{"answers":[]}') as {answers: unknown[]}).answers;

describe("work not yet checked", () => {
  it("comes back after a reload and after Back, kept under its own key and never in the record", async () => {
    const page = await open("/rubric#example-1");
    let card = await showItem(page, "example-1");
    const words = card.getByRole("group", {name: "The words of the request"});
    await words.getByRole("button", {name: "no", exact: true}).click();
    await words.getByRole("button", {name: "two", exact: true}).click();
    await mainOf(card, "no more than two").check();
    await verdictOf(card, "no more than two").selectOption("met");
    await radio(card, 4).check();

    const expectBack = async () => {
      card = await showItem(page, "example-1");
      expect(await lines(card)).toEqual(["no more than two"]);
      // The request shows the line's words marked, as before the reload (they had come back as plain words).
      const marked = card
        .getByRole("group", {name: "The words of the request"})
        .locator('button.word[aria-pressed="true"]');
      await expect.poll(() => marked.allTextContents()).toEqual(["no", "more", "than", "two"]);
      expect(await verdictOf(card, "no more than two").inputValue()).toBe("met");
      expect(await mainOf(card, "no more than two").isChecked()).toBe(true);
      expect(await radio(card, 4).isChecked()).toBe(true);
      expect(await ruling(card).isVisible()).toBe(false);
      expect(await checkButton(card).isEnabled()).toBe(true);
    };
    await page.reload();
    await expectBack();
    expect(await answers(page)).toEqual([]);
    expect(await storage(page, draftOf("example-1"))).toContain('"score":4');

    // Away to the guideline and Back.
    await page.goto("/guideline");
    await page.goBack();
    await expectBack();

    // Check makes it the answer: the draft goes, and the record holds the lines.
    await checkButton(card).click();
    await ruling(card).waitFor({state: "visible"});
    expect(await storage(page, draftOf("example-1"))).toBeNull();
    expect(await answers(page)).toMatchObject([{item: "example-1", score: 4, checklist: {lines: [{verdict: "met"}]}}]);
    expect(site.problems).toEqual([]);
  }, 60_000);

  it("brings a checked answer back locked after a reload: its marks shown, the words and the line's tools off", async () => {
    const page = await open("/rubric#example-1");
    let card = await showItem(page, "example-1");
    await word(card, "no").click();
    await word(card, "two").click();
    await radio(card, 4).check();
    await checkButton(card).click();
    await ruling(card).waitFor({state: "visible"});
    await page.reload();
    card = await showItem(page, "example-1");
    await ruling(card).waitFor({state: "visible"});
    const words = card.getByRole("group", {name: "The words of the request"});
    expect(await words.locator('button.word[aria-pressed="true"]').allTextContents()).toEqual([
      "no",
      "more",
      "than",
      "two",
    ]);
    // As right after Check: the words cannot start a line, and the line cannot be removed (both had come back live).
    expect(await words.locator('button.word[aria-disabled="false"]').count()).toBe(0);
    expect(await card.locator('.trainee-checklist [data-control="remove"]').isDisabled()).toBe(true);
    expect(site.problems).toEqual([]);
  });

  it("brings back a retry's work and a deciding rule picked, and Start over deletes every draft", async () => {
    const page = await open("/edge-cases#edge-8");
    let card = await showItem(page, "edge-8");
    const pick = decidingRule(card).getByRole("radio").nth(2);
    const name = await pick.getAttribute("value");
    await pick.check();
    await page.reload();
    card = await showItem(page, "edge-8");
    expect(await decidingRule(card).locator("input:checked").getAttribute("value")).toBe(name);
    expect(await radio(card, 2).isChecked()).toBe(false);

    // After Check and Try again (offered after a miss: edge-8 is ruled 2), the new attempt's score comes back with
    // the first ruling still shown.
    await radio(card, 3).check();
    await checkButton(card).click();
    await ruling(card).waitFor({state: "visible"});
    await card.getByRole("button", {name: "Try again"}).click();
    await radio(card, 4).check();
    await page.reload();
    card = await showItem(page, "edge-8");
    expect(await radio(card, 4).isChecked()).toBe(true);
    expect(await checkButton(card).isEnabled()).toBe(true);
    // The first ruling comes back with the page's ruling code, loaded after the item is painted: wait for it.
    await ruling(card).waitFor({state: "visible"});
    expect(await ruling(card).isVisible()).toBe(true);
    expect(await answers(page)).toHaveLength(1);

    await page.goto("/");
    await page.getByRole("button", {name: /^Start over/}).click();
    await page.getByRole("group", {name: "Start over"}).getByRole("button", {name: "Delete every answer"}).click();
    await page.getByRole("status").filter({hasText: "Every answer is deleted"}).waitFor();
    expect(await storage(page, "rater-notebook:draft:v1:edge-8:guideline:walk")).toBeNull();
    await page.goto("/edge-cases#edge-8");
    card = await showItem(page, "edge-8");
    expect(await decidingRule(card).locator("input:checked").count()).toBe(0);
    expect(await radio(card, 3).isChecked()).toBe(false);
    expect(site.problems).toEqual([]);
  }, 60_000);

  it("sets a broken draft aside and opens the item clean, with no error", async () => {
    const page = await widePage();
    await page.evaluate(
      (key) => localStorage.setItem(key, '{"app":"rater-notebook-draft","after":0,"score":9'),
      draftOf("example-2"),
    );
    await page.goto("/rubric#example-2");
    const card = await showItem(page, "example-2");
    expect(await card.getByRole("radio", {checked: true}).count()).toBe(0);
    expect(await storage(page, "rater-notebook:draft-set-aside:v1:example-2:guideline:walk")).toBe(
      '{"app":"rater-notebook-draft","after":0,"score":9',
    );
    expect(await storage(page, draftOf("example-2"))).toBeNull();
    // The item works as usual.
    await radio(card, 3).check();
    await checkButton(card).click();
    await ruling(card).waitFor({state: "visible"});
    expect(site.problems).toEqual([]);
  }, 60_000);
});
