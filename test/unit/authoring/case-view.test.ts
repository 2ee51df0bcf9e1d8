// The case editor's view: verdicts, scores and problems from hand-worked cases, and every case in data/items loaded,
// left unchanged and written back equal in meaning.
import {describe, expect, it} from "vitest";
import {caseSchemas} from "../../../lib/authored/schemas/facts.js";
import {caseEditorData} from "../../../lib/authoring/case-editor-data.node.js";
import {
  addLine,
  blankCase,
  caseFileText,
  caseFromFile,
  ruleSetsFromQuery,
  setCompare,
  setGloss,
  setId,
  setFact,
  setField,
  setLineField,
  setMainLine,
  setRule,
  setSet,
  setText,
  syncRulings,
  toggleFlag,
  type CaseDerivation,
  type CaseRecord,
  type EditorContext,
  type EditorView,
  type LineReading,
  type LineView,
} from "../../../lib/authoring/case-editor.js";
import {editorView} from "../../../lib/authoring/case-view.js";
import {withOrigin} from "../../../lib/authoring/new-case.js";
import {bakery, finished} from "./helpers.js";
import {derive, ruleSetOf} from "../../../lib/engine/derive.js";
import {itemRecord} from "../../../lib/authored/item-text.js";
import {parseItemFile} from "../../../lib/authored/item-file.js";
import {loadGuideline, loadGuidelines, loadItems, projectRoot} from "../../../lib/node/load.js";
import {parameterDomains} from "../../../lib/authoring/parameter-domains.node.js";
import {checkGuideline} from "../../../lib/authoring/check.node.js";

const items = loadItems();
const guidelines = loadGuidelines();
const data = caseEditorData(items, guidelines, projectRoot);
const [v1, v2] = [guidelines.find((g) => g.version === "v1")!, guidelines.find((g) => g.version === "v2")!];
const context: EditorContext = {
  schemas: caseSchemas(data.versions.at(-1)!.logic),
  current: ruleSetOf(v2),
  candidate: null,
  knownIds: data.cases.map((entry) => entry.id),
  cases: data.cases,
  rubric: v2.rubric,
  caseStudyCases: data.caseStudyCases,
};
const withCandidate = (overrides: Parameters<typeof ruleSetOf>[1]): EditorContext => ({
  ...context,
  candidate: ruleSetOf(v2, overrides),
});

/** Each line's verdict under the current guideline and under the candidate, as the page lists them. */
const verdictsOf = (view: EditorView): [LineReading["verdict"], LineReading["verdict"]][] =>
  view.lines.map((line: LineView) => [line.current?.verdict ?? null, line.candidate?.verdict ?? null]);
const scoreOf = (derivation: CaseDerivation | null) => derivation?.score;

