// Two things an author does with the case editor beyond one request and one response: a case later in a conversation
// written from a blank draft, its earlier turns typed and a standing instruction marked in the user's first turn
// (fresh-6 written again), downloaded as a file guideline:check accepts with fresh-6's score; and a case of the case
// study given a new id, which becomes a case written for the notebook, as `npm run case:new` makes one.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {checkGuideline} from "../../lib/authoring/check.node.js";
import {parseItemFile} from "../../lib/authored/item-file.js";
import {itemRecord} from "../../lib/authored/item-text.js";
import {locate} from "../../lib/authored/quote.js";
import {loadGuidelines, loadItems, projectRoot} from "../../lib/node/load.js";
import {tokenRange, tokens} from "../../lib/trainee/draft.js";
import {useSite} from "./helpers.js";
import {derivedScore, downloadButton, downloadCase, loadCase, openEditor, savedDraft} from "./case-editor-helpers.js";

const site = useSite();
const items = loadItems();
const current = loadGuidelines().at(-1)!;
const fresh6 = items.find((item) => item.id === "fresh-6")!;

/** Marks `quote` in the words of `text` shown in the group named `group`: its first word, then its last. */
async function mark(page: Page, group: string, text: string, quote: string): Promise<void> {
  const [first, last] = tokenRange(tokens(text), locate(text, quote)!)!;
  const words = page.getByRole("group", {name: group, exact: true}).locator("button.word");
  await words.nth(first).click();
  await words.nth(last).click();
}

describe("a case later in a conversation, from a blank draft", () => {
  it("types the earlier turns, marks the standing instruction in turn 1, and downloads fresh-6 again", async () => {
    const page = await openEditor(site);
    const [user, assistant] = fresh6.turns;
    await page.getByRole("button", {name: "+ A turn of the user's"}).click();
    await page.getByLabel("Turn 1: the words").fill(user!.text);
    await page.getByRole("button", {name: "+ An answer of the assistant's"}).click();
    await page.getByLabel("Turn 2: who speaks").selectOption("assistant");
    await page.getByLabel("Turn 2: the words").fill(assistant!.text);
    const request = fresh6.request.text;
    await page.getByRole("textbox", {name: "Request", exact: true}).fill(request);
    await page.getByRole("textbox", {name: "Response", exact: true}).fill(fresh6.response.text);

    const [main, paragraph, standing] = fresh6.checklist;
    await mark(page, "The words of the request", request, main!.quote as string);
    await mark(page, "The words of the request", request, paragraph!.quote as string);
    await page.getByLabel("Mark the words of").selectOption("turn-1");
    await mark(page, "The words of turn 1", user!.text, standing!.quote as string);
    // A marked stretch runs from a word to a word: the question mark fresh-6's file quotes is left out.
    const quotes = [
      "what should we know about Kazuo Ishiguro before we discuss The Remains of the Day",
      "write it as one paragraph instead of bullets",
      "From now on, keep every answer to three bullet points at most",
    ];
    await expect.poll(() => page.locator(".case-line-quote q").allInnerTexts()).toEqual(quotes);

    for (const [index, line] of fresh6.checklist.entries()) {
      const at = (name: string) => page.locator(`#case-checklist-${index}-${name}`);
      await at("role").selectOption(line.role);
      await at("text").fill(line.text);
      await at("rule").selectOption(line.rule);
      for (const [fact, value] of Object.entries(line.facts))
        await at(`facts-${fact}`).selectOption(value === true ? "yes" : value === false ? "no" : String(value));
      await at("note").fill(line.note!);
    }
    await expect.poll(() => derivedScore(page).innerText()).toBe("5");
    await page.locator("#case-id").fill("fresh-6");
    for (const name of ["order", "topic", "title", "teaches"] as const)
      await page.locator(`#case-${name}`).fill(String(fresh6[name]));
    await page.locator("#case-decidingRule").selectOption(fresh6.decidingRule!);

    await expect.poll(() => page.locator("#case-problems-title").innerText()).toBe("Nothing to fix");
    const {name, text} = await downloadCase(page);
    expect(name).toBe("fresh-6.md");
    const item = parseItemFile(text, "data/items/fresh-6.md");
    // The conversation as fresh-6 holds it: the turns numbered, the request the third turn, the quote in turn 1.
    expect(item.turns).toEqual(fresh6.turns);
    expect(item.request).toEqual(fresh6.request);
    expect(item.checklist.map(({quote, quoteIn, verdict}) => [quote, quoteIn, verdict])).toEqual([
      [quotes[0], "request", "met"],
      [quotes[1], "request", "met"],
      [quotes[2], "turn-1", "not-instruction"],
    ]);
    const report = checkGuideline(
      current,
      items.map((each) => (each.id === "fresh-6" ? item : each)),
    );
    expect(report.problems).toEqual([]);
    expect(report.results.find((result) => result.id === "fresh-6")).toMatchObject({ok: true, derivedScore: 5});
    expect(site.problems).toEqual([]);
  });
});

describe("a case of the case study under a new id", () => {
  it("becomes a case written for the notebook, and the page says so", async () => {
    const page = await openEditor(site);
    await loadCase(page, "edge-3");
    await expect
      .poll(() => page.locator(".case-start-said").innerText())
      .toBe(
        "Loaded edge-3, a case of the case study. Give it a new id (new-case-1 is free) and it becomes a case " +
          "written for the notebook; change it, then download it.",
      );
    await page.locator("#case-id").fill("edge-12");
    // Edge case 3 is at order 5 of the edge cases; the last, edge-10-twist, at 14.
    await expect
      .poll(() => page.locator(".case-start-said").innerText())
      .toBe(
        "With a new id this is no longer edge-3 of the case study but a case written for the notebook: " +
          "origin notebook, none of the case study's own words on it (its number, and an example's scored row, split, " +
          "open question and lesson), and order 15, after the last case of its set.",
      );
    expect(await page.locator("#case-order").inputValue()).toBe("15");
    // The case the download would write: edge-3's record as case:new starts one from it.
    const file = "data/items/edge-3.md";
    const {caseStudyNumber, ...kept} = itemRecord(readFileSync(join(projectRoot, file), "utf8"), file).record;
    expect(caseStudyNumber).toBe("3");
    await expect
      .poll(async () => (await savedDraft(page))?.record)
      .toEqual({...kept, id: "edge-12", order: 15, origin: "notebook"});
    // What a notebook case still needs is named: edge-3's second line has no note of its own.
    await downloadButton(page).focus();
    await page.keyboard.press("Enter");
    expect(await page.locator("#case-problems").innerText()).toContain(
      "Line 2, its note: a case written for the notebook says why each line's facts are what they are",
    );
    // Set back to the case study's origin, it is refused there, as the build refuses it: the case study has no
    // Edge case 12.
    await page.locator("#case-origin").selectOption("case-study");
    await downloadButton(page).focus();
    await page.keyboard.press("Enter");
    expect(await page.locator("#case-problems").innerText()).toContain(
      'the case study has no case "edge-12" (data/case-study.yaml lists its cases): set origin: notebook',
    );
    expect(site.problems).toEqual([]);
  });
});
