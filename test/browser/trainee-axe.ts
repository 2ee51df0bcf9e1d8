// axe-core and a measured layout check on every trainee page, before and after Check, at one width, in the light and
// dark colour schemes (`layoutRules` says which rules run where); and screenshots of each state for a person to look
// at (test-results/screens/, gitignored): the whole page in light, the first item in both schemes. Two test files run
// this, one per width (390 px, 1440 px), so the halves run in parallel.
import AxeBuilder from "@axe-core/playwright";
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import type {Item} from "../../lib/authored/schemas/item.js";
import type {Score} from "../../lib/authored/schemas/verdict.js";
import {useSite} from "./helpers.js";
import {checkButton, isSelfCheck, itemOf, pages, radio, ruling, screensDir, scoreGroup, showItem} from "./trainee.js";

type TraineePage = (typeof pages)[number];

/** Waits until the page's components have rendered: the parts list on the start page, the way on or the item else. */
async function ready(page: Page, target: TraineePage): Promise<void> {
  if (target.path === "/")
    await page
      .getByRole("link", {name: /^Part 1\. /})
      .first()
      .waitFor();
  else if (target.scores[0]) await scoreGroup(itemOf(page, target.scores[0].id)).waitFor();
  else await page.getByRole("navigation", {name: "Where next"}).waitFor();
}

/**
 * axe is slow on the long pages (seconds per run on two busy cores), so each run asks only what can differ from the
 * full audit. The pages' DOM is the same at every width and in both schemes (no component reads the window's size or
 * scheme; src/style.css changes layout under media queries and colours under prefers-color-scheme). So: every rule
 * once per page and state, at 1440 px in light; at 390 px the rules that read layout (contrast over what lies behind,
 * link styling, target size, scrolling boxes, tables whose header rows the narrow layout hides); in dark, the colour
 * rules.
 */
const colourRules = ["color-contrast", "link-in-text-block"];
const layoutRules = [
  ...colourRules,
  "target-size",
  "scrollable-region-focusable",
  "meta-viewport",
  "css-orientation-lock",
  "td-has-header",
  "th-has-data-cells",
  "td-headers-attr",
  "empty-table-header",
  "table-duplicate-name",
];

async function audit(page: Page, label: string, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({page}).options({resultTypes: ["violations"]});
  const {violations} = await (rules ? builder.withRules(rules) : builder).analyze();
  return violations.map(
    (violation) =>
      `${label}: ${violation.id} (${violation.impact}) at ${violation.nodes
        .slice(0, 4)
        .map((node) => node.target.join(" "))
        .join(", ")}${violation.nodes.length > 4 ? ` and ${violation.nodes.length - 4} more` : ""}`,
  );
}

/**
 * What a reader would see as a broken layout, measured: the page scrolls sideways; at the top of the page, a link of
 * the site's navigation lies outside the window or over the first line of the page; something in a scored item runs
 * out of the item's content box into its margin or beyond (a table that scrolls in its own box is fine).
 */
async function layout(page: Page, target: TraineePage, label: string): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate(
    ({ids, label}) => {
      const problems: string[] = [];
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth)
        problems.push(`${label}: the page scrolls sideways (${root.scrollWidth} px wide in ${root.clientWidth} px)`);
      // The first line of text the page's main content shows.
      let firstLine: DOMRect | undefined;
      const main = document.querySelector("main");
      const walker = main ? document.createTreeWalker(main, NodeFilter.SHOW_TEXT) : null;
      for (let text = walker?.nextNode(); text && !firstLine; text = walker?.nextNode()) {
        if (!text.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        const box = range.getBoundingClientRect();
        if (box.height) firstLine = box;
      }
      const outside: string[] = [];
      const over: string[] = [];
      for (const link of document.querySelectorAll('nav[aria-label="Site"] a')) {
        const box = link.getBoundingClientRect();
        const name = `"${(link.textContent ?? "").slice(0, 40)}"`;
        if (box.top < 0 || box.bottom > window.innerHeight || box.left < 0 || box.right > root.clientWidth)
          outside.push(name);
        else if (firstLine && box.bottom > firstLine.top && box.top < firstLine.bottom) over.push(name);
      }
      if (outside.length) problems.push(`${label}: the site navigation's ${outside.join(", ")} lie outside the window`);
      if (over.length)
        problems.push(`${label}: the site navigation's ${over.join(", ")} lie over the first line of the page`);
      for (const id of ids) {
        const card = document.getElementById(id);
        if (!card) continue;
        // The item's content box: its padding is the item's margin, and nothing should run into it.
        const box0 = card.getBoundingClientRect();
        const style = getComputedStyle(card);
        const edge = {
          left: box0.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft),
          right: box0.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight),
        };
        for (const node of card.querySelectorAll("*")) {
          const box = node.getBoundingClientRect();
          if (!box.width || (box.right <= edge.right + 1 && box.left >= edge.left - 1)) continue;
          let scrolls = false;
          for (let up = node.parentElement; up && up !== card; up = up.parentElement)
            if (["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(up).overflowX)) scrolls = true;
          if (scrolls) continue;
          const what = node.getAttribute("aria-label") ?? (node.textContent ?? "").trim().slice(0, 30);
          problems.push(
            `${label}: in ${id}, <${node.tagName.toLowerCase()}> "${what}" runs out of the item's content box ` +
              `(${Math.round(box.left)}-${Math.round(box.right)} px, the item ${Math.round(edge.left)}-${Math.round(edge.right)} px)`,
          );
          break;
        }
      }
      return problems;
    },
    {ids: target.scores.map((item) => item.id), label},
  );
}