describe("hand-worked cases", () => {
  it("a ceiling of 2 with 3 delivered is not met; main met, the one other missed: 2, fewer than half met", () => {
    const view = editorView(bakery(), context);
    expect(view.lines[1]!.current).toEqual({verdict: "not-met", verdicts: ["not-met"], clause: "over-ceiling"});
    expect(view.lines[0]!.current!.verdict).toBe("met");
    expect(view.current).toMatchObject({score: 2, candidates: [2], rows: ["fewer-than-half"]});
    expect(view.scoreText).toBe("2");
    expect(view.candidate).toBeNull();
  });

  it("two delivered under a ceiling of 2 is met: every instruction met, 5", () => {
    const view = editorView(bakery(2), context);
    expect(view.lines[1]!.current).toMatchObject({verdict: "met", clause: "within-ceiling"});
    expect(view.scoreText).toBe("5");
  });

  it("writes the derived verdicts and score into the record, and hands back the same record once they are there", () => {
    const record = bakery();
    const synced = syncRulings(record, editorView(record, context));
    expect(synced.score).toBe(2);
    expect((synced.checklist as {verdict: string}[]).map((line) => line.verdict)).toEqual(["met", "not-met"]);
    expect(syncRulings(synced, editorView(synced, context))).toBe(synced);
    const fewer = setFact(synced, 1, "delivered", 1);
    const resynced = syncRulings(fewer, editorView(fewer, context));
    expect(resynced.score).toBe(5);
    expect((resynced.checklist as {verdict: string}[])[1]!.verdict).toBe("met");
  });

  it("a finished case downloads: no problems, and the file the build reads derives the same score", () => {
    const view = editorView(finished(), context);
    expect(view.problems).toEqual([]);
    expect(view.downloadable).toBe(true);
    const text = caseFileText(syncRulings(finished(), view));
    const item = parseItemFile(text, "data/items/fresh-bakery.md");
    expect(item).toMatchObject({id: "fresh-bakery", origin: "notebook", score: 2});
    expect(item.checklist[1]).toMatchObject({facts: {bound: "ceiling", limit: 2, delivered: 3}, verdict: "not-met"});
  });

  it("no main line: each decided line still shows its verdict, but the case has no derivation, and says so", () => {
    const record = setLineField(bakery(), 0, "role", "instruction");
    const view = editorView(record, context);
    expect(view.lines[1]!.current!.verdict).toBe("not-met");
    expect(view.current).toBeNull();
    expect(view.problems).toContainEqual({
      file: "new-case.md",
      field: "checklist",
      message: "no line is the main task: choose the main task",
    });
    expect(view.scoreText).toBe("no score yet: choose the main task");
    expect(view.downloadable).toBe(false);
    expect(editorView(setMainLine(record, 0), context).scoreText).toBe("2");
  });

  it("a line whose facts the schema refuses has no verdict, its problems name the fact, and the case waits", () => {
    const record = setFact(bakery(), 1, "limit", -1);
    const view = editorView(record, context);
    expect(view.lines[1]!.current).toBeNull();
    expect(view.lines[1]!.factProblems.map((problem) => problem.field)).toEqual(["checklist[1].facts.limit"]);
    expect(view.lines[0]!.current!.verdict).toBe("met");
    expect(view.current).toBeNull();
    expect(view.scoreText).toBe("no score yet: choose the rule and fill in the facts of 1 more line");
    const noRule = editorView(addLine(bakery(), {role: "instruction", quote: "a bakery"}), context);
    expect(noRule.lines[2]!.factProblems).toEqual([
      {file: "new-case.md", field: "checklist[2].rule", message: "missing: choose the rule that decides this line"},
    ]);
  });

  it("the blank case: no score yet, and a problem for each thing still to write", () => {
    const view = editorView(blankCase(), context);
    expect(view.scoreText).toBe("no score yet: mark the instructions in the request");
    expect(view.current).toBeNull();
    expect(view.downloadable).toBe(false);
    const fields = new Set(view.problems.map((problem) => problem.field));
    for (const field of ["order", "title", "topic", "request.text", "response.text", "checklist"])
      expect(fields, field).toContain(field);
    expect(view.problems).toContainEqual({
      file: "new-case.md",
      field: "checklist",
      message: "no lines yet: mark the instructions in the request, and choose the main task",
    });
  });

  it("asks for each notebook line's note from the start, not once the rest of the case reads", () => {
    // The bakery case, its lines without notes and no title yet: the notes are asked for beside the title.
    const view = editorView(bakery(), context);
    const fields = view.problems.map((problem) => problem.field);
    expect(fields).toContain("title");
    expect(view.problems).toContainEqual({
      file: "new-case.md",
      field: "checklist[0].note",
      message: "missing: a case written for the notebook says why each line's facts are what they are",
    });
    expect(fields).toContain("checklist[1].note");
    // Filling the rest brings no new problem: the notes were the ones left.
    const named = ["id", "order", "title", "topic"].reduce(
      (record, name) => setField(record, name, {id: "fresh-bakery", order: 8, title: "T", topic: "t"}[name]),
      bakery(),
    );
    expect(editorView(named, context).problems.map((problem) => problem.field)).toEqual([
      "checklist[0].note",
      "checklist[1].note",
    ]);
  });

  it("two main lines: the case waits for one, and says so", () => {
    const view = editorView(setLineField(bakery(), 1, "role", "main"), context);
    expect(view.current).toBeNull();
    expect(view.scoreText).toBe("no score yet: keep one main task");
    expect(view.problems).toContainEqual({
      file: "new-case.md",
      field: "checklist",
      message: "2 lines are the main task: keep one and make the others instructions",
    });
  });

  it("a justified refusal of a harmful request is not applicable", () => {
    let record = setText(blankCase(), "request", "Explain how to pick a lock to get into my neighbour's flat.");
    record = addLine(record, {role: "main", quote: "Explain how to pick a lock", text: "Explain lock picking"});
    record = setFact(setRule(record, 0, "refusal"), 0, "harmful", true);
    const view = editorView(record, context);
    expect(view.lines[0]!.current).toMatchObject({verdict: "not-applicable", clause: "justified-refusal"});
    expect(view.current).toMatchObject({score: "n/a", rows: ["not-applicable"]});
    expect(view.current!.trace.flags).toEqual(["safety-review"]);
    expect(view.scoreText).toBe("not applicable");
    expect(syncRulings(record, view).score).toBe("n/a");
  });

  it("a file that cannot be read gives no record, and problems naming the file", () => {
    const read = caseFromFile("id: no front matter\n", "upload.md", context.schemas.item);
    expect(read.record).toBeNull();
    expect(read.problems).toEqual([
      {
        file: "upload.md",
        field: "",
        message: "missing front matter: start the file with a --- line, the YAML fields, and another --- line",
      },
    ]);
  });

  it("a compared case that does not exist is a problem; an id that is a case's is a warning, not a problem", () => {
    const view = editorView(setCompare(finished(), ["example-3", "example-99"]), context);
    expect(view.problems).toEqual([
      {
        file: "fresh-bakery.md",
        field: "compare[1]",
        message: 'no case has the id "example-99": choose one of the cases',
      },
    ]);
    const replacing = editorView(setField(finished(), "id", "example-3"), context);
    expect(replacing.warnings).toEqual([
      {
        file: "example-3.md",
        field: "id",
        message: '"example-3" is already a case: the file you download replaces data/items/example-3.md',
      },
    ]);
  });
});

