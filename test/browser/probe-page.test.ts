import {readFileSync} from "node:fs";
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {hostileReply} from "../unit/probes/hostile-replies.js";
import type {ProbeVersion} from "../../lib/probes/schema.node.js";
import {scoreBoth} from "../../lib/probes/score.js";
import {pageOverflow} from "./fits.js";
import {tableProblems} from "./stacked-tables.js";
import {usePage, useSite} from "./helpers.js";
import {correctReply as correct} from "./records.js";
import {saveScreen} from "./trainee.js";

const site = useSite();
const cleanPage = usePage(site);

/** Waits until the scoring that follows the last keystroke has run (it runs off the keystroke path). */
async function scored(page: Page) {
  await page.locator('.reply-total[aria-busy="false"]').waitFor();
}

async function stepResults(page: Page) {
  return page
    .locator(".probe-checklist tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.getAttribute("data-rule"),
        row.querySelector("td.strict")?.textContent ?? "",
        row.querySelector("td.loose")?.textContent ?? "",
      ]),
    );
}

describe("the probe page", () => {
  it("scores a pasted reply step by step as the reader types, loading nothing from other hosts", async () => {
    const page = await cleanPage();
    await page.goto("/probes/six-step-chain");
    const box = page.getByLabel("Paste a reply");
    await box.waitFor();
    expect(await page.locator("h1").innerText()).toBe("Follow a six-step instruction chain without dropping a step");
    expect(await page.locator(".reply-total").innerText()).toBe("Paste or type a reply to score it.");
    // The probe's own words: its number of steps, and its own correct example's first lines (lib/probes/view.ts).
    expect(await box.getAttribute("placeholder")).toBe("BEGIN-7731\n- Jupiter\n…");
    await expect.poll(() => page.getByText("The table is also the prompt's six steps as a checklist").count()).toBe(1);

    await box.fill(correct);
    await scored(page);
    expect(await page.locator(".reply-total").innerText()).toBe(
      "Strict score: 1.00 (6 of 6 steps). Loose, for comparison: 1.00 (6 of 6).",
    );
    expect((await stepResults(page)).map(([, strict]) => strict)).toEqual(Array(6).fill("✓ pass"));

    // Typing a trailing line fails step 6 at once; loose still passes it without the last line.
    await box.pressSequentially("\n\nHope this helps!");
    await scored(page);
    expect(await stepResults(page)).toEqual([
      ["step_1_begins_with_marker", "✓ pass", "✓ pass"],
      ["step_2_ordered_planet_list", "✓ pass", "✓ pass"],
      ["step_3_count_is_three", "✓ pass", "✓ pass"],
      ["step_4_no_pluto", "✓ pass", "✓ pass"],
      ["step_5_checksum_is_six", "✓ pass", "✓ pass"],
      ["step_6_ends_with_marker", "✗ fail", "✓ pass (without last line)"],
    ]);
    expect(await page.locator(".reply-total").innerText()).toBe(
      "Strict score: 0.83 (5 of 6 steps). Loose, for comparison: 1.00 (6 of 6).",
    );

    // The Instruction column marks the main task alone: a mark on every row read "Instruction" twice on a phone.
    const instruction = (rule: string) => page.locator(`tr[data-rule="${rule}"] td`).first().innerText();
    expect(await instruction("step_1_begins_with_marker")).toBe("Start the reply with the line BEGIN-7731.");
    expect(await instruction("step_2_ordered_planet_list")).toMatch(/^Main task\nList the three largest planets/i);
    // The trainee's own guideline verdict, compared with the regex: the column says it waits for one until then.
    expect(await page.locator('tr[data-rule="step_6_ends_with_marker"] td.agreement').innerText()).toBe(
      "after your verdict",
    );
    // Each verdict's menu is a target a finger hits: 24 px or more tall (WCAG 2.5.8), as the tools' other menus.
    const heights = await page
      .locator("select[data-verdict]")
      .evaluateAll((menus) => menus.map((menu) => menu.getBoundingClientRect().height));
    expect(heights).toHaveLength(6);
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(24);
    await page.getByLabel("Your verdict on step 6").selectOption("not met");
    await page.getByLabel("Your verdict on step 1").selectOption("not met");
    expect(await page.locator('tr[data-rule="step_6_ends_with_marker"] td.agreement').innerText()).toBe("agrees");
    expect(await page.locator('tr[data-rule="step_1_begins_with_marker"] td.agreement').innerText()).toBe("differs");

    await box.fill("Sure! Pluto was a planet.\nBEGIN-7731");
    await scored(page);
    const results = await stepResults(page);
    expect(results.map(([, strict]) => strict)).toEqual(["✗ fail", "✗ fail", "✗ fail", "✗ fail", "✗ fail", "✗ fail"]);

    expect(site.problems).toEqual([]);
  });

  it("names the guideline rule that decides each step by its title first, its id after", async () => {
    const page = await cleanPage();
    await page.goto("/probes/six-step-chain");
    // The row's cells after its step: the instruction, then the guideline rule with its note under it.
    const rule = (step: string) => page.locator(`tr[data-rule="${step}"] td`).nth(1);
    await page.getByLabel("Paste a reply").waitFor();
    const firstLine = async (step: string) => (await rule(step).innerText()).split("\n")[0];
    // The current guideline's titles (guideline/v2/guideline.yaml), then the id the probe's file names.
    expect(await firstLine("step_1_begins_with_marker")).toBe("Stated constraints (stated-constraints)");
    expect(await firstLine("step_2_ordered_planet_list")).toBe("The main task (main-task)");
    expect(await firstLine("step_6_ends_with_marker")).toBe('"Only" and "just" (only-just)');
    expect(site.problems).toEqual([]);
  });

  it("shows the case study's sections from the version's data, with live example scores and no Dataset data while there are no runs", async () => {
    const page = await cleanPage();
    await page.goto("/probes/six-step-chain");
    await page.locator(".probe-examples").waitFor();
    expect(await page.locator(".probe-not-run").innerText()).toContain("Not yet run");
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
    expect(await page.locator(".probe-message pre").innerText()).toContain(
      "6. End your reply with the line END-7731 and write nothing after it.",
    );
    expect(await page.locator(".probe-rules .rule-pattern").allInnerTexts()).toEqual([
      "/^\\s*BEGIN-7731/",
      "/-\\s*Jupiter[\\s\\S]*-\\s*Saturn[\\s\\S]*-\\s*Uranus/i",
      "/COUNT:\\s*3\\b/",
      "/pluto/i",
      "/CHECKSUM:\\s*6\\b/",
      "/END-7731\\s*$/",
    ]);
    const scores = await page.locator(".probe-example-score").allInnerTexts();
    expect(scores.map((s) => s.slice(0, "Live score from the real scorer: 1.00".length))).toEqual([
      "Live score from the real scorer: 1.00",
      ...Array(5).fill("Live score from the real scorer: 0.83"),
    ]);
    expect(scores.every((s) => s.endsWith("every step as declared"))).toBe(true);
    expect(await page.locator(".probe-history li").first().innerText()).toMatch(
      /^v2 · current: v2 — raised maxTokens by 1000/,
    );

    // Run it yourself: the model slug is swappable; the key stays a shell variable.
    const curl = page.locator(".probe-curl");
    expect(await curl.innerText()).toContain('"model": "anthropic/claude-opus-5"');
    await page.getByLabel("Model slug").fill("openai/gpt-5-mini");
    expect(await curl.innerText()).toContain('"model": "openai/gpt-5-mini"');
    expect(await curl.innerText()).toContain('-H "Authorization: Bearer $OPENROUTER_API_KEY"');
    await saveScreen(page, "probe-six-step-chain", {fullPage: true});
    expect(site.problems).toEqual([]);
  });

  it.each([640, 760, 1440])(
    "at %i px, lines up the worked examples' step tables, one under another, column by column",
    async (width) => {
      const newest = JSON.parse(readFileSync("data/probes/six-step-chain/v2.json", "utf8")) as ProbeVersion;
      const page = await cleanPage();
      await page.setViewportSize({width, height: 900});
      await page.goto("/probes/six-step-chain");
      await page.locator(".probe-steps").first().waitFor();
      const columns = await page.locator(".probe-steps").evaluateAll((tables) =>
        tables.map((table) =>
          [...table.querySelectorAll("thead th")].map((th) => {
            const box = th.getBoundingClientRect();
            return [Math.round(box.left), Math.round(box.width)];
          }),
        ),
      );
      expect(columns).toHaveLength(newest.examples.length);
      // Each had laid out its columns by its own contents: Strict and Loose stood somewhere else in each table.
      expect(new Set(columns.map((row) => JSON.stringify(row))).size).toBe(1);
      // The checks keep the widest column, and the page does not scroll sideways.
      const widths = columns[0]!.map(([, columnWidth]) => columnWidth!);
      expect(Math.max(...widths)).toBe(widths[1]);
      expect(await pageOverflow(page)).toEqual([]);
      expect(site.problems).toEqual([]);
    },
  );

  it("at 390 px, stacks every table (checklist, worked examples): nothing cut off, every cell labelled", async () => {
    const page = await cleanPage();
    await page.setViewportSize({width: 390, height: 900});
    await page.goto("/probes/six-step-chain");
    await page.locator(".probe-examples").waitFor();
    // Before a reply, and with one: the checklist's regex columns fill in.
    expect(await tableProblems(page)).toEqual([]);
    await page.getByLabel("Paste a reply").fill(`${correct}\n\nHope this helps!`);
    await scored(page);
    await page.getByLabel("Your verdict on step 6").selectOption("not met");
    expect(await page.locator("main table").count()).toBe(1 + 6);
    expect(await page.locator("main table.stack").count()).toBe(1 + 6);
    expect(await tableProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreen(page, "probe-six-step-chain-390", {fullPage: true});
    expect(site.problems).toEqual([]);
  });

  it("scores a 10,000-character hostile paste for every rule of every version, as the scorer does", async () => {
    const versions = ["v1", "v2"].map(
      (v) => JSON.parse(readFileSync(`data/probes/six-step-chain/${v}.json`, "utf8")) as ProbeVersion,
    );
    const current = versions.at(-1)!;
    const page = await cleanPage();
    await page.goto("/probes/six-step-chain");
    const box = page.getByLabel("Paste a reply");
    // A longer paste is held whole: the box cut one at 10,000 characters, silently, until stop 59.
    await box.fill("x".repeat(12_000));
    expect((await box.inputValue()).length).toBe(12_000);
    for (const rule of versions.flatMap((v) => v.rules)) {
      const hostile = hostileReply(rule, 10_000);
      await box.fill(hostile);
      await box.press("End");
      await box.press("Backspace"); // a keystroke on top of the paste
      await scored(page);
      const {strict, loose} = scoreBoth(current.rules, hostile.slice(0, -1));
      expect(await page.locator(".reply-total").innerText()).toBe(
        `Strict score: ${strict.total.toFixed(2)} (${strict.passed} of 6 steps). ` +
          `Loose, for comparison: ${loose.total.toFixed(2)} (${loose.passed} of 6).`,
      );
      expect((await stepResults(page)).map(([, s]) => s)).toEqual(
        strict.rules.map((r) => (r.outcome === "pass" ? "✓ pass" : "✗ fail")),
      );
      // The case study's step 2, cubic for a backtracking engine: the page as a reader sees it after that paste.
      if (rule === current.rules[1]) await saveScreen(page, "probe-hostile-paste");
    }
    expect(site.problems).toEqual([]);
  }, 120_000);
});
