// Helpers for the trainee pages' browser tests. They drive the pages only through the testing contract (issues 6 and
// 15: `/<part>#<item-id>` shows that item, one at a time, with buttons "Next item" and "Previous item"; the element
// whose id is the item id; in it a group named "Score" of radios "1" … "5" and "Not applicable", a button "Check", on
// the edge-case map a group "Deciding rule", and after Check a region or status named "Ruling") and through accessible
// roles and names, never through CSS classes, so they survive a change of the pages' markup and style.
import {mkdirSync} from "node:fs";
import type {Locator, Page} from "playwright-core";
import type {Item} from "../../lib/authored/schemas/item.js";
import {loadCalibration, loadGuidelines, loadItems, loadParts, projectRoot} from "../../lib/node/load.js";
import {probePages} from "../../lib/probes/load.node.js";
import {poolsOf} from "../../lib/trainee/self-check-pool.js";
import type {Score} from "../../lib/authored/schemas/verdict.js";

export const items: Item[] = loadItems();
export const itemsById = new Map(items.map((item) => [item.id, item]));
export const parts = loadParts();
/** The self-check's pools; a fresh browser gets the first, the calibration cases. */
export const pools = poolsOf(loadCalibration(undefined, items), {items, parts});
export const calibration = pools[0]!;
/** The guideline version the pages show: the newest. */
export const guideline = loadGuidelines().at(-1)!;

/** The site's navigation, and one of its two groups ("Training", "Tools") by name. */
export const siteNav = (page: Page): Locator => page.getByRole("navigation", {name: "Site"});
export const navGroup = (page: Page, name: string): Locator => siteNav(page).getByRole("group", {name, exact: true});

/** The names of the links in the site navigation's two groups, "Training" and "Tools", in order. */
export const navigationLinks = (): {training: string[]; tools: string[]} => ({
  training: [
    "Start here",
    ...parts.map((part) => `${part.number}. ${part.navTitle ?? part.title}`),
    "Blind self-check",
    "Your results",
  ],
  tools: ["For authors", "Model judges", "Cohort", ...probePages(projectRoot).map(({title}) => `Probe: ${title}`)],
});

export const progressKey = "rater-notebook:progress:v1";
export const setAsideKey = `${progressKey}:set-aside`;

/** What the page's localStorage holds under `key` (null for nothing). */
export const storage = (page: Page, key: string): Promise<string | null> =>
  page.evaluate((name) => localStorage.getItem(name), key);

/** Puts `raw` under the saved record's key in the page's localStorage, as the site would save a record. */
export const saveRecord = (page: Page, raw: string): Promise<void> =>
  page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [progressKey, raw]);

/** The trainee pages, in the order a trainee walks them, with the items each one scores (none: a page to read). */
export const pages = [
  {path: "/", name: "home", scores: [] as Item[]},
  ...parts.map((part) => ({
    path: part.path,
    name: part.id,
    scores: part.items && part.phase ? items.filter((item) => item.set === part.items) : [],
  })),
  // The blind self-check's two pools, each at its address (a trainee who has checked a Part 6 case gets the fresh one).
  ...pools.map((pool) => ({
    path: `/self-check?pool=${pool.id}`,
    name: pool === calibration ? "self-check" : `self-check-${pool.id}`,
    scores: pool.items.map((id) => itemsById.get(id)!),
  })),
];

/** Whether a page is the blind self-check, whose rulings wait for the end of the run. */
export const isSelfCheck = (target: {path: string}): boolean => target.path.startsWith("/self-check");

export const itemsOfSet = (set: Item["set"]): Item[] => items.filter((item) => item.set === set);

/** Where screenshots go (gitignored). */
const screensDir = "test-results/screens";
/** Whether a run writes them: when SCREENS=1 asks, to be looked at. They cost a third of the page-states files' time
 *  (153 s with them against 98 s without, on 2026-12-05), and most runs are not looked at. */
export const writesScreens = process.env.SCREENS === "1";
if (writesScreens) mkdirSync(screensDir, {recursive: true});

/** Saves what `target` shows as `<name>.png` in screensDir, when SCREENS=1 asks; a page whole when `fullPage`. */
export async function saveScreen(target: Page | Locator, name: string, {fullPage = false} = {}): Promise<void> {
  if (!writesScreens) return;
  const path = `${screensDir}/${name}.png`;
  await ("goto" in target ? target.screenshot({path, fullPage}) : target.screenshot({path}));
}

// ---- The testing contract ----

/** The scored item: the element whose id is the item id. */
export const itemOf = (page: Page, id: string): Locator => page.locator(`[id="${id}"]`);
export const scoreGroup = (item: Locator): Locator => item.getByRole("group", {name: "Score", exact: true});
export const scoreLabel = (score: Score): string => (score === "n/a" ? "Not applicable" : String(score));
export const radio = (item: Locator, score: Score): Locator =>
  scoreGroup(item).getByRole("radio", {name: scoreLabel(score), exact: true});
