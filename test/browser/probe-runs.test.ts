// The probe page with recorded runs, in Chromium. No real run exists yet (and none is ever invented in the
// project's data/runs/), so this test records two test-only runs in a temporary copy of the project, the
// way `npm run probes:run` does (the real runner core with a stub fetch, then writeRun), builds the copy
// and reads the page: a results table per version, the truncated run marked and not scored, and schema.org
// Dataset JSON-LD, which the real site (no runs) must not carry.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {loadProbes} from "../../lib/probes/load.node.js";
import type {FetchLike, Sleep} from "../../lib/probes/endpoint-call.js";
import {runProbe} from "../../lib/probes/runner.js";
import {writeRun} from "../../lib/probes/runs.node.js";
import {Run} from "../../lib/probes/schema.node.js";
import {projectRoot} from "../../scripts/copy-project.js";
import {axeViolations} from "./axe.js";
import {useBuiltCopy} from "./helpers.js";
import {tableProblems} from "./stacked-tables.js";

const correct = "BEGIN-7731\n- Jupiter\n- Saturn\n- Uranus\nCOUNT: 3\nCHECKSUM: 6\nEND-7731";
/** Cut off by v1's 400-token budget: the first steps are there, the end marker never came. */
const cutOff = "BEGIN-7731\n- Jupiter\n- Saturn\n- Ura";
const title = "Follow a six-step instruction chain without dropping a step";
const stubEndpoint = "http://127.0.0.1:9/test-only-stub/v1/chat/completions";

/** A chat-completions answer, without a network: the runner's fetch is passed in. */
const stubFetch =
  (content: string, finishReason: string): FetchLike =>
  async () =>
    new Response(
      JSON.stringify({
        id: "gen-test-only",
        model: "test-only/stub-model",
        choices: [{index: 0, finish_reason: finishReason, message: {role: "assistant", content}}],
        usage: {
          prompt_tokens: 120,
          completion_tokens: finishReason === "length" ? 400 : 30,
          total_tokens: finishReason === "length" ? 520 : 150,
        },
      }),
      {status: 200, headers: {"content-type": "application/json"}},
    );
/** The stub answers at once: the runner's timeout (a sleep with a signal) only ends when the runner aborts it. */
const sleep: Sleep = (_ms, signal) =>
  new Promise((done) => {
    if (signal) signal.addEventListener("abort", () => done());
    else done();
  });

const written: string[] = [];

/** Records one run in the copy through the real runner core and writeRun, as `npm run probes:run` does. */
async function recordRun(
  copy: string,
  version: "v1" | "v2",
  model: string,
  startedAt: string,
  content: string,
  finishReason: string,
): Promise<void> {
  const loaded = loadProbes(copy);
  expect(loaded.problems).toEqual([]);
  const target = loaded.probes
    .find((p) => p.probe === "six-step-chain")
    ?.versions.find((v) => v.data.version === version);
  if (!target) throw new Error(`no six-step-chain ${version} in the copy`);
  let clock = Date.parse(startedAt);
  const outcome = await runProbe({
    version: target.data,
    versionHash: target.hash,
    model,
    // No 8 characters of it in any recorded text: the runner refuses a run holding a piece of its key.
    apiKey: "k3y-f0r-the-browser-test",
    endpoint: stubEndpoint,
    fetch: stubFetch(content, finishReason),
    now: () => new Date((clock += 1000) - 1000),
    sleep,
  });
  if (!outcome.ok) throw outcome.error;
  written.push(writeRun(copy, outcome.run));
}

const {site, folder} = useBuiltCopy("rater-notebook-runs-", async (copy) => {
  await recordRun(copy, "v1", "test-only/stub-truncated", "2026-01-01T09:00:00.000Z", cutOff, "length");
  await recordRun(copy, "v2", "test-only/stub-complete", "2026-01-02T09:00:00.000Z", correct, "stop");
});

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
    expect(written.map((file) => file.replace(/\/[^/]+$/, ""))).toEqual([
      "data/runs/six-step-chain/v1",
      "data/runs/six-step-chain/v2",
    ]);
    const [truncated, complete] = written.map((file) =>
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
    const page = await site.newPage();
    await page.goto("/probes/six-step-chain");
    await page.locator(".probe-results").waitFor();
    await page.locator(".probe-results").screenshot({path: join(projectRoot, "test-results/probe-runs-results.png")});
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
    const page = await site.newPage();
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
    const page = await site.newPage();
    await page.setViewportSize({width: 390, height: 900});
    await page.goto("/probes/six-step-chain");
    await page.locator("table.probe-runs").first().waitFor();
    expect(await page.locator(".probe-results table.stack").count()).toBe(2);
    expect(await tableProblems(page, ".probe-results table")).toEqual([]);
    expect(await tableProblems(page)).toEqual([]);
    await page
      .locator(".probe-results")
      .screenshot({path: join(projectRoot, "test-results/probe-runs-results-390.png")});
    expect(site.problems).toEqual([]);
  });

  it("has no accessibility violations with the results tables", async () => {
    const page = await site.newPage();
    await page.goto("/probes/six-step-chain");
    await page.locator("table.probe-runs").first().waitFor();
    expect(await axeViolations(page, ".probe-results")).toEqual([]);
    expect(site.problems).toEqual([]);
  });
});
