import {describe, expect, it} from "vitest";
import {checkExamples} from "../../../lib/probes/check.js";
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {loadHashes, loadProbes, probeFolders, probePages} from "../../../lib/probes/load.node.js";
import {scoreRule} from "../../../lib/probes/score.js";
import {fieldPath, formatProblem, type Problem} from "../../../lib/authored/problems.js";
import type {ProbeVersion} from "../../../lib/probes/schema.node.js";
import {tempRoot, threeWordsFile, threeWordsRoot} from "./helpers.js";

const fixture = (name: string) => `test/fixtures/probes/${name}`;
/** Problems as probes:check prints them. */
const lines = (problems: Problem[]) => problems.map(formatProblem);

describe("loadProbes on the real data", () => {
  it("loads both versions of six-step-chain with no errors", () => {
    const loaded = loadProbes(".");
    expect(loaded.problems).toEqual([]);
    expect(loaded.probes.map((p) => [p.probe, p.versions.map((v) => v.data.version)])).toEqual([
      ["six-step-chain", ["v1", "v2"]],
    ]);
    // No polynomial-backtracking warning any more: every pattern runs on the linear-time engine.
    expect(loaded.warnings).toEqual([]);
  });

  it("v1 and v2 differ only in maxTokens and the changelog line", () => {
    const [v1, v2] = loadProbes(".").probes[0]!.versions;
    expect(v1!.data.parameters).toEqual({maxTokens: 400, temperature: 0});
    expect(v2!.data.parameters).toEqual({maxTokens: 1400, temperature: 0});
    const strip = ({version: _v, parameters: _p, changelog: _c, ...rest}: ProbeVersion) => rest;
    expect(strip(v1!.data)).toEqual(strip(v2!.data));
  });
});

it("a pattern that backtracks exponentially in JavaScript loads, and scores a hostile reply at once", () => {
  const loaded = loadProbes(fixture("exponential"));
  expect([loaded.problems, loaded.warnings]).toEqual([[], []]);
  const rule = loaded.probes[0]!.versions[0]!.data.rules[2]!;
  expect(rule.pattern).toBe("COUNT:(\\s*\\w+\\s?)*$");
  // JavaScript's RegExp takes about 2^n steps on this; the linear-time engine reads it once.
  const hostile = `COUNT:${"a".repeat(100_000)}!`;
  expect(scoreRule(rule, hostile)).toEqual({id: rule.id, step: 3, mode: "must-match", outcome: "fail", span: null});
  expect(scoreRule(rule, "COUNT: 3 items").span).toEqual({start: 0, end: 14, text: "COUNT: 3 items"});
});

