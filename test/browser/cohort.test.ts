// The coordinator's cohort page: three trainees' files set on the file input give the alpha figures the library
// computes from the same files; a malformed file is listed with its problem while the others still count; a file
// name with markup in it is shown as text; the tables download as CSV; a CSV and trainees' files count together;
// Cancel while the worker computes keeps the report shown before (the worker held by the test, no clock); a large
// cohort's raters show fifty at a time; a judge's run file counts beside a CSV, the judge a rater named by its model.
// Its accessibility with a report shown, and of a large cohort's rater table: page-states.ts.
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {cohortReport} from "../../lib/agreement/cohort-report.js";
import type {Figure} from "../../lib/agreement/figure.js";
import {RatingsCollector} from "../../lib/agreement/ratings.js";
import {readRatingsCsv} from "../../lib/agreement/ratings-csv.js";
import {readTraineeFile} from "../../lib/agreement/ratings-progress.js";
import {cohortCsv} from "../../lib/agreement/report-csv.js";
import {signed} from "../../lib/agreement/cohort-words.js";
import {judgeRunOf} from "../unit/agreement/judge-run.js";
import type {Progress} from "../../lib/trainee/progress.js";
import {exportFile} from "../../lib/trainee/transfer.js";
import {usePage, useSite} from "./helpers.js";
import {
  cohortItems,
  csvPayload,
  examples,
  largeCohortCsv,
  payload,
  reportShown,
  ruled,
  traineeFile,
  traineeFiles,
} from "./page-fixtures.js";

const site = useSite();
const cleanPage = usePage(site);
const items = cohortItems;
const files = traineeFiles;

function expectedReport(chosen: {name: string; text: string}[]) {
  const collector = new RatingsCollector();
  for (const file of chosen)
    readTraineeFile(
      file.text,
      file.name,
      items.map((item) => item.id),
      collector,
    );
  return cohortReport(collector.result(), items);
}

