// Issue 29 (Speed): a scoring page's first screen is in its HTML (scripts/prerender.ts), so its Score group can be
// used before the page's code arrives, and the code takes it over (src/components/prerendered.ts): one item card,
// laid out where it was, with what the trainee did in it kept. The code is held back by routing the page's bundle
// (and its chunks) to wait until the test lets it go. The tests share one page (usePage), made fresh again for each
// pass of a test that makes two; the five with JavaScript off share a context of their own, where no page can keep
// anything; the test that times the first frame opens its own (an init script).
import type {Page} from "playwright-core";
import {afterAll, describe, expect, it} from "vitest";
import {usePage, useSite} from "./helpers.js";
import {
  checkButton,
  commit,
  itemOf,
  partStatus,
  progressKey,
  radio,
  ruling,
  scoreGroup,
  showItem,
  storage,
  takenOver,
} from "./trainee.js";

const site = useSite();
const cleanPage = usePage(site);

/** The page with JavaScript off: with no script run, it saves nothing, so each test only opens its path anew. */
let scriptless: Promise<Page> | undefined;
const scriptlessPage = (): Promise<Page> =>
  (scriptless ??= site.newContext({javaScriptEnabled: false}).then((context) => context.newPage()));
afterAll(async () => {
  const page = await scriptless?.catch(() => undefined);
  scriptless = undefined;
  await page?.context().close();
});

const firstItems = [
  ["/vague", "example-1"],
  ["/rubric", "example-1"],
  ["/edge-cases", "edge-1a"],
  ["/calibration", "calibration-a"],
  ["/self-check", "calibration-a"],
] as const;

/**
 * `path` opened in `page` with its modules waiting until `release` is called: what it shows meanwhile is the HTML's
 * alone. The route is the page's only one (a page of usePage has none), and `release` removes it once the requests it
 * held have gone on, so the next test's page loads its code unheld.
 */
