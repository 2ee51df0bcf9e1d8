// A trainee's walk through the six parts, by keyboard alone, and what a reload brings back.
import type {Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Item} from "../../lib/item.js";
import type {Score} from "../../lib/verdict.js";
import {openSite, type Site} from "./site.js";
import {
  checkButton,
  collapse,
  commit,
  focused,
  inItem,
  isLink,
  itemOf,
  itemsOfPart,
  keyFor,
  partStatus,
  radio,
  ruling,
  scoreGroup,
  tabUntil,
  visibleText,
} from "./trainee.js";

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

const examples = itemsOfPart("examples");
const edgeCases = itemsOfPart("edge-cases");
const calibrationCases = itemsOfPart("calibration");

/** The ids, in the order the page shows the items (Tab walks the document in that order). */
async function inPageOrder(page: Page, list: readonly Item[]): Promise<string[]> {
  return page.evaluate(
    (ids) =>
      ids
        .map((id) => document.getElementById(id))
        .filter((node): node is HTMLElement => node !== null)
        .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
        .map((node) => node.id),
    list.map((item) => item.id),
  );
}

/** Follows a link by keyboard: Tab to it, Enter, and wait for the page it names. */
async function followByKeyboard(page: Page, name: RegExp, path: string): Promise<void> {
  await tabUntil(page, isLink(name), {what: `the link ${name}`});
  await Promise.all([page.waitForURL((url) => url.pathname === path), page.keyboard.press("Enter")]);
  await page.getByRole("heading", {level: 1}).waitFor();
}

/**
 * Scores every item of the part on the page by keyboard: Tab into the item, a digit (or N) chooses the score, Enter
 * checks. Before Check the item's Ruling is hidden; after it, visible.
 */
async function scoreByKeyboard(page: Page, list: readonly Item[], scoreOf: (item: Item) => Score): Promise<void> {
  const total = list.length;
  await expect.poll(() => partStatus(page).innerText()).toBe(`0 of ${total} scored`);
  const ids = await inPageOrder(page, list);
  expect(ids).toHaveLength(total);
  for (const [done, id] of ids.entries()) {
    const item = itemOf(page, id);
    const score = scoreOf(list.find((candidate) => candidate.id === id)!);
    expect(await ruling(item).isVisible(), `${id}: Ruling before Check`).toBe(false);
    await tabUntil(page, inItem(id), {what: `a control in ${id}`});
    await page.keyboard.press(keyFor(score));
    await expect.poll(() => radio(item, score).isChecked(), {message: `${id}: key ${keyFor(score)}`}).toBe(true);
    expect((await focused(page))?.ancestors, `${id}: focus stays in the item`).toContain(id);
    await page.keyboard.press("Enter");
    await ruling(item).waitFor({state: "visible"});
    await expect.poll(() => partStatus(page).innerText()).toBe(`${done + 1} of ${total} scored`);
  }
  for (const id of ids) expect(await ruling(itemOf(page, id)).isVisible(), `${id}: Ruling after Check`).toBe(true);
}

describe("a trainee's walk through the six parts", () => {
  it("goes from the home page through every part by keyboard alone and scores every item, staying on this host", async () => {
    const page = await (await site.newContext()).newPage();
    await page.goto("/");

    // Part 1: the seven examples under the vague line, no "Not applicable" there.
    await followByKeyboard(page, /^Part 1\. The Vague Starting Instruction$/, "/vague");
    expect(await scoreGroup(itemOf(page, examples[0]!.id)).getByRole("radio").count()).toBe(5);
    await scoreByKeyboard(page, examples, (item) => item.split?.[0]?.score ?? 3);
    expect(site.problems).toEqual([]);

    // Part 2: every example now shows how raters split, with its open question, beside the trainee's own score.
    await followByKeyboard(page, /^Part 2\. Seven Examples That Split Raters/, "/examples");
    for (const item of examples) {
      const text = await visibleText(itemOf(page, item.id));
      expect(text, item.id).toContain(collapse(item.openQuestion!));
      for (const side of item.split!) if (side.reason) expect(text, item.id).toContain(side.reason);
    }
    expect(site.problems).toEqual([]);

    // Part 3: the guideline, to read. Shift+Tab goes back from the next link to the previous one.
    await followByKeyboard(page, /^Part 3\. The Guideline/, "/guideline");
    await tabUntil(page, isLink(/^Part 4\. The Rubric/), {what: "the link to Part 4"});
    await tabUntil(page, isLink(/Part 2\. Seven Examples That Split Raters/), {what: "back to Part 2", shift: true});
    await followByKeyboard(page, /^Part 4\. The Rubric/, "/rubric");

    // Part 4: the seven examples with the guideline ("Not applicable" is offered now), the ruled score each time.
    expect(await scoreGroup(itemOf(page, examples[0]!.id)).getByRole("radio").count()).toBe(6);
    await scoreByKeyboard(page, examples, (item) => item.score);
    expect(site.problems).toEqual([]);

    // Part 5: every edge case, twists included; edge-5b's justified refusal takes N.
    await followByKeyboard(page, /^Part 5\. The Edge-Case Map/, "/edge-cases");
    expect(edgeCases.some((item) => item.score === "n/a")).toBe(true);
    await scoreByKeyboard(page, edgeCases, (item) => item.score);
    expect(site.problems).toEqual([]);

    // Part 6: the calibration cases and the twist, one off each time for a change.
    await followByKeyboard(page, /^Part 6\. Calibration Examples/, "/calibration");
    await scoreByKeyboard(page, calibrationCases, (item) => (item.score === 5 ? 4 : item.score === "n/a" ? 1 : 3));
    expect(site.problems).toEqual([]);
  }, 240_000);
});

