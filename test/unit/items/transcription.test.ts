// The site's content is transcribed from the case study, word for word where it gives words. This test holds
// every quoted text, gloss, note, ruling and table row of every item, and the prose and tables around them (the
// parts' openings, the case study's opening and close, the rubric-writer check), against a copy of the source
// document (test/fixtures/seeds/case-study.txt). What the site infers is marked `source: inferred` and not held here.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {loadCaseStudy, loadGuideline, loadItems, loadParts, loadRubricWriter} from "../../../lib/node/load.js";
import {resolveIntro} from "../../../lib/authored/schemas/parts.js";

const caseStudyText = readFileSync(new URL("../../fixtures/seeds/case-study.txt", import.meta.url), "utf8");
// Only the case study's cases: the ones written for the notebook have no source text to hold them to.
const items = loadItems().filter((item) => item.origin === "case-study");
const inCaseStudy = (text: string): boolean =>
  caseStudyText.includes(text.replace(/\s+/g, " ").trim()) || caseStudyText.includes(text.trim());
// A text may start with a capital where the source runs it on after a colon or semicolon ("The twist: if …").
const inCaseStudyAnyCase = (text: string): boolean =>
  inCaseStudy(text) || inCaseStudy(text[0]!.toLowerCase() + text.slice(1));
const notInCaseStudy = (texts: readonly (string | undefined)[]): string[] =>
  texts.filter((text): text is string => !!text && !inCaseStudyAnyCase(text));
/** A row of one of the case study's Markdown tables, cells separated by " | ". */
const row = (...cells: string[]): string => `| ${cells.join(" | ")} |`;

describe.each(items.map((item) => [item.id, item] as const))("%s", (_id, item) => {
  it("quotes its request and response exactly as the case study gives them", () => {
    const missing: string[] = [];
    for (const text of [item.request, item.response, ...item.turns]) {
      if (text.form !== "quoted") continue;
      // Bulleted responses are transcribed as "- " lines; the source shows the bullets without the marker.
      for (const line of text.text.split("\n").map((line) => line.replace(/^- /, "").trim()))
        if (line && !inCaseStudy(line)) missing.push(line);
    }
    expect(missing).toEqual([]);
  });

  it("takes its glosses, notes, open question, ruling and what it teaches from the case study", () => {
    const texts = [
      item.request.gloss,
      item.response.gloss,
      item.request.note,
      item.response.note,
      item.openQuestion,
      item.teaches,
      item.lesson?.text,
      item.ruling,
      item.scoreCondition,
      ...item.notes.flatMap((note) => [note.text, note.label]),
    ];
    expect(notInCaseStudy(texts)).toEqual([]);
  });

  it("takes the notes of the lines and flags the case study states from the case study", () => {
    const texts = [
      ...item.checklist.filter((line) => line.source === "case-study").map((line) => line.note),
      ...item.flags.filter((flag) => flag.source === "case-study").map((flag) => flag.note),
    ];
    expect(notInCaseStudy(texts)).toEqual([]);
  });

  it("says why, for everything the site reads in", () => {
    const unexplained = [
      ...item.checklist.filter((line) => line.source === "inferred" && !line.because).map((line) => line.text),
      ...item.flags.filter((flag) => flag.source === "inferred" && !flag.because).map((flag) => flag.flag),
    ];
    expect(unexplained).toEqual([]);
  });

  if (item.set === "examples") {
    it("has its row of the case study's scored table, cell by cell", () => {
      const cells = item.scoredRow!;
      expect(caseStudyText).toContain(row(item.caseStudyNumber!, cells.mainTask, cells.others, cells.score));
      expect(cells.score.startsWith(String(item.score))).toBe(true);
    });
  }
});

describe("the parts", () => {
  const parts = loadParts();
  const guideline = loadGuideline("v2");

  it("open with the case study's own prose, word for word", () => {
    const texts = parts.flatMap((part) => [
      part.title,
      part.description,
      ...resolveIntro(part, guideline).map((paragraph) => paragraph.text),
      ...part.closing,
    ]);
    expect(notInCaseStudy(texts)).toEqual([]);
    // Each paragraph is a whole line of the source, not a piece of one.
    const lines = new Set(caseStudyText.split("\n"));
    const partial = parts.flatMap((part) => resolveIntro(part, guideline).map((paragraph) => paragraph.text));
    expect(partial.filter((text) => !lines.has(text))).toEqual([]);
  });

  it("hold the intros the issue names", () => {
    const intro = (id: string) =>
      resolveIntro(
        parts.find((part) => part.id === id)!,
        guideline,
      ).map((paragraph) => paragraph.text.slice(0, 40));
    expect(Object.fromEntries(parts.map((part) => [part.id, intro(part.id)]))).toMatchInlineSnapshot(`
      {
        "calibration": [
          "Four fully worked examples, one for each",
        ],
        "edge-cases": [
          "Eleven cases where the guideline could s",
        ],
        "examples": [
          "All material is invented. The split scor",
        ],
        "guideline": [],
        "rubric": [],
        "vague": [
          "Rate how well the response follows the u",
          "It leaves open how to weigh partial comp",
        ],
      }
    `);
  });

  it("give the scored table's heading and columns as the case study does", () => {
    const table = parts.find((part) => part.id === "rubric")!.scoredTable!;
    expect(caseStudyText).toContain(`\n${table.title}\n`);
    const {number, mainTask, others, score} = table.columns;
    expect(caseStudyText).toContain(row(number, mainTask, others, score));
  });
});

