// /judges with 1, 6 and 30 runs recorded (issue 28): the page fits the window at 390, 760 and 1440 px however many
// runs there are, the side-by-side table growing down (a row per run) and the case-by-case one scrolling sideways
// where it is wider than the page, each in a box of its own that a keyboard reaches by name; and, with 30 runs, a
// model's long words wrap: a 167-character slug in its run's heading, a 1,000-character instruction in its answer,
// neither with a place to break a line. The runs: records.ts manyJudgeRuns.
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {boxProblems, pageOverflow} from "./fits.js";
import {usePage, useShared, useSiteWith} from "./helpers.js";
import {openAnswer} from "./page-states.js";
import {longInstruction, longModelSlug, manyJudgeRuns} from "./records.js";

const widths = [390, 1440] as const;

/** /judges in `page` (as usePage hands it) at `width`, once the page is drawn. */
async function openJudges(page: Page, width: number): Promise<Page> {
  await page.setViewportSize({width, height: 900});
  await page.goto("/judges");
  await page.locator(".judges-page").waitFor();
  return page;
}

/** The two tables' scroll boxes, by the names a keyboard user hears. */
const boxes = (page: Page) => [
  page.getByRole("region", {name: "Side by side, every run", exact: true}),
  page.getByRole("region", {name: "Case by case, every run", exact: true}),
];

describe.each([1, 6, 30])("/judges with %i runs", (count) => {
  const {site} = useSiteWith(manyJudgeRuns(count));
  const cleanPage = usePage(site);

  // One load of the page for the three windows, each a resize of the one before (the page's layout is its style's
  // alone: nothing it draws reads the window's width), the narrowest first and 1440 px, where the keyboard scrolls
  // the case-by-case box, last.
  const shown = useShared(
    async () => openJudges(await cleanPage(), widths[0]),
    (page) => page,
  );

  // 760 px: a table, not stacked rows, in a box narrower than Framework's column.
  it.each([390, 760, 1440])(
    "fits a %i px window, each table in a named box of its own that a keyboard reaches",
    async (width) => {
      const page = await shown.get();
      await page.setViewportSize({width, height: 900});
      expect(await pageOverflow(page)).toEqual([]);
      // A row per run side by side, a column per run case by case.
      expect(await page.locator(".judges-side tbody th").count()).toBe(count);
      expect(await page.locator(".judge-cases-table thead th").count()).toBe(count + 2);
      // Each run's date stays on one line in its row's or column's head: "2026-" had ended a line, "11-21" begun
      // the next.
      const dates = page
        .locator(".judges-side tbody th, .judge-cases-table thead th")
        .filter({hasText: /\d{4}-\d{2}-\d{2}/});
      expect(await dates.count()).toBe(2 * count);
      const broken = await dates.evaluateAll((heads) =>
        heads.flatMap((head) => {
          // The run's date is the label's last (a model's name may hold a date of its own).
          const walker = document.createTreeWalker(head, NodeFilter.SHOW_TEXT);
          let last: {text: Node; index: number} | null = null;
          for (let text = walker.nextNode(); text; text = walker.nextNode())
            for (const found of text.textContent!.matchAll(/\d{4}-\d{2}-\d{2}/g)) last = {text, index: found.index};
          if (last) {
            const range = document.createRange();
            range.setStart(last.text, last.index);
            range.setEnd(last.text, last.index + 10);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            return lines.size > 1 ? [head.textContent] : [];
          }
          return [`no date in ${head.textContent}`];
        }),
      );
      expect(broken).toEqual([]);
      // Stacked, each case's card names a run's score by its model alone (no two runs share one), where it had
      // repeated the run's whole label, three lines a run.
      const labels = await page
        .locator(".judge-cases-table tbody tr")
        .first()
        .locator("td")
        .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-label")));
      expect(labels).toEqual([
        "Ruled",
        ...Array.from({length: count}, (_run, index) => (index === 0 ? longModelSlug : `test-only/judge-${index + 1}`)),
      ]);
      for (const box of boxes(page)) {
        expect(await box.locator("table").count()).toBe(1);
        expect(await box.getAttribute("tabindex")).toBe("0");
        expect(await box.evaluate((node) => getComputedStyle(node).overflowX)).toBe("auto");
        // The box itself stays in the page: only the table inside it may be wider.
        expect(await boxProblems(box, page.locator(".judges-page"), {scrolls: true})).toEqual([]);
      }
      // Side by side, the runs grow down: its box holds the table whole, however many runs there are.
      const [side, cases] = boxes(page);
      expect(await side!.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
      // Case by case, wider than the window (30 runs at 1440 px: 32 columns, a run's of at least 7rem), the box
      // scrolls, by keyboard too.
      if (count === 30 && width === 1440) {
        expect(await cases!.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
        // The row names stay at its left edge over the cells scrolled under them, where they hide the box's own
        // shadow: once it scrolls, they cast one (a colour with some opacity), and none before.
        const names = cases!.locator("tbody tr > :first-child").first();
        const shadow = () => names.evaluate((cell) => getComputedStyle(cell).boxShadow);
        expect(await shadow()).toMatch(/^(none|rgba\(0, 0, 0, 0\) )/);
        await cases!.focus();
        await page.keyboard.press("ArrowRight");
        await expect.poll(() => cases!.evaluate((node) => node.scrollLeft)).toBeGreaterThan(0);
        await expect.poll(shadow).toMatch(/^rgba\(0, 0, 0, 0?\.0*[1-9]/);
      }
      expect(site.problems).toEqual([]);
    },
  );

  // At one count: the first run holds the slug and the instruction at every count, its section is its own whatever
  // the others are, and the answer opens below the case-by-case table, outside its scroll box, in the page's column
  // (src/components/judges.ts JudgeCases): the runs beside it change neither. 30 runs, the widest tables.
  if (count === 30)
    it.each(widths)("wraps a model's 167-character slug and 1,000-character instruction at %i px", async (width) => {
      expect([longModelSlug.length, longInstruction.length]).toEqual([167, 1000]);
      shown.drop(); // the page loaded again, with an answer open: no longer the windows' tests'
      const page = await openJudges(await cleanPage(), width);
      const run = page.locator("#run-1");
      expect(await run.getByRole("heading", {level: 2}).innerText()).toContain(longModelSlug);
      expect(await boxProblems(run.getByRole("heading", {level: 2}), run)).toEqual([]);
      expect(await boxProblems(run.locator(".judge-facts"), run)).toEqual([]);
      const answer = await openAnswer(page, "Calibration A", 0);
      const line = answer.locator(".judge-line-text").filter({hasText: longInstruction});
      expect(await boxProblems(line, answer)).toEqual([]);
      expect(await boxProblems(answer.locator(".judge-answer-run"), answer)).toEqual([]);
      expect(await pageOverflow(page)).toEqual([]);
      // The ruled lines keep their room beside it: no ruled line squeezed to a word a line (at least 10rem at 1440 px).
      if (width === 1440)
        for (const ruled of await answer.locator(".judge-lines tbody th").all())
          expect((await ruled.boundingBox())!.width).toBeGreaterThanOrEqual(160);
      expect(site.problems).toEqual([]);
    });
});