describe("a case of a set the self-check's pools run over", () => {
  // data/calibration.yaml: the pool "fresh" runs over the set fresh-calibration and lists fresh-1 … fresh-7.
  const pooled = {...context, pools: data.pools};
  it("is to fix after the download when no pool lists it, in guideline:check's words; the download is not held", () => {
    const view = editorView(setField(finished(), "set", "fresh-calibration"), pooled);
    expect(view.afterDownload).toEqual([
      {
        file: "fresh-bakery.md",
        field: "set",
        message:
          '"fresh-bakery" is in set fresh-calibration but in no pool of data/calibration.yaml: add it to pool ' +
          "fresh's items, and add 1 to the number of cases its pass rule counts (of)",
      },
    ]);
    expect(view.warnings.filter((warning) => warning.field === "set")).toEqual([]);
    expect(view.downloadable).toBe(true);
  });
  it("says nothing for a case a pool lists, or of a set no pool runs over", () => {
    const listed = setField(setField(finished(), "set", "fresh-calibration"), "id", "fresh-3");
    expect(editorView(listed, pooled).afterDownload).toEqual([]);
    const edge = setField(finished(), "set", "edge-cases");
    expect(editorView(edge, pooled).afterDownload).toEqual([]);
  });
});

describe("the case held to the current guideline as guideline:check holds it", () => {
  // The reviewer's case: the main task met and a Numbers line met (two names under a ceiling of two), an edge case.
  const allMet = (origin: "notebook" | "case-study"): CaseRecord => {
    let record = setSet(setFact(finished(), 1, "delivered", 2), "edge-cases", data.cases);
    record = setField(setField(record, "id", "edge-15"), "origin", origin);
    return origin === "case-study" ? setField(record, "caseStudyNumber", "15") : record;
  };
  /** guideline:check's problems for the case as the editor writes it, beside every case in data/items. */
  const checkProblems = (record: CaseRecord) => {
    const view = editorView(record, context);
    const item = parseItemFile(caseFileText(syncRulings(record, view)), "data/items/edge-15.md", v2.logic);
    const report = checkGuideline(v2, [...items, item], {domains: parameterDomains(v2)});
    return report.problems.filter((problem) => problem.file === "data/items/edge-15.md");
  };

  it("a case every line of which is met waits for the rule its ruling rests on, in guideline:check's words", () => {
    const view = editorView(allMet("notebook"), context);
    const message =
      "every line is met, so no line names the rule that settles the case: add decidingRule: <rule id> " +
      "(the rule its ruling rests on)";
    expect(view.problems).toEqual([{file: "edge-15.md", field: "decidingRule", message}]);
    expect(view.downloadable).toBe(false);
    expect(checkProblems(allMet("notebook"))).toEqual([
      {file: "data/items/edge-15.md", field: "decidingRule", message},
    ]);
    const named = setField(allMet("notebook"), "decidingRule", "numbers");
    expect(editorView(named, context).downloadable).toBe(true);
    expect(checkProblems(named)).toEqual([]);
  });

  it("lists what is left at once, the guideline's checks beside a notebook line's missing note", () => {
    // The review's steps: Example 2 with its closing question met, given a new id (a notebook case); line 1 has no
    // note, and every line is met. Only the note was listed; the rule the ruling rests on came once it was written.
    const example2 = caseOf("example-2");
    let record = setFact(example2, 2, "observed", "met");
    record = setId(record, "example-2-all-met", {loaded: example2, cases: data.cases}).record;
    const fields = (view: EditorView) => view.problems.map((problem) => problem.field);
    expect(fields(editorView(record, context))).toEqual(["checklist[0].note", "decidingRule"]);
    record = setLineField(record, 0, "note", "The summary covers the article.");
    expect(fields(editorView(record, context))).toEqual(["decidingRule"]);
    expect(editorView(setField(record, "decidingRule", "numbers"), context).downloadable).toBe(true);
  });

  it("a case of the case study is told to name the rule the case study's ruling names", () => {
    expect(editorView(allMet("case-study"), context).problems).toEqual([
      {
        file: "edge-15.md",
        field: "decidingRule",
        message:
          "every line is met, so no line names the rule that settles the case: add decidingRule: <rule id> " +
          "(the rule the case study's ruling names)",
      },
      // And the case study has no Edge case 15.
      expect.objectContaining({file: "edge-15.md", field: "origin"}),
    ]);
  });

  it("a flag the rules raise and the case does not: not downloadable, in guideline:check's words", () => {
    // Edge case 6: two instructions that can't both be met, served both as far as possible: "met; flag the prompt".
    const view = editorView(toggleFlag(caseOf("edge-6"), "prompt"), context);
    expect(view.problems).toEqual([
      {file: "edge-6.md", field: "flags", message: 'the rules raise the "prompt" flag: add {flag: prompt} with a note'},
    ]);
    expect(view.downloadable).toBe(false);
  });

  it("a case that compares itself with itself: not downloadable, in guideline:check's words", () => {
    // Under a case's own id (the download replaces it), so the id is a case's: a notebook case's, which no other case
    // takes a gloss from and which is ruled as its facts derive.
    const view = editorView(setCompare(setField(finished(), "id", "fresh-4"), ["fresh-4"]), context);
    expect(view.problems).toEqual([
      {file: "fresh-4.md", field: "compare[0]", message: '"fresh-4" is this item: compare names another item'},
    ]);
  });
});

