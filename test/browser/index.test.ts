import {readdirSync, readFileSync} from "node:fs";
import type {Locator, Page} from "playwright-core";
import {parse} from "yaml";
import {beforeEach, describe, expect, it} from "vitest";
import {loadGuidelines, loadItems, loadParts} from "../../lib/node/load.js";
import {partLoad, partMinutes} from "../../lib/trainee/part-time.js";
import {emptyProgress, recordAnswer, type Progress} from "../../lib/trainee/progress.js";
import {usePage, useSite} from "./helpers.js";
import {openWithRecord} from "./page-fixtures.js";
import {blankPath, distDir} from "./site.js";
import {navGroup, navigationLinks, saveRecord, saveScreen, siteNav} from "./trainee.js";

const site = useSite();
// Each test answers for the problems it causes.
beforeEach(() => {
  site.problems.length = 0;
});

type Section = {title: string; paragraphs: {id?: string; text: string; tellsRulings?: true}[]};
const caseStudy = parse(readFileSync("data/case-study.yaml", "utf8")) as {
  problem: Section;
  whatIDid: Section;
  artifact: Section;
  result: Section & {skills: {label: string; text: string}};
};
const parts = loadParts();
/** Each part's minutes as lib/trainee/part-time.ts works them out (its own test checks the arithmetic by hand). */
const minutes = parts.map((part) => partMinutes(partLoad(part, loadItems(), loadGuidelines().at(-1)!)));
/** The self-check's first pool, the one a fresh browser is offered. */
const calibration = (
  parse(readFileSync("data/calibration.yaml", "utf8")) as {pools: {items: string[]; minutes: number}[]}
).pools[0]!;
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

const cleanPage = usePage(site);
/**
 * The start page as a fresh browser opens it (`home()`: 1200 px, no record) while nothing has been done to it since:
 * the tests that only read it share one load, the one that opens a fold running last. Any other use of the page
 * (freshPage) drops it, so a test run alone, or after a failure (usePage's new page), loads the page itself.
 */
let asLoaded: Page | undefined;
/** The tests' page, reset as usePage hands it: no longer the start page as loaded. */
const freshPage = async (): Promise<Page> => {
  asLoaded = undefined;
  return cleanPage();
};

/** The start page on the tests' page, with a saved record when one is given, at a width. */
async function home({record, width = 1200}: {record?: Progress; width?: number} = {}): Promise<Page> {
  const page = await freshPage();
  await page.setViewportSize({width, height: 900});
  if (record) await openWithRecord(page, "/", JSON.stringify(record));
  else await page.goto("/");
  await page.locator("ol.parts .progress-meter").first().waitFor();
  return page;
}

/** The start page as loaded at 1200 px with no record (`home()`), loaded again only when `asLoaded` was dropped. */
async function homeAsLoaded(): Promise<Page> {
  if (asLoaded && !asLoaded.isClosed() && asLoaded.url() === `${site.origin}/`) return asLoaded;
  const page = await home();
  asLoaded = page;
  return page;
}

/** Where an element starts down the page. */
const top = async (locator: Locator): Promise<number> => (await locator.boundingBox())!.y;

