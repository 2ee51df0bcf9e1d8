// The one list of the page states axe-core checks, with how each is reached, and the checks run on each: every page
// of the site, before and after what a user does there (Check on the trainee pages, a report on /cohort, a case
// loaded in the editor, an answer open on /judges, ...), at 390 and 1440 px, in light and dark. Each (page, width,
// state) is checked once in a run, in one context: a walk reaches its states in turn in one page, and each state is
// checked at both widths in light and at its first in dark (which rules run where: axe.ts), with the measured layout
// (axe.ts `layout`) and, with SCREENS=1, a screenshot of each for a person to look at (test-results/screens/,
// gitignored). A page's own tests check what it does, not its accessibility. The walks are split across
// page-states-1 and -2.test.ts by their measured cost, so the two files finish together.
import type {BrowserContext, Page} from "playwright-core";
import {describe, expect, it, beforeAll, afterAll} from "vitest";
import type {Item} from "../../lib/authored/schemas/item.js";
import type {Score} from "../../lib/authored/schemas/verdict.js";
import {emptyProgress, recordAnswer, serializeProgress} from "../../lib/trainee/progress.js";
import {exportFile} from "../../lib/trainee/transfer.js";
import {audit, colourRules, layout, layoutRules} from "./axe.js";
import {useSite, useSiteWith} from "./helpers.js";
import {
  csvPayload,
  heldNotice,
  largeCohortCsv,
  openRecordUnsaved,
  openWithRecord,
  payload,
  realistic,
  refuseSetAside,
  reportShown,
  sampleRecord,
  traineeFiles,
  unreadableRecord,
  unsavedNotice,
  withRecord,
} from "./page-fixtures.js";
import {authorJudgeRuns, correctReply, judgePageRuns, probeRuns, type Records} from "./records.js";
import type {Site} from "./site.js";
import {scrollCaptionProblems, tableProblems} from "./stacked-tables.js";
import {
  checkButton,
  commit,
  guideline,
  isSelfCheck,
  itemOf,
  itemsById,
  pages,
  pools,
  radio,
  ruling,
  saveScreen,
  scoreGroup,
  showItem,
  takenOver,
  visibleText,
  writesScreens,
} from "./trainee.js";

type Width = 390 | 1440;
const windows: Record<Width, {width: number; height: number}> = {
  390: {width: 390, height: 844},
  1440: {width: 1440, height: 900},
};

interface PageState {
  /** The state in the test's title. */
  title: string;
  /** Its screenshots' names: test-results/screens/<name>-<width>-<scheme>.png. */
  name: string;
  /** Reaches the state from the walk's state before (a blank page for the first), at the state's first width. */
  open(page: Page): Promise<void>;
  /** The widths it is checked at, the first with every rule; a state only a phone has names 390 alone. */
  widths?: readonly Width[];
  /** The scored items whose content box the layout check measures. */
  items?: readonly string[];
  /** The part axe checks (and the screenshot shows) when the rest of the page is another state's. */
  include?: string;
  /** Measured checks of its own at a width, beyond the layout. */
  measure?(page: Page, width: Width): Promise<string[]>;
}

interface Walk {
  title: string;
  /** The test-only records its site holds (served in place of the built data: records.ts). */
  records?: Records;
  /** The walk's context, fresh: a saved record or a full storage put in before the first page loads. */
  context?(site: Site): Promise<BrowserContext>;
  states: PageState[];
  /**
   * Seconds it takes in a run of the browser project on this machine (measured, its site's records written and
   * served included): how the walks are split across the files.
   */
  cost: number;
}

// ---- The trainee pages ----

type TraineePage = (typeof pages)[number];

/** Waits until the page's components have rendered: the parts list on the start page, the way on or the item else. */
async function ready(page: Page, target: TraineePage): Promise<void> {
  if (target.path === "/") {
    await page
      .getByRole("link", {name: /^Part 1\. /})
      .first()
      .waitFor();
    await page.locator("ol.parts .progress-meter").first().waitFor();
  } else if (target.scores[0]) await scoreGroup(itemOf(page, target.scores[0].id)).waitFor();
  // A page to read: the card to the next part, or (Part 2, one example at a time) its strip of examples.
  else
    await page
      .getByRole("navigation", {name: "Where next"})
      .or(page.getByRole("navigation", {name: "Items in this part"}))
      .first()
      .waitFor();
  // The page's own code in, not the build's copy of its first screen: axe reads one document, not one mid-change.
  await takenOver(page);
}