describe("broken probe files fail with file and field", () => {
  it("a pattern that does not compile", () => {
    expect(lines(loadProbes(fixture("bad-regex")).problems)).toMatchInlineSnapshot(`
      [
        "data/probes/six-step-chain/v1.json at rules[3].pattern: invalid regular expression: /pluto(/i: unterminated group",
      ]
    `);
  });

  it("a worked example that cites an unknown rule", () => {
    expect(lines(loadProbes(fixture("unknown-rule")).problems)).toMatchInlineSnapshot(`
      [
        "data/probes/six-step-chain/v1.json at examples[2].expected: unknown rule "step_4_no_neptune"",
      ]
    `);
  });

  const unsupported = "data/probes/six-step-chain/v1.json at rules[2].pattern: not supported by the linear-time engine";

  it("a backreference, which the linear-time engine cannot run", () => {
    expect(lines(loadProbes(fixture("backreference")).problems)).toEqual([
      `${unsupported} (RE2 syntax): backreference \\1`,
    ]);
  });

  it("a lookahead, which the linear-time engine cannot run", () => {
    expect(lines(loadProbes(fixture("lookahead")).problems)).toEqual([`${unsupported} (RE2 syntax): lookahead (?!`]);
  });

  it("a pattern written between slashes, whose slashes would be matched as text", () => {
    const root = threeWordsRoot((v) => {
      v.rules[1].pattern = "/[A-Z]/";
    });
    expect(lines(loadProbes(root).problems)).toEqual([
      `${threeWordsFile} at rules[1].pattern: written between slashes, which would be matched as text: ` +
        'write the pattern bare, "[A-Z]"; a slash to match at either end is written \\/',
    ]);
  });

  it("a step whose guidelineRule is no rule of the current guideline, listing the rules it may name", () => {
    const root = threeWordsRoot((v) => {
      v.rules[0].guidelineRule = "number";
    });
    expect(lines(loadProbes(root).problems)).toEqual([
      `${threeWordsFile} at rules[0].guidelineRule: no rule "number" in the current guideline, ` +
        "guideline/v2/guideline.yaml: use one of its rule ids: not-rated, main-task, stated-constraints, " +
        "list-stated-only, standing-instructions, pasted-material, numbers, size-words, purpose, style-register, " +
        "only-just, clarifying-question, main-task-partial, conflicting, refusal",
    ]);
    // As written in the fixture, "numbers", it names a rule: the second probe loads whole.
    expect(loadProbes(threeWordsRoot())).toMatchObject({problems: [], warnings: []});
  });

  it("holds only a probe's newest version to the current guideline: an older one is released and cannot change", () => {
    // v1 names a rule the guideline no longer has; v2, its newest version, names "numbers".
    const root = threeWordsRoot((v) => {
      v.rules[0].guidelineRule = "retired-rule";
    });
    const v1 = JSON.parse(readFileSync(join(root, threeWordsFile), "utf8")) as {rules: object[]};
    const v2File = threeWordsFile.replace("v1.json", "v2.json");
    const writeV2 = (rule: string) =>
      writeFileSync(
        join(root, v2File),
        JSON.stringify({...v1, version: "v2", rules: v1.rules.map((r, i) => (i ? r : {...r, guidelineRule: rule}))}),
      );
    writeV2("numbers");
    expect(loadProbes(root).problems).toEqual([]);
    writeV2("retired-rule");
    expect(loadProbes(root).problems.map(({file, field}) => `${file} at ${field}`)).toEqual([
      `${v2File} at rules[0].guidelineRule`,
    ]);
  });

  it("missing fields", () => {
    expect(lines(loadProbes(fixture("missing-field")).problems)).toMatchInlineSnapshot(`
      [
        "data/probes/six-step-chain/v1.json at rules[0].pattern: missing: expected string",
        "data/probes/six-step-chain/v1.json at changelog: missing: expected string",
      ]
    `);
  });

  it("an example whose declared outcome the scorer contradicts", () => {
    const loaded = loadProbes(fixture("wrong-declaration"));
    expect(loaded.problems).toEqual([]);
    const version = loaded.probes[0]!.versions[0]!;
    expect(lines(checkExamples(version.file, version.data))).toMatchInlineSnapshot(`
      [
        "data/probes/six-step-chain/v1.json at examples[1]: the correct answer scores 0.83, not 1.00 (example "added a helpful closing line after END — step 6")",
        "data/probes/six-step-chain/v1.json at examples[1].total: declared 1.00, scored 0.83 (example "added a helpful closing line after END — step 6")",
        "data/probes/six-step-chain/v1.json at examples[1].expected.step_6_ends_with_marker: declared pass, scored fail (example "added a helpful closing line after END — step 6")",
      ]
    `);
  });

  it("a total with more than two decimals: said as written, with the two-decimal total to write", () => {
    // 5 of 6 rules pass: 0.8333…, published as 0.83. Declared 0.833, it was said "declared 0.83, scored 0.83".
    const version = loadProbes(fixture("wrong-declaration")).probes[0]!.versions[0]!;
    const examples = version.data.examples.map((example, index) =>
      index === 1 ? {...example, kind: "rejected" as const, total: 0.833} : example,
    );
    const problems = checkExamples(version.file, {...version.data, examples});
    expect(problems.find((problem) => problem.field === "examples[1].total")?.message).toBe(
      'declared 0.833, which has more than two decimals: write 0.83, the total it scores, to two decimals (example "added a helpful closing line after END — step 6")',
    );
  });
});

it("writes probe fields as written in the file, with lib/authored/problems.ts", () => {
  expect(fieldPath(["rules", 3, "pattern"])).toBe("rules[3].pattern");
  expect(fieldPath([])).toBe("");
});