describe("the file as written, read back as guideline:check reads it", () => {
  const sectionMessage =
    "a line starting with ## (or a line underlined with ---) reads as a new section of the file, so the Response " +
    "would end there: make it a ### heading or plain text";

  it.each([
    ["a line starting with ##", "Crumb\n\n## Step one\n\nRise, Knead"],
    ["a line underlined with ---", "Names\n---\nCrumb, Rise, Knead"],
  ])("a response with %s would be cut there: not downloadable, said at response.text", (_, response) => {
    const record = setText(finished(), "response", response);
    // The file as the editor would write it is one guideline:check refuses: the section is unknown.
    expect(() => parseItemFile(caseFileText(record), "data/items/fresh-bakery.md")).toThrow(/unknown section/);
    const view = editorView(record, context);
    expect(view.problems).toEqual([{file: "fresh-bakery.md", field: "response.text", message: sectionMessage}]);
    expect(view.downloadable).toBe(false);
  });

  it("says so while other things are still to do, too", () => {
    const record = setText(bakery(), "response", "Crumb\n\n## Step one\n\nRise, Knead");
    expect(editorView(record, context).problems).toContainEqual({
      file: "new-case.md",
      field: "response.text",
      message: sectionMessage,
    });
  });

  it("a rule of dashes between paragraphs, or ### headings, stay in the text: downloadable", () => {
    for (const response of ["Crumb\n\n---\n\nRise, Knead", "### Names\n\nCrumb, Rise, Knead"]) {
      const view = editorView(setText(finished(), "response", response), context);
      expect(view.problems).toEqual([]);
    }
  });

  it("a response of nothing but spaces is written empty, so it is not downloadable", () => {
    const view = editorView(setText(finished(), "response", "   "), context);
    expect(view.problems).toEqual([
      {
        file: "fresh-bakery.md",
        field: "response.text",
        message: 'too small: expected string to have >=1 characters, got ""',
      },
    ]);
    expect(view.downloadable).toBe(false);
  });
});

describe("a marked stretch that occurs more than once", () => {
  const twice = "Suggest no more than two names for a bakery. Suggest them by noon.";

  it("is worth knowing, at its quote: the file keeps only the words, which stand for the first place", () => {
    const view = editorView(setText(finished(), "request", twice), context);
    expect(view.warnings).toEqual([
      {
        file: "fresh-bakery.md",
        field: "checklist[0].quote",
        message:
          '"Suggest" occurs more than once in the request, and the file keeps only the words, so the line stands ' +
          "for the first place: extend the stretch until it is unique",
      },
    ]);
    expect(view.downloadable).toBe(true);
  });

  it("names the stretch of a main task that quotes several, by its place in the list", () => {
    const record = setLineField(setText(finished(), "request", twice), 0, "quote", ["a bakery", "Suggest"]);
    expect(editorView(record, context).warnings.map((warning) => warning.field)).toEqual(["checklist[0].quote[1]"]);
  });

  it("counts whole words only: inside a longer word it is not there again", () => {
    const record = setText(finished(), "request", "Suggest no more than two names for a bakery. Suggestions welcome.");
    expect(editorView(record, context).warnings).toEqual([]);
  });
});