describe("progress after a reload", () => {
  it("brings back each committed score, its Ruling, the Step-1 lines and the part's status", async () => {
    const page = await (await site.newContext()).newPage();
    // A score per item that differs from item to item, so the right radio must come back, not any radio.
    const scoreOf = (list: readonly Item[], index: number, withGuideline: boolean): Score =>
      withGuideline && list[index]!.score === "n/a" ? "n/a" : ((((index * 2) % 5) + 1) as Score);
    const committed: {path: string; list: Item[]; done: Map<string, Score>; total: number}[] = [
      {path: "/vague", list: examples, done: new Map(), total: examples.length},
      {path: "/rubric", list: examples, done: new Map(), total: examples.length},
      {path: "/edge-cases", list: edgeCases, done: new Map(), total: edgeCases.length},
      {path: "/calibration", list: calibrationCases, done: new Map(), total: calibrationCases.length},
    ];

    for (const part of committed) {
      await page.goto(part.path);
      const withGuideline = part.path !== "/vague";
      // Part 4 and Part 6 only in part, so the status must count, not just say "all".
      const chosen = part.path === "/rubric" || part.path === "/calibration" ? [0, 2, 4] : part.list.map((_, i) => i);
      for (const index of chosen) {
        const item = part.list[index]!;
        if (item.id === "edge-9") {
          // Step 1 and Step 2 on one item: a line of the trainee's own, and a verdict on it.
          const card = itemOf(page, item.id);
          await card.getByRole("textbox", {name: "An instruction with no words to point to"}).fill("formal");
          await card.getByRole("button", {name: "Add", exact: true}).click();
          await card.getByRole("combobox", {name: /formal/}).selectOption({label: "not met"});
        }
        const score = scoreOf(part.list, index, withGuideline);
        await commit(page, item.id, score);
        part.done.set(item.id, score);
      }
      await expect.poll(() => partStatus(page).innerText()).toBe(`${part.done.size} of ${part.total} scored`);
    }
    expect(site.problems).toEqual([]);

    for (const part of committed) {
      await page.goto(part.path);
      await page.reload();
      await expect.poll(() => partStatus(page).innerText()).toBe(`${part.done.size} of ${part.total} scored`);
      for (const item of part.list) {
        const card = itemOf(page, item.id);
        const score = part.done.get(item.id);
        if (score === undefined) {
          expect(await scoreGroup(card).getByRole("radio", {checked: true}).count(), item.id).toBe(0);
          expect(await ruling(card).isVisible(), `${item.id}: Ruling of an unscored item`).toBe(false);
          expect(await checkButton(card).isEnabled(), item.id).toBe(true);
          continue;
        }
        await ruling(card).waitFor({state: "visible"});
        expect(await radio(card, score).isChecked(), `${item.id}: ${score} checked after a reload`).toBe(true);
        expect(await scoreGroup(card).getByRole("radio", {checked: true}).count(), item.id).toBe(1);
      }
    }
    // The Step-1 line and its verdict came back too, and the ruling still reads them.
    await page.goto("/edge-cases");
    const edge9 = itemOf(page, "edge-9");
    await ruling(edge9).waitFor({state: "visible"});
    expect(await edge9.getByRole("combobox", {name: /formal/}).inputValue()).toBe("not-met");
    expect(await visibleText(ruling(edge9))).toContain("formal");
    // The blind self-check keeps its own answers: the walk's answers do not show there.
    await page.goto("/self-check");
    for (const item of calibrationCases) {
      const card = itemOf(page, item.id);
      await scoreGroup(card).waitFor();
      expect(await scoreGroup(card).getByRole("radio", {checked: true}).count(), item.id).toBe(0);
    }
    expect(site.problems).toEqual([]);
  }, 180_000);
});