/** A score per item that varies: the case study's likely wrong score where it names one (so its note shows), else
 *  ruled. */
function scoreFor(item: Item, index: number): Score {
  const likelyWrong = item.notes.find((note) => note.score !== undefined)?.score;
  if (likelyWrong !== undefined && index % 2 === 0) return likelyWrong;
  return item.score === "n/a" || index % 3 !== 1 ? item.score : item.score === 5 ? 4 : item.score + 1;
}

/**
 * The items checked for the "after" state: in each part the first three and the cases whose comparison has something
 * of its own (a distractor from Step 1 as a line of the trainee's own or from a list, "not applicable"); in the
 * self-check all of them, or it shows no summary. Part 2 then shows some splits and keeps others hidden.
 */
const checkedAfter = (target: TraineePage): Item[] =>
  isSelfCheck(target)
    ? target.scores
    : target.scores.filter((item, index) => index < 3 || ["edge-5a", "edge-5b", "edge-9"].includes(item.id));

/** The chosen items of the page checked, the first with a Step-1 line, so the comparison shows all it can. */
async function checkSome(page: Page, target: TraineePage): Promise<void> {
  for (const [index, item] of checkedAfter(target).entries()) {
    const card = await showItem(page, item.id);
    if (target.path !== "/vague" && !isSelfCheck(target) && index === 0) {
      // On the edge-case map the three steps are folded: open them.
      const fold = card.getByText("Work it through the three steps");
      if (await fold.count()) await fold.click();
      // A word of the request marked in Step 1 (its first and last word: the same one), checked in Step 2.
      const words = card.getByRole("group", {name: /^The words of/}).getByRole("button");
      await words.first().click();
      await words.first().click();
      await card
        .getByRole("combobox", {name: /^Verdict on/})
        .first()
        .selectOption({label: "met"});
    }
    if (item.id === "edge-9") {
      await card.getByText("Work it through the three steps").click();
      await card.getByRole("button", {name: "+ An instruction with no words to point to"}).click();
      await card.getByRole("textbox", {name: "An instruction with no words to point to"}).fill("formal");
      await card.getByRole("button", {name: "Add", exact: true}).click();
    }
    // The edge-case map's question answered, so the ruling says whether the pick settles the case.
    if (item.id === "edge-5a")
      await card.getByRole("group", {name: "Deciding rule"}).getByRole("radio", {name: "Refusals"}).check();
    await radio(card, scoreFor(item, index)).check();
    await checkButton(card).click();
    await expect.poll(() => checkButton(card).isEnabled(), {message: `${item.id} committed`}).toBe(false);
    if (!isSelfCheck(target)) await ruling(card).waitFor({state: "visible"});
  }
}

const itemIds = (target: TraineePage) => target.scores.map((item) => item.id);

/**
 * Each trainee page as it loads in a fresh browser (visiting a page saves nothing, so one browser visits them all);
 * the start page also with the phone's menu open.
 */
const traineeBefore: Walk = {
  title: "every trainee page before Check, in one browser",
  states: pages.flatMap((target): PageState[] => [
    {
      title: `${target.path} before Check`,
      name: `${target.name}-before`,
      items: itemIds(target),
      async open(page) {
        await page.goto(target.path);
        await ready(page, target);
      },
    },
    ...(target.path === "/"
      ? [
          {
            title: "the start page's header with the phone's menu open",
            name: "home-menu",
            widths: [390] as const,
            include: "#observablehq-header",
            async open(page: Page) {
              await page.getByRole("button", {name: "Menu"}).click();
            },
          },
        ]
      : []),
  ]),
  cost: 28,
};

/**
 * Items of every part checked, part by part (`checkedAfter`), in one browser; then Part 2 shows their splits, the
 * self-check its summary (the calibration cases' not blind: Part 6 showed their rulings), the start page the
 * trainee's progress. The guideline (Part 3) has nothing to check and shows no progress.
 */
const traineeAfter: Walk = {
  title: "every trainee page after Check, in one browser",
  states: [
    ...pages.filter((target) => target.scores.length),
    ...pages.filter((target) => !target.scores.length && target.name !== "guideline"),
  ].map((target) => ({
    title: `${target.path} after Check`,
    name: `${target.name}-after`,
    items: itemIds(target),
    async open(page) {
      await page.goto(target.path);
      await ready(page, target);
      await checkSome(page, target);
    },
  })),
  cost: 45,
};

