// The probe page with recorded runs, in Chromium. No real run exists yet (and none is ever invented in the
// project's data/runs/), so this test records two test-only runs in a temporary copy of the project, the
// way `npm run probes:run` does (the real runner core with a stub fetch, then writeRun: records.ts probeRuns), serves
// the data a build of the copy would ship and reads the page: a results table per version, the truncated run marked
// and not scored, and schema.org Dataset JSON-LD, which the real site (no runs) must not carry. The results tables'
// accessibility: page-states.ts.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {Run} from "../../lib/probes/schema.node.js";
import {projectRoot} from "../../scripts/copy-project.js";
import {usePage, useSiteWith} from "./helpers.js";
import {probeRuns} from "./records.js";
import {tableProblems} from "./stacked-tables.js";
import {saveScreen} from "./trainee.js";

const title = "Follow a six-step instruction chain without dropping a step";

const {site, folder, written} = useSiteWith(probeRuns);
const cleanPage = usePage(site);

async function resultTables(page: Page) {
  return page.locator(".probe-results table.probe-runs").evaluateAll((tables) =>
    tables.map((table) => ({
      caption: table.querySelector("caption")?.textContent ?? "",
      head: [...table.querySelectorAll("thead th")].map((th) => th.textContent ?? ""),
      rows: [...table.querySelectorAll("tbody tr")].map((tr) =>
        [...tr.querySelectorAll("td")].map((td) => td.textContent ?? ""),
      ),
    })),
  );
}

describe("the probe page with recorded runs", () => {
  it("records the test-only runs the runner's way: in the version's folder, with its hash, truncated unscored", () => {
    expect(written().map((file) => file.replace(/\/[^/]+$/, ""))).toEqual([
      "data/runs/six-step-chain/v1",
      "data/runs/six-step-chain/v2",
    ]);
    const [truncated, complete] = written().map((file) =>
      Run.parse(JSON.parse(readFileSync(join(folder(), file), "utf8"))),
    );
    const hashes = JSON.parse(readFileSync(join(projectRoot, "data/probes/hashes.json"), "utf8")) as Record<
      string,
      Record<string, string>
    >;
    expect(truncated).toMatchObject({
      version: "v1",
      versionHash: hashes["six-step-chain"]!.v1,
      finishReason: "length",
      truncated: true,
      score: null,
    });
    expect(complete).toMatchObject({
      version: "v2",
      versionHash: hashes["six-step-chain"]!.v2,
      finishReason: "stop",
      truncated: false,
      score: {passed: 6, of: 6, total: 1},
    });
  });

  it("shows a results table per version: model, date, total, per-step pass/fail, the truncated mark", async () => {
    const page = await cleanPage();
    await page.goto("/probes/six-step-chain");
    await page.locator(".probe-results").waitFor();
    await saveScreen(page.locator(".probe-results"), "probe-runs-results");
    expect(await page.locator(".probe-not-run").count()).toBe(0);
    expect(await page.locator("main").innerText()).not.toContain("Not yet run");

    const steps = ["Step 1", "Step 2", "Step 3", "Step 4", "Step 5", "Step 6"];
    // Newest version first, as in the version history.
    expect(await resultTables(page)).toEqual([
      {
        caption: "v2 · current: 1 run (maxTokens 1400)",
        head: ["Model", "Date", "Total", ...steps, "Truncated"],
        rows: [["test-only/stub-complete", "2026-01-02", "1.00", ...Array(6).fill("✓ pass"), "no"]],
      },
      {
        caption: "v1: 1 run (maxTokens 400)",
        head: ["Model", "Date", "Total", ...steps, "Truncated"],
        // Truncated: recorded, not scored. No step is shown as failed, the total is not a score.
        rows: [
          [
            "test-only/stub-truncated",
            "2026-01-01",
            "not scored",
            ...Array(6).fill("—"),
            "yes (finish reason “length”)",
          ],
        ],
      },
    ]);
    const truncatedRow = page.locator("table.probe-runs tbody tr").last();
    expect(await truncatedRow.locator(".outcome-fail").count()).toBe(0);
    expect(await truncatedRow.innerText()).not.toMatch(/fail|0\.\d\d/);
    expect(
      await page.locator("table.probe-runs time").evaluateAll((times) => times.map((t) => t.getAttribute("datetime"))),
    ).toEqual(["2026-01-02T09:00:00.000Z", "2026-01-01T09:00:00.000Z"]);

    expect(site.problems).toEqual([]);
  });

  it("carries exactly one schema.org Dataset JSON-LD script naming the probe", async () => {
    const page = await cleanPage();
    await page.goto("/probes/six-step-chain");
    await page.locator(".probe-results").waitFor();
    const scripts = page.locator('script[type="application/ld+json"]');
    expect(await scripts.count()).toBe(1);
    const jsonLd = JSON.parse((await scripts.first().textContent()) ?? "") as Record<string, unknown>;
    expect(jsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Dataset",
      "name": title,
      "version": "v2",
      "url": `${site.origin}/probes/six-step-chain`,
      "temporalCoverage": "2026-01-01T09:00:00.000Z/2026-01-02T09:00:00.000Z",
      "size": "2 recorded runs",
    });
    expect((jsonLd.variableMeasured as {name: string}[]).map((v) => v.name)).toHaveLength(6);
    expect(site.problems).toEqual([]);
  });

  it("at 390 px, stacks the results tables: nothing cut off, every cell labelled with its column", async () => {
    const page = await cleanPage();
    await page.setViewportSize({width: 390, height: 900});
    await page.goto("/probes/six-step-chain");
    await page.locator("table.probe-runs").first().waitFor();
    expect(await page.locator(".probe-results table.stack").count()).toBe(2);
    expect(await tableProblems(page, ".probe-results table")).toEqual([]);
    expect(await tableProblems(page)).toEqual([]);
    await saveScreen(page.locator(".probe-results"), "probe-runs-results-390");
    expect(site.problems).toEqual([]);
  });
});
