// guideline:preview --write vN called in process on a temporary copy of the project's guideline/ and data/: it writes
// guideline/vN/, refuses to write over a released version, and what it writes is a version the other commands take:
// guideline:check --version vN, judge:run --guideline vN (against a stub endpoint) and the case editor's data.
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, describe, expect, it} from "vitest";
import {caseEditorData} from "../../lib/authoring/case-editor-data.node.js";
import {derive, ruleSetOf} from "../../lib/engine/derive.js";
import {loadGuideline, loadGuidelines, loadItems} from "../../lib/node/load.js";
import {siteData} from "../../lib/node/site-data.js";
import {guidelineCheck} from "../../scripts/guideline-check.js";
import {guidelinePreview} from "../../scripts/guideline-preview.js";
import {carefulReply, caseSet, judgeRun} from "../unit/judges/helpers.js";
import {completion, stubEndpoint} from "../unit/probes/helpers.js";
import {runCommand} from "./run.js";

const stub = stubEndpoint();
let roots: string[] = [];
afterEach(() => {
  for (const root of roots) rmSync(root, {recursive: true, force: true});
  roots = [];
});

/** A copy of the project's guideline versions, authored data and pages, to write into. */
function projectCopy(): string {
  const root = mkdtempSync(join(tmpdir(), "guideline-write-"));
  roots.push(root);
  for (const dir of ["guideline", "data", "src"]) cpSync(dir, join(root, dir), {recursive: true});
  return root;
}
const preview = (root: string, ...args: string[]) => runCommand(guidelinePreview, args, {root});