async function openCohort(chosen: {name: string; text: string}[]): Promise<Page> {
  const page = await cleanPage();
  await page.goto("/cohort");
  await page.getByLabel(/Trainees' files/).setInputFiles(chosen.map(payload));
  await page.getByRole("heading", {name: /Krippendorff's alpha \(ordinal\), before and after/}).waitFor();
  await reportShown(page);
  return page;
}

/**
 * How long a poll waits for the figures the worker computes after a change of files: on a busy machine (two files'
 * Chromiums on two cores) that took longer than expect.poll's 1 s default.
 */
const computed = {timeout: 20_000};

const figureText = (page: Page, name: string) => page.locator(`[data-figure="${name}"]`).first().innerText();

/**
 * How the page shows a figure: its value to three places, or, when it cannot be computed, a dash whose text for a
 * screen reader gives the reason (textContent: the reason is visually hidden in the cell, and shown under the table).
 */
async function expectFigure(page: Page, name: string, f: Figure): Promise<void> {
  const shown = page.locator(`[data-figure="${name}"]`).first();
  if (f.value === null) expect(await shown.textContent(), name).toBe(`– (not computable: ${f.reason})`);
  else expect(await shown.innerText(), name).toBe(f.value.toFixed(3));
}

/** Three raters' ratings of the seven examples in both phases, as CSV. */
const ratingsCsv = (() => {
  const rows = ["rater,item,phase,score"];
  ["ann", "ben", "cy"].forEach((rater, r) =>
    examples.forEach((item, i) => {
      rows.push(`${rater},${item},vague,${((i + r) % 5) + 1}`);
      rows.push(`${rater},${item},guideline,${ruled[i]}`);
    }),
  );
  return `${rows.join("\n")}\n`;
})();

/** A downloaded file's text, after a click on the link named `name`. */
async function download(page: Page, name: string): Promise<string> {
  const download = page.waitForEvent("download");
  await page.getByRole("link", {name}).click();
  const stream = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  // Every download opens with UTF-8's byte order mark (lib/agreement/cohort-compute.ts): the text is what follows.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString("utf8");
}

/**
 * Installed before the page's scripts: a Worker that, while the test says so, keeps to itself each request for a
 * report, or each finished read (its progress still reaches the page), and records being terminated. The page is
 * then computing, or reading, for as long as the test needs, with no clock.
 */
const holdReports = `
  window.heldReports = [];
  window.heldReads = [];
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    postMessage(message, transfer) {
      if (window.holdingReports && message && message.type === "report") window.heldReports.push(this);
      else super.postMessage(message, transfer);
    }
    set onmessage(handler) {
      super.onmessage = (event) => {
        if (window.holdingReads && event.data && event.data.type === "read") window.heldReads.push(this);
        else handler(event);
      };
    }
    terminate() {
      this.terminated = true;
      super.terminate();
    }
  };
`;
interface Held {
  heldReports: {terminated?: boolean}[];
  holdingReports: boolean;
  heldReads: {terminated?: boolean}[];
  holdingReads: boolean;
}

describe("the cohort page", () => {
  it("shows the alpha figures the library computes from three trainees' files", async () => {
    const page = await openCohort(files);
    const report = expectedReport(files);
    expect(report.raters).toBe(3);
    const {before, after} = report.headline;
    expect(before.value).not.toBeNull();
    expect(after.value).not.toBeNull();
    expect(after.value!).toBeGreaterThan(before.value!);
    expect(await figureText(page, "headline-before")).toBe(before.value!.toFixed(3));
    expect(await figureText(page, "headline-after")).toBe(after.value!.toFixed(3));
    for (const phase of [report.vague, report.guideline]) {
      expect(await figureText(page, `${phase.phase}-alpha-ordinal`)).toBe(phase.alpha.ordinal.value!.toFixed(3));
      for (const [name, f] of [
        ["alpha-interval", phase.alpha.interval],
        ["alpha-nominal", phase.alpha.nominal],
        ["ac2-ordinal", phase.ac2.ordinal],
        ["fleiss", phase.fleiss],
      ] as const)
        await expectFigure(page, `${phase.phase}-${name}`, f);
    }
    // The interval is the seeded bootstrap's, with the resamples it rests on.
    const interval = before.interval!;
    expect(await page.locator(".cohort-headline").innerText()).toContain(
      `95% CI ${interval.low.toFixed(3)} to ${interval.high.toFixed(3)}, from ${interval.used.toLocaleString("en")} of 1,000 resamples`,
    );
    // The change's interval is signed as the change is, and as the text report writes it (+0.339 to +0.923).
    const change = report.headline.change.interval!;
    expect(await page.locator(".cohort-headline").innerText()).toContain(
      `(95% CI ${signed(change.low)} to ${signed(change.high)}, from `,
    );
    // The figures table downloads as the library writes it.
    expect(await download(page, "Download figures CSV")).toBe(cohortCsv(report, "summary"));
    // Each coefficient the table and the raters' tables name is said in words, folded under the table.
    const meanings = page.locator("details.figure-meanings");
    await meanings.locator("summary").click();
    expect(await meanings.locator("dt").allInnerTexts()).toEqual([
      "Krippendorff's alpha",
      "Gwet's AC1 and AC2",
      "Fleiss' kappa",
      "Pairs of raters who agree exactly, or within one point",
      "Cohen's kappa, in each phase's table of raters",
    ]);
    expect(await meanings.locator("dd").first().isVisible()).toBe(true);
    expect(await page.locator(".cohort-report .cohort-note", {hasText: "Intervals:"}).innerText()).toContain(
      "so each resample compares those items with themselves",
    );
    expect(site.problems).toEqual([]);
  });

  it("shows a figure it cannot compute as a dash, with its reason for screen readers and under the table", async () => {
    // Before the guideline every trainee gives every example a 3: no variation, so no alpha and no Fleiss' kappa.
    const same = [
      {name: "ann.json", text: traineeFile([3, 3, 3, 3, 3, 3, 3], ruled)},
      {
        name: "ben.json",
        text: traineeFile(
          [3, 3, 3, 3, 3, 3, 3],
          ruled.map((s, i) => (i === 0 ? 4 : s)),
        ),
      },
      {
        name: "cy.json",
        text: traineeFile(
          [3, 3, 3, 3, 3, 3, 3],
          ruled.map((s, i) => (i === 2 ? 2 : s)),
        ),
      },
    ];
    const page = await openCohort(same);
    const report = expectedReport(same);
    const {vague} = report;
    expect(vague.alpha.ordinal.value).toBeNull();
    expect(vague.fleiss.value).toBeNull();
    expect(vague.ac1.value).toBe(1);
    for (const [name, f] of [
      ["alpha-ordinal", vague.alpha.ordinal],
      ["alpha-interval", vague.alpha.interval],
      ["alpha-nominal", vague.alpha.nominal],
      ["ac2-ordinal", vague.ac2.ordinal],
      ["ac1", vague.ac1],
      ["fleiss", vague.fleiss],
    ] as const)
      await expectFigure(page, `vague-${name}`, f);
    // A sighted reader sees the dash in the cell and each reason once, under the table, with the figures it holds for.
    expect(await page.locator('[data-figure="vague-fleiss"]').innerText()).toMatch(/^–/);
    const reasons = await page.locator(".figure-reasons li").allInnerTexts();
    expect(reasons).toContain(
      `– Fleiss' kappa (n/a a category), before the guideline: not computable: ${vague.fleiss.reason}`,
    );
    expect(reasons.find((line) => line.includes(vague.alpha.ordinal.reason!))).toMatch(
      /^– Krippendorff's alpha, ordinal, before the guideline; Krippendorff's alpha, interval, before the guideline;/,
    );
    // The headline's sentence says why, once: the figure under it says only that it cannot be computed (stop 76: the
    // reason read twice), and the change cannot be computed either.
    const headline = page.locator(".cohort-headline");
    expect(await headline.locator("#cohort-headline-sentence").innerText()).toContain(
      `before: ${report.headline.before.reason}`,
    );
    expect(await headline.locator(".headline-side .headline-interval").first().innerText()).toBe("Not computable");
    await expectFigure(page, "headline-change", report.headline.change);
    expect(site.problems).toEqual([]);
  });

  it("on a phone starts each figure's name on its first line, beside its interval's four", async () => {
    const page = await openCohort(files);
    await page.setViewportSize({width: 390, height: 800});
    const row = page.locator('.cohort-report tbody tr:has([data-figure="vague-alpha-ordinal"])').first();
    // Where each cell's text begins and ends: Framework sets a row's th at its foot, so the name sat under the
    // interval's first lines.
    const lines = (cell: string) =>
      row
        .locator(cell)
        .first()
        .evaluate((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          const rects = [...range.getClientRects()];
          return {top: Math.min(...rects.map((r) => r.top)), bottom: Math.max(...rects.map((r) => r.bottom))};
        });
    const [name, figure] = [await lines("th"), await lines("td")];
    expect(figure.bottom - figure.top).toBeGreaterThan(2 * (name.bottom - name.top));
    expect(Math.abs(name.top - figure.top)).toBeLessThan(4);
    expect(site.problems).toEqual([]);
  });

  it("lists a malformed file with its problem, counts the others, and shows a file name as text", async () => {
    const page = await openCohort([...files, {name: "broken.json", text: '{"app": "rater-notebook", "version": 1,'}]);
    const broken = page.locator('[data-file="broken.json"]');
    expect(await broken.innerText()).toMatch(
      /left out: 1 problem[\s\S]*broken\.json: the file ends in the middle of its JSON: it looks cut short/,
    );
    const report = expectedReport(files);
    expect(await figureText(page, "headline-before")).toBe(report.headline.before.value!.toFixed(3));
    expect(await page.locator(".cohort-raters").first().innerText()).toContain("<img src=x onerror=alert(1)>");
    expect(await page.locator(".cohort img").count()).toBe(0);
    expect(await page.locator('[data-file="<img src=x onerror=alert(1)>.json"]').innerText()).toMatch(
      /14 ratings counted/,
    );
    expect(await page.getByRole("status").innerText()).toMatch(/3 files counted, 1 file left out/);
    expect(site.problems).toEqual([]);
  });

  it("reads a ratings CSV in a worker, naming a bad row's line and field, and a file that is not UTF-8", async () => {
    const collector = readRatingsCsv(
      ratingsCsv,
      "ratings.csv",
      items.map((item) => item.id),
    );
    const report = cohortReport(collector.result(), items);
    const page = await cleanPage();
    await page.goto("/cohort");
    await page
      .getByLabel(/Trainees' files/)
      .setInputFiles([
        csvPayload("ratings.csv", ratingsCsv),
        csvPayload("bad.csv", "rater,item,phase,score\nann,example-1,vague,7\n"),
        {name: "binary.csv", mimeType: "text/csv", buffer: Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x81])},
      ]);
    await reportShown(page);
    expect(await figureText(page, "headline-before")).toBe(report.headline.before.value!.toFixed(3));
    expect(await figureText(page, "headline-after")).toBe(report.headline.after.value!.toFixed(3));
    expect(await page.locator('[data-file="bad.csv"]').innerText()).toMatch(
      /bad\.csv line 2, field score: "7" is not a score/,
    );
    // A file that is not UTF-8 is told so in `npm run agreement`'s words, not as a CSV without its header.
    expect(await page.locator('[data-file="binary.csv"]').innerText()).toContain(
      "binary.csv: not UTF-8 text: from a spreadsheet, save the ratings as “CSV UTF-8”; or give a trainee's .json " +
        "file or a judge's run file",
    );
    expect(site.problems).toEqual([]);
  });

  it("says where the report begins that names alike but for capitals count as different raters", async () => {
    const rows = ["rater,item,phase,score"];
    for (const [rater, scores] of [
      ["Dev", [5, 3]],
      ["dev", [5, 3]],
      ["ana", [4, 3]],
    ] as const)
      for (const phase of ["vague", "guideline"])
        scores.forEach((score, i) => rows.push(`${rater},example-${i + 1},${phase},${score}`));
    const page = await cleanPage();
    await page.goto("/cohort");
    await page.getByLabel(/Trainees' files/).setInputFiles([csvPayload("alike.csv", `${rows.join("\n")}\n`)]);
    await reportShown(page);
    expect(await page.getByRole("note").filter({hasText: "differ only in capitals"}).innerText()).toBe(
      'Names that differ only in capitals count as different raters: "Dev" and "dev". If one person is meant, ' +
        "write the name one way in every file.",
    );
    expect(site.problems).toEqual([]);
  });

  it("counts a judge's run beside a CSV: the judge is a rater after the guideline, named by its model", async () => {
    // The examples are ruled 5, 3, 3, 3, 5, 2, 3. The judge gives 5, 3, 2, 3, 3, 2 and prose on example-7: 6 scored,
    // 4 exact (66.7%), 5 within one (83.3%: example-5 is two off).
    const judged = [5, 3, 2, 3, 3, 2, null] as const;
    const run = judgeRunOf(
      "openai/gpt-5-mini",
      "2026-08-10T12:00:00.000Z",
      examples.map((id, i) => [id, judged[i]!] as const),
    );
    const page = await cleanPage();
    await page.goto("/cohort");
    await page
      .getByLabel(/Trainees' files/)
      .setInputFiles([
        csvPayload("ratings.csv", ratingsCsv),
        payload({name: "2026-08-10T12-00-00.000Z--openai-gpt-5-mini.json", text: JSON.stringify(run)}),
      ]);
    await reportShown(page);
    expect(await page.locator('[data-file$="openai-gpt-5-mini.json"]').innerText()).toMatch(
      /\(judge run\): 6 ratings counted/,
    );
    expect(await page.locator('[data-file="ratings.csv"]').innerText()).toMatch(/\(CSV\): 42 ratings counted/);
    const name = "openai/gpt-5-mini (judge, 2026-08-10 12:00:00.000 UTC)";
    const row = page.locator('.cohort-phase[data-phase="guideline"] .cohort-raters tr', {hasText: name});
    expect(await row.locator("th, td").allTextContents()).toEqual([
      name,
      "6",
      "66.7%",
      "83.3%",
      expect.any(String),
      expect.any(String),
    ]);
    // Not a rater before the guideline: a judge reads the guideline.
    expect(await page.locator('.cohort-phase[data-phase="vague"] .cohort-raters').innerText()).not.toContain("judge");
    expect(await page.locator(".part-lead").innerText()).toContain("data/judges/runs/*.json");
    expect(site.problems).toEqual([]);
  });

  it("offers Cancel while a large CSV is read, shows its progress, and counts nothing from it once cancelled", async () => {
    const lines = ["rater,item,phase,score"];
    for (let r = 0; r < 20_000; r++) for (const item of examples) lines.push(`rater${r},${item},vague,${(r % 5) + 1}`);
    const page = await site.newPage();
    await page.addInitScript({content: holdReports});
    await page.goto("/cohort");
    // The worker reads the whole file, but its result is held: the page is still reading when Cancel is pressed.
    await page.evaluate(() => ((window as unknown as Held).holdingReads = true));
    await page
      .getByLabel(/Trainees' files/)
      .setInputFiles([{name: "large.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\n"))}]);
    // The worker reads 140,000 rows first: on a busy machine that takes longer than expect.poll's 1 s default.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as Held).heldReads.length), {timeout: 20_000})
      .toBe(1);
    const reading = page.getByRole("progressbar", {name: "Reading"});
    expect(Number(await reading.getAttribute("value"))).toBeGreaterThan(0.9);
    expect(await page.getByRole("status").innerText()).toMatch(/^Reading large\.csv: \d+%$/);
    await page.getByRole("button", {name: "Cancel"}).click();
    await expect.poll(() => page.getByRole("status").innerText()).toMatch(/Reading cancelled|0 files counted/);
    expect(await page.evaluate(() => (window as unknown as Held).heldReads.map((w) => w.terminated))).toEqual([true]);
    expect(await page.locator('[data-file="large.csv"]').innerText()).toMatch(/cancelled, not counted/);
    expect(await page.locator(".cohort-headline").count()).toBe(0);
    expect(site.problems).toEqual([]);
  });

  it("counts a CSV with trainees' files; Cancel while computing keeps the report and files shown before", async () => {
    const page = await site.newPage();
    await page.addInitScript({content: holdReports});
    await page.goto("/cohort");
    const input = page.getByLabel(/Trainees' files/);
    await input.setInputFiles(files.map(payload));
    await reportShown(page);
    const before = expectedReport(files).headline;
    expect(await figureText(page, "headline-before")).toBe(before.before.value!.toFixed(3));

    await page.evaluate(() => ((window as unknown as Held).holdingReports = true));
    await input.setInputFiles([csvPayload("ratings.csv", ratingsCsv)]);
    await expect.poll(() => page.getByRole("status").innerText()).toBe("Computing the figures…");
    await expect
      .poll(() => page.evaluate(() => (window as unknown as Held).heldReports.length), {timeout: 20_000})
      .toBe(1);
    expect(await page.getByRole("progressbar", {name: "Computing the figures"}).getAttribute("value")).toBeNull();
    await page.getByRole("button", {name: "Cancel"}).click();
    await expect.poll(() => page.getByRole("status").innerText()).toMatch(/^Computing cancelled: nothing from/);
    expect(await page.evaluate(() => (window as unknown as Held).heldReports.map((w) => w.terminated))).toEqual([true]);
    expect(await figureText(page, "headline-before")).toBe(before.before.value!.toFixed(3));
    expect(await figureText(page, "headline-after")).toBe(before.after.value!.toFixed(3));
    expect(await page.locator('[data-file="alice.json"]').innerText()).toMatch(/14 ratings counted/);
    expect(await page.locator('[data-file="ratings.csv"]').innerText()).toMatch(/cancelled, not counted/);

    // Let go, the same CSV counts with the trainees' files: the figures are the library's over all of them.
    await page.evaluate(() => ((window as unknown as Held).holdingReports = false));
    await input.setInputFiles([csvPayload("ratings.csv", ratingsCsv)]);
    await expect.poll(() => page.getByRole("status").innerText(), computed).toBe("4 files counted.");
    const collector = new RatingsCollector();
    const ids = items.map((item) => item.id);
    for (const file of files) readTraineeFile(file.text, file.name, ids, collector);
    readRatingsCsv(ratingsCsv, "ratings.csv", ids, collector);
    const all = cohortReport(collector.result(), items);
    expect(all.raters).toBe(6);
    expect(await figureText(page, "headline-before")).toBe(all.headline.before.value!.toFixed(3));
    expect(await figureText(page, "headline-after")).toBe(all.headline.after.value!.toFixed(3));
    expect(await page.locator('[data-file="ratings.csv"]').innerText()).toMatch(/42 ratings counted/);
    expect(site.problems).toEqual([]);
  });

  it("keeps another file of a kept file's name beside it, lists the same file dropped again once, and clears", async () => {
    const page = await openCohort(files);
    const status = () => page.getByRole("status").innerText();
    // Another trainee's file under bob.json's name (two exports without a name, the same day): both count.
    const other = {name: "bob.json", text: traineeFile([1, 1, 1, 1, 1, 1, 1], ruled)};
    const both = expectedReport([...files, {name: "bob (2).json", text: other.text}]);
    await page.getByLabel(/Trainees' files/).setInputFiles([payload(other)]);
    await expect
      .poll(status, computed)
      .toBe(
        "4 files counted. bob.json has the name of a file already listed but not its content: both are kept, this " +
          "one as bob (2).json.",
      );
    expect(await figureText(page, "headline-before")).toBe(both.headline.before.value!.toFixed(3));
    expect(await page.locator('[data-file="bob.json"]').count()).toBe(1);
    expect(await page.locator('[data-file="bob (2).json"]').innerText()).toMatch(/14 ratings counted/);
    // The first bob.json again, from another folder: the same bytes, listed once, nothing else changed.
    await page.getByLabel(/Trainees' files/).setInputFiles([payload(files[1]!)]);
    await expect
      .poll(status, computed)
      .toBe("4 files counted. bob.json was dropped again: the same file, listed once.");
    expect(await page.locator("[data-file]").count()).toBe(4);
    expect(await figureText(page, "headline-before")).toBe(both.headline.before.value!.toFixed(3));
    await page.getByRole("button", {name: "Clear the files"}).click();
    expect(await status()).toBe("The files are cleared.");
    expect(await page.locator(".cohort-headline").count()).toBe(0);
    expect(await page.locator("[data-file]").count()).toBe(0);
    expect(site.problems).toEqual([]);
  });

  it("says once that a trainee is in two exports, and counts the newer, the older dropped first", async () => {
    const record = (vague: number[], after: (number | "n/a")[] | null) => {
      const progress = JSON.parse(traineeFile(vague, after ?? ruled)) as Progress;
      return after ? progress : {...progress, answers: progress.answers.filter((a) => a.phase === "vague")};
    };
    const early = {
      name: "ana-early.json",
      text: exportFile(record([2, 3, 3, 4, 2, 5, 3], null), {rater: "Ana", now: "2026-12-05T09:30:00.000Z"}),
    };
    const final = {
      name: "ana-final.json",
      text: exportFile(record([2, 3, 3, 4, 2, 5, 3], ruled), {rater: "Ana", now: "2026-12-06T14:05:00.000Z"}),
    };
    const page = await openCohort([files[0]!, files[1]!, early]);
    await page.getByLabel(/Trainees' files/).setInputFiles([payload(final)]);
    // (stop 78, a coordinator's walk) The newer export counts, though the older was dropped first: the older is left
    // out, naming the newer to keep (the older counted, and the newer, whole, was left out).
    const left = page.locator('[data-file="ana-early.json"]');
    await expect.poll(() => left.innerText(), computed).toMatch(/left out: 1 problem\b/);
    expect(await left.locator(".file-problems li").allInnerTexts()).toEqual([
      'ana-early.json: "Ana" is also in ana-final.json, which already holds 7 of this file\'s scores (a rater scores ' +
        "each item once in each phase). Keep one of the two files and remove the other; where a file also holds other raters, " +
        "remove only these raters' scores from it. The newer export is ana-final.json (exported 2026-12-06 14:05:00 " +
        "UTC; this file was exported 2026-12-05 09:30:00 UTC): keep it and remove this file.",
    ]);
    expect(await page.locator('[data-file="ana-final.json"]').innerText()).not.toMatch(/left out/);
    // Each file's Remove is a target a finger hits: 24 px tall or more (WCAG 2.5.8); it was 20.
    const heights = await page
      .locator(".file-remove")
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().height));
    expect(heights.length).toBe(4);
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(24);
    await page.getByRole("button", {name: "Remove ana-early.json"}).click();
    await expect
      .poll(() => page.getByRole("status").innerText(), computed)
      .toBe("ana-early.json removed. 3 files counted.");
    const expected = expectedReport([files[0]!, files[1]!, final]);
    await expect
      .poll(() => figureText(page, "headline-after"), computed)
      .toBe(expected.headline.after.value!.toFixed(3));
    expect(await figureText(page, "headline-before")).toBe(expected.headline.before.value!.toFixed(3));
    expect(await page.locator('[data-file="ana-final.json"]').innerText()).toMatch(/14 ratings counted/);
    expect(await left.count()).toBe(0);
    expect(site.problems).toEqual([]);
  });

  it("shows a large cohort's raters fifty at a time, finds them by name, and lists the lowest exact share first; the CSV holds all", async () => {
    const csv = largeCohortCsv;
    const report = cohortReport(
      readRatingsCsv(
        csv,
        "cohort.csv",
        items.map((item) => item.id),
      ).result(),
      items,
    );
    const page = await cleanPage();
    await page.goto("/cohort");
    await page.getByLabel(/Trainees' files/).setInputFiles([csvPayload("cohort.csv", csv)]);
    await reportShown(page);
    const vague = page.locator('.cohort-paged[data-phase="vague"]');
    const names = () => vague.locator("tbody th").allInnerTexts();
    const shown = () => vague.locator(".cohort-shown").innerText();
    const expected = report.vague.raterAgreement.map((rater) => rater.rater);
    expect(await names()).toEqual(expected.slice(0, 50));
    expect(await shown()).toBe("Raters 1–50 of 120; the raters CSV holds them all.");
    expect(await vague.getByRole("button", {name: "Previous raters"}).isDisabled()).toBe(true);
    await vague.getByRole("button", {name: "Next raters"}).click();
    expect(await names()).toEqual(expected.slice(50, 100));
    await vague.getByRole("button", {name: "Next raters"}).click();
    expect(await names()).toEqual(expected.slice(100));
    expect(await shown()).toBe("Raters 101–120 of 120; the raters CSV holds them all.");
    expect(await vague.getByRole("button", {name: "Next raters"}).isDisabled()).toBe(true);
    // The last page reached, the keyboard's focus goes back to Previous rather than to nowhere.
    expect(
      await vague.getByRole("button", {name: "Previous raters"}).evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await vague.getByRole("button", {name: "Previous raters"}).click();
    expect(await names()).toEqual(expected.slice(50, 100));
    // The other phase's table is at its own first page.
    expect(await page.locator('.cohort-paged[data-phase="guideline"] tbody tr').count()).toBe(50);

    // Finding raters by name: the matches, paged the same way; then none; then every rater again.
    const find = vague.getByRole("searchbox", {name: "Find a rater"});
    await find.fill("TRAINEE1");
    const matches = expected.filter((name) => name.includes("trainee1"));
    expect(matches.length).toBe(32); // trainee1, trainee10-19, trainee100-120
    expect(await names()).toEqual(matches);
    expect(await shown()).toBe('Raters 1–32 of the 32 whose name holds "TRAINEE1" (120 in all).');
    expect(await vague.getByRole("button", {name: "Next raters"}).isDisabled()).toBe(true);
    await find.fill("nobody");
    expect(await vague.locator("tbody tr").count()).toBe(0);
    expect(await shown()).toBe('No rater\'s name holds "nobody" (120 in all).');
    // What was typed is shown as lib/text/quote-text.ts quotes it: a right-to-left override would turn the line around.
    await find.fill("evil\u202Egnp");
    expect(await shown()).toBe('No rater\'s name holds "evil\\u{202E}gnp" (120 in all).');
    await find.fill("");
    expect(await names()).toEqual(expected.slice(0, 50));
    expect(await shown()).toBe("Raters 1–50 of 120; the raters CSV holds them all.");

    // The raters to help first: the lowest share of exact scores at the top, alike ones by name, worked from the
    // library's report; a search keeps the order, and by name again lists them as before.
    const order = vague.getByRole("combobox", {name: "Order the raters"});
    const exactOf = new Map(report.vague.raterAgreement.map((rater) => [rater.rater, rater.exact.value!]));
    const lowest = [...expected].sort(
      (a, b) => exactOf.get(a)! - exactOf.get(b)! || expected.indexOf(a) - expected.indexOf(b),
    );
    expect(exactOf.get(lowest[0]!)).toBeLessThan(exactOf.get(lowest.at(-1)!)!);
    await vague.getByRole("button", {name: "Next raters"}).click();
    await order.selectOption({label: "Lowest exact share first"});
    expect(await names()).toEqual(lowest.slice(0, 50));
    expect(await shown()).toBe("Raters 1–50 of 120; the raters CSV holds them all.");
    await find.fill("trainee1");
    expect(await names()).toEqual(lowest.filter((name) => name.includes("trainee1")));
    await find.fill("");
    await order.selectOption({label: "By name"});
    expect(await names()).toEqual(expected.slice(0, 50));
    expect(await figureText(page, "headline-after")).toBe(report.headline.after.value!.toFixed(3));
    expect(await download(page, "Download raters CSV")).toBe(cohortCsv(report, "raters"));

    // On a phone each rater is a card: its figures under names of a word or two, each on one line, three then two a
    // row, so a card is some 120 px, where two a row under two-line names made 200 (10,000 px a page of fifty).
    await page.setViewportSize({width: 390, height: 800});
    const card = vague.locator("tbody tr").first();
    expect(await card.locator("td").evaluateAll((cells) => cells.map((cell) => cell.dataset.label))).toEqual([
      "Scored",
      "Exact",
      "Within one",
      "Kappa, linear",
      "Kappa, quadratic",
    ]);
    const rows = await card
      .locator("td")
      .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().top)));
    expect(new Set(rows.slice(0, 3)).size).toBe(1);
    expect(new Set(rows.slice(3)).size).toBe(1);
    expect(rows[3]).toBeGreaterThan(rows[0]!);
    expect((await card.boundingBox())!.height).toBeLessThan(140);
    expect(site.problems).toEqual([]);
  });
});
