// The site's navigation in Chromium: the trainee's walk and the tools as two labelled groups, and on a phone one short
// row with a Menu button that shows the links (mouse and keyboard), with every link still reachable when JavaScript is
// off. The current page marked on every page it lists: index.test.ts, on its walk of every page.
import type {Locator, Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {usePage, useSite} from "./helpers.js";
import {navGroup, navigationLinks, radio, showItem, siteNav, takenOver} from "./trainee.js";
import {skipWords} from "../../lib/site/skip-link.js";

const site = useSite();
const cleanPage = usePage(site);

const phone = {width: 390, height: 900};
const desktop = {width: 1440, height: 900};

const {training, tools} = navigationLinks();

const menuButton = (page: Page): Locator => siteNav(page).getByRole("button", {name: "Menu"});

/** A page at a size, on the tests' page. */
async function open(path: string, viewport: {width: number; height: number}): Promise<Page> {
  const page = await cleanPage();
  await page.setViewportSize(viewport);
  await page.goto(path);
  return page;
}

/** Every link of the navigation, in order, as [name, visible]. */
const linksShown = (page: Page) =>
  siteNav(page)
    .locator(".site-nav-menu a")
    .evaluateAll((links) => links.map((link) => [link.textContent ?? "", (link as HTMLElement).checkVisibility()]));

describe("the site's navigation", () => {
  it("holds the trainee's walk and the tools as two labelled groups", async () => {
    const page = await cleanPage();
    await page.goto("/rubric");
    expect(await navGroup(page, "Training").getByRole("link").allInnerTexts()).toEqual(training);
    expect(await navGroup(page, "Tools").getByRole("link").allInnerTexts()).toEqual(tools);
    expect(await menuButton(page).isVisible()).toBe(false);
    expect(site.problems).toEqual([]);
  });

  it("on a phone, is one short row: the links fold behind a Menu button that the mouse opens and closes", async () => {
    const page = await open("/rubric", phone);
    // Measured once the page's code has taken the first screen's place: a heading replaced meanwhile has no box.
    await takenOver(page);
    const button = menuButton(page);
    await button.waitFor();
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await button.getAttribute("aria-controls")).toBe(
      await siteNav(page).locator(".site-nav-menu").getAttribute("id"),
    );
    expect((await linksShown(page)).filter(([, shown]) => shown)).toEqual([]);
    const header = await page.locator("#observablehq-header").boundingBox();
    expect(header!.y).toBe(0);
    expect(header!.height).toBeLessThan(80);
    // The page's heading is in the first screen, right under the bar.
    expect((await page.getByRole("heading", {level: 1}).boundingBox())!.y).toBeLessThan(160);

    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect(await linksShown(page)).toEqual([...training, ...tools].map((name) => [name, true]));
    expect(
      await navGroup(page, "Training").getByRole("link", {name: "4. The rubric"}).getAttribute("aria-current"),
    ).toBe("page");
    // Every link a 24 px target at least, inside the window.
    for (const box of await siteNav(page)
      .locator(".site-nav-menu a")
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.height).toBeGreaterThanOrEqual(24);
      expect(box.right).toBeLessThanOrEqual(phone.width);
    }
    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect((await linksShown(page)).filter(([, shown]) => shown)).toEqual([]);
    expect(site.problems).toEqual([]);
  });

  it("on a phone, opens from the keyboard: Tab to the button, Enter or Space toggles, Escape closes it", async () => {
    const page = await open("/", phone);
    const button = menuButton(page);
    await button.waitFor();
    await page.keyboard.press("Tab"); // the skip link
    await page.keyboard.press("Tab"); // the site's name
    await page.keyboard.press("Tab");
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    // The next Tab stop is the first link of the menu.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Start here");
    await page.keyboard.press("Escape");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Space");
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect((await linksShown(page)).every(([, shown]) => shown)).toBe(true);
    await page.keyboard.press("Space");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(site.problems).toEqual([]);
  });

  it("without JavaScript, shows every link and no button, on a phone and on a desktop", async () => {
    // A context of its own (the tests' page runs JavaScript), one for both sizes: the page loaded on a phone, then
    // the window made wide (with no script, the page is what its CSS makes of the window).
    const context = await site.newContext({viewport: phone, javaScriptEnabled: false});
    const page = await context.newPage();
    await page.goto("/cohort");
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      expect(await linksShown(page)).toEqual([...training, ...tools].map((name) => [name, true]));
      expect(await page.locator(".site-nav-toggle").isVisible()).toBe(false);
    }
    await context.close();
  });

  it("skips to the item shown from the first Tab, its keys then working, and elsewhere to the page's content", async () => {
    // Opened as a trainee opens it: the part shows where they stopped (the first item) and names it in the address.
    const page = await open("/rubric", desktop);
    await takenOver(page);
    const card = await showItem(page, "example-1");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(skipWords);
    const address = page.url();
    await page.keyboard.press("Enter");
    // On the item's heading, the address as it was: the walk reads its fragment as the item to show.
    expect(await card.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("H2");
    expect(page.url()).toBe(address);
    await page.keyboard.press("3");
    expect(await radio(card, 3).isChecked()).toBe(true);
    // A page with no walk: its main content.
    await page.goto("/results");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("observablehq-main");
    expect(site.problems).toEqual([]);
  });

  it("on a desktop, shows every link with no button", async () => {
    const page = await open("/probes/six-step-chain", desktop);
    await siteNav(page).waitFor();
    expect(await linksShown(page)).toEqual([...training, ...tools].map((name) => [name, true]));
    expect(await menuButton(page).isVisible()).toBe(false);
    expect(site.problems).toEqual([]);
  });
});
