// The blind self-check's two pools: a trainee who has seen the calibration cases' rulings (on Check in Part 6, or at
// the end of a run of them) gets seven fresh cases written for this notebook, and the page says which cases and why;
// each fresh case says it was written for this notebook, and its ruling is the notebook's; runs, "Not blind" and "Take
// it again" work per pool; the results page, the start page and Part 6's last card follow the pool. The fresh
// self-check's accessibility, before the run and passed: page-states.ts.
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import type {Score} from "../../lib/authored/schemas/verdict.js";
import {serializeProgress, type Answer} from "../../lib/trainee/progress.js";
import {selfCheckSummary} from "../../lib/trainee/self-check.js";
import {usePage, useSite} from "./helpers.js";
import {
  calibration,
  checkButton,
  guideline,
  itemOf,
  itemsById,
  pools,
  radio,
  ruling,
  saveRecord,
  scoreGroup,
  showItem,
  visibleText,
} from "./trainee.js";

const site = useSite();
const widePage = usePage(site, {viewport: {width: 1440, height: 900}});
const fresh = pools[1]!;
const freshItems = fresh.items.map((id) => itemsById.get(id)!);
const calibrationItems = calibration.items.map((id) => itemsById.get(id)!);

let minute = 0;
/** An answer, each a minute after the one before. */
const answer = (item: string, score: Score, extra: Partial<Answer> = {}): Answer => ({
  item,
  phase: "guideline",
  attempt: 1,
  score,
  guideline: guideline.version,
  at: new Date(Date.UTC(2026, 2, 1, 10, minute++)).toISOString(),
  ...extra,
});
/** Calibration A checked in Part 6: its ruling shows at once. */
const seenInPart6 = (): Answer[] => [answer("calibration-a", 4)];

/** A page in a fresh browser (1440 px wide) with `answers` saved, then opened at `path`. */
async function pageWith(answers: Answer[], path: string): Promise<Page> {
  const page = await widePage();
  await saveRecord(page, serializeProgress({app: "rater-notebook", version: 1, answers}));
  await page.goto(path);
  await page.getByRole("heading", {level: 1}).waitFor();
  return page;
}

/** Which cases the run uses and why, in the page's About fold, opened. */
async function poolNote(page: Page) {
  const fold = page.locator("details.part-about");
  if (!(await fold.evaluate((details: HTMLDetailsElement) => details.open))) await fold.locator("summary").click();
  return page.locator(".pool-note");
}

