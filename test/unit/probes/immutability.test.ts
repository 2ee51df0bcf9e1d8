import {cpSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {canonicalJson, contentHash} from "../../../lib/probes/hash.node.js";
import {checkProbes} from "../../../lib/probes/check-probes.node.js";
import {loadRuns} from "../../../lib/probes/load-runs.node.js";
import {checkHashes, loadHashes, loadProbes, type Report} from "../../../lib/probes/load.node.js";
import {formatProblem} from "../../../lib/authored/problems.js";
import {editJson, tempRoot, writeRunFile} from "./helpers.js";

function check(root: string): string[] {
  const loaded = loadProbes(root);
  const report: Report = {problems: [...loaded.problems], warnings: []};
  const hashes = loadHashes(root, report);
  if (hashes) checkHashes(loaded.probes, hashes, report);
  return report.problems.map(formatProblem);
}

const v1File = "data/probes/six-step-chain/v1.json";

describe("released versions are immutable", () => {
  it("every version file in the repository matches its released hash", () => {
    expect(check(".")).toEqual([]);
  });

  it("a changed parameter in a released version fails", () => {
    const root = tempRoot();
    editJson(root, v1File, (json) => (json.parameters.maxTokens = 1400));
    const released = (
      JSON.parse(readFileSync("data/probes/hashes.json", "utf8")) as Record<string, Record<string, string>>
    )["six-step-chain"]!["v1"]!;
    expect(check(root)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^data/probes/six-step-chain/v1\\.json: content changed after release \\(sha256 [0-9a-f]{12}, ` +
            `released ${released.slice(0, 12)}\\): put the change in a new version$`,
        ),
      ),
    ]);
  });

  it("a one-character change to a rule's pattern fails", () => {
    const root = tempRoot();
    editJson(root, v1File, (json) => (json.rules[2].pattern = "COUNT:\\s*3"));
    expect(check(root)).toHaveLength(1);
  });

  it("reformatting the file (whitespace, key order) does not count as a change", () => {
    const root = tempRoot();
    const json = JSON.parse(readFileSync(join(root, v1File), "utf8"));
    const reordered = Object.fromEntries(Object.entries(json).reverse());
    writeFileSync(join(root, v1File), JSON.stringify(reordered));
    expect(check(root)).toEqual([]);
  });

  it("a new version must be released with its hash", () => {
    const root = tempRoot();
    cpSync(join(root, "data/probes/six-step-chain/v2.json"), join(root, "data/probes/six-step-chain/v3.json"));
    editJson(root, "data/probes/six-step-chain/v3.json", (json) => (json.version = "v3"));
    const errors = check(root);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^data\/probes\/six-step-chain\/v3\.json: not released: add "v3": "[0-9a-f]{64}"/);
    expect(errors[0]).toMatch(/ under "six-step-chain" in data\/probes\/hashes\.json$/);
  });

  it("a new version whose examples fail is not offered its release line until they pass", () => {
    // A probe author's walk: the release line came first, and once released a typo in the example could not be
    // mended in that version.
    const root = tempRoot();
    const v3 = "data/probes/six-step-chain/v3.json";
    cpSync(join(root, "data/probes/six-step-chain/v2.json"), join(root, v3));
    editJson(root, v3, (json) => {
      json.version = "v3";
      json.examples[1].total = 0.8;
    });
    const problems = checkProbes(root).problems.map(formatProblem);
    expect(problems).toEqual([
      expect.stringMatching(/^data\/probes\/six-step-chain\/v3\.json at examples\[1\]\.total: declared 0\.80, scored /),
    ]);
    editJson(
      root,
      v3,
      (json) =>
        (json.examples[1].total = JSON.parse(
          readFileSync(join(root, "data/probes/six-step-chain/v2.json"), "utf8"),
        ).examples[1].total),
    );
    expect(checkProbes(root).problems.map(formatProblem)).toEqual([
      expect.stringMatching(/^data\/probes\/six-step-chain\/v3\.json: not released: add "v3": "[0-9a-f]{64}"/),
    ]);
  });

  it("a released version cannot disappear", () => {
    const root = tempRoot();
    rmSync(join(root, v1File));
    expect(check(root)).toMatchInlineSnapshot(`
      [
        "data/probes/six-step-chain/v2.json: versions must be numbered without gaps: expected v1",
        "data/probes/hashes.json at six-step-chain.v1: released version has no valid file data/probes/six-step-chain/v1.json",
      ]
    `);
  });

  it("hashes canonical content", () => {
    expect(canonicalJson({b: [1, {d: 1, c: 2}], a: "x"})).toBe('{"a":"x","b":[1,{"c":2,"d":1}]}');
    expect(contentHash({a: 1, b: 2})).toBe(contentHash({b: 2, a: 1}));
    expect(contentHash({a: 1})).not.toBe(contentHash({a: 2}));
  });
});

describe("runs stay with the version that produced them", () => {
  const run = (version: string, versionHash: string) => ({
    probe: "six-step-chain",
    version,
    versionHash,
    model: "example/model",
    servedBy: null,
    endpoint: "http://127.0.0.1:1/v1/chat/completions",
    startedAt: "2026-08-10T12:00:00.000Z",
    finishedAt: "2026-08-10T12:00:01.000Z",
    parameters: {maxTokens: 1400, temperature: 0},
    // Cut off by the token limit, so unscored: a complete reply must carry its score (lib/probes/check.ts).
    reply: "x",
    finishReason: "length",
    truncated: true,
    usage: {promptTokens: 1, completionTokens: 1, reasoningTokens: null, totalTokens: 2},
    score: null,
  });

  it("a run whose hash is another version's is refused", () => {
    const root = tempRoot();
    const hashes = JSON.parse(readFileSync(join(root, "data/probes/hashes.json"), "utf8"));
    writeRunFile(root, run("v2", hashes["six-step-chain"].v1), "a.json");
    writeRunFile(root, run("v2", hashes["six-step-chain"].v2), "b.json");
    const loaded = loadProbes(root);
    const report: Report = {problems: [], warnings: []};
    const runs = loadRuns(root, loaded.probes, report);
    expect(runs.map((r) => r.file)).toEqual(["data/runs/six-step-chain/v2/b.json"]);
    expect(report.problems.map(formatProblem)).toMatchInlineSnapshot(`
      [
        "data/runs/six-step-chain/v2/a.json at versionHash: does not match data/probes/six-step-chain/v2.json: a run stays with the content that produced it",
      ]
    `);
  });
});
