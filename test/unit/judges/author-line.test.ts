// The author's question: each recorded judge's exact count under the base's rulings and the candidate's, with the
// cases that change. The judges' scores are written by hand; the rulings are the case files' (data/items), and the
// moves are the ones `npm run guideline:preview` lists: additionsBreakWithoutWording=true moves only fresh-1 5 -> 3,
// mainPartThreshold=more-than-half only fresh-2 3 -> 2, and candidate v1 leaves example-2, example-3, example-7 at
// "3 or 2", example-6 and calibration-d-twist at "2 or 1", calibration-a at "4 or 3".
import {describe, expect, it} from "vitest";
import {
  judgeAgreements,
  judgeScores,
  nextVersion,
  rewordingAdvice,
  type JudgeScores,
} from "../../../lib/judges/author-line.js";
import {authorsModel, type AuthorsPageData} from "../../../lib/authoring/authors-page.js";
import {prepareBase, previewFrom} from "../../../lib/authoring/preview.js";
import {ruleSetOf} from "../../../lib/engine/derive.js";
import {parameterDomains} from "../../../lib/authoring/parameter-domains.node.js";
import {loadGuidelines, loadItems} from "../../../lib/node/load.js";
import type {Score} from "../../../lib/authored/schemas/verdict.js";
import type {CaseRecord, JudgeRun} from "../../../lib/judges/schema.node.js";

const versions = loadGuidelines();
const items = loadItems();
const byVersion = (version: string) => versions.find((guideline) => guideline.version === version)!;
const v2Base = prepareBase(items, ruleSetOf(byVersion("v2")));

const judge = (model: string, scores: Record<string, Score>, more: Partial<JudgeScores> = {}): JudgeScores => ({
  model,
  servedBy: model,
  prompt: "checklist-v1",
  guideline: "v2",
  file: `data/judges/runs/2026-01-02T03-04-05.000Z--${model.replace("/", "-")}.json`,
  startedAt: "2026-01-02T03:04:05.000Z",
  complete: true,
  scores: Object.entries(scores).map(([id, score]) => ({case: id, score})),
  ...more,
});

const agreements = (runs: JudgeScores[], candidate = ruleSetOf(byVersion("v2"))) =>
  judgeAgreements(runs, v2Base, previewFrom(v2Base, candidate));

// Ruled: fresh-1 5, fresh-2 3, fresh-3 3, fresh-4 2, fresh-5 5.
const lenient = judge("lab/lenient", {"fresh-1": 3, "fresh-2": 3, "fresh-3": 3, "fresh-4": 2, "fresh-5": 5});
const careful = judge("lab/careful", {"fresh-1": 5, "fresh-2": 3, "fresh-3": 3, "fresh-4": 2, "fresh-5": 4});