/**
 * Calibration A checked in Part 6, then every fresh case exact: a passed blind run of the fresh cases, whose summary
 * alone has the pass's colours (the run before its first answer is `/self-check?pool=fresh before Check`).
 */
const freshPassed: Walk = {
  title: "the fresh self-check passed, after a Part 6 ruling",
  async context(site) {
    const seen = recordAnswer(emptyProgress(), {
      item: "calibration-a",
      phase: "guideline",
      score: 4,
      guideline: guideline.version,
      at: "2026-03-01T10:00:00.000Z",
    });
    return withRecord(await site.newContext(), serializeProgress(seen));
  },
  states: [
    {
      title: "/self-check with every fresh case answered exactly: Passed",
      name: "self-check-fresh-passed",
      items: pools[1]!.items,
      async open(page) {
        await page.goto("/self-check");
        await scoreGroup(itemOf(page, "fresh-1")).waitFor();
        for (const id of pools[1]!.items) {
          const card = await showItem(page, id);
          await radio(card, itemsById.get(id)!.score).check();
          await checkButton(card).click();
          await expect.poll(() => checkButton(card).isEnabled()).toBe(false);
        }
        await expect.poll(() => visibleText(page.getByRole("region", {name: "Summary"}))).toMatch(/Passed/);
      },
    },
  ],
  cost: 11,
};

/** The saved record's notices when storage is full, checked as the region they are: the rest is the trainee states'. */
const storageFull: Walk[] = [
  {
    title: "an unreadable record that cannot be set aside",
    context: async (site) => refuseSetAside(await site.newContext()),
    states: [
      {
        title: "/calibration's notice of a record it could not set aside",
        name: "calibration-record-held",
        include: ".progress-notice",
        async open(page) {
          await openWithRecord(page, "/calibration", unreadableRecord);
          await heldNotice(page).waitFor();
        },
      },
    ],
    cost: 5,
  },
  {
    title: "an answer that cannot be saved",
    states: [
      {
        title: "/rubric's notice of an answer it could not save",
        name: "rubric-answer-unsaved",
        include: ".progress-notice",
        async open(page) {
          await openRecordUnsaved(page, "/rubric#example-1");
          await commit(page, "example-1", 3);
          await unsavedNotice(page).waitFor();
        },
      },
    ],
    cost: 5,
  },
];

// ---- The results page ----

const resultsFull: Walk = {
  title: "/results with a trainee's record",
  context: async (site) => withRecord(await site.newContext(), serializeProgress(realistic())),
  states: [
    {
      title: "/results with every fold open and an import preview showing",
      name: "results-full",
      async open(page) {
        await page.goto("/results");
        await page.getByRole("heading", {name: "Move your progress"}).waitFor();
        for (const details of await page.locator("details").all()) await details.locator(":scope > summary").click();
        await page.getByLabel("A progress file downloaded from Rater Notebook").setInputFiles({
          name: "more.json",
          mimeType: "application/json",
          buffer: Buffer.from(exportFile(sampleRecord(), {rater: "Ana", now: "2026-03-01T12:00:00.000Z"})),
        });
        await page.locator(".import-panel").getByRole("heading").waitFor();
      },
      // On a phone, every table's rows in the window but the score grid's, which scrolls in its box, its caption in
      // the box's view (the examples' table had scrolled too, a row 110 px tall; its caption was cut at the edge).
      measure: async (page, width) =>
        width === 390
          ? [...(await tableProblems(page, "main table:not(.matrix-table)")), ...(await scrollCaptionProblems(page))]
          : [],
    },
  ],
  cost: 10,
};

// ---- The tools: authors, the case editor, judges, cohort, probes ----

const judgesSection = (page: Page) =>
  page.locator("section").filter({has: page.getByRole("heading", {name: "Model judges", exact: true})});

/** Opens one run's answer to one case from /judges' case-by-case table: run 0 careful, 1 lenient. */
export async function openAnswer(page: Page, caseLabel: string, run: 0 | 1) {
  const row = page.locator(".judge-cases-table tbody tr").filter({has: page.getByText(caseLabel, {exact: true})});
  await row.locator("button.judge-score").nth(run).click();
  const answer = page.locator(".judge-answer");
  await answer.waitFor();
  return answer;
}

