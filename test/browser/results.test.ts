// The results page and moving a record between machines. Records are put into localStorage (not answered through
// the part pages, whose layout is not this page's business): the page leads with the cases to review, in order and
// linked to each case; exact, one off and two or more off have three distinct colours, each with its mark; the lean
// is stated only when it is clear; a wrong score alone blames one rule; the words are plain. The downloaded file,
// imported into a fresh browser, brings back the same record; a hostile file shows its names as text; every refused
// file leaves the saved record as it was. The page's accessibility and layout, empty and full: page-states.ts.
import {mkdtempSync, readFileSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import type {Page} from "playwright-core";
import {beforeEach, describe, expect, it} from "vitest";
import {emptyProgress, recordAnswer, serializeProgress} from "../../lib/trainee/progress.js";
import {exportFile} from "../../lib/trainee/transfer.js";
import {usePage, useSite} from "./helpers.js";
import {answered, realistic, sampleRecord} from "./page-fixtures.js";
import {guideline, progressKey, saveRecord, setAsideKey, siteNav, storage} from "./trainee.js";

const site = useSite();
const cleanPage = usePage(site);
// Each test answers for the problems it causes.
beforeEach(() => {
  site.problems.length = 0;
});

const dir = mkdtempSync(join(tmpdir(), "results-test-"));
const now = "2026-03-01T12:00:00.000Z";

/** /results as a browser holding `record` (or nothing) opens it; a test's second page takes the place of its first. */
async function openWith(record: string | null): Promise<Page> {
  const page = await cleanPage();
  if (record !== null) await saveRecord(page, record);
  await page.goto("/results");
  await ready(page);
  return page;
}

const ready = (page: Page) => page.getByRole("heading", {name: "Move your progress"}).waitFor();
const saved = (page: Page) => storage(page, progressKey);
const fileInput = (page: Page) => page.getByLabel("A progress file downloaded from Rater Notebook");
const importPanel = (page: Page) => page.locator(".import-panel");

/** Chooses a file for the import field, from text or from a file on disk. */
async function choose(page: Page, file: {name: string; text: string} | {path: string}): Promise<void> {
  if ("path" in file) await fileInput(page).setInputFiles(file.path);
  else
    await fileInput(page).setInputFiles({
      name: file.name,
      mimeType: "application/json",
      buffer: Buffer.from(file.text),
    });
}

describe("the results page", () => {
  it("is linked from the start page and the site's navigation", async () => {
    const page = await cleanPage();
    await page.goto("/");
    await page.getByRole("link", {name: "See your results"}).click();
    await page.waitForURL((url) => url.pathname === "/results");
    await ready(page);
    await expect.poll(() => siteNav(page).getByRole("link", {name: "Your results"}).count()).toBe(1);
    expect(await page.getByRole("heading", {level: 1}).innerText()).toBe("How your scores compare");
    expect(await page.locator(".results-empty").innerText()).toMatch(/^You have not scored a case yet/);
    expect(site.problems).toEqual([]);
  });
});

describe("what the page says to do", () => {
  const review = (page: Page) => page.getByRole("region", {name: /^(Review th|Nothing to review)/});
  const walk = (page: Page) => page.getByRole("region", {name: "With the guideline"});

  it("leads with the cases to review: two or more off, then one off, in walking order, each linked to its case", async () => {
    const page = await openWith(serializeProgress(realistic()));
    // The first section after the page's heading is the review list.
    expect(await page.locator(".results-body > section").first().getAttribute("aria-labelledby")).toBe("review-title");
    expect(await review(page).getByRole("heading", {level: 2}).innerText()).toBe("Review these 9 cases");
    const far = review(page).getByRole("list", {name: /Two or more off/});
    const near = review(page).getByRole("list", {name: /One off/});
    const entries = async (list: ReturnType<typeof far.getByRole>) =>
      (await list.getByRole("listitem").allInnerTexts()).map((text) => text.replace(/^[✓≈✗]\s*/, "").split("\n")[0]);
    expect(await entries(far)).toEqual([
      "Example 4 — you gave 5, ruled 3",
      "Example 6 — you gave 4, ruled 2",
      "Edge case 5b — you gave 1, ruled “not applicable”",
      "Edge case 10 — you gave 3, ruled 5",
      "Calibration B — you gave 4, and 3 in the self-check; ruled 2",
    ]);
    expect(await entries(near)).toEqual([
      "Example 2 — you gave 4, ruled 3",
      "Edge case 1a — you gave 3, ruled 2",
      "Edge case 9 — you gave 4, ruled 5",
      "Calibration A — you gave 5, ruled 4",
    ]);
    // Each case's link opens that one item on its part's page.
    const caseLinks = review(page).locator(".review-case a");
    expect(await caseLinks.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "./rubric#example-4",
      "./rubric#example-6",
      "./edge-cases#edge-5b",
      "./edge-cases#edge-10",
      "./calibration#calibration-b",
      "./rubric#example-2",
      "./edge-cases#edge-1a",
      "./edge-cases#edge-9",
      "./calibration#calibration-a",
    ]);
    await caseLinks.first().click();
    await page.waitForURL((url) => url.pathname === "/rubric" && url.hash === "#example-4");
    expect(site.problems).toEqual([]);
  });

  it("links a case answered in the self-check alone to that run, where its ruling shows, not to its part's page", async () => {
    // A rater who took the blind self-check only: Calibration B, ruled 2, scored 3. On /calibration it is not scored,
    // so shows no ruling (an experienced rater's walk found "Not scored yet" there); the run's page rules it.
    const page = await openWith(
      serializeProgress(
        answered([
          ["calibration-a", 4, {mode: "self-check"}],
          ["calibration-b", 3, {mode: "self-check"}],
          ["calibration-c", 1, {mode: "self-check"}],
          ["calibration-d", 5, {mode: "self-check"}],
          ["calibration-d-twist", 2, {mode: "self-check"}],
        ]),
      ),
    );
    const link = review(page).locator(".review-case a");
    expect(await link.evaluateAll((links) => links.map((each) => each.getAttribute("href")))).toEqual([
      "./self-check?pool=calibration&run=1#calibration-b",
    ]);
    // The self-check's own table links there too.
    const table = page.getByRole("region", {name: /self-check/i}).getByRole("link", {name: "Calibration B"});
    expect(await table.first().getAttribute("href")).toBe("./self-check?pool=calibration&run=1#calibration-b");
    await link.click();
    await page.waitForURL((url) => url.pathname === "/self-check" && url.hash === "#calibration-b");
    const card = page.locator('[id="calibration-b"]');
    await expect.poll(() => card.getByText("You gave 3; the ruling is 2.").isVisible()).toBe(true);
    expect(site.problems).toEqual([]);
  });

  it("lays the cases to review two to a row on a wide screen, read across then down, and one to a row on a phone", async () => {
    const page = await openWith(serializeProgress(realistic()));
    const columns = async (width: number) => {
      await page.setViewportSize({width, height: 900});
      return review(page)
        .getByRole("list")
        .evaluateAll((lists) =>
          lists.map((list) => {
            const boxes = [...list.children].map((entry) => entry.getBoundingClientRect());
            // In the page's order, each entry right of the one before on its row, or on a row below it.
            const inOrder = boxes.every(
              (box, index) =>
                index === 0 ||
                (Math.abs(box.top - boxes[index - 1]!.top) < 1
                  ? box.left > boxes[index - 1]!.left
                  : box.top > boxes[index - 1]!.top),
            );
            return {columns: new Set(boxes.map((box) => Math.round(box.left))).size, inOrder};
          }),
        );
    };
    expect(await columns(1440)).toEqual([
      {columns: 2, inOrder: true},
      {columns: 2, inOrder: true},
    ]);
    expect(await columns(390)).toEqual([
      {columns: 1, inOrder: true},
      {columns: 1, inOrder: true},
    ]);
    expect(site.problems).toEqual([]);
  });

  it("says plainly when there is nothing to review", async () => {
    const page = await openWith(
      serializeProgress(
        answered([
          ["example-1", 5],
          ["edge-5b", "n/a"],
        ]),
      ),
    );
    expect(await review(page).getByRole("heading", {level: 2}).innerText()).toBe("Nothing to review");
    expect(await review(page).innerText()).toMatch(/Every first answer you gave with the guideline matched/);
    expect(await review(page).getByRole("listitem").count()).toBe(0);
    expect(site.problems).toEqual([]);
  });

  it("rules nothing of a blind self-check run until every case of it is answered", async () => {
    // Before, the page ruled each answer of a run under way ("Calibration A — you 1 in the self-check, ruled 4"), so a
    // trainee could look the rulings up mid-run and still pass blind.
    const page = await openWith(
      serializeProgress(
        answered([
          ["calibration-a", 1, {mode: "self-check"}],
          ["calibration-b", 2, {mode: "self-check"}],
        ]),
      ),
    );
    const selfCheck = page.getByRole("region", {name: "The blind self-check: the calibration cases"});
    expect((await selfCheck.innerText()).replace(/\s+/g, " ")).toContain(
      "2 of 5 answered. The summary and the rulings appear when you have answered them all. Go on with the self-check",
    );
    expect(await selfCheck.getByRole("link", {name: "Go on with the self-check"}).getAttribute("href")).toMatch(
      /self-check\?pool=calibration$/,
    );
    const text = await page.locator("main").innerText();
    expect(text).not.toMatch(/ruled \d|Calibration A|Calibration B/);
    expect(await review(page).getByRole("heading", {level: 2}).innerText()).toBe("Nothing to review yet");
    expect(site.problems).toEqual([]);
  });

  it("blames a wrong score alone on the case's deciding rule only, linked by its title", async () => {
    const page = await openWith(serializeProgress(realistic()));
    // Example 6, ruled 2 ("Not met; question not needed"), scored 4 alone: the clarifying-questions rule, not the
    // stated constraints of its four lines and rhyme.
    const entry = review(page).getByRole("listitem").filter({hasText: "Example 6"});
    expect(await entry.locator(".review-rules").innerText()).toBe("Rule to look at: Clarifying questions");
    expect(await entry.getByRole("link", {name: "Clarifying questions"}).getAttribute("href")).toBe(
      "./guideline#rule-clarifying-question",
    );
    const rules = walk(page).getByRole("table", {name: /Rules misapplied/});
    const casesOf = (rule: string) =>
      rules
        .getByRole("row")
        .filter({has: page.getByRole("rowheader", {name: rule, exact: true})})
        .getByRole("cell")
        .nth(1)
        .innerText();
    expect(await casesOf("Clarifying questions")).toBe("Example 6");
    expect(await casesOf("Stated constraints")).toBe("Example 2");
    // The last column says how many misses the checklist shows, and where the rest come from: Example 6's score alone.
    const seen = await rules
      .getByRole("row")
      .filter({has: page.getByRole("rowheader", {name: "Clarifying questions", exact: true})})
      .getByRole("cell")
      .nth(2)
      .innerText();
    expect(seen).toMatch(/your score alone \(1\)$/);
    expect(site.problems).toEqual([]);
  });

  it("states the lean only when it is clear, in plain words", async () => {
    const page = await openWith(serializeProgress(realistic()));
    // Walk: 6 of the 8 misses with a side above the ruling, +0.46 on average.
    expect(await walk(page).locator(".lean").innerText()).toBe(
      "You tend to score higher than the ruling: 6 of 8 misses were above it.",
    );
    // The average is explained in the fold, not in the lean.
    const how = walk(page).getByText("How this is worked out");
    await how.click();
    expect(await walk(page).locator(".lean-how p").innerText()).toMatch(/On average over 13 answers, yours are 0\.46/);
    // One above and one below: no clear lean.
    const even = await openWith(
      serializeProgress(
        answered([
          ["example-2", 4],
          ["edge-9", 4],
        ]),
      ),
    );
    expect(await walk(even).locator(".lean").innerText()).toBe("No clear lean: 1 above the ruling, 1 below.");
    expect(site.problems).toEqual([]);
  });

  it("colours exact, one off and two or more off three distinct ways everywhere, each beside its mark", async () => {
    const page = await openWith(serializeProgress(realistic()));
    const kinds = ["exact", "one-off", "two-or-more-off"] as const;
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({colorScheme: scheme});
      const colourOf = (selector: string, property: "borderLeftColor" | "stroke" | "fill" | "color") =>
        page
          .locator(selector)
          .first()
          .evaluate((node, name) => getComputedStyle(node)[name], property);
      const tallies = await Promise.all(kinds.map((kind) => colourOf(`.tally.distance-${kind}`, "borderLeftColor")));
      expect(new Set(tallies).size, `${scheme}: tallies ${tallies}`).toBe(3);
      // The grid (folded, after the tallies) and the before/after chart use the same three colours.
      await walk(page).getByText("Score by score").click();
      const grid = await Promise.all(
        kinds.map((kind) => colourOf(`#walk-title ~ * .matrix-cell.has-cases.distance-${kind} .cell-fill`, "stroke")),
      );
      expect(grid, scheme).toEqual(tallies);
      const after = await Promise.all(kinds.map((kind) => colourOf(`.mark-after.distance-${kind}`, "fill")));
      expect(after, scheme).toEqual(tallies);
      const reviewed = await Promise.all(
        (["one-off", "two-or-more-off"] as const).map((kind) =>
          colourOf(`.review-entry.distance-${kind}`, "borderLeftColor"),
        ),
      );
      expect(reviewed, scheme).toEqual(tallies.slice(1));
      await walk(page).getByText("Score by score").click();
    }
    // Never colour alone: each tally and each grid cell with cases carries its mark.
    expect(await walk(page).locator(".tally dt").allInnerTexts()).toEqual([
      expect.stringMatching(/✓\s*Exact/),
      expect.stringMatching(/≈\s*One off/),
      expect.stringMatching(/✗\s*Two or more off/),
    ]);
    const marks = await walk(page)
      .locator(".matrix-cell.has-cases")
      .evaluateAll((cells) => cells.map((cell) => [cell.classList[1], cell.querySelector(".cell-mark")?.textContent]));
    expect(new Set(marks.map(([kind, mark]) => `${kind} ${mark}`))).toEqual(
      new Set(["distance-exact ✓", "distance-one-off ≈", "distance-two-or-more-off ✗"]),
    );
    expect(site.problems).toEqual([]);
  });

  it("puts the score-by-score grid after the review list and the tallies, folded", async () => {
    const page = await openWith(serializeProgress(realistic()));
    const grid = walk(page).locator("details").filter({hasText: "Score by score"});
    expect(await grid.getAttribute("open")).toBeNull();
    expect(await grid.getByRole("img").isVisible()).toBe(false);
    const order = await page.evaluate(() => {
      const at = (selector: string) => [...document.querySelectorAll("*")].indexOf(document.querySelector(selector)!);
      return [at(".results-review"), at("#walk-title ~ .tallies"), at("#walk-title ~ details.matrix-detail")];
    });
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Opened, it has a count in every cell and its table.
    await grid.locator("summary").first().click();
    expect(await walk(page).locator(".matrix-cell .cell-count").count()).toBe(36);
    await walk(page).getByText("The grid as a table").click();
    const table = walk(page).getByRole("table", {name: "Your score (rows) by the ruled score (columns)"});
    const row = (label: string) => table.getByRole("row").filter({has: page.getByRole("rowheader", {name: label})});
    // Your 4s: Example 6 and Calibration B (ruled 2), Example 2 (ruled 3) and Edge case 9 (ruled 5).
    const cells = (await row("4").getByRole("cell").allInnerTexts()).map((text) => text.replace(/\s+/g, ""));
    expect(cells).toEqual(["0", "✗2", "≈1", "0", "≈1", "0"]);
    expect(site.problems).toEqual([]);
  });

  it("heads its cards alike: one face and one size for every card's title", async () => {
    const page = await openWith(serializeProgress(realistic()));
    const headings = await page
      .locator("#observablehq-main h2")
      .evaluateAll((all) => all.map((h) => [getComputedStyle(h).fontFamily, getComputedStyle(h).fontSize].join(" ")));
    // Review, With the guideline, Before and after, The blind self-check, Move your progress.
    expect(headings).toHaveLength(5);
    expect(new Set(headings).size, headings.join("; ")).toBe(1);
    expect(site.problems).toEqual([]);
  });

  it("shadows the grid's table on each side where its columns run out of view, and not where it fits", async () => {
    const page = await openWith(serializeProgress(realistic()));
    await walk(page).locator("details.matrix-detail > summary").click();
    await walk(page).getByText("The grid as a table").click();
    const box = walk(page)
      .locator(".table-scroll")
      .filter({has: page.getByRole("table", {name: "Your score (rows) by the ruled score (columns)"})});
    /** Which sides of the box cast a shadow inward: an inset shadow to the right is the left side's, and so on. */
    const shadowed = () =>
      box.evaluate((element) => {
        const sides = [...getComputedStyle(element).boxShadow.matchAll(/rgba?\(([^)]*)\) (-?[\d.]+)px/g)]
          .filter(([, colour]) => colour!.split(",").length < 4 || Number(colour!.split(",")[3]) > 0)
          .map(([, , x]) => (Number(x) > 0 ? "left" : Number(x) < 0 ? "right" : ""))
          .filter(Boolean);
        return sides.sort().join(" ") || "none";
      });
    await page.setViewportSize({width: 1440, height: 900});
    expect(await box.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expect.poll(shadowed).toBe("none");
    // A phone: the grid's seven columns are wider than the card, the last ones out of view to the right.
    await page.setViewportSize({width: 390, height: 844});
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await expect.poll(shadowed).toBe("right");
    await box.evaluate((element) => element.scrollTo({left: element.scrollWidth / 2 - element.clientWidth / 2}));
    await expect.poll(shadowed).toBe("left right");
    await box.evaluate((element) => element.scrollTo({left: element.scrollWidth}));
    await expect.poll(shadowed).toBe("left");
    expect(site.problems).toEqual([]);
  });

  it("uses plain words: rule titles, no rule ids, parameter names, version labels or the case study's jargon", async () => {
    const page = await openWith(serializeProgress(realistic()));
    for (const details of await page.locator(".results-body details").all())
      await details.locator(":scope > summary").click();
    const text = (await page.locator(".results-body").textContent())!;
    expect(text).toContain("(scored under an earlier version of the guideline)");
    for (const banned of [
      /\bv\d\b/,
      /\bseed\b/i,
      /site.s reading/i,
      /mean signed/i,
      ...guideline.rules.map((rule) => new RegExp(`\\b${rule.id}\\b`)).filter((id) => /-/.test(id.source)),
      ...Object.keys(guideline.parameters).map((name) => new RegExp(`\\b${name}\\b`)),
    ])
      expect(text, String(banned)).not.toMatch(banned);
    // The before/after section and the self-check stay, each with its table.
    const beforeAfter = page.getByRole("region", {name: "Before and after the guideline"});
    expect(await beforeAfter.locator("#before-after-summary").innerText()).toBe(
      "Of the 7 examples you scored both ways, 0 matched the ruled score before the guideline and 4 with it.",
    );
    const example1 = beforeAfter
      .getByRole("table")
      .getByRole("row")
      .filter({has: page.getByRole("rowheader", {name: "Example 1"})});
    expect((await example1.getByRole("cell").allInnerTexts()).map((text) => text.replace(/\s+/g, " "))).toEqual([
      "3",
      "5",
      "5",
      "✗ two off, lower than the ruling",
      "✓ exact",
    ]);
    const selfCheck = page.getByRole("region", {name: "The blind self-check"});
    expect(await selfCheck.locator(".tally dd").allInnerTexts()).toEqual(["4", "1", "0"]);
    expect(await selfCheck.locator(".lean").innerText()).toMatch(/^No clear lean: 1 above the ruling, 0 below/);
    expect(site.problems).toEqual([]);
  });
});

