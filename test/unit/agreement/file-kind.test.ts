// A dropped file's kind, by its name and first bytes, and its UTF-8 check (lib/agreement/cohort-files.ts).
import {describe, expect, it} from "vitest";
import {
  inputKindNames,
  jsonFileOf,
  readJsonFile,
  textKindByName,
  textKindOf,
} from "../../../lib/agreement/cohort-files.js";
import {serializeProgress} from "../../../lib/trainee/progress.js";
import {progressOf} from "./helpers.js";
import {judgeRunOf} from "./judge-run.js";

describe("which kind of file a coordinator gave", () => {
  it("goes by the name's extension, whatever the file holds", () => {
    expect(textKindOf("ratings.CSV", "{")).toBe("csv");
    expect(textKindOf("ann.json", "rater,item")).toBe("json");
    expect(textKindByName("ann.Json")).toBe("json");
  });

  it("judges any other name by the first character: a JSON object is JSON", () => {
    expect(textKindByName("ann.txt")).toBeNull();
    expect(textKindOf("ann.txt", ' \n {"app": "rater-notebook"')).toBe("json");
    expect(textKindOf("ratings", "rater,item,phase,score")).toBe("csv");
    expect(textKindOf("empty", "")).toBe("csv");
  });

  it("tells a judge run from a trainee's record by the parsed object's kind, wherever the key is", () => {
    const run = judgeRunOf("openai/gpt-5-mini", "2026-08-10T12:00:00.000Z", [["example-1", 5]]);
    expect(jsonFileOf(JSON.stringify(run)).kind).toBe("judge");
    // The kind last, after a long answers list, and a byte-order mark in front: still a judge run.
    const {kind, ...rest} = run;
    expect(jsonFileOf(`\uFEFF${JSON.stringify({...rest, kind})}`).kind).toBe("judge");
    expect(jsonFileOf(serializeProgress(progressOf([["example-1", "vague", 3]]))).kind).toBe("trainee");
    expect(jsonFileOf(JSON.stringify({kind: "progress-export", rater: "ann"})).kind).toBe("trainee");
  });

  it("reads anything else as a trainee's record, whose reader says what is wrong", () => {
    for (const text of ['{"kind": "judge-run",', '[{"kind": "judge-run"}]', '"judge-run"', '{"kind": "Judge-Run"}'])
      expect(jsonFileOf(text).kind, text).toBe("trainee");
    const read = readJsonFile(jsonFileOf('{"kind": "judge-run",'), '{"kind": "judge-run",', "cut.json", ["example-1"]);
    expect(read.problems).toEqual([
      {file: "cut.json", message: "the file ends in the middle of its JSON: it looks cut short"},
    ]);
  });

  it("names each kind for a coordinator", () => {
    expect(inputKindNames).toEqual({csv: "CSV", trainee: "trainee's record", judge: "judge run"});
  });
});