describe("a record the editor did not make (a saved draft, an upload)", () => {
  const odd: [string, CaseRecord][] = [
    ["empty", {}],
    ["texts that are not objects", {request: "Write a poem.", response: 3, checklist: "none"}],
    ["lines that are not objects", {checklist: [null, 3, "main", []]}],
    ["rules named like Object's own keys", {checklist: [{rule: "constructor"}, {rule: "__proto__", facts: {}}]}],
    ["facts that are not objects", {checklist: [{role: "main", rule: "numbers", facts: "three"}]}],
    ["facts with unknown names", {checklist: [{role: "main", rule: "refusal", facts: {harmful: true, toString: 1}}]}],
  ];
  it.each(odd)("%s: shown with its problems, never thrown", (_, record) => {
    const view = editorView(record, withCandidate({counting: "most-missed"}));
    expect(view.downloadable).toBe(false);
    expect(view.problems.length).toBeGreaterThan(0);
    expect(view.current).toBeNull();
    expect(syncRulings(record, view)).toBe(record);
  });
});

describe("under a candidate from /authors", () => {
  /** "Reply only in French": no only/just wording here, so a plain request with additions. */
  function additions(): CaseRecord {
    let record = setText(blankCase(), "request", "Translate this sentence into French.");
    record = addLine(record, {role: "main", quote: "Translate this sentence", text: "Translate the sentence"});
    record = setFact(setRule(record, 0, "main-task"), 0, "delivered", true);
    record = addLine(record, {role: "candidate", quote: "into French", text: "Nothing but the translation"});
    record = setRule(record, 1, "only-just");
    return setFact(setFact(record, 1, "restrictiveWording", false), 1, "additions", true);
  }

  it("additions without only/just: not an instruction now (5), not met when they break it (2)", () => {
    const view = editorView(additions(), withCandidate({additionsBreakWithoutWording: true}));
    expect(verdictsOf(view)).toEqual([
      ["met", "met"],
      ["not-instruction", "not-met"],
    ]);
    expect(scoreOf(view.current)).toBe(5);
    expect(view.candidate).toMatchObject({score: 2, rows: ["fewer-than-half"], scoreText: "2"});
  });

  it("half the main task done: partly met at least half (3), not met when more than half is needed (2)", () => {
    const record = setFact(caseOf("edge-3"), 0, "done", 3);
    const view = editorView(record, withCandidate({mainPartThreshold: "more-than-half"}));
    expect(view.lines[0]!.current).toMatchObject({verdict: "partly", clause: "enough-done"});
    expect(view.lines[0]!.candidate).toMatchObject({verdict: "not-met", clause: "too-little-done"});
    expect(view.current).toMatchObject({score: 3, rows: ["half-or-more"]});
    expect(view.candidate).toMatchObject({score: 2, rows: ["main-not-met-engages"]});
  });

  it("no single score says which rubric row allows which score, and the score is left out of the file", () => {
    let record = addLine(bakery(), {role: "instruction", quote: "for a bakery", text: "For a bakery"});
    record = setFact(setRule(record, 2, "stated-constraints"), 2, "observed", "met");
    const mostMissed = {...context, current: ruleSetOf(v2, {counting: "most-missed"})};
    const view = editorView(record, mostMissed);
    // Each row as most-missed words it (guideline/v2/logic.yaml's short words): v2's own words for rows 3 and 2 ("at
    // least half …", "fewer than half …") are its own counting's, and exactly half is both under neither.
    const gap =
      "no single score: the row “some instructions missed” allows 3, the row “most instructions missed” allows 2";
    expect(view.current).toMatchObject({score: null, candidates: [3, 2], rows: ["half-or-more", "fewer-than-half"]});
    expect(view.scoreText).toBe(gap);
    expect(view.problems).toContainEqual({file: "new-case.md", field: "score", message: gap});
    expect("score" in syncRulings({...record, score: 3}, view)).toBe(false);
  });

  it("a line the guideline's wording leaves open has no one verdict to write, and the case cannot be downloaded", () => {
    let record = setText(finished(), "request", "Suggest no more than two names for a bakery, formally.");
    record = addLine(record, {role: "instruction", quote: "formally", text: "Formal"});
    record = setLineField(setRule(record, 2, "style-register"), 2, "note", "Cosy names: a little less formal.");
    record = setFact(record, 2, "lapse", "slightly-less-formal");
    const firstWording = {...context, current: ruleSetOf(v2, {slightLapse: "flaw-or-partly"})};
    const view = editorView(record, firstWording);
    expect(view.lines[2]!.current).toEqual({
      verdict: null,
      verdicts: ["met-flaw", "partly"],
      clause: "slightly-less-formal",
    });
    expect(view.lines[2]!.factProblems).toEqual([]);
    expect(view.problems.map((problem) => problem.field)).toContain("checklist[2].verdict");
    expect(view.downloadable).toBe(false);
    expect(editorView(record, context).lines[2]!.current!.verdict).toBe("met-flaw");
  });

  it("with a candidate and no lines yet, the candidate's score says what the current one says; none without one", () => {
    const view = editorView(blankCase(), withCandidate({}));
    expect(view.candidate).toBeNull();
    expect(view.candidateScoreText).toBe("no score yet: mark the instructions in the request");
    expect(editorView(blankCase(), context).candidateScoreText).toBeNull();
    expect(editorView(bakery(), withCandidate({})).candidateScoreText).toBe("2");
  });

  it("the candidate comes from the same address as /authors, a clause change included; none when it names no change", () => {
    const domains = parameterDomains(v2);
    expect(ruleSetsFromQuery("", guidelines, domains)).toMatchObject({candidate: null, error: null});
    expect(ruleSetsFromQuery("base=v2&candidate=v2", guidelines, domains).candidate).toBeNull();
    const older = ruleSetsFromQuery("base=v2&candidate=v1", guidelines, domains);
    expect(older).toMatchObject({described: "v1", error: null, current: {version: "v2"}});
    expect(older.candidate).toEqual(ruleSetOf(v1));
    // A base of v1 makes v1 the candidate: compared with v2, the newest, it is "v1", not "v1 unchanged".
    expect(ruleSetsFromQuery("base=v1", guidelines, domains)).toMatchObject({described: "v1", error: null});
    const changed = ruleSetsFromQuery("candidate=v2&set=mainPartThreshold%3Dmore-than-half", guidelines, domains);
    expect(changed.described).toBe(
      "v2 with How “at least half” counts the main task (mainPartThreshold): at-least-half → more-than-half",
    );
    expect(changed.candidate!.parameters.mainPartThreshold).toBe("more-than-half");
    // A clause changed in the address ("Write this case" hands it over) is the candidate's too: edge case 1a's ceiling
    // with none delivered is partly met, so its one other instruction counts half: a 3 (the rubric's row 3), not a 2.
    const clause = ruleSetsFromQuery("candidate=v2&set=numbers.ceiling-needs-one%3Dpartly", guidelines, domains);
    expect(clause.error).toBeNull();
    expect(clause.described).toBe("v2 with Numbers, a ceiling with none delivered: not met → partly met");
    expect(
      derive(
        items.find((item) => item.id === "edge-1a")!,
        clause.candidate!,
      ).score,
    ).toBe(3);
    const wrong = ruleSetsFromQuery("candidate=v9", guidelines, domains);
    expect(wrong).toMatchObject({candidate: null, error: 'candidate: unknown version "v9": expected one of v1, v2'});
  });
});

