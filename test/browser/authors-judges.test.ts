// The author's question on /authors in Chromium: with judge runs recorded, each judge's exact count under the base's
// rulings and the candidate's, changing in the same task as the status when a parameter changes; with none (the
// real build), how to record one. No real run exists, so the runs are written by this test in a temporary copy of
// the project, as valid run files (figures by runFigures), with the judges' tests' prompt listed in the copy's
// hashes (records.ts authorJudgeRuns), and served with the data a build of the copy would ship. The page's
// accessibility with the runs: page-states.ts. Every expected count is worked by hand from the cases' ruled scores
// (data/items) and the moves `npm run guideline:preview` lists: additionsBreakWithoutWording=true moves fresh-1 5 -> 3,
// mainPartThreshold=more-than-half moves fresh-2 3 -> 2, and candidate v1 leaves example-2 at "3 or 2".
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {testPrompt} from "../unit/judges/run-files.js";
import {usePage, useSite, useSiteWith} from "./helpers.js";
import {authorJudgeRuns} from "./records.js";
import {saveScreen, writesScreens} from "./trainee.js";

const judgesSection = (page: Page) =>
  page.locator("section").filter({has: page.getByRole("heading", {name: "Model judges", exact: true})});
const sentences = (page: Page) => judgesSection(page).locator(".judge-sentence").allInnerTexts();

/** /authors with `query`, on a page `cleanPage` (a usePage) hands. */
async function openAuthors(cleanPage: () => Promise<Page>, query: string): Promise<Page> {
  const page = await cleanPage();
  await page.goto(`/authors${query}`);
  await judgesSection(page).waitFor();
  return page;
}

describe("the author's question, with judge runs recorded", () => {
  // Lenient given v2; careful given v1, with one reply that is no answer (records.ts authorJudgeRuns).
  const {site} = useSiteWith(authorJudgeRuns);
  const cleanPage = usePage(site);

  it("gives each judge's exact count under the base and the candidate, with the cases that turn", async () => {
    const page = await openAuthors(cleanPage, "?candidate=v2&set=additionsBreakWithoutWording%3Dtrue");
    // Lenient: exact on fresh-2..5 under v2 (4); fresh-1's 3 is the candidate's too (5). Careful: fresh-1 and
    // example-2 under v2 (2); fresh-1 is 3 under the candidate (1).
    expect(await sentences(page)).toEqual([
      "This change would bring test-only/lenient from 4 to 5 exact of 5.",
      "This change would bring test-only/careful from 2 to 1 exact of 3.",
    ]);
    const [lenient, careful] = await judgesSection(page).locator(".judge-line").all();
    expect(await lenient!.locator(".judge-cases").innerText()).toBe(
      "Now exact: Fresh case 1 (judge 3, v2 5, candidate 3)",
    );
    expect(await lenient!.getByRole("link", {name: "Fresh case 1"}).getAttribute("href")).toMatch(/#fresh-1$/);
    expect(await careful!.locator(".judge-cases").innerText()).toBe(
      "No longer exact: Fresh case 1 (judge 5, v2 5, candidate 3)",
    );
    // Given another version than the base: it still counts, with its version named.
    expect(await careful!.locator(".judge-about").innerText()).toContain("given guideline v1 (the base is v2)");
    expect(await lenient!.locator(".judge-about").innerText()).toContain(`prompt ${testPrompt}`);
    // (issue 30) What the count measures, plainly, and the caution with how to test a rewording instead.
    expect(await lenient!.locator(".judge-measures").innerText()).toBe(
      "That is, the candidate's rulings would agree with the scores test-only/lenient already gave on 1 case more: " +
        "the rulings move; the model is not asked again.",
    );
    expect(await judgesSection(page).locator(".judge-caution").innerText()).toContain(
      "fits the guideline to the model, its mistakes included",
    );
    expect(await judgesSection(page).locator(".judge-how code").innerText()).toBe(
      "npm run judge:run -- --model <slug> --guideline v3",
    );

    // A change in the page: the judges' lines are new when the status is, in the same task, so in the same paint.
    await page.evaluate(() => {
      const status = document.querySelector("#preview-status")!;
      const seen: string[][] = [];
      (window as unknown as {judgesAtStatus: string[][]}).judgesAtStatus = seen;
      new MutationObserver(() =>
        seen.push([
          status.textContent ?? "",
          ...[...document.querySelectorAll(".judge-sentence")].map((line) => line.textContent ?? ""),
        ]),
      ).observe(status, {childList: true, characterData: true, subtree: true});
    });
    await page.getByLabel("mainPartThreshold").selectOption("more-than-half");
    await expect
      .poll(() => page.evaluate(() => (window as unknown as {judgesAtStatus: string[][]}).judgesAtStatus))
      .toEqual([
        [
          "Base v2, candidate v2 with Whether unrequested additions break a request with no “only” or “just” (additionsBreakWithoutWording): false → true; How “at least half” counts the main task (mainPartThreshold): at-least-half → more-than-half: " +
            // Additions breaking a request with no "only" rule two lines otherwise whose cases keep their score.
            "2 items move; 0 items have no single score; 2 items keep their score but not a line's ruling.",
          // fresh-2 moves to 2: the lenient judge's 3 is no longer exact, the careful judge's 2 now is.
          "test-only/lenient: 4 exact of 5 either way.",
          "test-only/careful: 2 exact of 3 either way.",
        ],
      ]);
    const [, carefulNow] = await judgesSection(page).locator(".judge-line").all();
    expect(await carefulNow!.locator(".judge-cases").allInnerTexts()).toEqual([
      "Now exact: Fresh case 2 (judge 2, v2 3, candidate 2)",
      "No longer exact: Fresh case 1 (judge 5, v2 5, candidate 3)",
    ]);
    expect(site.problems).toEqual([]);
  });

  it("counts a case the candidate leaves with no single score as not exact, apart", async () => {
    const page = await openAuthors(cleanPage, "?candidate=v1");
    // Under v1 example-2 is "3 or 2": the careful judge's 3 is no longer exact. Lenient answered none that v1 moves.
    expect(await sentences(page)).toEqual([
      "test-only/lenient: 4 exact of 5 either way.",
      "This change would bring test-only/careful from 2 to 1 exact of 3. " +
        "1 case has no single score under the candidate: not exact.",
    ]);
    expect(site.problems).toEqual([]);
  });
});

describe("the author's question on the real build, with no judge run recorded", () => {
  const site = useSite();
  const cleanPage = usePage(site);

  it("says no judge runs are recorded, how to record one, and links the judges' page", async () => {
    const page = await openAuthors(cleanPage, "");
    expect(await judgesSection(page).locator(".judges-none").innerText()).toBe(
      "No judge runs are recorded. Record one with npm run judge:run -- --model <slug>; the model judges' page " +
        "shows every run.",
    );
    expect(await judgesSection(page).getByRole("link", {name: "the model judges' page"}).getAttribute("href")).toBe(
      "./judges",
    );
    if (writesScreens) {
      await page.setViewportSize({width: 390, height: 844});
      await saveScreen(judgesSection(page), "authors-judges-none-390");
    }
    expect(site.problems).toEqual([]);
  });
});
