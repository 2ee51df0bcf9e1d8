// Issue 30, section 1, in Chromium on the built site: the cohort's headline sentence over the items rated both times,
// its two charts (drawn with d3) each with its figures as a table, the items table and the after section whole on a
// phone; and no chart code on a trainee's scoring page. The judges' chart, each run as a rater against the ruled
// scores, with its figures as a table and its bars: test/browser/judges.test.ts.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {cohortReport} from "../../lib/agreement/cohort-report.js";
import {headlineSentence} from "../../lib/agreement/cohort-words.js";
import {readRatingsCsv} from "../../lib/agreement/ratings-csv.js";
import {useSite} from "./helpers.js";
import {cohortItems, csvPayload, reportShown} from "./page-fixtures.js";
import {distDir} from "./site.js";
import {tableProblems} from "./stacked-tables.js";

// The shape, smaller: three raters score three examples before the guideline; after it the same three, more
// alike, and two edge cases they split on.
const scores: [string, string, number[]][] = [
  ["example-1", "vague", [5, 3, 4]],
  ["example-2", "vague", [2, 4, 3]],
  ["example-3", "vague", [3, 3, 1]],
  ["example-1", "guideline", [5, 5, 4]],
  ["example-2", "guideline", [2, 3, 3]],
  ["example-3", "guideline", [1, 1, 2]],
  ["edge-2", "guideline", [4, 2, 5]],
  ["edge-3", "guideline", [1, 3, 5]],
];
const csv = [
  "rater,item,phase,score",
  ...scores.flatMap(([item, phase, given]) =>
    given.map((score, i) => `${["ana", "ben", "cai"][i]},${item},${phase},${score}`),
  ),
].join("\n");