async function screens(page: Page, target: TraineePage, name: string, {fullPage}: {fullPage: boolean}): Promise<void> {
  if (fullPage) await page.screenshot({path: `${screensDir}/${name}.png`, fullPage: true});
  const shown = target.scores.find((item) => item.id === new URL(page.url()).hash.slice(1)) ?? target.scores[0];
  if (shown) await itemOf(page, shown.id).screenshot({path: `${screensDir}/${name}-item.png`});
}

/** A score per item that varies: the case study's likely wrong score where it names one (so its note shows), else
 *  ruled. */
function scoreFor(item: Item, index: number): Score {
  const likelyWrong = item.notes.find((note) => note.score !== undefined)?.score;
  if (likelyWrong !== undefined && index % 2 === 0) return likelyWrong;
  return item.score === "n/a" || index % 3 !== 1 ? item.score : item.score === 5 ? 4 : item.score + 1;
}

/**
 * The items checked for the "after" state: in each part the first three and the cases whose comparison has something
 * of its own (a distractor from Step 1 as a line of the trainee's own or from a list, "not applicable"); in the
 * self-check all of them, or it shows no summary. Part 2 then shows some splits and keeps others hidden.
 */
const checkedAfter = (target: TraineePage): Item[] =>
  isSelfCheck(target)
    ? target.scores
    : target.scores.filter((item, index) => index < 3 || ["edge-5a", "edge-5b", "edge-9"].includes(item.id));

/** The chosen items of the page checked, the first with a Step-1 line, so the comparison shows all it can. */
async function checkSome(page: Page, target: TraineePage): Promise<void> {
  for (const [index, item] of checkedAfter(target).entries()) {
    const card = await showItem(page, item.id);
    if (target.path !== "/vague" && !isSelfCheck(target) && index === 0) {
      // On the edge-case map the three steps are folded: open them.
      const fold = card.getByText("Work it through the three steps");
      if (await fold.count()) await fold.click();
      // A word of the request marked in Step 1 (its first and last word: the same one), checked in Step 2.
      const words = card.getByRole("group", {name: /^The words of/}).getByRole("button");
      await words.first().click();
      await words.first().click();
      await card
        .getByRole("combobox", {name: /^Verdict on/})
        .first()
        .selectOption({label: "met"});
    }
    if (item.id === "edge-9") {
      await card.getByText("Work it through the three steps").click();
      await card.getByRole("button", {name: "+ An instruction with no words to point to"}).click();
      await card.getByRole("textbox", {name: "An instruction with no words to point to"}).fill("formal");
      await card.getByRole("button", {name: "Add", exact: true}).click();
    }
    // The edge-case map's question answered, so the ruling says whether the pick settles the case.
    if (item.id === "edge-5a")
      await card.getByRole("group", {name: "Deciding rule"}).getByRole("radio", {name: "Refusals"}).check();
    await radio(card, scoreFor(item, index)).check();
    await checkButton(card).click();
    await expect.poll(() => checkButton(card).isEnabled(), {message: `${item.id} committed`}).toBe(false);
    if (!isSelfCheck(target)) await ruling(card).waitFor({state: "visible"});
  }
  // The self-check's summary shows after its last case; open it and the rest of the page as a trainee would see it.
}

export function axeSuite(width: 390 | 1440): void {
  const site = useSite();

  /** The page audited in the light scheme and in the dark one (see `layoutRules`), with screenshots. */
  async function auditBothSchemes(
    page: Page,
    target: TraineePage,
    state: "before" | "after",
  ): Promise<{violations: string[]; layout: string[]}> {
    const label = `${target.path} at ${width} px ${state} Check`;
    const broken = await layout(page, target, label);
    await page.emulateMedia({colorScheme: "light"});
    const found = await audit(page, `${label}, light`, width === 1440 ? undefined : layoutRules);
    await screens(page, target, `${target.name}-${width}-${state}`, {fullPage: true});
    await page.emulateMedia({colorScheme: "dark"});
    found.push(...(await audit(page, `${label}, dark`, colourRules)));
    await screens(page, target, `${target.name}-${width}-${state}-dark`, {fullPage: false});
    await page.emulateMedia({colorScheme: "light"});
    return {violations: found, layout: broken};
  }

  /** Each page in turn (after Check: with some of its items checked first), every finding collected. */
  async function auditEach(page: Page, targets: readonly TraineePage[], state: "before" | "after"): Promise<void> {
    const violations: string[] = [];
    const broken: string[] = [];
    for (const target of targets) {
      await page.goto(target.path);
      await ready(page, target);
      if (state === "after") await checkSome(page, target);
      const found = await auditBothSchemes(page, target, state);
      violations.push(...found.violations);
      broken.push(...found.layout);
    }
    expect.soft(violations, "axe-core").toEqual([]);
    expect.soft(broken, "layout").toEqual([]);
    expect(site.problems).toEqual([]);
  }

  async function open(path: string): Promise<Page> {
    const page = await (await site.newContext()).newPage();
    await page.setViewportSize({width, height: 900});
    await page.goto(path);
    return page;
  }

  describe(`every trainee page at ${width} px, light and dark: axe-core and the layout`, () => {
    it("has no accessibility violations and an unbroken layout before Check", async () => {
      await auditEach(await open("/"), pages, "before");
    }, 300_000);

    it("has no accessibility violations and an unbroken layout after Check", async () => {
      // Items of every part checked, part by part (`checkedAfter`); then Part 2 shows their splits, the self-check its
      // summary, the start page the trainee's progress. The guideline (Part 3) has nothing to check, shows no progress.
      const scored = pages.filter((target) => target.scores.length);
      const after = [...scored, ...pages.filter((target) => !target.scores.length && target.name !== "guideline")];
      await auditEach(await open("/"), after, "after");
    }, 300_000);
  });
}
