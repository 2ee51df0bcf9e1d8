// The case editor's state and its update (lib/authoring/case-editor-state.ts): the edits a control makes, which
// problems show, the view read back when idle, the marking gesture, loading and the start screen, from hand-built
// cases of the bakery request.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {caseSchemas} from "../../../lib/authored/schemas/facts.js";
import {caseEditorData} from "../../../lib/authoring/case-editor-data.node.js";
import {
  blankCase,
  caseFromFile,
  linesOf,
  setText,
  type CaseRecord,
  type EditorContext,
} from "../../../lib/authoring/case-editor.js";
import {
  caseEditorModel,
  controlEdit,
  enclosingFields,
  fieldId,
  idsText,
  readUpload,
  schemaValues,
  shownProblems,
  factLabels,
  viewWithRefused,
  type CaseEditorAction,
  type CaseEditorState,
} from "../../../lib/authoring/case-editor-state.js";
import {writeItemFile} from "../../../lib/authored/item-writer.js";
import {notebookCaseFrom} from "../../../lib/authoring/new-case.js";
import {finished} from "./helpers.js";
import {replacedUnsavedWords} from "../../../lib/authoring/case-draft-store.js";
import {ruleSetOf} from "../../../lib/engine/derive.js";
import {loadGuidelines, loadItems, projectRoot} from "../../../lib/node/load.js";

const guidelines = loadGuidelines();
const data = caseEditorData(loadItems(), guidelines, projectRoot);
const context: EditorContext = {
  schemas: caseSchemas(data.versions.at(-1)!.logic),
  current: ruleSetOf(guidelines.find((g) => g.version === "v2")!),
  candidate: null,
  knownIds: data.cases.map((entry) => entry.id),
  cases: data.cases,
  rubric: data.versions.at(-1)!.rubric,
};
const model = caseEditorModel({context, factSchemas: data.factSchemas, cases: data.cases});
const request = "Suggest no more than two names for a bakery.";

const opened = (record: CaseRecord = finished()) => model.initial(record, {said: "", canUndo: false, notice: null});
const run = (state: CaseEditorState, ...actions: CaseEditorAction[]) => actions.reduce(model.update, state);
const edit = (id: string, data: Record<string, string>, value: string, count?: string): CaseEditorAction => ({
  kind: "edit",
  control: {id, data, value, ...(count === undefined ? {} : {count})},
});

describe("the ids of the controls, and the problems that show at them", () => {
  it("names a field's control after its path, and lists the fields it sits in, nearest first", () => {
    expect(fieldId("checklist[2].facts.limit")).toBe("case-checklist-2-facts-limit");
    expect(fieldId("request.text")).toBe("case-request-text");
    expect(enclosingFields("checklist[2].facts.limit")).toEqual([
      "checklist[2].facts.limit",
      "checklist[2].facts",
      "checklist[2]",
      "checklist",
    ]);
  });

  it("shows a problem once its control, or one around it, was edited; every one after a refused download", () => {
    // The blank case misses its title and its topic, among others.
    const state = opened(blankCase());
    expect(shownProblems(state).size).toBe(0);
    const touched = {...state, touched: ["case-title"]};
    expect([...shownProblems(touched).keys()]).toEqual(["title"]);
    const all = run(state, {kind: "download"});
    expect(all.showAll).toBe(true);
    expect(all.downloads).toBe(0);
    expect([...shownProblems(all).keys()]).toEqual(expect.arrayContaining(["title", "topic", "request.text"]));
  });
});

