// A trainee's walk through the six parts, one item at a time: by keyboard alone (counting the Tab stops it takes), the
// address that follows the item shown, and what a reload or Back brings back. The tests share one page (usePage).
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import type {Item} from "../../lib/authored/schemas/item.js";
import type {Score} from "../../lib/authored/schemas/verdict.js";
import {usePage, useSite} from "./helpers.js";
import {
  checkButton,
  collapse,
  commit,
  focused,
  itemOf,
  itemsOfSet,
  keyFor,
  nextItem,
  partStatus,
  radio,
  ruling,
  scoreGroup,
  showItem,
  showToRead,
  tabUntil,
  takenOver,
  visibleText,
  type Focus,
} from "./trainee.js";

const site = useSite();
const cleanPage = usePage(site);

const examples = itemsOfSet("examples");
const edgeCases = itemsOfSet("edge-cases");
const calibrationCases = itemsOfSet("calibration");

/** Whether the focus is on a control of the Score group of an item. */
const onScore = (id: string) => (focus: Focus) =>
  focus.ancestors.includes(id) && focus.tag === "input" && focus.type === "radio" && /-score$/.test(focus.name ?? "");

/** Whether the focus is inside the item's Ruling. */
const focusInRuling = (page: Page) =>
  page.evaluate(() => !!document.activeElement?.closest('[role="region"][aria-label="Ruling"], [role="status"]'));

/** The items whose Score group is visible: the contract says one at a time. */
const visibleScoreGroups = (page: Page) =>
  page
    .getByRole("group", {name: "Score", exact: true})
    .evaluateAll((groups) => groups.filter((group) => (group as HTMLElement).offsetParent !== null).length);

/** Follows a link by keyboard: Tab to it, Enter, and wait for the page it names. */
async function followByKeyboard(page: Page, name: RegExp, path: string): Promise<void> {
  await tabUntil(page, (focus) => focus.tag === "a" && name.test(focus.text), {what: `the link ${name}`});
  await Promise.all([page.waitForURL((url) => url.pathname === path), page.keyboard.press("Enter")]);
  await page.getByRole("heading", {level: 1}).waitFor();
  // The build's copy of the first screen answers no key: the keys that follow go to the page's own code.
  await takenOver(page);
}

/**
 * Scores every item of the part on the page by keyboard: Tab into the first item's Score group (counting the Tab
 * stops), a digit chooses, Enter checks and puts the focus in the Ruling, the next Tab stop is Next item, Enter shows
 * the next item with the focus on its heading; from there a few Tabs reach its Score group. Returns the Tab stops
 * from each item's heading to its score.
 */
async function scoreByKeyboard(page: Page, list: readonly Item[], scoreOf: (item: Item) => Score): Promise<number[]> {
  const total = list.length;
  // The build's copy of the first screen stays hidden while the page is drawn when the trainee's record names another
  // state, and its count reads the same: the item's Score group is what says the page is drawn.
  await expect.poll(() => visibleScoreGroups(page), {message: `${list[0]!.id}: one item in view`}).toBe(1);
  await expect.poll(() => partStatus(page).innerText()).toBe(`0 of ${total} scored`);
  const stops: number[] = [];
  for (const [done, item] of list.entries()) {
    const card = itemOf(page, item.id);
    expect(await visibleScoreGroups(page), `${item.id}: one item in view`).toBe(1);
    expect(await ruling(card).isVisible(), `${item.id}: Ruling before Check`).toBe(false);
    stops.push(await tabUntil(page, onScore(item.id), {what: `the Score of ${item.id}`, max: 40}));
    const score = scoreOf(item);
    await page.keyboard.press(keyFor(score));
    await expect.poll(() => radio(card, score).isChecked(), {message: `${item.id}: key ${keyFor(score)}`}).toBe(true);
    await page.keyboard.press("Enter");
    await ruling(card).waitFor({state: "visible"});
    expect(await focusInRuling(page), `${item.id}: focus in the Ruling after Enter`).toBe(true);
    await expect.poll(() => partStatus(page).innerText()).toBe(`${done + 1} of ${total} scored`);
    if (done === total - 1) break;
    // Next item is the next Tab stop; Enter shows the next item, the focus on its heading.
    await page.keyboard.press("Tab");
    expect((await focused(page))?.text, `${item.id}: the Tab after the ruling`).toMatch(/^Next item/);
    await page.keyboard.press("Enter");
    const next = list[done + 1]!;
    await scoreGroup(itemOf(page, next.id)).waitFor({state: "visible"});
    expect((await focused(page))?.ancestors, `${next.id}: focus on the item shown`).toContain(next.id);
    // The address follows once the item is painted.
    await expect.poll(() => new URL(page.url()).hash, {message: `${next.id}: the address`}).toBe(`#${next.id}`);
  }
  return stops;
}