async function heldBack(page: Page, path: string): Promise<{page: Page; release: () => Promise<void>}> {
  let open!: () => void;
  const gate = new Promise<void>((done) => (open = done));
  await page.route("**/_import/bundles/*.js", async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(path, {waitUntil: "domcontentloaded"});
  const release = async () => {
    open();
    await page.unrouteAll({behavior: "wait"});
  };
  return {page, release};
}

/** The Score groups a trainee can see. */
const visibleGroups = (page: Page) =>
  page
    .getByRole("group", {name: "Score", exact: true})
    .evaluateAll((groups) => groups.filter((group) => (group as HTMLElement).offsetParent !== null).length);

/** Where the item's title, Score group and Check are on the screen. */
const layoutOf = (page: Page, id: string) => {
  const item = itemOf(page, id);
  return Promise.all(
    [item.getByRole("heading", {level: 2}).first(), scoreGroup(item), checkButton(item)].map((part) =>
      part.boundingBox(),
    ),
  );
};

describe("a scoring page's first screen, before and after its code", () => {
  it.each(firstItems)("%s shows its first item's Score group with JavaScript off", async (path, id) => {
    const page = await scriptlessPage();
    await page.goto(path);
    const item = itemOf(page, id);
    await expect(scoreGroup(item).isVisible()).resolves.toBe(true);
    await expect(radio(item, 3).isEnabled()).resolves.toBe(true);
    await expect(visibleGroups(page)).resolves.toBe(1);
    await expect(ruling(item).isVisible()).resolves.toBe(false);
    // Edge case 1a's response is one the case study summarises ("none"), said so in words, where a bare "described"
    // tag left "none" reading as the response's text.
    if (id === "edge-1a")
      await expect(item.locator(".case-response .case-label").innerText()).resolves.toBe(
        "RESPONSE summarised, not quoted",
      );
    // Its Check can do nothing: the page says so above the item, in words.
    const notice = page.locator(".noscript-notice");
    await expect(notice.isVisible()).resolves.toBe(true);
    await expect(notice.innerText()).resolves.toContain("turn JavaScript on for this site to score the cases");
    expect(site.problems).toEqual([]);
  });

  it.each(firstItems)(
    "%s: the code takes the copy over where it is, one card, the focus kept, at 1440 px light and 390 px dark",
    async (path, id) => {
      for (const [colorScheme, width, height] of [
        ["light", 1440, 900],
        ["dark", 390, 844],
      ] as const) {
        // A fresh page each pass: the first pass's key 4 saved a draft.
        const clean = await cleanPage();
        await clean.setViewportSize({width, height});
        await clean.emulateMedia({colorScheme});
        const {page, release} = await heldBack(clean, path);
        const item = itemOf(page, id);
        await scoreGroup(item).waitFor();
        // Focused first: at 390 px the focus scrolls the radio into view.
        await radio(item, 2).focus();
        const before = await layoutOf(page, id);
        await release();
        await takenOver(page);
        await expect(layoutOf(page, id)).resolves.toEqual(before);
        await expect(page.locator(`[id="${id}"]`).count()).resolves.toBe(1);
        await expect(page.locator("article.item-card:visible").count()).resolves.toBe(1);
        await expect(visibleGroups(page)).resolves.toBe(1);
        // The focus is on the same control of the page's own card, and the keys the card listens for work there.
        await expect(
          page.evaluate(() => {
            const focused = document.activeElement as HTMLInputElement;
            return [focused.type, focused.value, !!focused.closest("[data-prerendered]")];
          }),
        ).resolves.toEqual(["radio", "2", false]);
        await page.keyboard.press("4");
        await expect(radio(item, 4).isChecked()).resolves.toBe(true);
      }
      expect(site.problems).toEqual([]);
    },
  );

  it("/vague puts its one line above the first example on a phone, before and after its code, and beside it from 1200 px", async () => {
    // The case study's vague instruction, as guideline.yaml holds it: the only guidance Part 1 gives.
    const line = "Rate how well the response follows the user's instructions, from 1 (poor) to 5 (excellent).";
    const narrow = (page: Page) => page.locator('.panel-narrow blockquote[aria-label="The one line"]');
    const phone = await cleanPage();
    await phone.setViewportSize({width: 390, height: 844});
    const {page, release} = await heldBack(phone, "/vague");
    const item = itemOf(page, "example-1");
    for (const stage of ["the page's HTML", "its code"]) {
      if (stage === "its code") {
        await release();
        await takenOver(page);
      }
      await expect(narrow(page).innerText(), stage).resolves.toBe(line);
      const quote = (await narrow(page).boundingBox())!;
      const title = (await item.getByRole("heading", {level: 2}).first().boundingBox())!;
      // Above the item, and on the first screen with the item's title (it had been only in the folded "About").
      expect(quote.y + quote.height, stage).toBeLessThan(title.y);
      expect(title.y + title.height, stage).toBeLessThan(844);
    }
    const desk = await cleanPage();
    await desk.setViewportSize({width: 1440, height: 900});
    await desk.goto("/vague");
    await takenOver(desk);
    await expect(narrow(desk).isVisible()).resolves.toBe(false);
    await expect(desk.getByRole("region", {name: "The one line"}).innerText()).resolves.toContain(line);
    expect(site.problems).toEqual([]);
  });

  it("keeps a score picked and a Check pressed before the code arrived, and Check works", async () => {
    const {page, release} = await heldBack(await cleanPage(), "/rubric");
    const item = itemOf(page, "example-1");
    await radio(item, 4).check();
    await checkButton(item).click();
    await expect(ruling(item).isVisible()).resolves.toBe(false);
    await release();
    await takenOver(page);
    await ruling(item).waitFor({state: "visible"});
    await expect(radio(item, 4).isChecked()).resolves.toBe(true);
    // The count follows in the frame after the one that paints the ruling (part-walk.ts).
    await expect.poll(() => partStatus(page).textContent()).toBe("1 of 7 scored");

    // Picked alone, the score waits for the trainee's Check, which works once the code is in: on a fresh page, the
    // answer above not saved there.
    const held = await heldBack(await cleanPage(), "/edge-cases");
    const edge = itemOf(held.page, "edge-1a");
    await radio(edge, 2).check();
    await held.release();
    await takenOver(held.page);
    await expect(radio(edge, 2).isChecked()).resolves.toBe(true);
    await expect(ruling(edge).isVisible()).resolves.toBe(false);
    await checkButton(edge).click();
    await ruling(edge).waitFor({state: "visible"});
    expect(site.problems).toEqual([]);
  });

  it("marks the words pressed before the code arrived, in the order pressed, once it is in", async () => {
    const {page, release} = await heldBack(await cleanPage(), "/rubric");
    const item = itemOf(page, "example-1");
    const words = item.getByRole("group", {name: "The words of the request"});
    await words.getByRole("button", {name: "no", exact: true}).click();
    await words.getByRole("button", {name: "two", exact: true}).click();
    await expect(item.locator(".trainee-checklist .line-text").count()).resolves.toBe(0);
    await release();
    await takenOver(page);
    await expect(
      item.locator(".trainee-checklist .line-text").evaluateAll((nodes) => nodes.map((node) => node.textContent)),
    ).resolves.toEqual(["no more than two"]);
    expect(site.problems).toEqual([]);
  });

  it("asks for the page's code once the copy is painted, and at once when the copy is stale", async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    // At the first frame, before the page's own callbacks (this one is asked for first): whether the code is held.
    await page.addInitScript(() =>
      requestAnimationFrame((time) => {
        const held = document.getElementById("page-start") !== null;
        (window as unknown as {firstFrame: unknown}).firstFrame = {time, held};
      }),
    );
    const timing = () =>
      page.evaluate(() => {
        const frame = (window as unknown as {firstFrame: {time: number; held: boolean}}).firstFrame;
        const code = performance
          .getEntriesByType("resource")
          .filter((entry) => /\/_import\/bundles\/|\/_observablehq\/client\./.test(entry.name))
          .map((entry) => entry.startTime);
        return {...frame, code};
      });
    await page.goto("/rubric");
    await takenOver(page);
    const fresh = await timing();
    expect(fresh.held).toBe(true);
    expect(fresh.code.length).toBeGreaterThan(0);
    expect(fresh.code.filter((start) => !(start >= fresh.time))).toEqual([]);
    // Another item named: the copy is hidden, and the code's files are asked for as the head is read, before any
    // frame (its script once the page is read).
    await page.goto("/edge-cases#edge-3");
    await itemOf(page, "edge-3").getByRole("group", {name: "Score", exact: true}).waitFor();
    const stale = await timing();
    expect(stale.held).toBe(false);
    expect(stale.code.length).toBeGreaterThan(0);
    await context.close();
    expect(site.problems).toEqual([]);
  });

  it("runs a stale copy's code only once the whole page is read, however long the reading takes", async () => {
    // Before, the code was added to the head at once and ran as soon as it arrived: on a slow read (a loaded machine)
    // the places its cells show in were not read yet, and the page stopped on "reading 'previousSibling'".
    const context = await site.newContext();
    const page = await context.newPage();
    let resume!: () => void;
    const paused = new Promise<void>((done) => (resume = done));
    // The page's HTML with a script at the top of its body that holds the reading until the test lets it go.
    await page.route("**/edge-cases", async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace("<body>", '<body>\n<script src="/__reading-held.js"></script>');
      await route.fulfill({response, body});
    });
    await page.route("**/__reading-held.js", async (route) => {
      await paused;
      await route.fulfill({contentType: "text/javascript", body: ""});
    });
    const code = ["client", "runtime", "stdlib"].map((name) =>
      page.waitForEvent("requestfinished", (request) => request.url().includes(`/_observablehq/${name}.`)),
    );
    const loading = page.goto("/edge-cases#edge-3");
    await Promise.all(code);
    // Two turns of the page's event loop: code that has arrived and may run has run by then.
    for (const turn of [1, 2])
      await page.evaluate(
        (turn) => new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(turn)))),
        turn,
      );
    const whileHeld = [...site.problems];
    // The page is still being read, and its module script is not in it yet; its files were asked for.
    await expect(
      page.evaluate(() => [document.readyState, document.head.querySelectorAll("script[type=module]").length]),
    ).resolves.toEqual(["loading", 0]);
    resume();
    await loading;
    expect(whileHeld).toEqual([]);
    await scoreGroup(itemOf(page, "edge-3")).waitFor();
    await context.close();
    expect(site.problems).toEqual([]);
  });

  it("records no answer for a Check pressed before a score, or before the score was changed", async () => {
    for (const order of ["check-then-pick", "check-then-change"] as const) {
      const {page, release} = await heldBack(await cleanPage(), "/rubric");
      const item = itemOf(page, "example-1");
      if (order === "check-then-change") await radio(item, 2).check();
      await checkButton(item).click();
      await radio(item, 4).check();
      await release();
      await takenOver(page);
      await expect(radio(item, 4).isChecked()).resolves.toBe(true);
      await expect(ruling(item).isVisible()).resolves.toBe(false);
      // Decisive at once, where the ruling and the count would follow a recorded answer a frame later: Check is still
      // there to press, and the record holds no answer.
      await expect(checkButton(item).isEnabled()).resolves.toBe(true);
      expect(JSON.parse((await storage(page, progressKey)) ?? "{}").answers ?? []).toEqual([]);
      await expect(partStatus(page).textContent()).resolves.toBe("0 of 7 scored");
    }
    expect(site.problems).toEqual([]);
  });

  it("never shows the first item as the one in view when the address names another", async () => {
    const {page, release} = await heldBack(await cleanPage(), "/rubric#example-3");
    await page.locator("footer").waitFor({state: "attached"});
    await expect(visibleGroups(page)).resolves.toBe(0);
    await expect(itemOf(page, "example-1").isVisible()).resolves.toBe(false);
    await release();
    const shown = itemOf(page, "example-3");
    await scoreGroup(shown).waitFor();
    await expect(itemOf(page, "example-1").isVisible()).resolves.toBe(false);
    await expect(visibleGroups(page)).resolves.toBe(1);
    expect(site.problems).toEqual([]);
  });

  it("shows the saved state, never the first visit's, when storage holds progress", async () => {
    // The answer saved on a first visit, then the part opened again: a new document on the record it left.
    const first = await cleanPage();
    await first.goto("/rubric");
    await commit(first, "example-1", 3);
    const {page, release} = await heldBack(first, "/rubric");
    await page.locator("footer").waitFor({state: "attached"});
    await expect(visibleGroups(page)).resolves.toBe(0);
    await release();
    // Opened with no item named, the part resumes where the trainee stopped: the first item still open.
    await scoreGroup(itemOf(page, "example-2")).waitFor({state: "visible"});
    await expect(page.evaluate(() => location.hash)).resolves.toBe("#example-2");
    const item = await showItem(page, "example-1");
    await ruling(item).waitFor({state: "visible"});
    await expect(radio(item, 3).isChecked()).resolves.toBe(true);
    await expect(partStatus(page).textContent()).resolves.toBe("1 of 7 scored");
    await expect(page.locator("[data-prerendered]").count()).resolves.toBe(0);
    expect(site.problems).toEqual([]);
  });
});