/**
 * The tools as they load and after a change, and the results page with nothing scored, in one browser: none of them
 * reads what another saved (the case editor's draft is read by the editor alone, visited once).
 */
const tools: Walk = {
  title: "the results page and the tools, in one browser",
  states: [
    {
      title: "/results with nothing scored yet",
      name: "results-empty",
      async open(page) {
        await page.goto("/results");
        await page.getByRole("heading", {name: "Move your progress"}).waitFor();
      },
    },
    {
      title: "/authors with v1 as the candidate and counting changed",
      name: "authors-change",
      async open(page) {
        await page.goto("/authors?base=v2&candidate=v1&set=counting%3Dat-least-half");
        await page.getByRole("heading", {name: "Items whose score moves"}).waitFor();
      },
    },
    {
      title: "/authors/case?candidate=v1, blank",
      name: "case-editor-blank",
      async open(page) {
        await page.goto("/authors/case?candidate=v1");
        await page.getByRole("button", {name: "Download case file"}).waitFor();
      },
    },
    {
      title: "/authors/case?candidate=v1 with example-3 loaded and its trace open",
      name: "case-editor-loaded",
      async open(page) {
        await page.getByRole("combobox", {name: "Start from", exact: true}).selectOption("example-3");
        await page.getByRole("button", {name: "Load", exact: true}).click();
        await expect.poll(() => page.getByRole("status", {name: "Derived score", exact: true}).innerText()).toBe("3");
        await page
          .locator("details.case-trace")
          .first()
          .evaluate((details) => ((details as HTMLDetailsElement).open = true));
      },
    },
    {
      title: "/judges saying how to record a run",
      name: "judges-none",
      async open(page) {
        await page.goto("/judges");
        await page.locator(".judges-empty").waitFor();
      },
    },
    {
      title: "/cohort with a report on three trainees' files",
      name: "cohort-report",
      async open(page) {
        await page.goto("/cohort");
        await page.getByLabel(/Trainees' files/).setInputFiles(traineeFiles.map(payload));
        await reportShown(page);
      },
    },
    {
      title: "/cohort's rater table of a 120-rater cohort",
      name: "cohort-raters",
      include: '.cohort-paged[data-phase="vague"]',
      async open(page) {
        await page.goto("/cohort");
        await page.getByLabel(/Trainees' files/).setInputFiles([csvPayload("cohort.csv", largeCohortCsv)]);
        await reportShown(page);
      },
    },
    {
      title: "/probes/six-step-chain with a reply scored",
      name: "probe-reply",
      async open(page) {
        await page.goto("/probes/six-step-chain");
        await page.getByLabel("Paste a reply").fill(correctReply);
        await page.locator('.reply-total[aria-busy="false"]').waitFor();
      },
    },
  ],
  cost: 38,
};

/** The pages that show test-only records, each on a site holding them. */
const withRecords: Walk[] = [
  {
    title: "/authors with judge runs recorded",
    records: authorJudgeRuns,
    states: [
      {
        title: "/authors with judge runs and a change that turns their cases",
        name: "authors-judges",
        async open(page) {
          await page.goto("/authors?candidate=v2&set=additionsBreakWithoutWording%3Dtrue");
          await judgesSection(page).locator(".judge-line").first().waitFor();
        },
      },
    ],
    cost: 8,
  },
  {
    title: "/judges with two runs recorded",
    records: judgePageRuns,
    states: [
      {
        title: "/judges with two runs",
        name: "judges",
        async open(page) {
          await page.goto("/judges");
          await page.locator(".judges-page").waitFor();
        },
      },
      {
        title: "/judges with an answer open and a score grid opened",
        name: "judges-answer",
        async open(page) {
          await openAnswer(page, "Calibration B", 1);
          await page.locator(".matrix-detail summary").first().click();
        },
        // Every table's rows inside a phone's window (the score grids stay folded: they scroll, as on /results).
        measure: async (page, width) =>
          width === 390 ? tableProblems(page, ".judges-page table:not(.matrix-table)") : [],
      },
      {
        title: "/judges' answer that was not JSON",
        name: "judges-not-json",
        include: ".judge-answer",
        async open(page) {
          await openAnswer(page, "Calibration C", 1);
        },
      },
    ],
    cost: 14,
  },
  {
    title: "the probe page with runs recorded",
    records: probeRuns,
    states: [
      {
        title: "/probes/six-step-chain's results tables",
        name: "probe-runs",
        include: ".probe-results",
        async open(page) {
          await page.goto("/probes/six-step-chain");
          await page.locator("table.probe-runs").first().waitFor();
        },
      },
    ],
    cost: 7,
  },
];

const walks: Walk[] = [traineeBefore, traineeAfter, freshPassed, ...storageFull, resultsFull, tools, ...withRecords];

/** The walks of file `share` of `of`: the costliest first, each to the file with the least so far. */
function walksOf(share: number, of: number): Walk[] {
  const loads = Array.from({length: of}, () => ({cost: 0, walks: [] as Walk[]}));
  for (const walk of [...walks].sort((a, b) => b.cost - a.cost)) {
    const lightest = loads.reduce((a, b) => (b.cost < a.cost ? b : a));
    lightest.cost += walk.cost;
    lightest.walks.push(walk);
  }
  return loads[share - 1]!.walks;
}

/** Checks one state at each of its widths and schemes; the violations and layout problems found, labelled. */
async function check(page: Page, state: PageState): Promise<{violations: string[]; broken: string[]}> {
  const violations: string[] = [];
  const broken: string[] = [];
  const widths = state.widths ?? [1440, 390];
  for (const [index, width] of widths.entries()) {
    await page.setViewportSize(windows[width]);
    // A media query's change event (the rubric panel moves between the side and a sheet at 1200 px) comes with the
    // next rendering update, not with the resize: checked before it, a phone would be judged in the wide layout.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const label = `${state.title} at ${width} px`;
    if (!state.include) broken.push(...(await layout(page, state.items ?? [], label)));
    if (state.measure) broken.push(...(await state.measure(page, width)).map((problem) => `${label}: ${problem}`));
    for (const scheme of ["light", "dark"] as const) {
      // Dark's palette is checked at the first width: the second adds no colour of its own, and its light pass
      // keeps the colour rules for what only that width shows.
      const audited = scheme === "light" || index === 0;
      if (!audited && !writesScreens) continue;
      await page.emulateMedia({colorScheme: scheme});
      const rules = scheme === "dark" ? colourRules : index === 0 ? undefined : layoutRules;
      if (audited) violations.push(...(await audit(page, `${label}, ${scheme}`, {rules, include: state.include})));
      // The whole page in light; in dark its first screen, which shows the palette at a third of the time.
      const name = `${state.name}-${width}-${scheme}`;
      if (state.include) await saveScreen(page.locator(state.include).first(), name);
      else await saveScreen(page, name, {fullPage: scheme === "light"});
    }
  }
  await page.emulateMedia({colorScheme: "light"});
  return {violations, broken};
}

/** The tests of file `share` of `of`: one per state, each walk in its own context, on its records' site. */
export function checkStates(share: number, of = 2): void {
  const mine = walksOf(share, of);
  const sites = [...new Set(mine.map((walk) => walk.records))];
  for (const records of sites)
    describe(records ? `with test-only records (${records.name})` : "on the built site", () => {
      const site = records ? useSiteWith(records).site : useSite();
      for (const walk of mine.filter((walk) => walk.records === records))
        describe(walk.title, () => {
          let context: BrowserContext | undefined;
          let page: Page | undefined;
          beforeAll(async () => {
            context = await (walk.context ?? ((site) => site.newContext()))(site);
            page = await context.newPage();
          });
          afterAll(async () => {
            await context?.close();
          });
          for (const state of walk.states)
            it(
              `${state.title}: axe-core and the layout at ${(state.widths ?? [1440, 390]).join(" and ")} px, light and dark`,
              async () => {
                const seen = site.problems.length;
                await page!.setViewportSize(windows[(state.widths ?? [1440])[0]!]);
                await state.open(page!);
                const {violations, broken} = await check(page!, state);
                expect.soft(violations, "axe-core").toEqual([]);
                expect.soft(broken, "layout").toEqual([]);
                expect(site.problems.slice(seen)).toEqual([]);
              },
              // A state reached (a part's items checked, a report computed), then six axe passes and four
              // screenshots on a busy two-core machine.
              120_000,
            );
        });
    });
}