describe("a trainee's walk through the six parts", () => {
  it("goes from the home page through every part by keyboard alone, one item at a time, staying on this host", async () => {
    const page = await cleanPage();
    await page.goto("/");

    // Part 1: the seven examples under the vague line, no "Not applicable" there.
    await followByKeyboard(page, /^Part 1\. The Vague Starting Instruction$/, "/vague");
    expect(await scoreGroup(itemOf(page, examples[0]!.id)).getByRole("radio").count()).toBe(5);
    await scoreByKeyboard(page, examples, (item) => item.split?.[0]?.score ?? 3);
    // The seventh done: the part says so and leads on.
    expect(await visibleText(page.getByRole("status").filter({hasText: "all seven"}))).toMatch(/all seven/);
    expect(site.problems).toEqual([]);

    // Part 2, one example at a time: every example now shows how raters split, with its open question, beside the
    // trainee's own score; the card to Part 3 follows the last.
    await followByKeyboard(page, /Seven Examples That Split Raters/, "/examples");
    for (const item of examples) {
      const text = await visibleText(await showToRead(page, item.id));
      expect(text, item.id).toContain(collapse(item.openQuestion!));
      for (const side of item.split!) if (side.reason) expect(text, item.id).toContain(side.reason);
    }

    // Part 3, then Part 4 from the card at its end.
    await followByKeyboard(page, /The Guideline/, "/guideline");
    await followByKeyboard(page, /Next: Part 4 of 6/, "/rubric");

    // Part 4: the seven examples with the guideline ("Not applicable" is offered now), the ruled score each time. From
    // an item's heading the score is at most three Tab stops away: the request (one stop), the free line, the score.
    expect(await scoreGroup(itemOf(page, examples[0]!.id)).getByRole("radio").count()).toBe(6);
    const stops = await scoreByKeyboard(page, examples, (item) => item.score);
    expect(
      stops.slice(1).every((count) => count <= 3),
      `Tab stops from heading to score: ${stops}`,
    ).toBe(true);
    expect(stops[0], "Tab stops from the top of the page to the first score").toBeLessThanOrEqual(25);
    // Its end: the case study's scored table, every row shown now that every example is checked, and the debrief.
    const scoredTable = page.locator(".scored-table");
    await expect.poll(() => scoredTable.locator("tr.row-hidden").count()).toBe(0);
    expect(await scoredTable.locator("tbody tr").count()).toBe(examples.length);
    expect(await visibleText(page.getByRole("region", {name: "Debrief"}))).toMatch(
      new RegExp(`^${examples.length} of ${examples.length} exact`),
    );

    // Part 5: every edge case, twists included; edge-5b's justified refusal takes N.
    await followByKeyboard(page, /Next: Part 5 of 6/, "/edge-cases");
    expect(edgeCases.some((item) => item.score === "n/a")).toBe(true);
    const edgeStops = await scoreByKeyboard(page, edgeCases, (item) => item.score);
    // The folded three steps and the deciding rule come before the score: a summary, and one stop for the group.
    expect(
      edgeStops.slice(1).every((count) => count <= 4),
      `edge cases: ${edgeStops}`,
    ).toBe(true);

    // Its end: the rubric-writer check (edge case 11) before the card to Part 6.
    expect(await page.locator("#edge-11").isVisible()).toBe(true);
    // Part 6: the calibration cases and the twist, one off each time for a change.
    await followByKeyboard(page, /Next: Part 6 of 6/, "/calibration");
    await scoreByKeyboard(page, calibrationCases, (item) => (item.score === 5 ? 4 : item.score === "n/a" ? 1 : 3));
    expect(site.problems).toEqual([]);
  }, 300_000);
});