it("every probe step cites a rule that exists in the current guideline (guideline/v2)", async () => {
  const {readFileSync} = await import("node:fs");
  const {parse} = await import("yaml");
  const guideline = parse(readFileSync("guideline/v2/guideline.yaml", "utf8")) as {rules: {id: string}[]};
  const ids = new Set(guideline.rules.map((rule) => rule.id));
  const cited = loadProbes(".").probes.flatMap((p) =>
    p.versions.flatMap((v) => v.data.rules.map((r) => r.guidelineRule)),
  );
  expect(cited.filter((id) => !ids.has(id))).toEqual([]);
  expect(new Set(cited)).toEqual(new Set(["stated-constraints", "main-task", "only-just"]));
});

describe("the probe folders", () => {
  it("are scanned once for the loader and the navigation: version files in order, strays apart", () => {
    const root = mkdtempSync(join(tmpdir(), "probe-folders-"));
    try {
      mkdirSync(join(root, "data/probes/b-probe"), {recursive: true});
      mkdirSync(join(root, "data/probes/a-probe"), {recursive: true});
      mkdirSync(join(root, "data/probes/empty"), {recursive: true});
      writeFileSync(join(root, "data/probes/b-probe/v10.json"), JSON.stringify({title: "Tenth"}));
      writeFileSync(join(root, "data/probes/b-probe/v2.json"), JSON.stringify({title: "Second"}));
      writeFileSync(join(root, "data/probes/b-probe/notes.txt"), "");
      writeFileSync(join(root, "data/probes/a-probe/v1.json"), "not json");
      expect(probeFolders(root)).toEqual([
        {probe: "a-probe", names: ["v1"], strays: []},
        {probe: "b-probe", names: ["v2", "v10"], strays: ["notes.txt"]},
        {probe: "empty", names: [], strays: []},
      ]);
      // A page per folder with versions, titled by the newest file; a broken file falls back to the folder's name.
      expect(probePages(root)).toEqual([
        {probe: "a-probe", title: "a-probe"},
        {probe: "b-probe", title: "Tenth"},
      ]);
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  });
});

describe("a probe file is read as an authored file: capped, a regular file, UTF-8", () => {
  // docs/guideline-authors.md (When an authored file is wrong): every authored file is held to the limits of
  // lib/authored/limits.ts, checked before a parser sees it; a probe file is at most 256 kB.
  const v3 = "data/probes/six-step-chain/v3.json";

  it("a version file past 256 kB is refused by its size, unread", () => {
    const root = tempRoot();
    writeFileSync(join(root, v3), `{"padding": "${"x".repeat(256_000)}"}`);
    expect(lines(loadProbes(root).problems)).toEqual([
      `${v3}: larger than 256 kB, the most a probe file may hold: shorten it`,
    ]);
    // The site's navigation names the probe by its folder then, and reads no more of the file than the loader.
    expect(probePages(root)).toEqual([{probe: "six-step-chain", title: "six-step-chain"}]);
  });

  it("hashes.json past 256 kB is refused the same way", () => {
    const root = tempRoot();
    writeFileSync(join(root, "data/probes/hashes.json"), `{"x": "${"x".repeat(256_000)}"}`);
    const report = {problems: [], warnings: []};
    loadHashes(root, report);
    expect(lines(report.problems)).toEqual([
      "data/probes/hashes.json: larger than 256 kB, the most a probe file may hold: shorten it",
    ]);
  });

  it("a folder where a version file should be is refused as not a file (a named pipe too: test/lib/read-file)", () => {
    const root = tempRoot();
    mkdirSync(join(root, v3));
    expect(lines(loadProbes(root).problems)).toEqual([`${v3}: not a regular file: put the file itself there`]);
  });

  it("a version file that is not UTF-8 is refused with its line", () => {
    const root = tempRoot();
    writeFileSync(join(root, v3), Buffer.from('{\n"title": "caf\xe9"\n}', "latin1"));
    expect(lines(loadProbes(root).problems)).toEqual([`${v3}: not valid UTF-8 (line 2): save it as UTF-8`]);
  });
});