export const checkButton = (item: Locator): Locator => item.getByRole("button", {name: "Check", exact: true});
/** The comparison: a region (or a status) named "Ruling". */
export const ruling = (item: Locator): Locator =>
  item.getByRole("region", {name: "Ruling"}).or(item.getByRole("status", {name: "Ruling"}));

/** The key that chooses a score in a focused item. */
export const keyFor = (score: Score): string => (score === "n/a" ? "n" : String(score));

export const nextItem = (page: Page): Locator => page.getByRole("button", {name: "Next item", exact: true});
export const decidingRule = (item: Locator): Locator => item.getByRole("group", {name: "Deciding rule"});

/** Where the trainee stands in a part: "3 of 7 scored". */
export const partStatus = (page: Page): Locator => page.getByText(/^\d+ of \d+ scored$/);

/**
 * Shows one item of the part on the page: a part shows one item at a time, and its address's fragment names it
 * (`/rubric#example-3`). Setting the fragment in the page shows the item without reloading.
 */
export async function showItem(page: Page, id: string): Promise<Locator> {
  const item = itemOf(page, id);
  if (
    !(await scoreGroup(item)
      .isVisible()
      .catch(() => false))
  ) {
    await page.evaluate((target) => {
      location.hash = target;
    }, id);
    await scoreGroup(item).waitFor({state: "visible"});
  }
  return item;
}

/**
 * Until the page's code has taken the first screen's place, what a trainee does is on the copy, which carries to the
 * page only scores, folds, words pressed, focus and a pressed Check (src/components/prerendered.ts): a test of keys,
 * drafts or marked lines waits for this, so that what it checks is the page's own.
 */
export const takenOver = (page: Page): Promise<unknown> =>
  page.waitForFunction(() => !document.querySelector("[data-prerendered]"));

/** Shows one example of Part 2 (`/examples`), which has no Score group: its address's fragment names it. */
export async function showToRead(page: Page, id: string): Promise<Locator> {
  await page.evaluate((target) => {
    location.hash = target;
  }, id);
  const item = itemOf(page, id);
  await item.waitFor({state: "visible"});
  return item;
}

/** Commits a score with the mouse (for tests that are not about the keyboard), showing the item first. */
export async function commit(page: Page, id: string, score: Score): Promise<Locator> {
  const item = await showItem(page, id);
  await radio(item, score).check();
  await checkButton(item).click();
  await ruling(item)
    .waitFor({state: "visible"})
    .catch(async (error: unknown) => {
      // Seen once in a full run and not since: what the card showed when its Ruling did not come, for the next time.
      const card = await item
        .evaluate((node) => ({
          checked: [...node.querySelectorAll<HTMLInputElement>("input[type=radio]:checked")].map(
            (input) => input.value,
          ),
          checkDisabled: node.querySelector<HTMLButtonElement>("[data-card=check]")?.disabled ?? null,
          firstScreenCopy: !!document.querySelector("[data-prerendered]"),
          text: (node as HTMLElement).innerText.replace(/\s+/g, " ").slice(-400),
        }))
        .catch((reason: unknown) => String(reason));
      throw new Error(`${id}: no Ruling after Check with ${score}; the card: ${JSON.stringify(card)}`, {cause: error});
    });
  return item;
}

/** The text a trainee can see in an element (hidden elements contribute nothing), with white space collapsed. */
export async function visibleText(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s+/g, " ");
}

export const collapse = (text: string): string => text.replace(/\s+/g, " ").trim();

// ---- Keyboard ----

/** What has the keyboard focus: the ids of its ancestors, its tag, role, text and link target. */
export interface Focus {
  ancestors: string[];
  tag: string;
  type: string | null;
  /** A form control's name attribute (a radio group's name). */
  name: string | null;
  role: string | null;
  text: string;
  href: string | null;
  rel: string | null;
}

export async function focused(page: Page): Promise<Focus | null> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return null;
    const ancestors: string[] = [];
    for (let node: Element | null = active; node; node = node.parentElement) if (node.id) ancestors.push(node.id);
    return {
      ancestors,
      tag: active.tagName.toLowerCase(),
      type: active.getAttribute("type"),
      name: active.getAttribute("name"),
      role: active.getAttribute("role"),
      text: (active.textContent ?? "").replace(/\s+/g, " ").trim(),
      href: active.getAttribute("href"),
      rel: active.getAttribute("rel"),
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focus satisfies `test`, at most `max` times; fails with where the focus went.
 * Returns the number of presses.
 */
export async function tabUntil(
  page: Page,
  test: (focus: Focus) => boolean,
  {what, max = 400, shift = false}: {what: string; max?: number; shift?: boolean},
): Promise<number> {
  const seen: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(shift ? "Shift+Tab" : "Tab");
    const focus = await focused(page);
    if (focus && test(focus)) return presses;
    seen.push(
      focus ? `${focus.tag}${focus.ancestors[0] ? `#${focus.ancestors[0]}` : ""} "${focus.text.slice(0, 30)}"` : "body",
    );
  }
  throw new Error(
    `${what}: not reached in ${max} presses of ${shift ? "Shift+Tab" : "Tab"}; last: ${seen.slice(-5).join(", ")}`,
  );
}