describe("the address follows the item shown", () => {
  it("opens the item it names, shows one at a time, and brings it back on a reload and on Back", async () => {
    const page = await cleanPage();
    await page.goto("/rubric#example-3");
    const third = itemOf(page, "example-3");
    await scoreGroup(third).waitFor({state: "visible"});
    expect(await visibleScoreGroups(page)).toBe(1);
    expect(await page.getByText("Example 3 of 7").isVisible()).toBe(true);

    // Next item: the address follows (once the item is painted), without a page load.
    await nextItem(page).click();
    await scoreGroup(itemOf(page, "example-4")).waitFor({state: "visible"});
    await expect.poll(() => new URL(page.url()).hash).toBe("#example-4");
    expect(await third.isVisible()).toBe(false);
    // Back goes to the item before, not out of the part (a phone's swipe went to the start page); Forward returns.
    await page.goBack();
    await scoreGroup(third).waitFor({state: "visible"});
    expect([new URL(page.url()).pathname, new URL(page.url()).hash]).toEqual(["/rubric", "#example-3"]);
    await page.goForward();
    await scoreGroup(itemOf(page, "example-4")).waitFor({state: "visible"});
    expect(new URL(page.url()).hash).toBe("#example-4");

    // The strip: a link per item named by its item, shown short ("Ex 4"), the current one marked, each described by
    // its state.
    const strip = page.getByRole("navigation", {name: "Items in this part"});
    expect(await strip.getByRole("link").count()).toBe(examples.length);
    const fourth = strip.getByRole("link", {name: "Example 4", exact: true});
    const described = () =>
      fourth.evaluate((link) => document.getElementById(link.getAttribute("aria-describedby")!)!.textContent);
    expect(await fourth.getAttribute("aria-current")).toBe("step");
    expect(await fourth.locator('[aria-hidden="true"]').innerText()).toBe("Ex 4");
    expect(await described()).toBe("not scored yet");
    await commit(page, "example-4", 3);
    // The strip is drawn again from the saved record after the frame that paints the ruling (part-walk.ts).
    await expect.poll(described).toBe("exact");

    // A reload shows the same item, checked.
    await page.reload();
    await scoreGroup(itemOf(page, "example-4")).waitFor({state: "visible"});
    await ruling(itemOf(page, "example-4")).waitFor({state: "visible"});

    // A rule link in the ruling (in its "Line by line" fold) goes to the guideline; Back returns to the item.
    await ruling(itemOf(page, "example-4")).getByText("Line by line", {exact: true}).click();
    const ruleLink = ruling(itemOf(page, "example-4")).locator('a[href*="guideline#rule-"]').first();
    await Promise.all([page.waitForURL((url) => url.pathname === "/guideline"), ruleLink.click()]);
    await page.goBack();
    await scoreGroup(itemOf(page, "example-4")).waitFor({state: "visible"});
    expect(new URL(page.url()).hash).toBe("#example-4");

    // A strip link shows its item; an address that names no item, typed on the page, shows where the trainee
    // stopped, as opening the part with it does: with examples 1 and 4 checked, the first still open is example 2.
    // The address then names it.
    await strip.getByRole("link", {name: "Example 1", exact: true}).click();
    await commit(page, "example-1", 3);
    await strip.getByRole("link", {name: "Example 6", exact: true}).click();
    await scoreGroup(itemOf(page, "example-6")).waitFor({state: "visible"});
    await page.goto("/rubric#no-such-item");
    await scoreGroup(itemOf(page, "example-2")).waitFor({state: "visible"});
    await expect.poll(() => new URL(page.url()).hash).toBe("#example-2");
    expect(site.problems).toEqual([]);
  }, 60_000);
});

describe("the rubric on a phone", () => {
  it("opens as a sheet over the page with a Close button, and gives the focus back where it was", async () => {
    const page = await cleanPage();
    await page.setViewportSize({width: 390, height: 844});
    await page.goto("/rubric#example-2");
    const item = itemOf(page, "example-2");
    await scoreGroup(item).waitFor({state: "visible"});
    const title = item.getByRole("heading", {level: 2});
    const before = (await title.boundingBox())!.y;
    const toggle = page.getByRole("button", {name: "Rubric", exact: true});
    const sheet = page.getByRole("dialog", {name: "Rubric"});
    expect(await sheet.isVisible()).toBe(false);
    for (const close of ["the Close button", "Escape"]) {
      await toggle.focus();
      await page.keyboard.press("Enter");
      await sheet.waitFor({state: "visible"});
      // Over the page: the item stays where it was, and the sheet holds the rubric's five rows.
      expect((await title.boundingBox())!.y).toBe(before);
      expect(await sheet.getByText("Fully follows").isVisible()).toBe(true);
      if (close === "Escape") await page.keyboard.press("Escape");
      else await sheet.getByRole("button", {name: "Close", exact: true}).click();
      await sheet.waitFor({state: "hidden"});
      expect((await focused(page))?.text, close).toBe("Rubric");
    }
    expect(site.problems).toEqual([]);
  }, 60_000);
});