describe("a judge's agreement with the base and the candidate", () => {
  it("counts exact of answered under each, and names the cases the change turns", () => {
    const additions = ruleSetOf(byVersion("v2"), {additionsBreakWithoutWording: true});
    const [lenientLine, carefulLine] = agreements([lenient, careful], additions);
    // The lenient judge gave fresh-1 a 3: off the base's 5, exactly the candidate's 3.
    expect(lenientLine!.base).toEqual({exact: 4, noSingleScore: 0});
    expect(lenientLine!.candidate).toEqual({exact: 5, noSingleScore: 0});
    expect(lenientLine!.sentence).toBe("This change would bring lab/lenient from 4 to 5 exact of 5.");
    expect(lenientLine!.nowExact).toEqual([{case: "fresh-1", label: "Fresh case 1", judge: 3, base: 5, candidate: 3}]);
    expect(lenientLine!.noLongerExact).toEqual([]);
    expect(lenientLine!.apart).toEqual([]);
    // The careful judge gave fresh-1 the ruled 5 and fresh-5 a 4: exact 4 under v2, 3 under the candidate.
    expect(carefulLine!.sentence).toBe("This change would bring lab/careful from 4 to 3 exact of 5.");
    expect(carefulLine!.noLongerExact.map((changed) => changed.case)).toEqual(["fresh-1"]);
    expect(carefulLine!.nowExact).toEqual([]);
  });

  it("says plainly what the count measures: the rulings moving toward the scores the model already gave", () => {
    const additions = ruleSetOf(byVersion("v2"), {additionsBreakWithoutWording: true});
    const [lenientLine, carefulLine] = agreements([lenient, careful], additions);
    expect(lenientLine!.measures).toBe(
      "That is, the candidate's rulings would agree with the scores lab/lenient already gave on 1 case more: the " +
        "rulings move; the model is not asked again.",
    );
    expect(carefulLine!.measures).toContain("on 1 case fewer");
    expect(agreements([lenient])[0]!.measures).toBe(
      "The candidate's rulings agree with the scores lab/lenient already gave on as many cases as v2's.",
    );
    // A rewording is tested by the version after the newest, and a new run given it.
    expect(nextVersion(["v1", "v2"])).toBe("v3");
    const advice = rewordingAdvice(["v1", "v2"]);
    expect(advice.caution).toMatch(/^Changing a rule until the rulings match a model fits the guideline to the model/);
    expect(advice.how).toContain("copy guideline/v2/ to guideline/v3/");
    expect(advice.command).toBe("npm run judge:run -- --model <slug> --guideline v3");
  });

  it("says 'either way' when the change moves none of the cases it answered", () => {
    const threshold = ruleSetOf(byVersion("v2"), {mainPartThreshold: "more-than-half"});
    // fresh-2 moves 3 -> 2, but this judge did not answer it.
    const other = judge("lab/other", {"fresh-1": 5, "fresh-3": 2, "fresh-4": 2});
    const [line] = agreements([other], threshold);
    expect(line!.sentence).toBe("lab/other: 2 exact of 3 either way.");
    expect([line!.nowExact, line!.noLongerExact]).toEqual([[], []]);
    // Unchanged candidate: the same words.
    expect(agreements([lenient])[0]!.sentence).toBe("lab/lenient: 4 exact of 5 either way.");
  });

  it("counts a case the candidate leaves with no single score as not exact, and apart", () => {
    // Ruled: example-2 3, example-3 3, example-4 3, calibration-a 4, edge-5b n/a. Under v1, example-2, example-3 and
    // calibration-a have no single score; example-4 and edge-5b keep theirs.
    const run = judge("lab/v1-reader", {
      "example-2": 3,
      "example-3": 2,
      "example-4": 3,
      "calibration-a": 4,
      "edge-5b": "n/a",
    });
    const [line] = agreements([run], ruleSetOf(byVersion("v1")));
    expect(line!.base).toEqual({exact: 4, noSingleScore: 0});
    expect(line!.candidate).toEqual({exact: 2, noSingleScore: 3});
    expect(line!.sentence).toBe("This change would bring lab/v1-reader from 4 to 2 exact of 5.");
    expect(line!.apart).toEqual(["3 cases have no single score under the candidate: not exact."]);
    // example-3 was not exact before either: only example-2 and calibration-a turn.
    expect(line!.noLongerExact).toEqual([
      {case: "example-2", label: "Example 2", judge: 3, base: 3, candidate: null},
      {case: "calibration-a", label: "Calibration A", judge: 4, base: 4, candidate: null},
    ]);
  });

  it("counts the base's own unsettled cases apart too, naming the base", () => {
    // Base v1, candidate v2: example-6 is "2 or 1" under v1 and 2 under v2.
    const v1Base = prepareBase(items, ruleSetOf(byVersion("v1")));
    const run = judge("lab/strict", {"example-6": 2, "example-1": 5});
    const [line] = judgeAgreements([run], v1Base, previewFrom(v1Base, ruleSetOf(byVersion("v2"))));
    expect(line!.sentence).toBe("This change would bring lab/strict from 1 to 2 exact of 2.");
    expect(line!.apart).toEqual(["1 case has no single score under v1: not exact."]);
    expect(line!.nowExact).toEqual([{case: "example-6", label: "Example 6", judge: 2, base: null, candidate: 2}]);
    // The run was given v2, which is not this base: it counts, with its version named.
    expect(line!.about).toContain("given guideline v2 (the base is v1)");
  });

  it("describes the run, and leaves out a case the site does not have", () => {
    const run = judge(
      "lab/model",
      {"fresh-1": 5, "no-such-case": 5},
      {servedBy: "lab/model-2026-01", guideline: "v1", complete: false},
    );
    const [line] = agreements([run]);
    expect(line!.answered).toBe(1);
    expect(line!.sentence).toBe("lab/model: 1 exact of 1 either way.");
    expect(line!.about).toBe(
      "served as lab/model-2026-01 · prompt checklist-v1 · given guideline v1 (the base is v2) · recorded 2026-01-02 · " +
        "incomplete · data/judges/runs/2026-01-02T03-04-05.000Z--lab-model.json",
    );
    expect(agreements([])).toEqual([]);
  });
});