describe("export and import", () => {
  it("round-trips: the downloaded file, imported into a fresh browser, brings back the same record", async () => {
    const record = serializeProgress(sampleRecord());
    const from = await openWith(record);
    await from.getByLabel("Your name (optional)").fill("Ana Lind");
    const [download] = await Promise.all([
      from.waitForEvent("download"),
      from.getByRole("button", {name: "Download my progress"}).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^rater-notebook-progress-ana-lind-\d{4}-\d{2}-\d{2}\.json$/);
    const path = join(dir, download.suggestedFilename());
    await download.saveAs(path);
    const file = JSON.parse(readFileSync(path, "utf8"));
    expect(file).toMatchObject({app: "rater-notebook", kind: "progress-export", version: 1, rater: "Ana Lind"});
    expect(file.progress).toEqual(JSON.parse(record));
    await expect
      .poll(() => from.getByRole("status").filter({hasText: "Downloaded"}).innerText())
      .toMatch(/^Downloaded /);

    // A browser of its own, as the trainee's other machine.
    const to = await (await site.newContext()).newPage();
    await to.goto("/results");
    await ready(to);
    expect(await saved(to)).toBeNull();
    await choose(to, {path});
    const preview = importPanel(to);
    await preview.getByRole("heading", {name: "What importing this file would change"}).waitFor();
    expect(await preview.locator(".rater-name").innerText()).toBe("Ana Lind");
    expect(await preview.locator(".import-changes > li").allInnerTexts()).toEqual([
      "6 answers added",
      "0 answers replaced: the file’s answer takes the place of this browser’s",
      "0 answers kept: this browser has them and the file doesn’t",
      "0 already here, the same in both",
    ]);
    expect(await saved(to)).toBeNull(); // nothing until the trainee confirms
    await preview.getByRole("button", {name: "Import 6 answers"}).click();
    await preview.getByText(/^Imported: 6 answers added, 0 replaced/).waitFor();
    expect(JSON.parse((await saved(to))!)).toEqual(JSON.parse(record));
    // The page shows the imported record at once, and after a reload.
    const tallies = () => to.getByRole("region", {name: "With the guideline"}).locator(".tally dd").allInnerTexts();
    expect(await tallies()).toEqual(["2", "0", "1"]);
    await to.reload();
    await ready(to);
    expect(await tallies()).toEqual(["2", "0", "1"]);
    // Its self-check run, one case of five, is under way: held back, as in the browser it came from.
    expect(await to.getByRole("region", {name: "The blind self-check"}).innerText()).toMatch(
      /^\S.*\n+1 of 5 answered\./,
    );
    await to.context().close();
    expect(site.problems).toEqual([]);
  });

  it("previews what a file adds, replaces and keeps against the answers already here, and Cancel changes nothing", async () => {
    const here = recordAnswer(
      recordAnswer(emptyProgress(), {item: "example-1", phase: "guideline", score: 4, guideline: "v2", at: now}),
      {item: "example-2", phase: "guideline", score: 3, guideline: "v2", at: now},
    );
    const page = await openWith(serializeProgress(here));
    const before = await saved(page);
    const incoming = recordAnswer(emptyProgress(), {
      item: "example-1",
      phase: "guideline",
      score: 5,
      guideline: "v2",
      at: now,
    });
    await choose(page, {name: "other-machine.json", text: exportFile(incoming, {now})});
    const preview = importPanel(page);
    await preview.getByRole("heading", {name: "What importing this file would change"}).waitFor();
    expect(await preview.locator(".import-changes > li").allInnerTexts()).toEqual([
      "0 answers added",
      "1 answer replaced: the file’s answer takes the place of this browser’s\nExample 1, with the guideline: 4 here, 5 in the file",
      "1 answer kept: this browser has them and the file doesn’t",
      "0 already here, the same in both",
    ]);
    await preview.getByRole("button", {name: "Cancel"}).click();
    await page.getByText("Nothing was imported.").first().waitFor();
    expect(await saved(page)).toBe(before);
    expect(site.problems).toEqual([]);
  });

  it("shows a hostile file's names and free text as text, never as HTML, before and after importing it", async () => {
    const page = await openWith(null);
    const name = `<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>`;
    const fileName = `<b onmouseover=alert(1)>bold</b>.json`;
    const line = `<img src=y onerror="window.pwned=3">`;
    // A checklist line in the trainee's own words, as Part 4 shows it again on the case.
    const hostile = recordAnswer(sampleRecord(), {
      item: "example-7",
      phase: "guideline",
      score: 3,
      guideline: "v2",
      at: now,
      checklist: {lines: [{listing: {kind: "free", text: line}, main: true, verdict: "met"}]},
    });
    await choose(page, {name: fileName, text: exportFile(hostile, {rater: name, now})});
    const preview = importPanel(page);
    await preview.getByRole("heading", {name: "What importing this file would change"}).waitFor();
    expect(await preview.locator(".rater-name").innerText()).toBe(name);
    expect(await preview.locator(".file-name").innerText()).toBe(fileName);
    expect(await page.locator(".transfer img, .transfer script, .transfer b").count()).toBe(0);
    await preview.getByRole("button", {name: /^Import/}).click();
    await preview.getByText(/^Imported:/).waitFor();
    expect(await page.evaluate(() => (window as {pwned?: number}).pwned)).toBeUndefined();
    await page.goto("/rubric#example-7");
    const card = page.locator('[id="example-7"]');
    await card.getByText(line, {exact: true}).waitFor();
    expect(await card.locator("img, script").count()).toBe(0);
    expect(await page.evaluate(() => (window as {pwned?: number}).pwned)).toBeUndefined();
    expect(site.problems).toEqual([]); // an <img src=x> would have asked the server for "x"
  });

  describe("a refused file leaves the saved record as it was", () => {
    const good = exportFile(sampleRecord(), {now});
    const big = join(dir, "big.json");
    // Past the 2 MB cap: refused unread, whatever its size (a larger file only costs the browser more to hand over).
    writeFileSync(big, Buffer.alloc(3 * 1024 * 1024, 0x20));
    const cases: [string, {name: string; text: string} | {path: string}, string, RegExp][] = [
      [
        "too large (3 MiB)",
        {path: big},
        "This file is too large",
        /the file is 3 MiB; a progress file is at most 2 MB/,
      ],
      // The title says it all: no "In detail: the file is empty" under it.
      ["empty", {name: "empty.json", text: ""}, "This file is empty", /imported\.\s+File: empty\.json\.\s+Your saved/],
      ["truncated", {name: "cut.json", text: good.slice(0, 300)}, "This file is cut short", /cut short/],
      [
        "malformed",
        {name: "bad.json", text: "{app: rater-notebook}"},
        "This file is not a readable progress file",
        /not readable JSON/,
      ],
      [
        "foreign",
        {name: "package.json", text: '{"name": "x", "version": "1.0.0"}'},
        "This is not a Rater Notebook progress file",
        /does not say it is one/,
      ],
      [
        "of another version",
        {name: "v2.json", text: good.replace('"version": 1,\n  "exportedAt"', '"version": 2,\n  "exportedAt"')},
        "This file is from another version of Rater Notebook",
        /version 2; this site reads version 1/,
      ],
      [
        "of the wrong schema",
        {name: "score.json", text: good.replace('"score": 3', '"score": 9')},
        "This file is damaged",
        /progress\.answers\[0\]\.score has an unexpected value 9/,
      ],
      [
        "full of huge numbers",
        {name: "huge.json", text: good.replace('"attempt": 1', '"attempt": 1e308')},
        "This file is damaged",
        /impossible number at progress\.answers\[0\]\.attempt/,
      ],
    ];
    const record = serializeProgress(sampleRecord());
    let shared: Page | undefined;
    /**
     * /results on `record`, counting the reads of a file's contents (one past the size limit, or empty, is refused
     * unread), the count at 0. The cases share one load: each leaves the record as it was and the import showing the
     * good file's preview, from which a refusal is shown as from a fresh load (lib/trainee/move-progress.ts's
     * importStep: a refusal whatever was shown). The page is loaded again when it is another (a test alone, a new
     * page after a failure) or no longer on `record` with the counter in it (a test between, or a reload).
     */
    const refusingPage = async (): Promise<Page> => {
      const reused = shared && !shared.isClosed() ? shared : undefined;
      const ready = reused
        ? await reused.evaluate(
            ([key, value]) => localStorage.getItem(key!) === value && (window as {reads?: number}).reads !== undefined,
            [progressKey, record],
          )
        : false;
      if (reused && ready) {
        await reused.evaluate(() => ((window as {reads?: number}).reads = 0));
        return reused;
      }
      const page = await openWith(record);
      await page.evaluate(() => {
        const text = Blob.prototype.text;
        const counted = window as {reads?: number};
        counted.reads = 0;
        Blob.prototype.text = function (this: Blob) {
          counted.reads! += 1;
          return text.call(this);
        };
      });
      shared = page;
      return page;
    };
    it.each(cases)("%s", async (kind, file, title, detail) => {
      const page = await refusingPage();
      await choose(page, file);
      const refusal = importPanel(page).locator(".import-refusal");
      await refusal.waitFor();
      const text = await refusal.innerText();
      expect(text).toContain(`${title}. Nothing was imported.`);
      expect(text).toMatch(detail);
      const unread = kind.startsWith("too large") || kind === "empty";
      expect(await page.evaluate(() => (window as {reads?: number}).reads)).toBe(unread ? 0 : 1);
      expect(text).toContain("Your saved progress is as it was.");
      expect(await saved(page)).toBe(record);
      expect(await storage(page, setAsideKey)).toBeNull();
      // The page still works: a good file after a refused one is previewed.
      await choose(page, {name: "good.json", text: exportFile(emptyProgress(), {now})});
      await importPanel(page)
        .getByText("Nothing to import: this browser already has every answer in the file.")
        .waitFor();
      expect(await saved(page)).toBe(record);
      expect(site.problems).toEqual([]);
    });
  });
});
