// npm run case:new -- --from <id> [--id <new-id>], called in process on a copy of the project: the file it writes,
// what it refuses, and that following the fixes it prints gives a case guideline:check accepts.
import {existsSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {itemRecord} from "../../lib/authored/item-text.js";
import {projectRoot} from "../../lib/node/load.js";
import type {Command} from "../../lib/node/command.js";
import {caseNew as caseNewCommand} from "../../scripts/case-new.js";
import {copyProject} from "../../scripts/copy-project.js";
import {guidelineCheck} from "../../scripts/guideline-check.js";
import {runCommand} from "./run.js";

let copy = "";
beforeAll(() => {
  copy = copyProject("rater-notebook-case-new-");
});
afterAll(() => {
  if (copy) rmSync(copy, {recursive: true, force: true});
});

const run = async (command: Command, ...args: string[]) => {
  const {code, stdout, stderr} = await runCommand(command, args, {root: copy});
  return {status: code, stdout, stderr};
};
const caseNew = (...args: string[]) => run(caseNewCommand, ...args);
const itemsFolder = () => join(copy, "data/items");
const recordOf = (id: string) => itemRecord(readFileSync(join(itemsFolder(), `${id}.md`), "utf8"), `${id}.md`).record;

/** The edge cases' highest order in the repository's files: the new case comes after it. */
const lastEdgeOrder = (): number =>
  Math.max(
    ...readdirSync(join(projectRoot, "data/items"))
      .map((name) => itemRecord(readFileSync(join(projectRoot, "data/items", name), "utf8"), name).record)
      .filter((record) => record.set === "edge-cases")
      .map((record) => record.order as number),
  );

describe("case:new", () => {
  it("--blank --set edge-cases: an empty notebook case after the last edge case, what is left in words", async () => {
    const {status, stdout, stderr} = await caseNew("--blank", "--set", "edge-cases", "--id", "leaves-in-autumn");
    expect([status, stderr]).toEqual([0, ""]);
    const file = "data/items/leaves-in-autumn.md";
    const order = lastEdgeOrder() + 1;
    expect(stdout.trimEnd().split("\n")).toEqual([
      `case:new: wrote ${file}, an empty case written for the notebook (edge-cases, order ${order})`,
      "Left to do before guideline:check accepts it (6):",
      `  ${file} at title: Title: give the case a name`,
      `  ${file} at topic: Topic: say in a few neutral words what the case is about`,
      `  ${file} at request.text: Request: paste the request`,
      `  ${file} at response.text: Response: paste the response`,
      `  ${file} at checklist: Checklist: mark the instructions in the request`,
      `  ${file} at score: Score: write the score the rubric gives its lines: guideline:check names the engine's if ` +
        "they differ",
      "The engine derives its score once the file parses.",
      `Or write it in the case editor: npm run dev, open /authors/case and upload ${file}.`,
    ]);
    expect(recordOf("leaves-in-autumn")).toEqual({
      id: "leaves-in-autumn",
      set: "edge-cases",
      order,
      origin: "notebook",
      request: {language: "en"},
      response: {language: "en"},
      checklist: [],
    });
    rmSync(join(itemsFolder(), "leaves-in-autumn.md"));
  });

  it("--blank refuses --from beside it, and a set that is not one", async () => {
    expect(await caseNew("--blank", "--from", "edge-1a")).toMatchObject({status: 2});
    const {status, stderr} = await caseNew("--blank", "--set", "edge");
    expect(status).toBe(2);
    expect(stderr).toContain('--set: got "edge": expected one of examples, edge-cases, calibration, fresh-calibration');
    expect(existsSync(join(itemsFolder(), "new-case-1.md"))).toBe(false);
  });

  it("--from edge-1a: writes new-case-1, a notebook case after the last edge case, and says what is left", async () => {
    const {status, stdout, stderr} = await caseNew("--from", "edge-1a");
    expect([status, stderr]).toEqual([0, ""]);
    const order = lastEdgeOrder() + 1;
    const file = "data/items/new-case-1.md";
    expect(stdout.trimEnd().split("\n")).toEqual([
      `case:new: wrote ${file}, a case written for the notebook, from edge-1a (edge-cases, order ${order})`,
      "Left to do before guideline:check accepts it (2):",
      `  ${file} at checklist[0].note: Line 1, its note: a case written for the notebook says why each line's facts are what ` +
        "they are",
      `  ${file} at checklist[0].source: Line 1, its source: a case written for the notebook states every line itself: remove source: ` +
        "inferred, and move because into note",
      "Under guideline/v2 the engine derives 2; the file rules 2.",
    ]);
    const {caseStudyNumber, ...source} = recordOf("edge-1a");
    expect(caseStudyNumber).toBe("1");
    expect(recordOf("new-case-1")).toEqual({...source, id: "new-case-1", order, origin: "notebook"});
  });

  it("without --id takes the first free new-case-N, while new-case-1 is still being written; never overwrites", async () => {
    expect((await caseNew("--from", "example-3")).status).toBe(0);
    expect(recordOf("new-case-2")).toMatchObject({id: "new-case-2", set: "examples", order: 8});
    const before = readFileSync(join(itemsFolder(), "new-case-1.md"), "utf8");
    expect(await caseNew("--from", "example-3", "--id", "new-case-1")).toEqual({
      status: 2,
      stdout: "",
      stderr: "case:new: data/items/new-case-1.md already exists: choose another --id (never overwritten)\n",
    });
    expect(readFileSync(join(itemsFolder(), "new-case-1.md"), "utf8")).toBe(before);
    rmSync(join(itemsFolder(), "new-case-2.md"));
  });

  it("--from a case still being written: started all the same, its score derived once it parses", async () => {
    const {status, stdout} = await caseNew("--from", "new-case-1", "--id", "new-case-9");
    expect(status).toBe(0);
    expect(stdout.trimEnd().split("\n").at(-1)).toBe("The engine derives its score once the file parses.");
    expect(recordOf("new-case-9")).toEqual({...recordOf("new-case-1"), id: "new-case-9", order: lastEdgeOrder() + 2});
    rmSync(join(itemsFolder(), "new-case-9.md"));
  });

  it("refuses an unknown case (naming the ids), a path, a malformed id and a missing --from, writing nothing", async () => {
    const unknown = await caseNew("--from", "example-9");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^case:new: unknown case "example-9": expected one of calibration-a, .*example-7,/);
    expect((await caseNew("--from", "../../guideline/v2/guideline")).stderr).toMatch(
      /^case:new: unknown case "..\/..\/guideline\/v2\/guideline": expected one of /,
    );
    expect(await caseNew("--from", "edge-3", "--id", "Edge_3")).toEqual({
      status: 2,
      stdout: "",
      stderr: 'case:new: --id: got "Edge_3": expected a lowercase id like example-1\n',
    });
    expect((await caseNew()).stderr).toBe(
      "case:new: missing --from <id> (the case to start from) or --blank; usage: npm run case:new -- --from <id> " +
        "[--id <new-id>] | --blank [--set <set>] [--id <new-id>]\n",
    );
    expect(existsSync(join(itemsFolder(), "new-case-2.md"))).toBe(false);
    expect(existsSync(join(itemsFolder(), "Edge_3.md"))).toBe(false);
    // A case the case study lists, its file gone: still the case study's, never started as the notebook's.
    const edge3 = join(itemsFolder(), "edge-3.md");
    const text = readFileSync(edge3, "utf8");
    rmSync(edge3);
    try {
      for (const args of [["--from", "edge-4"], ["--blank"]])
        expect(await caseNew(...args, "--id", "edge-3")).toEqual({
          status: 2,
          stdout: "",
          stderr: 'case:new: --id: "edge-3" is a case of the case study (data/case-study.yaml): choose another --id\n',
        });
      expect(existsSync(edge3)).toBe(false);
    } finally {
      writeFileSync(edge3, text);
    }
  });

  it("guideline:check names the same fields and fixes; made, the case is accepted", async () => {
    const refused = await run(guidelineCheck);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      "data/items/new-case-1.md at checklist[0].note: Line 1, its note: a case written for the notebook says why",
    );
    const path = join(itemsFolder(), "new-case-1.md");
    const text = readFileSync(path, "utf8");
    // The fixes as printed: remove source: inferred, and move because into note.
    writeFileSync(path, text.replace("    source: inferred\n", "").replace("    because: ", "    note: "));
    const accepted = await run(guidelineCheck);
    expect(accepted.status, accepted.stderr).toBe(0);
    expect(accepted.stdout).toMatch(/^ok {3}new-case-1 +ruled 2 +derived 2 +/m);
    expect(accepted.stdout).toContain(
      // The project's 33 cases (26 from the case study, 7 written for the notebook) and the new one.
      "guideline:check: 34 items, every one with exactly one score matching its ruling",
    );
  });
});
