// No reply can freeze a command: a hostile reply for every rule of every probe version, 100,000 characters, through
// both commands that score replies (probes:score, and probes:run), called in process, and a new version whose
// pattern is a sixth-degree polynomial for a backtracking engine. probes:run is given each reply in memory (the
// stub's handler without the network, helpers.ts memoryFetch), and one of each version through a stub endpoint on
// 127.0.0.1. Nothing here measures time: each command must finish and say the same as the scorer in this process.
import {readdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {contentHash} from "../../../lib/probes/hash.node.js";
import {hostileReply} from "./hostile-replies.js";
import {loadProbes} from "../../../lib/probes/load.node.js";
import type {ProbeVersion} from "../../../lib/probes/schema.node.js";
import {scoreBoth} from "../../../lib/probes/score.js";
import type {CallWorld} from "../../../lib/node/model-cli.js";
import {probesCheck} from "../../../scripts/probes-check.js";
import {probesRun} from "../../../scripts/probes-run.js";
import {probesScore} from "../../../scripts/probes-score.js";
import {projectRoot} from "../../../scripts/copy-project.js";
import {runCommand} from "../../cli/run.js";
import {completion, memoryFetch, stubEndpoint, tempRoot, type Handler} from "./helpers.js";

const length = 100_000;
const key = "sk-hostile-Q7r2Zp9LwXc4";

const stub = stubEndpoint();

const {probes} = loadProbes(projectRoot);
const cases = probes.flatMap(({probe, versions}) =>
  versions.flatMap(({data}) => data.rules.map((rule) => ({probe, version: data, rule}))),
);

/** probes:run of a case's version on a model named by its rule, against a base url, in the world given. */
const run = (
  root: string,
  baseUrl: string,
  {probe, version, rule}: (typeof cases)[number],
  world: Partial<CallWorld> = {},
) =>
  runCommand(
    (args, io) => probesRun(args, io, world),
    [probe, "--version", version.version, "--model", `test-only/${rule.id}`, "--base-url", baseUrl, "--root", root],
    {env: {OPENROUTER_API_KEY: key}},
  );

/**
 * Every rule of every version file, read from the files themselves and not through the loader, and every version
 * data/probes/hashes.json releases: what the cases must cover.
 */
function rulesInTheFiles(): {rules: string[]; released: string[]} {
  const dir = join(projectRoot, "data/probes");
  const rules = readdirSync(dir, {withFileTypes: true})
    .filter((entry) => entry.isDirectory())
    .flatMap(({name: probe}) =>
      readdirSync(join(dir, probe))
        .filter((file) => /^v[1-9][0-9]*\.json$/.test(file))
        .flatMap((file) => {
          const version = JSON.parse(readFileSync(join(dir, probe, file), "utf8")) as {rules: {id: string}[]};
          return version.rules.map((rule) => `${probe} ${file.replace(/\.json$/, "")} ${rule.id}`);
        }),
    );
  const hashes = JSON.parse(readFileSync(join(dir, "hashes.json"), "utf8")) as Record<string, Record<string, string>>;
  const released = Object.entries(hashes).flatMap(([probe, versions]) =>
    Object.keys(versions).map((version) => `${probe} ${version}`),
  );
  return {rules, released};
}

describe("a 100,000-character hostile reply for every rule of every version", () => {
  it("has a case for every rule of every version file, and every released version", () => {
    const {rules, released} = rulesInTheFiles();
    const covered = cases.map(({probe, version, rule}) => `${probe} ${version.version} ${rule.id}`);
    expect(covered.sort()).toEqual(rules.sort());
    expect([...new Set(cases.map(({probe, version}) => `${probe} ${version.version}`))].sort()).toEqual(
      released.sort(),
    );
    // The case study's probe alone has two versions of six rules.
    expect(covered.length).toBeGreaterThanOrEqual(12);
  });

  it("probes:score finishes on each and gives the scorer's result", async () => {
    for (const {probe, version, rule} of cases) {
      const reply = hostileReply(rule, length);
      const run = await runCommand(probesScore, [probe, "--version", version.version, "--json"], {input: reply});
      expect([rule.id, run.stderr]).toEqual([rule.id, ""]);
      expect(run.code).toBe(1); // a hostile reply never passes every step
      const {strict, loose} = JSON.parse(run.stdout) as ReturnType<typeof scoreBoth>;
      expect({strict, loose}).toEqual(scoreBoth(version.rules, reply));
    }
  });

  /** The endpoint's answer for a case: its hostile reply, from a model the run does not name. */
  const answer = ({rule}: (typeof cases)[number]): Handler =>
    completion({content: hostileReply(rule, length), model: "test-only/stub-model"});

  it("probes:run finishes on each, the endpoint's answer given in memory, and records the run", async () => {
    const root = tempRoot();
    const queue: Handler[] = [];
    const fetch = memoryFetch(queue);
    // One at a time: each call is answered with its own reply.
    for (const each of cases) {
      queue.push(answer(each));
      const result = await run(root, "http://127.0.0.1:9/api/v1", each, {fetch});
      expect([each.rule.id, result.code, result.stderr]).toEqual([each.rule.id, 0, ""]);
    }
    const recorded = cases.map(({probe, version}) => readdirSync(join(root, "data/runs", probe, version.version)));
    expect(new Set(recorded.flat()).size).toBe(cases.length);
  });

  it("probes:run finishes on one of each version, from a stub endpoint on 127.0.0.1, and records the run", async () => {
    const root = tempRoot();
    const ofEachVersion = cases.filter(
      (each, index) => cases.findIndex((first) => first.version === each.version) === index,
    );
    expect(ofEachVersion.map(({probe, version}) => `${probe} ${version.version}`)).toEqual(
      rulesInTheFiles().released.sort(),
    );
    for (const each of ofEachVersion) {
      stub.queue.push(answer(each));
      const result = await run(root, stub.baseUrl, each);
      expect([each.rule.id, result.code, result.stderr]).toEqual([each.rule.id, 0, ""]);
    }
    expect(stub.seen).toHaveLength(ofEachVersion.length);
    const recorded = ofEachVersion.map(({probe, version}) =>
      readdirSync(join(root, "data/runs", probe, version.version)),
    );
    expect(recorded.map((files) => files.length)).toEqual(ofEachVersion.map(() => 1));
  });
});

/** v2 with one rule's pattern changed and the changelog saying so, as the next version. */
function nextVersion(root: string, rule: number, pattern: string): string {
  const dir = join(root, "data/probes/six-step-chain");
  const v2 = JSON.parse(readFileSync(join(dir, "v2.json"), "utf8")) as ProbeVersion;
  const v3 = {...v2, version: "v3", changelog: `v3 — rules[${rule}] rewritten.`};
  v3.rules = v2.rules.map((r, i) => (i === rule ? {...r, pattern} : r));
  writeFileSync(join(dir, "v3.json"), `${JSON.stringify(v3, null, 2)}\n`);
  const hashesFile = join(root, "data/probes/hashes.json");
  const hashes = JSON.parse(readFileSync(hashesFile, "utf8")) as Record<string, Record<string, string>>;
  hashes["six-step-chain"]!.v3 = contentHash(v3);
  writeFileSync(hashesFile, `${JSON.stringify(hashes, null, 2)}\n`);
  return "data/probes/six-step-chain/v3.json";
}

describe("a new version", () => {
  // Step 2 with its [\s\S]* tripled and doubled: the same language, a sixth-degree polynomial when backtracking.
  const sixthDegree = "-\\s*Jupiter[\\s\\S]*[\\s\\S]*[\\s\\S]*-\\s*Saturn[\\s\\S]*[\\s\\S]*-\\s*Uranus";

  it("with a sixth-degree polynomial pattern passes probes:check and scores a hostile reply like v2", async () => {
    const root = tempRoot();
    nextVersion(root, 1, sixthDegree);
    const check = await runCommand(probesCheck, ["--root", root]);
    expect(check.stderr).toBe(""); // no warning, no error
    expect(check.code).toBe(0);
    expect(check.stdout).toContain(
      "ok data/probes/six-step-chain/v3.json: 6 rules, 6 worked examples score as declared",
    );

    const reply = hostileReply({pattern: sixthDegree}, length);
    const [v2, v3] = await Promise.all(
      ["v2", "v3"].map((version) =>
        runCommand(probesScore, ["six-step-chain", "--version", version, "--json", "--root", root], {input: reply}),
      ),
    );
    expect(v3!.stderr).toBe("");
    const outcomes = (run: {stdout: string}) =>
      (JSON.parse(run.stdout) as ReturnType<typeof scoreBoth>).strict.rules.map((r) => r.outcome);
    expect(outcomes(v3!)).toEqual(["fail", "fail", "fail", "pass", "fail", "fail"]);
    expect(outcomes(v3!)).toEqual(outcomes(v2!));
  });

  it("with a backreference is refused by probes:check with the file and the field", async () => {
    const root = tempRoot();
    const file = nextVersion(root, 2, "(COUNT):\\s*3\\b\\s*\\1?");
    const check = await runCommand(probesCheck, ["--root", root]);
    expect(check.code).toBe(1);
    expect(check.stderr.split("\n")).toContain(
      `${file} at rules[2].pattern: not supported by the linear-time engine (RE2 syntax): backreference \\1`,
    );
  });
});
