// `npm run dev` on a temporary copy of the project: an open page follows every save of an authored file, shows a
// broken file's problem (file, field, fix) in place of its content, and recovers once the file is fixed. The waits
// are generous and nothing here is timed: how fast the change shows is `npm run bench -- --dev-only`.
import {readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import type {BrowserContext, Page} from "playwright-core";
import {afterAll, afterEach, beforeAll, describe, expect, it} from "vitest";
import {copyProject} from "../../scripts/copy-project.js";
import {openBrowser, testChromium, type Chromium} from "../browser/site.js";
import {edit, openLive, startDev, waitForText, type DevServer} from "./dev-server.js";

let copy = "";
let dev: DevServer | undefined;
let chromium: Chromium | undefined;
let contexts: BrowserContext[] = [];

beforeAll(async () => {
  copy = copyProject("rater-notebook-dev-");
  dev = await startDev(copy);
  // The worker's Chromium (test/browser/site.ts testChromium): closing here closes only this file's contexts.
  chromium = await openBrowser(dev.origin, await testChromium());
}, 180_000);

afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

afterAll(async () => {
  await chromium?.close();
  await dev?.stop();
  rmSync(copy, {recursive: true, force: true});
});

async function open(path: string, text: string): Promise<Page> {
  const context = await chromium!.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await openLive(page, path, dev!);
  await waitForText(page, text);
  return page;
}

describe("npm run dev", () => {
  it("shows an edited item, then a broken item's problem in place of the page, then the fixed item", async () => {
    // The first example is the one on show; its topic is its title before Check.
    const page = await open("/vague", "Example 1: examples of irregular verbs");

    edit(copy, "data/items/example-1.md", 'topic: "examples of irregular verbs"', 'topic: "irregular verbs, edited"');
    await waitForText(page, "Example 1: irregular verbs, edited");

    edit(copy, "data/items/example-2.md", "verdict: not-met", "verdict: nope");
    const panel = page.getByRole("alert");
    await panel.waitFor({timeout: 60_000});
    expect(await panel.getByRole("heading").innerText()).toBe("An authored file is broken");
    expect(await panel.innerText()).toContain(
      'data/items/example-2.md at checklist[2].verdict: Line 3, its verdict: got "nope": expected one of "met", "met-flaw"',
    );
    // The panel replaces the page: none of the items is left on show, stale.
    expect(await page.getByRole("button", {name: "Check", exact: true}).filter({visible: true}).count()).toBe(0);

    edit(copy, "data/items/example-2.md", "verdict: nope", "verdict: not-met");
    await panel.waitFor({state: "detached", timeout: 60_000});
    await waitForText(page, "Example 1: irregular verbs, edited");
    // One item at a time: the first example's Check, and no other.
    expect(await page.getByRole("button", {name: "Check", exact: true}).filter({visible: true}).count()).toBe(1);

    // The authors' page, opened on the same broken file, shows the panel once: it showed it twice, once for each of
    // its cells that read the data.
    await page.context().close();
    edit(copy, "data/items/example-2.md", "verdict: not-met", "verdict: nope");
    const authors = await open("/authors", "An authored file is broken");
    expect(await authors.getByRole("alert").filter({hasText: "An authored file is broken"}).count()).toBe(1);
    edit(copy, "data/items/example-2.md", "verdict: nope", "verdict: not-met");
    await waitForText(authors, "What to compare");
    expect(chromium!.problems).toEqual([]);
  }, 240_000);

  it("shows an edited guideline rule on the guideline page", async () => {
    const page = await open("/guideline", "Only what the request says");
    edit(copy, "guideline/v2/guideline.yaml", "title: Only what the request says", "title: Only what was asked");
    await waitForText(page, "Only what was asked");
    expect(chromium!.problems).toEqual([]);
  }, 120_000);

  it("shows a saved lib/ module in the open pages: one a page imports, and one that builds the data", async () => {
    const label = ["lib/site/links.ts", '"examples": "Example",', '"examples": "Sample",'] as const;
    const minutes = [
      "lib/trainee/part-time.ts",
      "export const secondsPerStep = 20;",
      "export const secondsPerStep = 2000;",
    ] as const;
    const originals = [label, minutes].map(([file]) => [join(copy, file), readFileSync(join(copy, file), "utf8")]);
    try {
      // A label the part pages build in the browser: Framework pushes the module's new code to the page.
      const part = await open("/vague", "Example 1: ");
      edit(copy, ...label);
      await waitForText(part, "Sample 1: ");
      // The parts' minutes, worked out while the data is built, by a module no page imports: the data is built again
      // with the new code, and the start page takes it. (openLive waits for the part's socket to close: the dev
      // server watches one page at a time here.)
      await part.context().close();
      const home = await open("/", "minutes in all");
      const total = async () => Number(/About (\d+) minutes in all/.exec(await home.locator("main").innerText())?.[1]);
      const before = await total();
      edit(copy, ...minutes);
      await expect.poll(total, {timeout: 60_000}).toBeGreaterThan(before);
      expect(chromium!.problems).toEqual([]);
    } finally {
      // Put back for the tests after: each file as it was.
      for (const [path, text] of originals) writeFileSync(path!, text!);
    }
  }, 120_000);

  it("restyles the open pages when an area file under src/css/ is saved", async () => {
    const page = await open("/guideline", "Only what the request says");
    // The page reloads: while it does, there is no document to ask.
    const background = (of: Page) => () =>
      of.evaluate(() => getComputedStyle(document.body).backgroundColor).catch(() => "reloading");
    const before = await background(page)();
    edit(copy, "src/css/base.css", "background: var(--paper);", "background: rgb(1, 2, 3);");
    await expect.poll(background(page), {timeout: 60_000}).toBe("rgb(1, 2, 3)");
    // Put back, a page opened afresh is served the area file as it was (Framework can send a second reload for the
    // first save, and a save that lands while a page reloads waits for the next one).
    edit(copy, "src/css/base.css", "background: rgb(1, 2, 3);", "background: var(--paper);");
    await page.context().close();
    const fresh = await open("/guideline", "Only what the request says");
    await expect.poll(background(fresh), {timeout: 60_000}).toBe(before);
    expect(chromium!.problems).toEqual([]);
  }, 150_000);
});