describe("Part 1 after an example's ruling was read", () => {
  it("takes no 'before' score for it, says why, counts it done, and Part 2 shows its split", async () => {
    // A trainee's walk scored Example 4 in Part 4, then gave it a "before" score in Part 1, which their results
    // counted as one from before the guideline.
    const page = await cleanPage();
    await page.goto("/rubric#example-4");
    await commit(page, "example-4", 3);
    await page.goto("/vague#example-4");
    const card = itemOf(page, "example-4");
    await card.getByText("No “before” score for this one.").waitFor();
    expect(collapse(await card.locator(".before-closed").innerText())).toBe(
      "No “before” score for this one. You have read its ruling with the guideline (Example 4 in Part 4), so a " +
        "score now would not be one from before it. Go on to the next example.",
    );
    expect(await card.getByRole("link", {name: "Example 4 in Part 4"}).getAttribute("href")).toBe("./rubric#example-4");
    expect(await scoreGroup(card).count()).toBe(0);
    expect(await page.locator(".progress-meter").innerText()).toBe("0 of 7 scored; 1 with none to give");
    const pill = page.getByRole("navigation", {name: "Items in this part"}).locator(".strip-item.state-closed");
    expect(await pill.count()).toBe(1);
    expect(await pill.getAttribute("aria-describedby")).toBe("strip-state-example-4");
    // An example not read yet still takes one.
    const first = await showItem(page, "example-1");
    expect(await scoreGroup(first).count()).toBe(1);

    await page.goto("/examples#example-4");
    const read = itemOf(page, "example-4");
    await read.getByRole("heading", {name: "How raters could split (illustrative)"}).waitFor();
    expect(await read.locator(".before-score").innerText()).toBe(
      "You have no “before” score for this one: you read its ruling first.",
    );
    expect(site.problems).toEqual([]);
  });
});

describe("progress after a reload", () => {
  it("brings back each committed score, its Ruling, the Step-1 lines and the part's status", async () => {
    const page = await cleanPage();
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
      // Part 1 in full; the others in part (the edge-case map's first, middle and last), so the status must count,
      // not just say "all", and an unscored item between two scored ones must come back unscored.
      const chosen =
        part.path === "/vague"
          ? part.list.map((_, i) => i)
          : part.path === "/edge-cases"
            ? [0, Math.floor(part.list.length / 2), part.list.length - 1]
            : [0, 2, 4];
      for (const index of chosen) {
        const item = part.list[index]!;
        if (item.id === "example-3" && withGuideline) {
          // Steps 1 and 2 on one item: "förmliche" marked (its first and last word the same), checked not met.
          const card = await showItem(page, item.id);
          const word = card.getByRole("group", {name: "The words of the request"}).getByRole("button", {
            name: "förmliche",
          });
          await word.click();
          await word.click();
          await card.getByRole("combobox", {name: "Verdict on “förmliche”"}).selectOption({label: "not met"});
        }
        const score = scoreOf(part.list, index, withGuideline);
        await commit(page, item.id, score);
        part.done.set(item.id, score);
      }
      await expect.poll(() => partStatus(page).innerText()).toBe(`${part.done.size} of ${part.total} scored`);
    }
    expect(site.problems).toEqual([]);

    // The part committed last comes back on a reload of its page, each other on a new load of its address.
    const last = committed.at(-1)!;
    for (const part of [last, ...committed.slice(0, -1)]) {
      if (part === last) await page.reload();
      else await page.goto(part.path);
      await expect.poll(() => partStatus(page).innerText()).toBe(`${part.done.size} of ${part.total} scored`);
      for (const item of part.list) {
        const card = await showItem(page, item.id);
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
    await page.goto("/rubric#example-3");
    const example3 = itemOf(page, "example-3");
    await ruling(example3).waitFor({state: "visible"});
    expect(await example3.getByRole("combobox", {name: "Verdict on “förmliche”"}).inputValue()).toBe("not-met");
    await ruling(example3)
      .getByText(/^Where your checklist differs/)
      .click();
    expect(await visibleText(ruling(example3))).toContain("1 of 3 ruled lines match yours.");
    // The blind self-check keeps its own answers: the walk's answers do not show there.
    await page.goto("/self-check");
    for (const item of calibrationCases) {
      const card = await showItem(page, item.id);
      expect(await scoreGroup(card).getByRole("radio", {checked: true}).count(), item.id).toBe(0);
    }
    expect(site.problems).toEqual([]);
  }, 180_000);
});