describe("the edit a control makes", () => {
  const fieldsOf = model.fieldsOf;

  it("reads the ids a field holds, separated by commas or spaces, and writes them back with commas", () => {
    const read = controlEdit(
      {id: "case-compare", data: {edit: "field", name: "compare", kind: "ids"}, value: "example-3,  calibration-d"},
      blankCase(),
      {fieldsOf},
    );
    expect(read.kind === "record" && read.record.compare).toEqual(["example-3", "calibration-d"]);
    expect(idsText(["example-3", "calibration-d"])).toBe("example-3, calibration-d");
  });

  it("names a fact's problem by the label its control shows, where the file's words name the fact", () => {
    const data = {edit: "fact", line: "1", fact: "limit"};
    const emptied = run(opened(finished()), edit("case-checklist-1-facts-limit", data, ""));
    const said = shownProblems(emptied, factLabels(emptied.record, fieldsOf)).get("checklist[1].facts.limit");
    // The numbers rule's fact "limit", titled "The number asked for" in guideline/v2/logic.yaml.
    expect(said).toBe("Line 2, “The number asked for”: fill it in: the line's rule reads it");
    expect(shownProblems(emptied).get("checklist[1].facts.limit")).toMatch(/^Line 2, fact limit: /);
    // A line with no rule, or a fact its rule does not declare, keeps the fact's name.
    expect(factLabels(emptied.record, fieldsOf)(1, "nothing")).toBeUndefined();
    const noRule = {...finished(), checklist: [{role: "main", text: "Suggest names"}]};
    expect(factLabels(noRule, fieldsOf)(0, "limit")).toBeUndefined();
  });

  it("refuses a count its schema refuses, keeping what was typed, and writes nothing to the case", () => {
    const record = finished();
    const data = {edit: "fact", line: "1", fact: "limit"};
    const refused = controlEdit({id: "case-checklist-1-facts-limit", data, value: "two"}, record, {fieldsOf});
    expect(refused).toMatchObject({kind: "refused", raw: "two"});
    const state = run(opened(record), edit("case-checklist-1-facts-limit", data, "two"));
    expect(state.record).toBe(record);
    expect(state.refused["case-checklist-1-facts-limit"]?.raw).toBe("two");
    // The case keeps the count it had, but the count typed and refused is a problem to fix, and the download waits
    // (it had downloaded the old count while the field showed "two", with nothing to fix).
    expect(state.view.downloadable).toBe(true);
    expect(viewWithRefused(state)).toMatchObject({downloadable: false});
    expect(viewWithRefused(state).problems[0]).toMatchObject({field: "checklist[1].facts.limit"});
    expect(run(state, {kind: "download"})).toMatchObject({downloads: state.downloads, showAll: true});
    // A count typed again clears it.
    const fixed = run(state, edit("case-checklist-1-facts-limit", data, "3"));
    expect(fixed.refused).toEqual({});
    expect(viewWithRefused(fixed)).toBe(fixed.view);
    // A count refused, then the fact given by its kind's choice instead (the count box then disabled): it goes too.
    const count = {edit: "fact", line: "1", fact: "delivered"};
    const typed = run(opened(record), edit("case-checklist-1-facts-delivered", count, "two"));
    expect(Object.keys(typed.refused)).toEqual(["case-checklist-1-facts-delivered"]);
    const kind = {edit: "fact-kind", line: "1", fact: "delivered"};
    const chosen = run(typed, edit("case-checklist-1-facts-delivered-kind", kind, "more-than-limit"));
    expect(chosen.refused).toEqual({});
    // And a line given another rule leaves nothing of its old facts refused.
    const rule = {edit: "line-rule", line: "1"};
    expect(run(typed, edit("case-checklist-1-rule", rule, "style-register")).refused).toEqual({});
    expect((linesOf(fixed.record)[1]!.facts as {limit: number}).limit).toBe(3);
  });

  it("reads a count that may be a word from its choice, or from its number field when the choice is a number", () => {
    const record = finished();
    const data = {edit: "fact-kind", line: "1", fact: "delivered"};
    const word = controlEdit({id: "case-checklist-1-facts-delivered", data, value: "more-than-limit"}, record, {
      fieldsOf,
    });
    expect(word.kind === "record" && (linesOf(word.record)[1]!.facts as {delivered: unknown}).delivered).toBe(
      "more-than-limit",
    );
    const count = controlEdit({id: "case-checklist-1-facts-delivered", data, value: "", count: "2"}, record, {
      fieldsOf,
    });
    expect(count.kind === "record" && (linesOf(count.record)[1]!.facts as {delivered: unknown}).delivered).toBe(2);
  });

  it("reads the values an enumerated field of the item schema allows, through a list's items", () => {
    const schema = {
      properties: {set: {enum: ["examples", "edge"]}, flags: {items: {properties: {flag: {enum: ["safety-review"]}}}}},
    };
    expect(schemaValues(schema, ["set"])).toEqual(["examples", "edge"]);
    expect(schemaValues(schema, ["flags", "[]", "flag"])).toEqual(["safety-review"]);
    expect(schemaValues(schema, ["origin"])).toEqual([]);
  });
});