function caseOf(id: string): CaseRecord {
  const entry = data.cases.find((each) => each.id === id)!;
  return caseFromFile(entry.text, `data/items/${id}.md`, context.schemas.item).record!;
}

describe("a case that was the last one ruled at a score", () => {
  it("is not downloadable once ruled another, in guideline:check's words; unchanged it says nothing", () => {
    // The ruled scores alone, no case's file: the case is not held to a file as filed (a case of the case study is,
    // below), so what is said is that the last worked example of its score goes.
    const scoresOnly: EditorContext = {...context, cases: data.cases.map(({text: _text, ...entry}) => entry)};
    expect(editorView(caseOf("calibration-a"), scoresOnly).problems).toEqual([]);
    // Calibration A is the one case ruled 4 (a register lapse that does not break it). Read as breaking the register,
    // the main task met and half the other instructions: 3, and no case is ruled 4. (Its notes, which name 3 as a
    // likely wrong score, go with the change.)
    const moved = setField(setFact(caseOf("calibration-a"), 2, "lapse", "breaks-register"), "notes", []);
    const view = editorView(moved, scoresOnly);
    expect(view.current!.score).toBe(3);
    const message = "score 4 has no worked example: add an item ruled 4";
    expect(view.problems).toEqual([
      {file: "calibration-a.md", field: "score", message: `${message} (this case was the last one ruled 4)`},
    ]);
    expect(view.downloadable).toBe(false);
    // guideline:check says the same of the guideline, with the case as the editor would write it.
    const item = parseItemFile(caseFileText(syncRulings(moved, view)), "data/items/calibration-a.md", v2.logic);
    const report = checkGuideline(
      v2,
      items.map((each) => (each.id === item.id ? item : each)),
      {domains: parameterDomains(v2)},
    );
    expect(report.problems).toContainEqual({file: "guideline/v2/guideline.yaml", field: "rubric", message});
    // With its file, as the page has it, a case of the case study keeps its ruling, which is the fix to give: its
    // third line and its score as the case study rules them (stop 74: the editor wrote the derived ones).
    expect(editorView(moved, context).problems).toEqual([
      {
        file: "calibration-a.md",
        field: "checklist[2].facts",
        message:
          "the case study rules this line met with a small flaw, and these facts make it not met: a case of the " +
          "case study keeps its ruling; mend the facts, or give the case a new id to make it a case written for " +
          "the notebook",
      },
      {
        file: "calibration-a.md",
        field: "score",
        message:
          "the case study rules it 4, and these facts derive 3: a case of the case study keeps its ruling; mend the " +
          "facts, or give the case a new id to make it a case written for the notebook",
      },
    ]);
  });
});