describe("the cohort's headline and charts", () => {
  const site = useSite();
  const report = cohortReport(
    readRatingsCsv(
      csv,
      "cohort.csv",
      cohortItems.map((item) => item.id),
    ).result(),
    cohortItems,
  );

  /**
   * The report on the page, drawn once for the tests that read it (none of them changes the page), in a window of the
   * width asked: a resize of the one before, as the page's layout at a width is its style's alone (the charts' viewBox
   * is the same at every width, the items table stacks by a media query). A context and a report of their own for
   * each width cost a renderer, a load and a reading of the file each.
   */
  let drawn: Promise<Page> | undefined;
  async function open(width: number): Promise<Page> {
    drawn ??= (async () => {
      const page = await (await site.newContext({viewport: {width, height: 900}})).newPage();
      await page.goto("/cohort");
      await page.locator("#cohort-files").setInputFiles([csvPayload("cohort.csv", csv)]);
      await reportShown(page);
      return page;
    })();
    const page = await drawn;
    await page.setViewportSize({width, height: 900});
    return page;
  }

  it("says in one sentence how agreement moved on the items rated both times, and names the rest apart", async () => {
    const page = await open(1440);
    const sentence = await page.locator("#cohort-headline-sentence").innerText();
    expect(sentence).toBe(headlineSentence(report.headline));
    expect(sentence).toMatch(
      // Three items, resampled: the interval reaches zero, so no "rose", and the figures to three places.
      new RegExp(
        String.raw`^Agreement was \d\.\d{3} before and \d\.\d{3} after \(ordinal alpha on the 3 items rated both ` +
          String.raw`times, \d+ raters rating both times\); a change of \+\d\.\d{3}, within what chance gives: .*, includes zero\.$`,
      ),
    );
    const headline = page.locator(".cohort-headline");
    expect(await headline.innerText()).toContain(
      "Compared: the 3 items rated both before and after the guideline (example-1, example-2, example-3).",
    );
    expect(await headline.locator("[data-only=guideline]").innerText()).toMatch(
      /^Rated after the guideline only, apart from the headline: 2 items \(edge-2, edge-3\), ordinal alpha /,
    );
    expect(await headline.innerText()).toContain("0.667 the lowest for tentative ones (Klaus Krippendorff");
    expect(await headline.innerText()).toContain("Report ordinal alpha:");
    expect(site.problems).toEqual([]);
  });

  it("draws alpha before and after with each interval and the two guide lines, with its figures as a table", async () => {
    const page = await open(1440);
    const chart = page.locator("#cohort-alpha-chart");
    expect(await chart.locator("svg .guide").count()).toBe(2);
    expect(
      await chart.locator("svg .guide-label").evaluateAll((nodes) => nodes.map((node) => node.textContent)),
    ).toEqual(["0.667: tentative", "0.800: reliable"]);
    // The guide lines run the chart's height, so a row's label is drawn after them, over a halo of the page's colour:
    // the dashed lines had struck through "rated both times". A halo of 4 px still let the line show between two
    // letters ("time|s" at 0.800): 6 or more covers the gaps.
    expect(
      await chart.locator("svg .row-label").evaluateAll((labels) =>
        labels.map((label) => {
          const style = getComputedStyle(label);
          const guides = label.closest("svg")!.querySelector(".guides")!;
          const after = !!(guides.compareDocumentPosition(label) & Node.DOCUMENT_POSITION_FOLLOWING);
          const page = getComputedStyle(document.body).backgroundColor;
          return (
            after &&
            style.paintOrder.startsWith("stroke") &&
            style.stroke === page &&
            parseFloat(style.strokeWidth) >= 6
          );
        }),
      ),
    ).toEqual([true, true, true]);
    // The guides in full in the caption, where a phone's chart has no room for them.
    expect(await chart.locator("figcaption").innerText()).toContain(
      "(0.667 the lowest for tentative conclusions, 0.800 for reliable ones)",
    );
    // Before, after, and the two edge cases rated after only: a dot and an interval each.
    expect(await chart.locator("svg .point").count()).toBe(3);
    expect(await chart.locator("svg .interval").count()).toBe(3);
    // Each dot stands where the axis puts its value: the axis's 0 and 1 ticks give the scale (d3 sets its ticks half a
    // pixel over, for crisp lines: two places).
    const tick = async (label: string) =>
      chart.locator("svg .axis .tick", {hasText: new RegExp(`^${label}$`)}).evaluate((node) => {
        const match = /translate\(([-\d.]+)/.exec(node.getAttribute("transform")!);
        return Number(match![1]);
      });
    const [zero, one] = [await tick("0.0"), await tick("1.0")];
    const dots = await chart
      .locator("svg .point")
      .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute("cx"))));
    const {before, after, only} = report.headline;
    expect(dots.map((cx) => (cx - zero) / (one - zero))).toEqual(
      [before.value!, after.value!, only.guideline.alpha.value!].map((value) => expect.closeTo(value, 2)),
    );
    const rows = await chart
      .locator("table tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((cell) => (cell as HTMLElement).innerText.trim())),
      );
    expect(rows).toEqual([
      [
        "Before, the 3 items rated both times",
        before.value!.toFixed(3),
        before.interval!.low.toFixed(3),
        before.interval!.high.toFixed(3),
      ],
      [
        "After, the 3 items rated both times",
        after.value!.toFixed(3),
        after.interval!.low.toFixed(3),
        after.interval!.high.toFixed(3),
      ],
      [
        "After only, 2 other items",
        only.guideline.alpha.value!.toFixed(3),
        only.guideline.alpha.interval!.low.toFixed(3),
        only.guideline.alpha.interval!.high.toFixed(3),
      ],
    ]);
  });

  it("draws the items with the most disagreement after the guideline, each beside its share before", async () => {
    const page = await open(1440);
    const chart = page.locator("#cohort-disagreement-chart");
    const rows = await chart
      .locator("table tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((cell) => (cell as HTMLElement).innerText.trim())),
      );
    // Worked by hand: edge-3 (1, 3, 5) and edge-2 (4, 2, 5) differ in every pair, edge-3 first for its farther
    // scores (pairs 2, 4 and 2 apart against 2, 1 and 3); example-1 (5, 5, 4), example-2 (2, 3, 3) and example-3
    // (1, 1, 2) in 2 of 3 pairs. Before: example-1 (5, 3, 4) and example-2 (2, 4, 3) 3 of 3, example-3 (3, 3, 1)
    // 2 of 3.
    // Three raters: 3 pairs each, enough to rank.
    expect(rows).toEqual([
      ["edge-3", "not rated", "100.0% of 3 pairs differ"],
      ["edge-2", "not rated", "100.0% of 3 pairs differ"],
      ["example-1", "100.0% of 3 pairs differ", "66.7% of 3 pairs differ"],
      ["example-2", "100.0% of 3 pairs differ", "66.7% of 3 pairs differ"],
      ["example-3", "66.7% of 3 pairs differ", "66.7% of 3 pairs differ"],
    ]);
    expect(await chart.locator("svg .row-label").first().textContent()).toBe("edge-3 (3 pairs after)");
    expect(await chart.locator("svg .bar-after").count()).toBe(5);
    expect(await chart.locator("svg .bar-before").count()).toBe(3);
    // Its first label sits at the top of the chart: the alpha chart's room for the guides' labels (38 px) had left a
    // band empty above the bars.
    const gap = await chart.locator("svg").evaluate((svg) => {
      const label = svg.querySelector(".row-label")!.getBoundingClientRect();
      return label.top - svg.getBoundingClientRect().top;
    });
    expect(gap).toBeLessThan(12);
  });

  it("draws its charts' text at a readable size on a phone, each label whole within its chart", async () => {
    const page = await open(390);
    // Each chart's text as the reader sees it: its font size in the viewBox times the SVG's drawn scale, and where it
    // stands in the viewBox (a label cut at the chart's edge is not read either).
    const texts = (selector: string) =>
      page.locator(`${selector} svg`).evaluate((chart: SVGSVGElement) => {
        const scale = chart.getBoundingClientRect().width / chart.viewBox.baseVal.width;
        const frame = chart.getBoundingClientRect();
        const all = [...chart.querySelectorAll("text")];
        return {
          smallest: Math.min(...all.map((text) => parseFloat(getComputedStyle(text).fontSize) * scale)),
          cut: all
            .filter((text) => {
              const box = text.getBoundingClientRect();
              return box.left < frame.left - 0.5 || box.right > frame.right + 0.5;
            })
            .map((text) => text.textContent),
        };
      });
    for (const chart of ["#cohort-alpha-chart", "#cohort-disagreement-chart"]) {
      const {smallest, cut} = await texts(chart);
      expect(smallest, chart).toBeGreaterThanOrEqual(10);
      expect(cut, chart).toEqual([]);
    }
    expect(site.problems).toEqual([]);
  });

  it("fits the items table in a phone's width, and lays out the after section without its being scrolled to", async () => {
    const page = await open(390);
    expect(await tableProblems(page, "table.cohort-items")).toEqual([]);
    const after = page.locator(".cohort-phase[data-phase=guideline]");
    // Laid out in full at once: no content-visibility that would leave it blank in a printout or a full-page capture.
    expect(await after.evaluate((node) => getComputedStyle(node).contentVisibility)).not.toBe("auto");
    const box = await after.evaluate((node) => {
      const table = node.querySelector("table.cohort-items")!;
      return {height: table.getBoundingClientRect().height, rows: table.querySelectorAll("tbody tr").length};
    });
    expect(box.rows).toBe(5);
    expect(box.height).toBeGreaterThan(200);
    // Rules by their titles, with what "cites" means.
    expect(await after.locator(".cohort-most").innerText()).toContain("the rules its ruled checklist cites:");
    expect(await after.locator(".cohort-most").innerText()).not.toMatch(/list-stated-only|main-task/);
  });
});

describe("no chart code on a trainee's scoring page", () => {
  it("the scoring pages' bundles hold no d3 module, and the cohort's and judges' do", () => {
    const pages = JSON.parse(readFileSync(join(distDir, "_import/bundles/pages.json"), "utf8")) as Record<
      string,
      {bundle: string; modules: string[]}
    >;
    const d3 = /d3-(scale|axis|shape|selection)|cohort-charts|judges-chart/;
    const holds = (page: string) => {
      const {bundle, modules} = pages[page]!;
      return d3.test(modules.join(" ")) || /scaleLinear|axisBottom/.test(readFileSync(join(distDir, bundle), "utf8"));
    };
    for (const page of [
      "vague.html",
      "examples.html",
      "rubric.html",
      "edge-cases.html",
      "calibration.html",
      "self-check.html",
    ])
      expect([page, holds(page)]).toEqual([page, false]);
    expect(holds("cohort.html")).toBe(true);
    expect(holds("judges.html")).toBe(true);
  });
});