describe("the view kept by the page: each edit at once, the file read back when idle", () => {
  // A response of only spaces is caught by the read-back alone: the record's own check takes "   " as text.
  const spaces = edit("case-response-text", {edit: "text", which: "response"}, "   ");

  it("shows an edit without the read-back, then the full view when idle", () => {
    const typed = run(opened(), spaces);
    expect(typed.view.downloadable).toBe(true);
    expect(typed.complete).toBe(false);
    const read = run(typed, {kind: "read-back", record: typed.record});
    expect(read.view.downloadable).toBe(false);
    expect(read.complete).toBe(true);
  });

  it("gives the full view at once when Download asks before the page is idle, and the idle work then does nothing", () => {
    const asked = run(opened(), spaces, {kind: "download"});
    expect(asked.view.downloadable).toBe(false);
    expect(asked.downloads).toBe(0);
    expect(model.update(asked, {kind: "read-back", record: asked.record})).toBe(asked);
    // A finished case is handed over, once per press.
    expect(run(opened(), {kind: "download"}, {kind: "download"}).downloads).toBe(2);
  });

  it("reads back only the latest of several edits made before the page was idle", () => {
    const first = run(opened(), spaces);
    const second = run(first, edit("case-response-text", {edit: "text", which: "response"}, "Crumb, Rise"));
    expect(model.update(second, {kind: "read-back", record: first.record})).toBe(second);
  });
});

describe("the marking", () => {
  const blank = () => opened(setText(blankCase(), "request", request));
  // The request's words: Suggest(0) no(1) more(2) than(3) two(4) names(5) for(6) a(7) bakery.(8)

  it("makes a line of a stretch from its first word to its last, and says a stretch pressed again is marked", () => {
    const marked = run(blank(), {kind: "word", token: 1}, {kind: "word", token: 4});
    expect(linesOf(marked.record)).toEqual([
      {role: "instruction", quote: "no more than two", text: "no more than two"},
    ]);
    expect(marked.marking.pending).toBeNull();
    const again = run(marked, {kind: "word", token: 1}, {kind: "word", token: 4});
    expect(linesOf(again.record)).toHaveLength(1);
    expect(again.marking.again).toBe(true);
  });

  it("adds a stretch to the line waiting for one, and drops a half-made stretch on Escape", () => {
    const one = run(blank(), {kind: "drag", from: 0, to: 0});
    const waiting = run(one, {kind: "line", act: "line-add-stretch", line: 0});
    expect(waiting.addingTo).toBe(0);
    const two = run(waiting, {kind: "drag", from: 5, to: 8});
    expect(linesOf(two.record)[0]!.quote).toEqual(["Suggest", "names for a bakery"]);
    expect(two.addingTo).toBeNull();
    const half = run(two, {kind: "word", token: 2});
    expect(half.marking.pending).toEqual({kind: "from", in: "request", token: 2});
    expect(run(half, {kind: "cancel-mark"}).marking.pending).toBeNull();
  });

  it("asks a line with no words for why it has none, and adds it with the reason", () => {
    const empty = run(blank(), {kind: "free", name: "freeText", value: "Answer in Spanish"}, {kind: "free-add"});
    expect(empty.marking.freeError).toBe("Say why it has no words to point to.");
    expect(linesOf(empty.record)).toEqual([]);
    const added = run(empty, {kind: "free", name: "freeWhy", value: "Said in an earlier turn"}, {kind: "free-add"});
    expect(linesOf(added.record)).toEqual([
      {role: "instruction", text: "Answer in Spanish", unquoted: "Said in an earlier turn"},
    ]);
    expect(added.marking).toMatchObject({freeText: "", freeWhy: "", freeError: null});
  });
});