describe("guideline:preview --write", () => {
  it("writes guideline/v3/ from the candidate; v2 stays as it was; writing over a version is refused, naming it", async () => {
    const root = projectCopy();
    const before = readFileSync(join(root, "guideline/v2/logic.yaml"), "utf8");
    const written = await preview(root, "--set", "numbers.ceiling-needs-one=partly", "--write", "v3");
    expect(written.stderr).toBe("");
    expect(written.code).toBe(0);
    expect(written.stdout.split("\n")).toEqual([
      "wrote guideline/v3/guideline.yaml",
      "wrote guideline/v3/logic.yaml",
      "v3 changes v2:",
      "  Numbers, a ceiling with none delivered: not met → partly met",
      // Edge case 1a's numbers line (a ceiling, none delivered) turns partly met: its file, ruled 2, is ruled again.
      "under v3, 1 item scores otherwise: guideline:check fails on each until its file and v3 agree:",
      "  edge-1a  score 2 -> 3",
      "",
    ]);
    expect(readFileSync(join(root, "guideline/v2/logic.yaml"), "utf8")).toBe(before);
    const v3 = loadGuideline("v3", root);
    expect(v3.replaces).toBe("v2");
    expect(v3.changes).toEqual([
      {
        setting: "numbers.ceiling-needs-one=partly",
        words: "Numbers, a ceiling with none delivered: not met → partly met",
      },
    ]);
    // The new version is a candidate like any other: previewed against v2, it moves edge case 1a as the --set did.
    const again = await preview(root, "--base", "v2", "--candidate", "v3", "--json");
    expect((JSON.parse(again.stdout) as {moved: {id: string}[]}).moved.map((item) => item.id)).toEqual(["edge-1a"]);

    for (const version of ["v2", "v3"]) {
      const refused = await preview(root, "--set", "numbers.exact=partly", "--write", version);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toBe(
        `guideline:preview: --write: guideline/${version} is a released version and stays as it is: write the ` +
          "candidate as v4\n",
      );
    }
    expect(existsSync(join(root, "guideline/v4"))).toBe(false);
  });

  it("names each case whose line the written version rules otherwise, though no score moves", async () => {
    const root = projectCopy();
    const written = await preview(root, "--set", "registerBreak=partly", "--write", "v3");
    expect(written.code).toBe(0);
    // Example 3's "Formal" and edge case 10's twist's "In natural Swedish" are ruled not met (a register break);
    // counted partly met, their lines differ and their scores do not.
    expect(written.stdout).toContain(
      "under v3, 2 items keep their score but not a line's ruling: guideline:check fails on each until its file and v3 " +
        "agree:\n",
    );
    // Numbered from 1, as guideline:check numbers them ("Line 3, its verdict"): example 3's third line, the twist's
    // fourth.
    expect(written.stdout).toMatch(/^ {2}example-3 +line 3 style-register: ruled not-met -> partly/m);
    expect(written.stdout).toMatch(/^ {2}edge-10-twist +line 4 style-register: ruled not-met -> partly/m);
    // A change that rules every case as before says so: no worked case delivers more than a ceiling allows.
    const same = await preview(projectCopy(), "--set", "numbers.over-ceiling=partly", "--write", "v3");
    expect(same.stdout).toContain("every item's file agrees with v3: guideline:check passes\n");
    // A setting the version already has (numbers.exact is met in v2) is no change, as on /authors' address.
    const own = await preview(projectCopy(), "--set", "numbers.exact=met");
    expect(own.stdout.split("\n")[0]).toBe("base v2, candidate v2 unchanged: 33 items");
  });

  it("reads the written version against the items' files, not against the newest version, which may not agree", async () => {
    const root = projectCopy();
    // v3 leaves examples 2, 3 and 7 with no single score; their files are not ruled again. v4, written from v2 with the
    // same change, is then no change from v3, the newest: it still fails the check on the same three.
    expect((await preview(root, "--set", "counting=most-missed", "--write", "v3")).code).toBe(0);
    const v4 = await preview(root, "--candidate", "v2", "--set", "counting=most-missed", "--write", "v4");
    expect(v4.code).toBe(0);
    expect(v4.stdout).toContain(
      "under v4, 3 items score otherwise: guideline:check fails on each until its file and v4 agree:\n" +
        "  example-2  score 3 -> 3 or 2 (no single score: v4's logic must give it one)\n" +
        "  example-3  score 3 -> 3 or 2 (no single score: v4's logic must give it one)\n" +
        "  example-7  score 3 -> 3 or 2 (no single score: v4's logic must give it one)\n",
    );
    expect(v4.stdout).not.toContain("passes");
    const check = await runCommand(guidelineCheck, ["--version", "v4"], {root});
    expect(check.code).toBe(1);
    expect(check.stderr).toContain("guideline:check: 3 problems under guideline/v4");
  });

  it("says which rubric levels to reword when a change makes their words untrue: counting and levels 3 and 2", async () => {
    const root = projectCopy();
    const written = await preview(root, "--set", "counting=most-missed", "--write", "v3");
    expect(written.code).toBe(0);
    // Examples 2, 3 and 7 have exactly half of the other instructions missed, which "most-missed" leaves with no
    // single score (guideline-preview.test.ts): writing the version says so, each to be settled before the check.
    for (const id of ["example-2", "example-3", "example-7"])
      expect(written.stdout).toMatch(
        new RegExp(`^  ${id}  score \\d -> \\d or \\d \\(no single score: v3's logic must give it one\\)$`, "m"),
      );
    // guideline/v2's level 3 says "at least half of the other instructions met" and level 2 "fewer than half", which
    // "most-missed" does not count; --write keeps the rubric's words as they are.
    expect(written.stdout.trimEnd().split("\n").at(-1)).toBe(
      "The rubric's words for levels 3 and 2 describe counting, which this version changes; as its rows now read, " +
        "level 3 “some instructions missed” and level 2 “most instructions missed”. Reword them in " +
        "guideline/v3/guideline.yaml (saving rewords rules, not the rubric).",
    );
    expect(readFileSync(join(root, "guideline/v3/guideline.yaml"), "utf8")).toContain(
      "at least half of the other instructions met",
    );
  });

  it("guideline:check --version v3 takes it, naming the case whose ruling the change moves", async () => {
    const root = projectCopy();
    await preview(root, "--set", "numbers.ceiling-needs-one=partly", "--write", "v3");
    const check = await runCommand(guidelineCheck, ["--version", "v3"], {root});
    // Edge case 1a is ruled 2 (data/items/edge-1a.md); v3 scores it 3: the author re-rules it, or keeps v2's clause.
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/^FAIL edge-1a +ruled 2 +derived 3 /m);
    expect(check.stderr).toContain("under guideline/v3");

    // A change that moves no worked case passes the check outright.
    const quiet = projectCopy();
    const written = await preview(quiet, "--set", "conflicting.serves-one.flag=none", "--write", "v3");
    expect(written.code).toBe(0);
    const passed = await runCommand(guidelineCheck, ["--version", "v3"], {root: quiet});
    expect(passed.stderr.split("\n").filter((line) => !line.startsWith("warning: ") && line)).toEqual([]);
    expect(passed.code).toBe(0);
    expect(passed.stdout).toContain("under guideline/v3");
  });

  it("the build's data takes it as the current version: every data file made, v3 on the authors' page", async () => {
    const root = projectCopy();
    const written = await preview(root, "--set", "conflicting.serves-one.flag=none", "--write", "v3");
    expect(written.code).toBe(0);
    // What `npm run build` runs before Framework starts (its check of the authored data): a problem fails the build.
    const {files, problems} = siteData(root);
    expect(problems).toEqual([]);
    const authors = files.get("authors.json") as {versions: {version: string}[]};
    expect(authors.versions.map((version) => version.version)).toEqual(["v1", "v2", "v3"]);
    expect(Object.keys(files.get("authors-sources.json") as object)).toEqual(["v1", "v2", "v3"]);
    expect((files.get("items.json") as {version: string}).version).toBe("v3");
  });

  it("the case editor's data and judge:run --guideline v3 take it", async () => {
    const root = projectCopy();
    await preview(root, "--set", "numbers.ceiling-needs-one=partly", "--write", "v3");
    const items = loadItems(root);
    const editor = caseEditorData(items, loadGuidelines(root), root);
    expect(editor.versions.map((version) => version.version)).toEqual(["v1", "v2", "v3"]);
    // The editor derives a draft under the current version, now v3: edge case 1a's checklist scores 3.
    const edge1a = items.find((item) => item.id === "edge-1a")!;
    expect(derive(edge1a, ruleSetOf(editor.versions.at(-1)!)).score).toBe(3);

    const calibration = caseSet("calibration");
    stub.queue.push(...calibration.map((item) => completion({content: carefulReply(item), model: "example/model"})));
    const result = await judgeRun(root, stub.baseUrl, [
      "--model",
      "example/model",
      "--cases",
      "calibration",
      "--guideline",
      "v3",
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout.split("\n")[0]).toMatch(/^judge:run: 5 of 5 cases, prompt checklist-v1, guideline v3, /);
  });
});