describe("the case study's opening and close", () => {
  const caseStudy = loadCaseStudy();
  const sections = [caseStudy.problem, caseStudy.whatIDid, caseStudy.artifact, caseStudy.result];
  const lines = new Set(caseStudyText.split("\n"));

  it("are whole lines of the case study: each title, each paragraph, the skills", () => {
    const texts = [
      ...sections.flatMap((section) => [section.title, ...section.paragraphs.map((paragraph) => paragraph.text)]),
      `- ${caseStudy.result.skills.label}`,
      `- ${caseStudy.result.skills.text}`,
    ];
    expect(texts.filter((text) => !lines.has(text))).toEqual([]);
  });

  it("keep every paragraph of What I did, in order, with the ones a page points to named", () => {
    const start = caseStudyText.indexOf("What I did\n") + "What I did\n".length;
    const end = caseStudyText.indexOf("\nThe Artifact");
    expect(caseStudy.whatIDid.paragraphs.map((paragraph) => paragraph.text).join("\n")).toBe(
      caseStudyText.slice(start, end),
    );
    expect(caseStudy.whatIDid.paragraphs.map((paragraph) => paragraph.id ?? null)).toEqual([
      null,
      null,
      "first-rubric-broke",
      "style-line",
      "rubric-writer",
      "disclosure",
    ]);
  });
});

describe("the rubric-writer check (edge case 11)", () => {
  const check = loadRubricWriter();

  it("has the case study's intro, column heads, five rows and map row, word for word", () => {
    expect(caseStudyText).toContain(`\n${check.intro}\n`);
    expect(caseStudyText).toContain(row(check.columns.relationship, check.columns.example, check.columns.problem));
    for (const entry of check.rows)
      expect(caseStudyText).toContain(row(entry.relationship, `"${entry.criterion}"`, entry.problem));
    expect(caseStudyText).toContain(
      row(check.caseStudyNumber, check.mapRow.case, "See below", check.mapRow.ruling, check.mapRow.score),
    );
    expect(caseStudyText).toContain(`Case ${check.caseStudyNumber} ${check.title}\n`);
    expect(check.columns.example).toContain(`"${check.request.text}"`);
    expect(check.rows).toHaveLength(5);
  });
});

describe("guideline v1, the first rubric", () => {
  // What the case study says of the first guideline is held here, word for word; every other text is marked
  // reconstructed (its rules, four rubric rows, row 2's meaning, the not-applicable sentence) and shown as such on the
  // page.
  const v1 = loadGuideline("v1");
  const isReconstructed = (marker: {fields?: string[]} | undefined, field: string): boolean =>
    !!marker && (!marker.fields || marker.fields.includes(field));

  it("takes every text it does not mark reconstructed from the case study", () => {
    const texts = [
      v1.vague,
      ...v1.steps.map((step) => step.title),
      ...v1.rules.flatMap((rule) => (isReconstructed(rule.reconstructed, "text") ? [] : [rule.text])),
      ...v1.rubric.flatMap((level) =>
        (["meaning", "checklist"] as const).flatMap((field) =>
          isReconstructed(level.reconstructed, field) ? [] : [level[field]],
        ),
      ),
      ...(v1.reconstructed?.notApplicable ? [] : [v1.notApplicable]),
      ...(v1.unwrittenRules ?? []).flatMap((rule) => [rule.text.replace(/\.$/, ""), rule.caseStudy]),
    ];
    expect(texts.length).toBeGreaterThan(5);
    expect(notInCaseStudy(texts)).toEqual([]);
  });

  it('quotes row 2\'s "most instructions missed" and the three steps of "What I did"', () => {
    expect(v1.rubric.find((level) => level.score === 2)!.checklist).toBe("Most instructions missed");
    expect(caseStudyText).toContain('because "most instructions missed" doesn\'t say whether one of two is most');
    expect(caseStudyText).toContain(
      `${v1.steps
        .map((step) => step.title[0]!.toLowerCase() + step.title.slice(1))
        .join(", ")
        .replace(/, ([^,]+)$/, ", and $1")}.`,
    );
  });
});