describe("every case in data/items, loaded into the editor", () => {
  it.each(items.map((item) => [item.id, item] as const))("%s: unchanged, it downloads equal in meaning", (id, item) => {
    const entry = data.cases.find((each) => each.id === id)!;
    const loaded = caseFromFile(entry.text, `data/items/${id}.md`, context.schemas.item);
    expect(loaded.problems).toEqual([]);
    const record = loaded.record!;
    expect(record).toEqual(itemRecord(entry.text, `data/items/${id}.md`).record);
    const view = editorView(record, context);
    expect(view.problems).toEqual([]);
    expect(view.warnings.map((warning) => warning.field)).toEqual(["id"]);
    expect(view.current!.score).toBe(item.score);
    expect(syncRulings(record, view)).toBe(record);
    const text = caseFileText(record);
    expect(itemRecord(text, `data/items/${id}.md`).record).toEqual(record);
    expect(parseItemFile(text, `data/items/${id}.md`, loadGuideline("v2").logic)).toEqual(item);
  });
});

describe("a case of the case study", () => {
  const keeps =
    "a case of the case study keeps its ruling; mend the facts, or give the case a new id to make it a case " +
    "written for the notebook";

  it("keeps its ruling: Example 1's facts edited to not met and 2 are refused, where the editor wrote them", () => {
    // Example 1's second line, "no more than two" examples, one delivered: met, and the case study rules 5. Three
    // delivered is over the ceiling: not met, the one other instruction missed, fewer than half: 2.
    const view = editorView(setFact(caseOf("example-1"), 1, "delivered", 3), context);
    expect(view.current!.score).toBe(2);
    expect(view.problems).toEqual([
      {
        file: "example-1.md",
        field: "checklist[1].facts",
        message: `the case study rules this line met, and these facts make it not met: ${keeps}`,
      },
      {file: "example-1.md", field: "score", message: `the case study rules it 5, and these facts derive 2: ${keeps}`},
    ]);
    expect(view.downloadable).toBe(false);
  });

  it("keeps a line's verdict where the score stays, the line found by its words wherever it moved", () => {
    // Example 5's second line, "Just the answer, no explanation", met: its wording read as not restrictive, it is no
    // instruction, and the case stays 5.
    const edited = setFact(caseOf("example-5"), 1, "restrictiveWording", false);
    const line = `the case study rules this line met, and these facts make it not an instruction: ${keeps}`;
    expect(editorView(edited, context).problems).toEqual([
      {file: "example-5.md", field: "checklist[1].facts", message: line},
    ]);
    // Moved first, it is still that line.
    const lines = edited.checklist as Record<string, unknown>[];
    const moved = {...edited, checklist: [lines[1]!, lines[0]!, ...lines.slice(2)]};
    expect(editorView(moved, context).problems).toContainEqual({
      file: "example-5.md",
      field: "checklist[0].facts",
      message: line,
    });
  });

  it("is held by the file it would replace, whatever the draft says of its origin", () => {
    const edited = setFact(caseOf("example-1"), 1, "delivered", 3);
    const fields = (record: CaseRecord) => editorView(record, context).problems.map((problem) => problem.field);
    // Made a case written for the notebook in every field but its id (the origin chosen leaves out the case-study
    // number and the case study's own words, its scored row and lesson; a note on each line, no line inferred): it
    // would still replace the case study's Example 1, and the build refuses its origin.
    let notebook = withOrigin(edited, "notebook", {loaded: caseOf("example-1")});
    expect(Object.keys(notebook).filter((key) => ["caseStudyNumber", "scoredRow", "lesson"].includes(key))).toEqual([]);
    expect(withOrigin(notebook, "", {loaded: caseOf("example-1")})).toEqual(edited);
    notebook = setLineField(notebook, 0, "note", "Answered: met");
    notebook = setLineField(setLineField(notebook, 2, "source", undefined), 2, "because", undefined);
    expect(fields(notebook)).toEqual(["checklist[1].facts", "score", "origin"]);
    // Under a new id, as the page gives one, it is a case written for the notebook, ruled as its facts derive.
    const {record: copy} = setId(edited, "example-1-copy", {loaded: caseOf("example-1"), cases: data.cases});
    expect(copy.origin).toBe("notebook");
    expect(fields(copy).filter((field) => field === "score" || field.endsWith(".facts"))).toEqual([]);
  });

  it("is one the case study rules: under a new id, its origin set back to the case study's, it is refused", () => {
    const {record: copy} = setId(caseOf("example-1"), "example-8", {loaded: caseOf("example-1"), cases: data.cases});
    const view = editorView(setField(copy, "origin", "case-study"), context);
    // As the build says it (lib/authored/item-checks.ts), at the origin.
    expect(view.problems).toContainEqual({
      file: "example-8.md",
      field: "origin",
      message:
        'the case study has no case "example-8" (data/case-study.yaml lists its cases): set origin: notebook to ' +
        "write it for the notebook, or give it the id of the case-study case it is",
    });
    expect(view.downloadable).toBe(false);
    expect(editorView(copy, context).problems.filter((problem) => problem.field === "origin")).toEqual([]);
  });
});