describe("a run as /authors receives it", () => {
  const record = (id: string, status: CaseRecord["status"], score: Score | null, servedBy: string | null) =>
    ({
      case: id,
      ruled: 5,
      status,
      answer: score === null ? null : {checklist: [], score},
      reply: "{}",
      replyBytes: 2,
      problem: null,
      startedAt: "2026-01-02T03:04:05.000Z",
      ms: 10,
      servedBy,
      finishReason: "stop",
      usage: null,
    }) as unknown as CaseRecord;

  it("keeps the answered cases' scores only, and the names the model was served as", () => {
    const run = {
      kind: "judge-run",
      model: "lab/model",
      prompt: "checklist-v1",
      guideline: "v2",
      startedAt: "2026-01-02T03:04:05.000Z",
      complete: false,
      answers: [
        record("fresh-1", "answered", 4, "lab/model-a"),
        record("fresh-2", "unparsed", null, "lab/model-a"),
        record("fresh-3", "answered", "n/a", "lab/model-b"),
        record("fresh-4", "answered", 2, null),
      ],
    } as unknown as JudgeRun;
    expect(judgeScores("data/judges/runs/x.json", run)).toEqual({
      model: "lab/model",
      servedBy: "lab/model-a, lab/model-b",
      prompt: "checklist-v1",
      guideline: "v2",
      file: "data/judges/runs/x.json",
      startedAt: "2026-01-02T03:04:05.000Z",
      complete: false,
      scores: [
        {case: "fresh-1", score: 4},
        {case: "fresh-3", score: "n/a"},
        {case: "fresh-4", score: 2},
      ],
    });
  });
});

describe("the authors' page's view", () => {
  it("brings every judge's line along with each change", () => {
    const data: AuthorsPageData = {versions, items, domains: parameterDomains(), judges: [lenient]};
    const model = authorsModel(data);
    let state = model.start("");
    const set = (name: string, value: boolean | string) =>
      model.view((state = model.update(state, {kind: "parameter", name, value})).choice);
    expect(model.view(state.choice).judges.map((line) => line.sentence)).toEqual([
      "lab/lenient: 4 exact of 5 either way.",
    ]);
    const changed = set("additionsBreakWithoutWording", true);
    expect(changed.judges.map((line) => line.sentence)).toEqual([
      "This change would bring lab/lenient from 4 to 5 exact of 5.",
    ]);
    // mainPartThreshold moves fresh-2 3 -> 2; the lenient judge gave it 3.
    const both = set("mainPartThreshold", "more-than-half");
    expect(both.judges.map((line) => line.sentence)).toEqual(["lab/lenient: 4 exact of 5 either way."]);
    expect(both.judges[0]!.nowExact.map((c) => c.case)).toEqual(["fresh-1"]);
    expect(both.judges[0]!.noLongerExact.map((c) => c.case)).toEqual(["fresh-2"]);
    // Without judges in the data, no lines.
    const none = authorsModel({versions, items, domains: parameterDomains()});
    expect(none.view(none.start("").choice).judges).toEqual([]);
  });
});