describe("the fresh cases, for a trainee who has seen the calibration cases' rulings", () => {
  it("are the blind run after a Part 6 ruling, and the page says which cases and why before the first", async () => {
    const page = await pageWith(seenInPart6(), "/self-check");
    const first = itemOf(page, "fresh-1");
    await scoreGroup(first).waitFor();
    expect(await visibleText(await poolNote(page))).toContain(
      "You have seen the calibration cases' rulings in Part 6, so this self-check uses seven fresh cases written " +
        "for this notebook. These cases are not from the case study, and their rulings are the notebook's, made with " +
        "the same guideline.",
    );
    // Blind: no notice says it isn't; the fresh pool's own pass rule, six of seven.
    expect(await page.locator(".blind-notice").isVisible()).toBe(false);
    expect(await visibleText(page.locator("body"))).not.toMatch(/can't be blind/i);
    expect(await page.getByText("At least 6 of 7 exact, and none two or more points off.").isVisible()).toBe(true);
    expect(await page.getByRole("heading", {level: 1}).textContent()).toBe("Check yourself, blind");
    // Headed by its pool (it was headed "Calibration self-check" too) and how long it takes (it said nothing of time:
    // data/calibration.yaml gives the fresh cases 15 minutes).
    expect(await page.locator(".part-kicker").textContent()).toBe("Self-check: the fresh cases");
    expect(await page.locator(".run-length").textContent()).toBe("7 cases, about 15 min.");
    // No calibration case on the page; the seven fresh ones, in order, on the strip.
    expect(await itemOf(page, "calibration-a").count()).toBe(0);
    expect(await page.locator(".walk-counter").innerText()).toBe("Fresh case 1 · 1 of 7");
    // Titled by number and topic, never by the case's own name before Check; said to be the notebook's.
    const head = await first.locator(".item-head h2").innerText();
    expect(head).toBe(`Fresh case 1: ${freshItems[0]!.topic}`);
    expect(await visibleText(first)).not.toContain(freshItems[0]!.title);
    expect(await first.getByText("Written for this notebook, not taken from the case study.").isVisible()).toBe(true);
    // The other pool stays reachable, for practice.
    const other = (await poolNote(page)).getByRole("link");
    expect(await other.innerText()).toBe("the calibration cases, for practice (not blind for you now)");
    expect(await other.getAttribute("href")).toBe("./self-check?pool=calibration");
    expect(site.problems).toEqual([]);
  }, 60_000);

  it("stay blind to the end, then read against six of seven, each ruling the notebook's, and run again per pool", async () => {
    const page = await pageWith(seenInPart6(), "/self-check");
    // Every case as ruled but the fourth, two above it: six exact, one two or more off, so not passed.
    const given = freshItems.map(
      (item, index): Score => (index === 3 ? (item.score as number) + 2 : item.score) as Score,
    );
    for (const [index, item] of freshItems.entries()) {
      const card = await showItem(page, item.id);
      await radio(card, given[index]!).check();
      await checkButton(card).click();
      await expect.poll(() => checkButton(card).isEnabled(), {message: `${item.id} committed`}).toBe(false);
      if (index < freshItems.length - 1) expect(await ruling(card).isVisible(), item.id).toBe(false);
    }
    const expected = selfCheckSummary(
      freshItems.map((item, index) => answer(item.id, given[index]!, {mode: "self-check"})),
      freshItems,
      fresh.pass,
      {guideline},
    );
    expect([expected.exact, expected.twoOrMoreOff, expected.pass]).toEqual([6, 1, false]);
    const summary = page.getByRole("region", {name: "Summary"});
    await expect.poll(() => visibleText(summary)).toMatch(/Not passed/);
    const text = await visibleText(summary);
    expect(text).toContain("6 of 7 exact");
    expect(text).toContain("These cases are not from the case study, and their rulings are the notebook's");
    expect(text).not.toMatch(/fresh-\d/);
    // Each case's ruling, now shown, is the notebook's; the case still says where it comes from.
    for (const item of freshItems) {
      const card = await showItem(page, item.id);
      await ruling(card).waitFor({state: "visible"});
      const full = await ruling(card).locator(".full-ruling").textContent();
      expect(full, item.id).toContain(`As this notebook rules it: ${item.ruling}`);
      expect(await ruling(card).textContent(), item.id).not.toContain("As the case study rules it");
      expect(await card.getByText("Written for this notebook, not taken from the case study.").isVisible()).toBe(true);
    }
    // A second run of the same cases can't be blind: their rulings showed at the end of the first.
    await page.getByRole("button", {name: "Take it again"}).click();
    await page.waitForURL((url) => url.search === "?pool=fresh&run=2");
    const notice = page.getByRole("status").filter({hasText: /can't be blind/});
    await notice.waitFor();
    expect(await visibleText(notice)).toContain("Fresh case 1");
    // Taken for practice: the heading offers no pass (it read "Check yourself, blind" and "To pass" over the notice).
    await expect.poll(() => page.getByRole("heading", {level: 1}).textContent()).toBe("Check yourself, for practice");
    expect(await visibleText(page.locator(".pass-rule"))).toMatch(/^A blind run passes with: At least 6 of 7 exact/);
    expect(await radio(await showItem(page, "fresh-1"), given[0]!).isChecked()).toBe(false);
    expect(site.problems).toEqual([]);
  }, 120_000);

  it("open at a fresh case's address, whatever the trainee has seen", async () => {
    const page = await pageWith([], "/self-check#fresh-3");
    await scoreGroup(itemOf(page, "fresh-3")).waitFor({state: "visible"});
    expect(await visibleText(await poolNote(page))).toMatch(
      /^This self-check uses seven fresh cases written for this notebook/,
    );
    // A link to another pool's case on the page opens that pool's run at the case.
    await page.evaluate(() => {
      location.hash = "calibration-b";
    });
    await page.waitForURL((url) => url.search === "?pool=calibration" && url.hash === "#calibration-b");
    await scoreGroup(itemOf(page, "calibration-b")).waitFor({state: "visible"});
    expect(site.problems).toEqual([]);
  }, 60_000);
});

describe("after a blind run of the calibration cases", () => {
  const calibrationRun = (): Answer[] =>
    calibrationItems.map((item) => answer(item.id, item.score, {mode: "self-check"}));

  it("offers the fresh cases next, blind, and keeps the calibration run at its address", async () => {
    const answers = calibrationRun();
    const page = await pageWith(answers, "/self-check?pool=calibration");
    const summary = page.getByRole("region", {name: "Summary"});
    await expect.poll(() => visibleText(summary)).toMatch(/Passed/);
    const next = summary.getByRole("link", {name: "Now seven fresh cases, blind →"});
    expect(await next.getAttribute("href")).toBe("./self-check?pool=fresh");
    await next.click();
    await scoreGroup(itemOf(page, "fresh-1")).waitFor();

    // The plain address gives the fresh cases too now, and says why.
    const plain = await pageWith(answers, "/self-check");
    await scoreGroup(itemOf(plain, "fresh-1")).waitFor();
    expect(await visibleText(await poolNote(plain))).toContain(
      "You have seen the calibration cases' rulings at the end of your run of them, so this self-check uses seven " +
        "fresh cases written for this notebook.",
    );
    expect(await (await poolNote(plain)).getByRole("link").innerText()).toBe("your runs of the calibration cases");
    expect(site.problems).toEqual([]);
  }, 60_000);
});

describe("the fresh cases elsewhere", () => {
  it("have their own part of the results, said to be the notebook's, each case linked to the self-check", async () => {
    const answers = [
      ...seenInPart6(),
      ...freshItems.map((item, index) =>
        answer(item.id, (index === 1 ? (item.score as number) + 1 : item.score) as Score, {mode: "self-check"}),
      ),
    ];
    const page = await pageWith(answers, "/results");
    const section = page.getByRole("region", {name: "The blind self-check: the fresh cases"});
    await section.waitFor();
    // Six exact and one a point off, blind: the pass rule's six of seven, said here too (it sent the rater back to
    // the self-check page to learn it).
    expect(await visibleText(section)).toContain("Your first run: ✓ Passed. 7 of 7 cases answered blind");
    expect(await visibleText(section)).toContain("These cases are not from the case study");
    // No calibration run: no section for it. The walk counts the case study's cases only.
    expect(await page.getByRole("region", {name: "The blind self-check: the calibration cases"}).count()).toBe(0);
    expect(await visibleText(page.getByRole("region", {name: "With the guideline"}))).toContain("1 case of 26");
    // The one miss is to review, by its plain name, linked to its case in the first run, where it is ruled.
    const review = page.locator(".results-review");
    const link = review.getByRole("link", {name: "Fresh case 2"});
    expect(await link.getAttribute("href")).toBe("./self-check?pool=fresh&run=1#fresh-2");
    expect(await visibleText(page.locator("main"))).not.toMatch(/fresh-\d|fresh-calibration/);
    expect(site.problems).toEqual([]);
  }, 60_000);

  it("are what the start page offers once Part 6 has shown a ruling", async () => {
    const page = await pageWith(seenInPart6(), "/");
    const offer = page.getByRole("region", {name: "Already rate for a living?"});
    await expect
      .poll(() => visibleText(offer))
      .toContain(
        "You have seen the calibration cases' rulings in Part 6, so this self-check uses seven fresh cases written " +
          "for this notebook.",
      );
    expect(await visibleText(offer)).toContain(
      `7 cases, about ${fresh.minutes} min. No feedback until you have answered all 7, then a summary against a ` +
        "pass mark: at least 6 exact and none two or more points off.",
    );
    expect(site.problems).toEqual([]);
  }, 60_000);

  it("are Part 6's next step while a blind run is left; after it, the results are, and the self-check is practice", async () => {
    // Stop 79's read: the part's opening went on saying "Take the blind self-check first" after the run too.
    // Stop 78's walk: after a run of the fresh cases Part 6's last card still offered them as the blind run next.
    const last = calibrationItems.at(-1)!.id;
    const cards = async (page: Page) => {
      const next = page.getByRole("navigation", {name: "Where next"});
      await next.waitFor();
      // Each card's kicker, title and text, as written (the kicker shows in capitals).
      return next
        .getByRole("link")
        .evaluateAll((links) => links.map((link) => [...link.children].map((part) => part.textContent ?? "")));
    };
    const lead = (page: Page) => page.getByRole("link", {name: "Take the blind self-check first", exact: true});
    const open = await pageWith(seenInPart6(), `/calibration#${last}`);
    const before = await cards(open);
    // The part's opening sends an experienced rater to the self-check while a blind run is left.
    expect(await lead(open).count()).toBe(1);
    expect(before.map((card) => card.slice(0, 2))).toEqual([
      ["Next", "The blind self-check →"],
      ["Then", "Your results →"],
    ]);
    expect(before[0]![2]).toBe(
      "You have seen the calibration cases' rulings in Part 6, so this self-check uses seven fresh cases written for " +
        "this notebook.",
    );
    const run = freshItems.map((item) => answer(item.id, item.score, {mode: "self-check"}));
    const done = await pageWith([...seenInPart6(), ...run], `/calibration#${last}`);
    const after = await cards(done);
    expect(await lead(done).count()).toBe(0);
    expect(after.map((card) => card.slice(0, 2))).toEqual([
      ["Next", "Your results →"],
      ["Then", "The self-check, for practice →"],
    ]);
    expect(after[1]![2]).toBe(
      "You have seen rulings of the self-check's cases, so it can't be blind for you now: take it for practice, " +
        "and its summary will say so.",
    );
    expect(site.problems).toEqual([]);
  }, 60_000);
});