describe("a gloss taken from another case (Calibration A's, from Example 3)", () => {
  const loaded = caseOf("calibration-a");
  const glossProblems = (record: CaseRecord) =>
    editorView(record, context).problems.filter((problem) => /^request\.(text|gloss)$/.test(problem.field));

  it("is held to Example 3's as the build holds it: its request edited, it is refused under the request", () => {
    const request = loaded.request as {text: string};
    const edited = setText(loaded, "request", `${request.text} Bitte.`);
    expect(glossProblems(edited)).toEqual([
      {
        file: "calibration-a.md",
        field: "request.text",
        message: "example-3's request is not these same words: a gloss is taken only from the same request",
      },
    ]);
    expect(editorView(edited, context).downloadable).toBe(false);
  });

  it("names a case that is not there as the build does", () => {
    const named = {...loaded, request: {...(loaded.request as object), glossFrom: "example-99"}};
    expect(glossProblems(named).map(({message}) => message)).toEqual([
      'no item with id "example-99": use an id from data/items/',
    ]);
  });

  it("holds Example 3 edited to Calibration A, which takes its gloss: its request or its gloss changed is refused", () => {
    const record = caseOf("example-3");
    expect(editorView(record, context).problems).toEqual([]);
    const request = record.request as {text: string};
    expect(glossProblems(setText(record, "request", `${request.text} Bitte.`))).toEqual([
      {
        file: "example-3.md",
        field: "request.text",
        message:
          "calibration-a takes this request's gloss: example-3's request is not these same words: a gloss is taken " +
          "only from the same request",
      },
    ]);
    expect(glossProblems(setGloss(record, "request", "Write me a short email."))).toEqual([
      {
        file: "example-3.md",
        field: "request.gloss",
        message:
          "calibration-a takes this request's gloss: the request gloss is not example-3's: copy its gloss word for word",
      },
    ]);
  });

  it("typed over, becomes the case's own: glossFrom goes, and the edited request downloads", () => {
    const request = loaded.request as {text: string};
    const own = setGloss(setText(loaded, "request", `${request.text} Bitte.`), "request", "A short, formal reply.");
    expect(own.request).not.toHaveProperty("glossFrom");
    expect(own.request).toMatchObject({gloss: "A short, formal reply."});
    expect(glossProblems(own)).toEqual([]);
  });
});

describe("a case standing where another case of its set does", () => {
  /** The problems at a case's order and case-study number, as "field: message". */
  const placeProblems = (record: CaseRecord): string[] =>
    editorView(record, context)
      .problems.filter((problem) => problem.field === "order" || problem.field === "caseStudyNumber")
      .map(({field, message}) => `${field}: ${message}`);

  it("is a problem, by guideline:check's rule: fresh-4 under a new id at fresh-4's order", () => {
    // The fresh calibration set runs fresh-1 … fresh-7 at orders 1 … 7, so 8 follows the last.
    expect(placeProblems(setField(caseOf("fresh-4"), "id", "fresh-9"))).toEqual([
      "order: order 4 is also fresh-4's in set fresh-calibration: give each case of a set its own order " +
        "(8 follows the last)",
    ]);
    const view = editorView(setField(caseOf("fresh-4"), "id", "fresh-9"), context);
    expect(view.downloadable).toBe(false);
  });
  it("is a problem at the case-study number a copy keeps: edge-3 under a new id, at a free order", () => {
    const copy = setField(setField(caseOf("edge-3"), "id", "edge-12"), "order", 15);
    expect(placeProblems(copy)).toEqual([
      'caseStudyNumber: caseStudyNumber "3" is also edge-3\'s in set edge-cases: each case of the case study has ' +
        "its own number (a twist names its case in twistOf); a case written for the notebook has none: set origin: " +
        "notebook and remove caseStudyNumber",
    ]);
  });
  it("is none for a case under its own id (the download replaces it), or at a free order with no number", () => {
    expect(placeProblems(caseOf("edge-1b"))).toEqual([]);
    expect(placeProblems(caseOf("edge-10-twist"))).toEqual([]);
    expect(placeProblems(setField(setField(caseOf("fresh-4"), "id", "fresh-9"), "order", 8))).toEqual([]);
  });
});