describe("the start", () => {
  it("loads a case by id in place of the draft, offers Undo, and forgets what was edited and refused", () => {
    const edited = run(
      opened(),
      edit("case-title", {edit: "field", name: "title"}, "Names"),
      edit("case-checklist-1-facts-limit", {edit: "fact", line: "1", fact: "limit"}, "two"),
    );
    const loaded = run(edited, {kind: "start-from", id: "example-3"}, {kind: "load"});
    expect(loaded.record.id).toBe("example-3");
    expect(loaded.loaded).toBe(loaded.record);
    expect(loaded).toMatchObject({canUndo: true, touched: [], refused: {}, showAll: false});
    expect(loaded.start.said).toMatch(/^Loaded example-3, a case of the case study\./);
    expect(run(loaded, {kind: "start-from", id: ""}, {kind: "load"}).start.said).toBe("A blank case.");
  });

  it("keeps the draft as it was when an upload is refused, and says so with the file's problems", () => {
    const state = opened();
    const problems = [{file: "broken.md", field: "", message: "has no front matter"}];
    const refused = run(state, {kind: "uploaded", name: "broken.md", record: null, problems});
    expect(refused.record).toBe(state.record);
    expect(refused.start).toEqual({said: "broken.md was not loaded: your draft is as it was.", problems});
  });

  it("says what the editor rules otherwise than an uploaded file: its score and each line's verdict", () => {
    const text = readFileSync(join(projectRoot, "data/items/example-3.md"), "utf8");
    const upload = (name: string, file: string) => {
      const record = caseFromFile(file, name, context.schemas.item).record!;
      return run(opened(), {kind: "uploaded", name, record, problems: []}).start.said;
    };
    // The case study's example 3 as ruled: 3, "Formal" not met (a register break). Read as it is, nothing to say.
    expect(upload("example-3.md", text)).toBe("Read example-3.md.");
    // A file that says "Formal" met and 4 over the same facts: the editor shows 3 and line 3 not met, and says so.
    const edited = text.replace("verdict: not-met\n    note: formal not met", "verdict: met\n    note: formal not met");
    expect(upload("mine.md", edited.replace("score: 3\n", "score: 4\n"))).toBe(
      "Read mine.md. Its file rules it 4; under the current guideline its facts give 3 (line 3 not met, where the " +
        "file says met), which the editor shows and would write into the file. Check the facts before you do.",
    );
    // The same score, a line otherwise (a ruling the facts do not give, the score read from the other lines).
    expect(upload("mine.md", edited)).toBe(
      "Read mine.md. Its score stays 3, but the current guideline rules its facts otherwise (line 3 not met, where " +
        "the file says met), which the editor shows and would write into the file. Check the facts before you do.",
    );
    // A file ruled not applicable, which the facts rule 3: a ruling of the scale, said as one.
    expect(upload("mine.md", text.replace("score: 3\n", "score: n/a\n"))).toMatch(
      /^Read mine\.md\. Its file rules it not applicable; under the current guideline its facts give 3 /,
    );
    // A file with no score: it gives none, the facts give 3.
    expect(upload("mine.md", text.replace("score: 3\n", ""))).toMatch(
      /^Read mine\.md\. Its file gives no score; under the current guideline its facts give 3 \(no line's verdict /,
    );
  });

  it("says it again when the draft comes back after a reload, and not of a draft that never held a file's score", () => {
    const text = readFileSync(join(projectRoot, "data/items/example-3.md"), "utf8");
    const back = "Your draft from before is back.";
    const restored = (file: string) =>
      model.initial(caseFromFile(file, "mine.md", context.schemas.item).record!, {
        said: back,
        canUndo: false,
        notice: null,
        restored: true,
      }).start.said;
    // The walk's case: an uploaded 4 the facts rule 3 came back after a reload with nothing said of it.
    expect(restored(text.replace("score: 3\n", "score: 4\n"))).toBe(
      `${back} Its file rules it 4; under the current guideline its facts give 3 (no line's verdict changes), which ` +
        "the editor shows and would write into the file. Check the facts before you do.",
    );
    expect(restored(text)).toBe(back);
    // Said before what follows it (Undo's sentence), so "Its file" reads as the draft's.
    const between = model.initial(
      caseFromFile(text.replace("score: 3\n", "score: 4\n"), "mine.md", context.schemas.item).record!,
      {
        said: back,
        then: "Undo brings back the draft your last Load replaced.",
        canUndo: true,
        notice: null,
        restored: true,
      },
    );
    expect(between.start.said).toMatch(
      /^Your draft from before is back\. Its file rules it 4; .* Undo brings back the draft your last Load replaced\.$/,
    );
    // A draft written in the editor holds no score: the one the editor derives is not the file's to contradict.
    expect(restored(text.replace("score: 3\n", ""))).toBe(back);
    // Not restored (a draft handed over, a blank one): nothing added.
    const fresh = model.initial(
      caseFromFile(text.replace("score: 3\n", "score: 4\n"), "mine.md", context.schemas.item).record!,
      {said: "", canUndo: false, notice: null},
    );
    expect(fresh.start.said).toBe("");
  });

  it("calls a file's score off the scale one, and unfinished only what it lists to fix", async () => {
    const text = readFileSync(join(projectRoot, "data/items/example-3.md"), "utf8").replace("score: 3\n", "score: 7\n");
    const bytes = new TextEncoder().encode(text);
    const file = {name: "mine.md", size: bytes.length, arrayBuffer: () => Promise.resolve(bytes.buffer as ArrayBuffer)};
    const read = await readUpload(file, context.schemas);
    // The file's own problem is its score, which the editor works out from the facts: nothing is left to list.
    expect(read.problems.map((problem) => problem.field)).toEqual(["score"]);
    const loaded = run(opened(), {kind: "uploaded", name: "mine.md", ...read});
    expect(loaded.view.problems).toEqual([]);
    expect(loaded.start.said).toBe(
      "Read mine.md. Its file's score, 7, is not one of the rubric's (5, 4, 3, 2 or 1); under the current " +
        "guideline its facts give 3 (no line's verdict changes), which the editor shows and would write into the file. Check " +
        "the facts before you do.",
    );
  });

  it("says once that Undo lasts only as long as the page when the replaced draft could not be kept", () => {
    const loaded = run(opened(), {kind: "load"});
    const told = run(loaded, {kind: "stored", notice: null, kept: false});
    expect(told.start.said).toBe(`A blank case. ${replacedUnsavedWords}`);
    expect(model.update(told, {kind: "stored", notice: null, kept: false})).toBe(told);
  });

  it("refuses an upload larger than a case file may be before reading a byte of it", async () => {
    const read = await readUpload(
      {name: "huge.md", size: 10_000_000, arrayBuffer: () => Promise.reject(new Error("read"))},
      context.schemas,
    );
    expect(read.record).toBeNull();
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]!.file).toBe("huge.md");
  });

  it("takes the unfinished files case:new writes as drafts, and refuses a value of the wrong kind, naming it", async () => {
    const asFile = (name: string, text: string) => {
      const bytes = new TextEncoder().encode(text);
      return {name, size: bytes.length, arrayBuffer: () => Promise.resolve(bytes.buffer as ArrayBuffer)};
    };
    // What `case:new --blank --set edge-cases` writes: no request or response text, an empty checklist, no score.
    const blank = writeItemFile({...blankCase({set: "edge-cases", cases: []}), id: "new-case-1"});
    const read = await readUpload(asFile("new-case-1.md", blank), context.schemas);
    expect(read.record).toMatchObject({id: "new-case-1", set: "edge-cases", checklist: []});
    expect(read.problems.map((problem) => problem.field)).toContain("checklist");
    const loaded = run(opened(), {kind: "uploaded", name: "new-case-1.md", ...read});
    expect(loaded.record).toBe(read.record);
    expect(loaded.start.said).toBe("Read new-case-1.md. It is not finished: what is left to fix is listed below.");
    // What `case:new --from example-2` writes: the case study's case as the notebook's, its lines' notes left to write.
    const example2 = readFileSync(join(projectRoot, "data/items/example-2.md"), "utf8");
    const source = caseFromFile(example2, "example-2.md", context.schemas.item).record!;
    const copy = writeItemFile(notebookCaseFrom(source, {id: "example-2-copy", order: 8}));
    expect((await readUpload(asFile("example-2-copy.md", copy), context.schemas)).record).toMatchObject({
      id: "example-2-copy",
    });
    // A checklist that is a number is no draft: refused, the field named.
    const wrong = await readUpload(asFile("bad.md", blank.replace("checklist: []", "checklist: 7")), context.schemas);
    expect(wrong.record).toBeNull();
    expect(wrong.problems[0]).toMatchObject({file: "bad.md", field: "checklist"});
  });
});
