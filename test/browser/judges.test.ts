// The model judges' page (/judges) in Chromium. No real run exists, so two runs are written by this test in a temporary
// copy of the project (test/unit/judges/page-runs.ts: valid run files, the judges' tests' prompt listed in the copy),
// served with the data a build of the copy would ship (records.ts). Every expected figure is worked by hand from the
// calibration cases' ruled scores (calibration-a 4, -b 2, -c 1, -d 5) and the scores each judge gave. And the real
// build, with no run: the page says how to record one. Its accessibility and its tables on a phone, with the runs and
// without: page-states.ts.
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {htmlReply, inventedRule} from "../unit/judges/page-runs.js";
import {usePage, useShared, useSite, useSiteWith} from "./helpers.js";
import {openWithRecord} from "./page-fixtures.js";
import {openAnswer} from "./page-states.js";
import {judgePageRuns} from "./records.js";

/** /judges in `page`, once the page is drawn. */
async function openJudges(page: Page): Promise<Page> {
  await page.goto("/judges");
  await page.locator(".judges-page").waitFor();
  return page;
}

/** The visible text of each row of a table, cell by cell. */
const tableText = (page: Page, selector: string) =>
  page
    .locator(`${selector} tbody tr`)
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...(row as HTMLTableRowElement).cells].map((cell) =>
          (cell as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
        ),
      ),
    );