describe("the start page", () => {
  it("leads with the next step, then offers the blind self-check, then the parts; the case study comes after", async () => {
    // Below 1200 px, where the offer lies across the reading column (from there it stands beside the next step).
    const page = await home({width: 1024});
    const next = page.locator(".home a.button").first();
    expect(await next.innerText()).toBe(`Start with Part 1. ${parts[0]!.title} →`);
    const offer = page.getByRole("region", {name: "Already rate for a living?"});
    expect(oneLine(await offer.innerText())).toContain(
      "Take the blind self-check first: now it uses the case study's four calibration cases and the twist on " +
        "Calibration D, five in all; once you've seen their rulings in Parts 5 and 6, it uses seven fresh cases " +
        "written for this notebook instead.",
    );
    expect(await offer.getByRole("link", {name: "Take the blind self-check →"}).getAttribute("href")).toBe(
      "./self-check",
    );
    const list = page.locator("ol.parts");
    const about = page.getByRole("region", {name: "About this guideline"});
    const order = [await top(next), await top(offer), await top(list), await top(about)];
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // The next step is in the first screen of a phone too: the window made narrow (the page lays out by its CSS alone).
    await page.setViewportSize({width: 390, height: 900});
    expect(await top(page.locator(".home a.button").first())).toBeLessThan(900 - 60);
    expect(site.problems).toEqual([]);
  });

  it("sets the self-check offer beside the next step on a wide screen, the first three parts in the first screen", async () => {
    const page = await home({width: 1440});
    const next = (await page.locator(".home .next-step").boundingBox())!;
    const offer = (await page.getByRole("region", {name: "Already rate for a living?"}).boundingBox())!;
    const list = (await page.locator("ol.parts").boundingBox())!;
    // Beside: level with the next step, right of the reading column; the parts start under the next step.
    expect(Math.abs(offer.y - next.y)).toBeLessThan(2);
    expect(offer.x).toBeGreaterThan(list.x + list.width);
    expect(list.y).toBeGreaterThan(next.y + next.height);
    expect(offer.x + offer.width).toBeLessThanOrEqual(1440);
    // The offer across the reading column had put Part 2's line under a 1440 x 900 screen's foot.
    const third = page.locator("ol.parts > li").nth(2).locator(".part-meta");
    const {y, height} = (await third.boundingBox())!;
    expect(y + height).toBeLessThanOrEqual(900);

    // A notice above the next step (a damaged record set aside) is as far from it as in one column: a grid item's
    // margins do not join its neighbour's, and had put the notice's own 1rem between them too. One load at 1200 px,
    // then the window at each width.
    const noticed = await openWithRecord(await freshPage(), "/", "{not json");
    const gaps: number[] = [];
    for (const width of [1024, 1440]) {
      await noticed.setViewportSize({width, height: 900});
      const notice = (await noticed.locator(".home .progress-notice").boundingBox())!;
      const below = (await noticed.locator(".home .next-step").boundingBox())!;
      gaps.push(below.y - (notice.y + notice.height));
    }
    // The next step's own margin above it (1.5rem), as one column has it where the two margins join.
    expect(gaps).toEqual([24, 24]);
    expect(site.problems).toEqual([]);
  });

  it("gives each part a time estimate and where the trainee stands, and the self-check its time", async () => {
    const page = await homeAsLoaded();
    expect(await page.locator("ol.parts .part-minutes").allInnerTexts()).toEqual(
      minutes.map((value) => `about ${value} min`),
    );
    // The start page's total is the sum of the parts' own figures.
    expect(await page.getByText(/minutes in all/).innerText()).toContain(
      `About ${minutes.reduce((sum, value) => sum + value, 0)} minutes in all.`,
    );
    // Each part a trainee scores shows where they stand; a part to read says so.
    expect(await page.locator("ol.parts .part-meta").allInnerTexts()).toEqual([
      `about ${minutes[0]} min\n0 of 7 scored`,
      `about ${minutes[1]} min\n0 of 7 with your “before” score`,
      `about ${minutes[2]} min\nto read`,
      `about ${minutes[3]} min\n0 of 7 scored`,
      `about ${minutes[4]} min\n0 of 14 scored`,
      `about ${minutes[5]} min\n0 of 5 scored`,
    ]);
    // Where a part scores more items than its description's cases ("Eleven cases" beside 0 of 14), it says why: edge
    // cases 1 and 5 have variants and case 10 a twist; calibration case D has a twist. Edge case 11, the rubric-writer
    // check, has no item (the case study's map: "A check for people writing criteria, not for raters"): its part
    // says where it comes, and so does the start page.
    expect(
      await page
        .locator("ol.parts > li")
        .evaluateAll((parts) => parts.map((part) => part.querySelector(".part-items")?.textContent ?? null)),
    ).toEqual([
      null,
      null,
      null,
      null,
      "You score 14 items from cases 1 to 10: a case with variants has an item for each (1a, 1b, 1c), and ′ marks a twist on a case. Case 11, for people who write criteria, follows the last item.",
      "You score 5 items from cases A to D: ′ marks a twist on a case.",
    ]);
    expect(await page.getByRole("region", {name: "Already rate for a living?"}).innerText()).toContain(
      `${calibration.items.length} cases, about ${calibration.minutes} min.`,
    );
    expect(await page.locator(".next-step-note").innerText()).toMatch(
      new RegExp(`^About ${minutes[0]} min: 7 cases to score\\.`),
    );
    expect(site.problems).toEqual([]);
  });

  it("keeps where the trainee stands on the line of each part's time, on a 360 px phone too", async () => {
    for (const width of [360, 390, 1200]) {
      const page = await home({width});
      // Each part with a bar (all but Part 3, "to read"): its time, its bar and the first line of its words share a
      // line. Part 2's "0 of 7 with your “before” score" wraps beside its bar on a phone, where it moved under the
      // time, bar and all.
      const parts = await page.locator("ol.parts .part-meta:has(meter)").evaluateAll((metas) =>
        metas.map((meta) => {
          const time = meta.querySelector(".part-minutes")!.getBoundingClientRect();
          const bar = meta.querySelector("meter")!.getBoundingClientRect();
          const words = meta.querySelector(".progress-meter > span")!.getBoundingClientRect();
          const middle = time.top + time.height / 2;
          return bar.top < middle && bar.bottom > middle && words.top < middle && bar.left > time.right;
        }),
      );
      expect(parts, `at ${width} px`).toEqual([true, true, true, true, true]);
    }
    expect(site.problems).toEqual([]);
  });

  it("speaks to trainees in plain words: no rule ids, parameters, versions or the site's own jargon", async () => {
    const page = await homeAsLoaded();
    const text = await page.locator("main").innerText();
    for (const word of [/\bseed\b/i, /site's reading/i, /\bv\d\b/, /rule engine/i, /parameter/i, /\bbuild\b/i])
      expect(text).not.toMatch(word);
    const guideline = parse(readFileSync("guideline/v2/guideline.yaml", "utf8")) as {rules: {id: string}[]};
    // Rule ids that read as ids ("style-register"); one-word ids are plain words ("numbers").
    for (const rule of guideline.rules.filter((rule) => rule.id.includes("-"))) expect(text).not.toContain(rule.id);
    expect(site.problems).toEqual([]);
  });

  it("keeps the case study's own words, all four sections, in About this guideline", async () => {
    const page = await homeAsLoaded();
    const about = page.getByRole("region", {name: "About this guideline"});
    // The paragraphs that tell how cases are ruled ("A single du breaks the register") are folded, shown on request.
    const told = caseStudy.whatIDid.paragraphs.filter((paragraph) => paragraph.tellsRulings);
    expect(told.map((paragraph) => paragraph.id)).toEqual(["first-rubric-broke", "style-line"]);
    const fold = about.locator("details.tells-rulings");
    expect(await fold.locator("summary").innerText()).toBe(
      "Show two paragraphs that tell how some of the cases are ruled (best read after the parts)",
    );
    for (const paragraph of told)
      expect(await about.locator(`[data-paragraph="${paragraph.id}"]`).isVisible(), paragraph.id).toBe(false);
    expect(oneLine(await about.innerText())).not.toContain("A single du breaks the register");
    // Opened, the page is no longer as loaded: a test after this one loads it again.
    asLoaded = undefined;
    await fold.locator("summary").click();
    for (const [id, section] of [
      ["the-problem", caseStudy.problem],
      ["what-i-did", caseStudy.whatIDid],
      ["the-artifact", caseStudy.artifact],
      ["the-result", caseStudy.result],
    ] as const) {
      const region = about.getByRole("region", {name: section.title, exact: true});
      expect(await region.locator(`#${id}`).innerText()).toBe(section.title);
      const text = oneLine(await region.innerText());
      for (const paragraph of section.paragraphs) expect(text, section.title).toContain(oneLine(paragraph.text));
    }
    expect(oneLine(await about.innerText())).toContain(
      `${caseStudy.result.skills.label}: ${oneLine(caseStudy.result.skills.text)}`,
    );
    // The three places the first rubric broke, the line around style, the disclosure: each its own paragraph.
    for (const id of ["first-rubric-broke", "style-line", "disclosure"])
      expect(await about.locator(`[data-paragraph="${id}"]`).count(), id).toBe(1);
    // The coverage table stays, folded: it gives every case's score away.
    const coverage = about.locator("details.coverage-details");
    expect(await coverage.locator("table.coverage").isVisible()).toBe(false);
    await coverage.locator("summary").click();
    expect(await coverage.locator("table.coverage tbody tr").count()).toBe(6);
    expect(site.problems).toEqual([]);
  });

  it("continues where the trainee stopped: the part after a finished one, a part to read included", async () => {
    const record = ["example-1", "example-2", "example-3", "example-4", "example-5", "example-6", "example-7"].reduce(
      (progress, item, index) =>
        recordAnswer(progress, {
          item,
          phase: "vague",
          score: 3,
          guideline: "v2",
          at: `2026-03-01T10:0${index}:00.000Z`,
        }),
      emptyProgress(),
    );
    const page = await home({record});
    await expect
      .poll(() => page.locator(".home a.button").first().innerText())
      .toBe(`Continue with Part 2. ${parts[1]!.title} →`);
    expect(await page.locator(".next-step-note").innerText()).toBe(`About ${minutes[1]} min of reading.`);
    expect(await page.locator("ol.parts .progress-meter").first().innerText()).toBe("7 of 7 scored");
    expect(site.problems).toEqual([]);
  });

  it("renders the parts in order and the guideline from guideline/v2 on its page", async () => {
    const page = await freshPage();
    await page.goto("/");
    await page.locator("ol.parts").waitFor();

    const parts = await page.locator("ol.parts > li strong").allInnerTexts();
    expect(parts).toEqual([
      "Part 1. The Vague Starting Instruction",
      "Part 2. Seven Examples That Split Raters",
      "Part 3. The Guideline",
      "Part 4. The Rubric",
      "Part 5. The Edge-Case Map",
      "Part 6. Calibration Examples",
    ]);

    // Every rule of the authored guideline appears on Part 3, by id and with its text, so the page is not a hand copy.
    await page.goto("/guideline");
    await page.locator(".guideline").waitFor();
    const guideline = parse(readFileSync("guideline/v2/guideline.yaml", "utf8")) as {
      rules: {id: string; text: string}[];
    };
    for (const rule of guideline.rules.filter((rule) => rule.id !== "not-rated")) {
      const entry = page.locator(`#rule-${rule.id}`);
      await expect.poll(() => entry.innerText()).toContain(rule.text.trim().replace(/\s+/g, " "));
    }
    expect(await page.locator(".rubric tbody tr").count()).toBe(5);
    expect(await page.locator(".rubric tbody tr").first().innerText()).toMatch(
      /^5\s+Fully follows\s+Every instruction met$/,
    );
    await saveScreen(page, "index", {fullPage: true});
    expect(site.problems).toEqual([]);
  });
});

/** Every page of the built site by its address ("/", "/vague", "/probes/six-step-chain"): each page file in dist/. */
const sitePages = (): string[] =>
  readdirSync(distDir, {recursive: true, encoding: "utf8"})
    .filter((file) => file.endsWith(".html") && !file.startsWith("_"))
    .map(
      (file) =>
        `/${file
          .replace(/\\/g, "/")
          .replace(/(^|\/)index\.html$/, "")
          .replace(/\.html$/, "")}`,
    )
    .sort();

/** Three raters' ratings of the seven examples, spread out under the vague instruction: every rule disagrees. */
const ratingsCsv = [
  "rater,item,phase,score",
  ...["ann", "ben", "cy"].flatMap((rater, r) =>
    ["example-1", "example-2", "example-3", "example-4", "example-5", "example-6", "example-7"].map(
      (item, i) => `${rater},${item},vague,${((i + r) % 5) + 1}`,
    ),
  ),
].join("\n");

/**
 * The pages as they are when they hold the most links: each page of the site as it loads, and the pages whose links
 * come with what a user does there: /authors with a parameter changed (the moved items' rule links), /cohort with
 * ratings read (the rules whose items disagree), /results with a record (the cases to review), and a part after
 * Check (the ruling's rule and case links).
 */
const linkSources: {label: string; open: (page: Page) => Promise<void>; asLoaded?: true}[] = [
  ...sitePages().map((path) => ({
    label: path,
    open: async (page: Page) => void (await page.goto(path)),
    asLoaded: true as const,
  })),
  {
    label: "/authors with counting changed",
    open: async (page) => {
      await page.goto("/authors?set=counting%3Dmost-missed");
      await page.locator("section .moved-items a").first().waitFor();
    },
  },
  {
    label: "/cohort with ratings read",
    open: async (page) => {
      await page.goto("/cohort");
      await page
        .getByLabel(/Trainees' files/)
        .setInputFiles([{name: "ratings.csv", mimeType: "text/csv", buffer: Buffer.from(ratingsCsv)}]);
      await page.getByRole("heading", {name: "Rules whose items disagree most"}).first().waitFor();
    },
  },
  {
    label: "/results with cases to review",
    open: async (page) => {
      const record = recordAnswer(emptyProgress(), {
        item: "example-4",
        phase: "guideline",
        score: 5,
        guideline: "v2",
        at: "2026-03-01T10:00:00.000Z",
      });
      await page.goto(blankPath);
      await saveRecord(page, JSON.stringify(record));
      await page.goto("/results");
      await page.getByRole("region", {name: /^Review th/}).waitFor();
    },
  },
  {
    label: "/rubric after Check",
    open: async (page) => {
      await page.goto("/rubric#example-2");
      const item = page.locator('[id="example-2"]');
      await item.getByRole("group", {name: "Score", exact: true}).getByRole("radio", {name: "3", exact: true}).check();
      await item.getByRole("button", {name: "Check", exact: true}).click();
      await item.getByRole("region", {name: "Ruling"}).waitFor();
    },
  },
];

/**
 * Waits until a page has drawn what its data gives it: its last cell (each page's components) shows an element and
 * nothing in it is still `aria-busy` (what a page computes after its first paint). The links found then are the
 * links found once the network has been quiet for half a second, at a tenth of the wait.
 */
const drawn = (page: Page) =>
  page.waitForFunction(() => {
    const cells = document.querySelectorAll("main .observablehq--block");
    return (
      cells.length > 0 &&
      cells[cells.length - 1]!.firstElementChild !== null &&
      !document.querySelector("main [aria-busy=true]")
    );
  });

/** What the walk over linkSources saw, once a run for the tests that read it. */
interface Walk {
  /** The page the walk is left on. */
  page: Page;
  /** Each local link, with the first page it was found on. */
  found: Map<string, string>;
  /** On each page of the site as it loads, by its address: the links the site's navigation marks current. */
  current: Map<string, {href: string; weight: number}[]>;
  /** The links of the navigation's Training and Tools groups, on the start page. */
  listed: string[];
}
let walked: Promise<Walk> | undefined;
/** The walk over every link source, done by the first test that asks (each page loaded once for both). */
const walk = (): Promise<Walk> =>
  (walked ??= (async () => {
    const page = await (await site.newContext()).newPage();
    const found = new Map<string, string>();
    const current = new Map<string, {href: string; weight: number}[]>();
    let listed: string[] = [];
    for (const source of linkSources) {
      await source.open(page);
      await drawn(page);
      const hrefs = await page
        .locator("a[href]")
        .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
      const local = hrefs.filter((href) => href.startsWith(`${site.origin}/`));
      expect(local.length, `local links on ${source.label}`).toBeGreaterThan(0);
      for (const href of local) if (!found.has(href)) found.set(href, source.label);
      if (!source.asLoaded) continue;
      const nav = siteNav(page);
      current.set(
        page.url(),
        await nav.locator('[aria-current="page"]').evaluateAll((links) =>
          links.map((link) => ({
            href: (link as HTMLAnchorElement).href,
            // Marked in weight too, never by colour alone.
            weight: Number(getComputedStyle(link).fontWeight),
          })),
        ),
      );
      if (source.label === "/")
        listed = await navGroup(page, "Training")
          .getByRole("link")
          .or(navGroup(page, "Tools").getByRole("link"))
          .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    }
    return {page, found, current, listed};
  })());

describe("the site's links", () => {
  it("lead to pages that exist, and each fragment to an element with that id on its page, from every page", async () => {
    const {page, found} = await walk();
    const broken: string[] = [];
    const paths = new Set([...found.keys()].map((href) => href.split("#")[0]!));
    for (const path of paths) {
      const status = (await page.request.get(path)).status();
      if (status !== 200) broken.push(`${path}: HTTP ${status}`);
    }
    const withFragment = [...found.keys()].filter((href) => new URL(href).hash.length > 1);
    expect(withFragment.length).toBeGreaterThan(1);
    // Each target page loaded once, as a link from another page loads it; its other fragments then set in the page,
    // as a link within it does (the parts show the item the fragment names, on load and on a change of it), all in
    // one call into the page: each has two seconds to land.
    const byPage = new Map<string, string[]>();
    for (const href of withFragment.sort()) {
      const {pathname} = new URL(href);
      byPage.set(pathname, [...(byPage.get(pathname) ?? []), href]);
    }
    for (const [pathname, hrefs] of byPage) {
      const [first, ...rest] = hrefs.map((href) => ({href, hash: new URL(href).hash}));
      await page.goto("about:blank");
      await page.goto(first!.href);
      await drawn(page);
      const missing = await page.evaluate(
        async (targets) => {
          const lands = async (id: string) => {
            for (const end = performance.now() + 2000; performance.now() < end;)
              if (document.getElementById(id)) return true;
              else await new Promise((frame) => requestAnimationFrame(frame));
            return document.getElementById(id) !== null;
          };
          const missing: string[] = [];
          for (const [index, {href, hash}] of targets.entries()) {
            if (index > 0) location.hash = hash;
            if (!(await lands(decodeURIComponent(hash.slice(1))))) missing.push(href);
          }
          return missing;
        },
        [first!, ...rest],
      );
      for (const href of missing)
        broken.push(`${pathname}${new URL(href).hash} (linked from ${found.get(href)}): no element with that id`);
    }
    expect(broken).toEqual([]);
    expect(site.problems).toEqual([]);
  }, 180_000);

  it("mark the current page with aria-current on exactly one link, on every page the navigation lists", async () => {
    const {current, listed} = await walk();
    // Their names and order are site-nav.test.ts's to check: here, that the walk found every one of them.
    const {training, tools} = navigationLinks();
    expect(listed).toHaveLength(training.length + tools.length);
    for (const href of listed) {
      expect(current.get(href), href).toHaveLength(1);
      expect(current.get(href)![0]!.href, href).toBe(href);
      expect(current.get(href)![0]!.weight, href).toBeGreaterThanOrEqual(600);
    }
    expect(site.problems).toEqual([]);
  }, 180_000);
});
