import {expect, it} from "vitest";
import {loadProbes} from "../../../lib/probes/load.node.js";
import type {Run} from "../../../lib/probes/schema.node.js";
import {datasetJsonLd, probeView, promptSteps, replyPlaceholder} from "../../../lib/probes/view.js";

const [probe] = loadProbes(".").probes;
const versions = probe!.versions;
/** A second probe, of three steps on a one-line question (test/fixtures/probes/three-words). */
const threeWords = loadProbes("test/fixtures/probes/three-words").probes[0]!.versions[0]!.data;

it("counts each probe's own steps for the page's words, never the six-step probe's", () => {
  expect(promptSteps(versions[1]!.data)).toBe("six steps");
  expect(promptSteps(threeWords)).toBe("three steps");
  expect(promptSteps({rules: [{step: 1}]})).toBe("one step");
});

it("gives the reply box the start of the probe's own correct example, or a neutral placeholder", () => {
  // six-step-chain's correct example: BEGIN-7731, - Jupiter, then five lines more.
  expect(replyPlaceholder(versions[1]!.data)).toBe("BEGIN-7731\n- Jupiter\n…");
  // three-words' correct example is the one line "it is blue".
  expect(replyPlaceholder(threeWords)).toBe("it is blue");
  expect(replyPlaceholder({examples: [{kind: "rejected", text: "It is blue."}]})).toBe("A model's reply, or your own");
  expect(replyPlaceholder({examples: [{kind: "correct", text: " "}]})).toBe("A model's reply, or your own");
});

it("keeps the titles of the guideline rules its steps name, and no other", () => {
  const titles = {"main-task": "The main task", "numbers": "Numbers", "only-just": '"Only" and "just"'};
  const view = probeView("six-step-chain", versions, [], titles);
  // six-step-chain's steps name main-task, stated-constraints and only-just; numbers is named by none.
  expect(view.ruleTitles).toEqual({"main-task": "The main task", "only-just": '"Only" and "just"'});
  expect(probeView("six-step-chain", versions, []).ruleTitles).toEqual({});
});

it("gives every version its examples scored by the real scorer and its own curl text", () => {
  const view = probeView("six-step-chain", versions, []);
  expect(view.current).toBe("v2");
  expect(view.versions.map((v) => v.examples.map((e) => e.score.strict.total.toFixed(2)))).toEqual([
    ["1.00", "0.83", "0.83", "0.83", "0.83", "0.83"],
    ["1.00", "0.83", "0.83", "0.83", "0.83", "0.83"],
  ]);
  expect(view.versions[0]!.curl).toContain('"max_tokens": 400');
  expect(view.versions[1]!.curl).toContain('"max_tokens": 1400');
});

it("carries Dataset structured data only when there are runs, and a run only on its own version", () => {
  expect(
    datasetJsonLd(probeView("six-step-chain", versions, []), "https://example.test/probes/six-step-chain"),
  ).toBeNull();
  // A made-up run record, for this unit test only; nothing like it is written to data/runs.
  const run: Run = {
    probe: "six-step-chain",
    version: "v1",
    versionHash: versions[0]!.hash,
    model: "example/model",
    servedBy: null,
    endpoint: "http://127.0.0.1:1/v1/chat/completions",
    startedAt: "2026-08-10T12:00:00.000Z",
    finishedAt: "2026-08-10T12:00:02.000Z",
    parameters: {maxTokens: 400, temperature: 0},
    reply: "",
    replyBytes: 0,
    oversized: false,
    finishReason: "length",
    truncated: true,
    usage: {promptTokens: 1, completionTokens: 400, reasoningTokens: 400, totalTokens: 401},
    score: null,
  };
  const view = probeView("six-step-chain", versions, [{...run, reply: "a reply the page never shows"}]);
  expect(view.versions.map((v) => v.runs.length)).toEqual([1, 0]);
  // The page shows scores, not replies: its data holds no reply (an oversized one would weigh megabytes).
  expect(view.versions[0]!.runs[0]).toEqual({
    model: "example/model",
    servedBy: null,
    startedAt: "2026-08-10T12:00:00.000Z",
    finishReason: "length",
    truncated: true,
    oversized: false,
    usage: run.usage,
    score: null,
  });
  expect(JSON.stringify(view)).not.toContain("a reply the page never shows");
  expect(datasetJsonLd(view, "https://example.test/probes/six-step-chain")).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Dataset",
    "name": "Follow a six-step instruction chain without dropping a step",
    "size": "1 recorded run",
  });
});