describe("the judges' page, with two runs recorded", () => {
  const {site} = useSiteWith(judgePageRuns);
  const cleanPage = usePage(site, {viewport: {width: 1440, height: 900}});
  // One load of the page, with no answer saved, for the tests that read it as it loads or change only what the others
  // do not read (a run's score-by-score grid opened, an answer opened below the cases): a load of their own for each
  // cost a renderer and a load each. A test that loads the page again leaves the next to load its own.
  const shown = useShared(
    async () => openJudges(await cleanPage()),
    (page) => page,
  );
  const loaded = () => shown.get();
  const fresh = async () => {
    shown.drop();
    return cleanPage();
  };

  it("sets the runs side by side with the trainee's figures", async () => {
    const page = await loaded();
    expect(await page.locator(".judges-side thead th").allInnerTexts()).toEqual([
      "Run",
      "Exact",
      "One off",
      "Two or more off",
      "Answered of asked",
      "Lean",
    ]);
    // Careful: a, c, d exact, b one off (3 for 2). Lenient: d exact, a one off (5 for 4), b two off (4 for 2), c no
    // answer; both misses above, an average of a point above: a lean.
    expect(await tableText(page, ".judges-side")).toEqual([
      [
        "test-only/careful · check-test-v1 · v2 · 2026-11-20",
        "3",
        "1",
        "0",
        "4 of 4",
        "No clear lean: 1 above the ruling, 0 below, and its average score is within 0.3 of a point of the " +
          "rulings' average.",
      ],
      [
        "test-only/lenient · check-test-v1 · v2 · 2026-11-21",
        "1",
        "1",
        "1",
        "3 of 4",
        "It tends to score higher than the ruling: both misses were above it.",
      ],
    ]);
    // Each run's own section: its figures, its rules, the reply that was no answer.
    const lenient = page.locator("#run-2");
    expect(await lenient.locator(".tally dd").allInnerTexts()).toEqual(["1", "1", "1"]);
    expect(await lenient.locator(".unknown-rule").innerText()).toBe(`unknown rule id ${inventedRule}`);
    expect(await lenient.locator(".judge-unanswered").innerText()).toContain("Calibration C: not JSON");
    // (issue 30) Held to its own checklist: lenient's b lists the task and "in one sentence" both met, which implies 5,
    // and scored 4; the ruling is 2, so its checklist is wrong too: no slip. Careful's answers all follow their
    // checklists (a: one small flaw, 4; b: 1 partly of 1, half, 3; c: 1; d: 5). Neither prompt asks for flags.
    expect(await lenient.locator(".judge-own-checklist li").allInnerTexts()).toEqual([
      "Scored against its own checklist: 1 case (Calibration B: its checklist implies 5, it scored 4).",
      "Score slips, its checklist right and its score off: 0 cases.",
      "Flags: not asked for by its prompt, check-test-v1.",
    ]);
    expect(await page.locator("#run-1 .judge-own-checklist li").first().innerText()).toBe(
      "Scored against its own checklist: 0 cases.",
    );
    expect(await page.locator("nav a[aria-current=page]").innerText()).toBe("Model judges");
    expect(site.problems).toEqual([]);
  });

  it("draws each run's score-by-score grid in the distances' colours, each beside its mark", async () => {
    const page = await loaded();
    // Lenient: d exact, a one off, b two off, so its grid has a cell of each distance.
    const lenient = page.locator("#run-2");
    await lenient.getByText("Score by score", {exact: false}).click();
    for (const kind of ["exact", "one-off", "two-or-more-off"]) {
      const cell = lenient.locator(`.matrix-cell.has-cases.distance-${kind}`);
      const [stroke, fill] = await cell
        .locator(".cell-fill")
        .evaluate((node) => [getComputedStyle(node).stroke, getComputedStyle(node).fill]);
      const mark = await lenient
        .locator(`.distance-mark.distance-${kind}`)
        .first()
        .evaluate((node) => [getComputedStyle(node).color, getComputedStyle(node).backgroundColor]);
      // The cell's outline in the distance's colour and its fill in the soft one, as the marks beside the grid.
      expect([stroke, fill], kind).toEqual(mark);
      expect(await cell.locator(".cell-mark").textContent()).toBe(
        {"exact": "✓", "one-off": "≈", "two-or-more-off": "✗"}[kind],
      );
    }
    expect(site.problems).toEqual([]);
  });

  it("says under the chart how to get a row of one's own, with no answer saved", async () => {
    const page = await loaded();
    expect(await tableText(page, "#judges-chart")).toHaveLength(2);
    expect(await page.locator("#judges-chart-no-you").innerText()).toBe(
      "To see yourself here as a row of your own, score these cases in the walk: your first answers are set against " +
        "the ruled scores as the runs' are.",
    );
    // The bars: careful's exact bar three quarters of the axis, lenient's a third.
    const chart = page.locator("#judges-chart");
    const widths = await chart
      .locator("svg rect.distance-exact")
      .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute("width"))));
    const axis = await chart
      .locator("svg .axis .domain")
      .evaluate((node) => (node as SVGGraphicsElement).getBBox().width);
    expect(widths.map((w) => w / axis)).toEqual([expect.closeTo(0.75, 2), expect.closeTo(1 / 3, 2)]);
    expect(site.problems).toEqual([]);
  });

  it("shows a rule id the judge invented as unknown, and a reply's HTML as text", async () => {
    const page = await loaded();
    const invented = await openAnswer(page, "Calibration B", 1);
    expect(await invented.locator("tr.is-verdict-differs .unknown-rule").innerText()).toBe(
      `unknown rule id ${inventedRule}`,
    );
    const failed = await openAnswer(page, "Calibration C", 1);
    expect(await failed.locator(".judge-failed").innerText()).toBe("No answer: the reply was not JSON.");
    expect(await failed.locator(".judge-reply").evaluate((pre) => pre.textContent)).toBe(htmlReply);
    expect(await page.locator(".judge-answer img, .judge-answer script").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as {judgePwned?: number}).judgePwned)).toBeUndefined();
    expect(site.problems).toEqual([]);
  });

  it("gives each case's ruled score and each run's score, and opens an answer against the ruling", async () => {
    const page = await openJudges(await fresh());
    expect((await tableText(page, ".judge-cases-table")).map((row) => row.slice(1))).toEqual([
      ["4", "4 ✓", "5 ≈"],
      ["2", "3 ≈", "4 ✗"],
      ["1", "1 ✓", "not JSON"],
      ["5", "5 ✓", "5 ✓"],
    ]);
    // Each score says whose answer to which case it is, the run named by what tells it from the other.
    const scores = await page
      .locator(".judge-cases-table tbody tr")
      .first()
      .getByRole("button")
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")));
    expect(scores).toEqual([
      expect.stringMatching(/^Answer to Calibration A by test-only\/careful: 4, /),
      expect.stringMatching(/^Answer to Calibration A by test-only\/lenient: 5, /),
    ]);
    const answer = await openAnswer(page, "Calibration B", 0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("judge-answer-title");
    expect(await answer.locator(".judge-answer-score").innerText()).toContain(
      "Its score 3, ruled 2: one off, higher than the ruling.",
    );
    // The line it judged otherwise: its size-words "partly" against the ruled "not met", decided by Purpose.
    const differs = answer.locator("tr.is-verdict-differs");
    expect(await differs.locator("th, td").allInnerTexts()).toEqual([
      "One sentence",
      "not met",
      "in one sentence",
      "partly met",
      "Size words",
      expect.stringMatching(/^✗another verdict: Purpose: /),
    ]);
    expect(await differs.getByRole("link", {name: "Purpose"}).getAttribute("href")).toBe("./guideline#rule-purpose");
    expect(await answer.locator("tr.is-agree").count()).toBe(1);
    expect(await answer.locator(".matching").innerText()).toBe("1 of 2 ruled lines match its own.");
    // One answer open at a time; Close puts the focus back on the score that opened it.
    await answer.getByRole("button", {name: "Close"}).click();
    await expect.poll(() => page.locator(".judge-answer").count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-pressed"))).toBe("false");
    expect(site.problems).toEqual([]);
  });

  it("sets the visitor beside the runs in the chart as 'You', from their saved first answers", async () => {
    // Saved: calibration-a 4 (ruled 4, exact), -b 4 (ruled 2, two off), -d 4 (ruled 5, one off) in the walk, and -c
    // in the blind self-check (not the walk: not counted). Of 3: 1 exact (33%), 1 one off, 1 two or more off.
    const at = "2026-03-01T10:00:00.000Z";
    const answer = (item: string, score: number, mode?: string) =>
      JSON.stringify({item, phase: "guideline", ...(mode ? {mode} : {}), attempt: 1, score, guideline: "v2", at});
    const raw = JSON.stringify({app: "rater-notebook", version: 1, answers: []}).replace(
      '"answers":[]',
      `"answers":[${[answer("calibration-a", 4), answer("calibration-b", 4), answer("calibration-d", 4), answer("calibration-c", 3, "self-check")].join(",")}]`,
    );
    const page = await openWithRecord(await fresh(), "/judges", raw);
    await page.locator("#judges-chart").waitFor();
    expect(await tableText(page, "#judges-chart")).toEqual([
      ["test-only/careful · check-test-v1 · v2 · 2026-11-20", "4", "3 (75%)", "1 (25%)", "0 (0%)"],
      ["test-only/lenient · check-test-v1 · v2 · 2026-11-21", "3", "1 (33%)", "1 (33%)", "1 (33%)"],
      ["You", "3", "1 (33%)", "1 (33%)", "1 (33%)"],
    ]);
    expect(await page.locator("#judges-chart .row-label").allTextContents()).toContain("You");
    expect(await page.locator("#judges-chart-no-you").count()).toBe(0);
    expect(site.problems).toEqual([]);
  });

  it("draws its chart's text at a readable size on a phone, and cuts no tick label at its edge on a wide screen", async () => {
    // The chart's smallest text as the reader sees it: its font size in the viewBox times the SVG's drawn scale; and
    // each tick label's box against the SVG's, which cuts what overflows it.
    const measure = (page: Page) =>
      page.locator("#judges-chart svg").evaluate((chart: SVGSVGElement) => {
        const box = chart.getBoundingClientRect();
        const scale = box.width / chart.viewBox.baseVal.width;
        const sizes = [...chart.querySelectorAll("text")].map((text) => parseFloat(getComputedStyle(text).fontSize));
        const cut = [...chart.querySelectorAll(".tick text, text.row-label")].flatMap((text) => {
          const tick = text.getBoundingClientRect();
          return tick.left < box.left || tick.right > box.right ? [text.textContent] : [];
        });
        return {smallest: Math.min(...sizes) * scale, ticks: chart.querySelectorAll(".tick text").length, cut};
      });
    // One load, on a phone then on a wide screen (the chart's viewBox is the same at every width: only its style
    // scales it).
    const page = await fresh();
    await page.setViewportSize({width: 390, height: 844});
    const small = await measure(await openJudges(page));
    expect(small.smallest).toBeGreaterThanOrEqual(10);
    // A run's label, on two lines, within the chart (on one line its date ran past the edge).
    expect(small.cut).toEqual([]);
    await page.setViewportSize({width: 1440, height: 900});
    const wide = await measure(page);
    // 0% to 100% in steps of 20.
    expect(wide.ticks).toBe(6);
    expect(wide.cut).toEqual([]);
    expect(site.problems).toEqual([]);
  });
});

describe("the judges' page on the real build, with no run recorded", () => {
  const site = useSite();

  it("says how to record one: the command, the key's variable and where the file goes", async () => {
    const page = await openJudges(await (await site.newContext({viewport: {width: 390, height: 844}})).newPage());
    const empty = page.locator(".judges-empty");
    expect(await empty.getByRole("heading").innerText()).toBe("No judge run is recorded yet");
    const text = await empty.innerText();
    expect(text).toContain("npm run judge:run -- --model <slug> --cases calibration");
    // Every set judge:run's --cases takes besides calibration (scripts/judge-run.ts), fresh among them.
    expect(text).toContain("--cases also takes edge-cases, examples, fresh, all or case ids");
    expect(text).toContain("OPENROUTER_API_KEY");
    expect(text).toContain("data/judges/runs/");
    expect(site.problems).toEqual([]);
  });
});
