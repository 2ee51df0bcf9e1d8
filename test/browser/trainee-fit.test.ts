// Nothing cut off at 390 px (issue 29, item 7): on every trainee page, before Check and after it, with a checklist
// filled in where the page has one (a line marked, each verdict dropdown set to its longest choice, the main task
// chosen), every dropdown shows its whole chosen text, no element's content runs past its own box, nothing is outside
// the screen, and the page does not scroll sideways.
import type {Locator, Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {useSite} from "./helpers.js";
import {pageOverflow} from "./fits.js";
import {checkButton, isSelfCheck, itemOf, pages, radio, ruling, scoreGroup, showItem} from "./trainee.js";

const site = useSite();
const width = 390;

/**
 * What does not fit in the page's main content: a select narrower than its chosen text; an element whose content is
 * wider than its box (unless the box scrolls), or that reaches outside the screen (unless a box around it scrolls).
 */
const misfits = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const problems: string[] = [];
    const name = (node: Element) =>
      `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${[...node.classList].map((c) => `.${c}`).join("")}` +
      ` "${(node.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40)}"`;
    const canvas = document.createElement("canvas").getContext("2d")!;
    const scrolls = (node: Element) => /auto|scroll/.test(getComputedStyle(node).overflowX);
    const inScrollBox = (node: Element) => {
      for (let up = node.parentElement; up; up = up.parentElement) if (scrolls(up)) return true;
      return false;
    };
    // Visually hidden text (in a 1 px clipped box) is for screen readers: it is meant not to show.
    const hiddenForEyes = (node: Element) => {
      for (let up: Element | null = node; up && up !== document.body; up = up.parentElement) {
        const box = up.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) return true;
      }
      return false;
    };
    // The checklist's "(optional: steps 1 and 2)" on one line: at 390 px it broke after "and".
    for (const note of document.querySelectorAll("main .checklist-steps h3 .optional"))
      if (note.checkVisibility() && note.getClientRects().length > 1)
        problems.push(`${name(note)} broken across lines`);
    // Previous and Next keep their arrow beside the word: in the phone's Score bar "Next →" broke before its arrow.
    for (const button of document.querySelectorAll("main .item-nav .button")) {
      if (!button.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(button);
      const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 1).map((rect) => rect.bottom));
      if (lines.size > 1) problems.push(`${name(button)} broken across lines`);
    }
    for (const node of document.querySelectorAll("main *")) {
      if (!(node instanceof HTMLElement) || !node.checkVisibility() || hiddenForEyes(node)) continue;
      if (node.closest("svg, dialog:not([open])")) continue;
      const style = getComputedStyle(node);
      if (node instanceof HTMLSelectElement) {
        const chosen = node.selectedOptions[0]?.textContent ?? "";
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        // The room for the text: the box less its padding and the arrow (about 20 px in Chromium).
        const room = node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        if (canvas.measureText(chosen).width > room)
          problems.push(`${name(node)} shows "${chosen}" in ${Math.round(room)} px`);
        continue;
      }
      const box = node.getBoundingClientRect();
      if ((box.left < -1 || box.right > innerWidth + 1) && !inScrollBox(node))
        problems.push(
          `${name(node)} at ${Math.round(box.left)}-${Math.round(box.right)} px in a ${innerWidth} px screen`,
        );
      if (style.display === "inline") continue;
      // A box that scrolls sideways hides what is past its edge until scrolled: at 390 px nothing should need to.
      if (node.scrollWidth > node.clientWidth + 1 && node.clientWidth > 0)
        problems.push(
          `${name(node)}'s content is ${node.scrollWidth} px wide in its ${node.clientWidth} px box` +
            (scrolls(node) ? " (it scrolls sideways)" : ""),
        );
    }
    return problems;
  });

/** Marks the request's first and last word as a line, sets each verdict to its longest choice, picks the main task. */
async function fillChecklist(item: Locator): Promise<void> {
  const fold = item.locator("summary", {hasText: "Work it through the three steps"});
  if (await fold.count()) await fold.click();
  const words = item.getByRole("group", {name: "The words of the request"}).getByRole("button");
  await words.first().click();
  await words.last().click();
  for (const verdict of await item.getByRole("combobox", {name: /^Verdict on/}).all()) {
    const longest = await verdict.evaluate(
      (select) =>
        [...(select as HTMLSelectElement).options]
          .filter((option) => option.value)
          .sort((a, b) => b.text.length - a.text.length)[0]!.value,
    );
    await verdict.selectOption(longest);
  }
  await item
    .getByRole("radio", {name: /is the main task$/})
    .first()
    .check();
}

describe("nothing cut off at 390 px", () => {
  it("fits every trainee page, before and after Check with a checklist filled in, in a 390 px screen", async () => {
    const found: string[] = [];
    const context = await site.newContext({viewport: {width, height: 844}});
    const page = await context.newPage();
    const check = async (label: string) => {
      for (const problem of [...(await pageOverflow(page)), ...(await misfits(page))])
        found.push(`${label}: ${problem}`);
    };
    for (const target of [...pages, {path: "/results", name: "results", scores: []}]) {
      // The edge-case map's second case is one whose request the case study quotes: it offers the three steps.
      const item = target.path === "/edge-cases" ? target.scores[2] : target.scores[0];
      await page.goto(item ? `${target.path}${target.path.includes("?") ? "" : `#${item.id}`}` : target.path);
      await page.getByRole("heading", {level: 1}).waitFor();
      if (!item) {
        await check(`${target.path}`);
        continue;
      }
      const card = itemOf(page, item.id);
      await scoreGroup(card).waitFor();
      if (await card.getByRole("group", {name: "The words of the request"}).count()) await fillChecklist(card);
      else if (await card.locator("summary", {hasText: "Work it through the three steps"}).count())
        await fillChecklist(card);
      await check(`${target.path}#${item.id} before Check`);
      await radio(card, 3).check();
      await checkButton(card).click();
      // The blind run says only that the answer is kept, until every case is answered.
      await (isSelfCheck(target) ? card.getByRole("status").first() : ruling(card)).waitFor({state: "visible"});
      await check(`${target.path}#${item.id} after Check`);
      if (!isSelfCheck(target)) continue;
      // The blind run's summary, once every case is answered.
      for (const other of target.scores.slice(1)) {
        const next = await showItem(page, other.id);
        await radio(next, 3).check();
        await checkButton(next).click();
      }
      await page.getByRole("region", {name: "Summary"}).waitFor();
      await check(`${target.path} summary`);
    }
    await context.close();
    expect(found).toEqual([]);
    expect(site.problems).toEqual([]);
  }, 180_000);
});
