// lib/authoring/version-diff.ts and the move reasons of lib/authoring/preview.ts: what differs between two guideline
// versions, and why a case moves at the edge of a counting rule. Every expected value is read off
// guideline/v1/guideline.yaml and guideline/v2/guideline.yaml by hand (quoted here), never from the code's output.
import {describe, expect, it} from "vitest";
import {loadGuideline} from "../../../lib/node/load.js";
import {
  diffText,
  versionDiff,
  versionDiffLines,
  wordsDiffer,
  type DiffPart,
} from "../../../lib/authoring/version-diff.js";
import type {Guideline} from "../../../lib/authored/schemas/guideline.js";
import {withChanges} from "../../../lib/authoring/candidate-choice.js";
import {missedWords, moveReason, reasonNames, shareWords, type MoveSide} from "../../../lib/authoring/preview.js";
import {rubricRowByNumber} from "../../../lib/engine/labels.js";
import {compileLogic, parameterValues, type ParameterValues} from "../../../lib/engine/logic.js";
import type {GuidelineLogic} from "../../../lib/authored/schemas/logic.js";

const v1 = loadGuideline("v1");
const v2 = loadGuideline("v2");

/** The version with a row's threshold set to `value`, as a candidate's `rubric.<row>=<value>` sets it. */
const withThreshold = (version: Guideline, row: string, value: number): Guideline =>
  withChanges(version, [{kind: "threshold", row, value}]);

const side = (parts: readonly DiffPart[], kind: "removed" | "added") =>
  parts
    .filter((part) => part.kind === "same" || part.kind === kind)
    .map((part) => part.text)
    .join("");
const words = (parts: readonly DiffPart[], kind: "removed" | "added") =>
  parts
    .filter((part) => part.kind === kind)
    .flatMap((part) => part.text.match(/[\p{L}.()]+/gu) ?? [])
    .join(" ");

describe("versionDiff, v1 against v2", () => {
  const diff = versionDiff(v1, v2);

  it("names every parameter whose value differs, in words, base value first", () => {
    // v1's parameters block: counting most-missed, mainNotMet unspecified, slightLapse flaw-or-partly; v2's:
    // at-least-half, engages-clause, met-flaw. The other eight are the same in both files.
    expect(diff.parameters.map(({name, from, to}) => [name, from, to])).toEqual([
      ["counting", "most-missed", "at-least-half"],
      ["mainNotMet", "unspecified", "engages-clause"],
      ["slightLapse", "flaw-or-partly", "met-flaw"],
    ]);
    expect(diff.parameters[0]!.title).toBe("How “at least half” counts the other instructions (counting)");
    expect(diff.parameters[0]!.toWords).toBe("at least half met is row 3 (at-least-half)");
    expect(diff.parameters[1]!.fromWords).toBe("no row tells 1 from 2 (unspecified)");
  });

  it("gives each rule whose text differs as a word-level diff that rebuilds both texts", () => {
    expect(diff.rules.map((rule) => rule.key)).toEqual(["style-register", "clarifying-question"]);
    const [style, question] = diff.rules;
    // v2 adds the second sentence to the style rule and removes nothing.
    expect(words(style!.parts!, "removed")).toBe("");
    expect(words(style!.parts!, "added")).toBe(
      "A choice that is slightly less formal but still acceptable counts as met with a small flaw.",
    );
    // v1: "… is acceptable when … information; then mark the main task met."
    // v2: "… is justified only when … information. If it is justified, mark the main task met. If not, mark it not
    // met."
    expect(words(question!.parts!, "removed")).toBe("acceptable then");
    expect(words(question!.parts!, "added")).toBe("justified only . If it is justified If not mark it not met.");
    for (const rule of diff.rules) {
      const before = v1.rules.find((entry) => entry.id === rule.key)!.text;
      const after = v2.rules.find((entry) => entry.id === rule.key)!.text;
      expect(side(rule.parts!, "removed")).toBe(before);
      expect(side(rule.parts!, "added")).toBe(after);
      expect(rule.baseTitle).toBeNull();
    }
  });

  it("gives each rubric row whose words differ, and leaves rows 5 and 1 out", () => {
    expect(diff.rubric.map((row) => [row.key, row.title])).toEqual([
      ["4", "Follows, minor flaw"],
      ["3", "Partly follows"],
      ["2", "Mostly misses"],
    ]);
    expect(words(diff.rubric[0]!.parts!, "added")).toBe(
      "(e.g. a formal German email that closes with Viele Grüße instead of Mit freundlichen Grüßen)",
    );
    expect(side(diff.rubric[2]!.parts!, "removed")).toBe("Most instructions missed");
    expect(side(diff.rubric[1]!.parts!, "added")).toBe(
      "Main task met or partly met; at least half of the other instructions met (partly met counts as half)",
    );
  });

  it("names the rules one version has and the other lacks: v2's opening on what is not rated", () => {
    expect(diff.onlyInBase).toEqual([]);
    expect(diff.onlyInCandidate).toEqual([{id: "not-rated", title: "What you are rating"}]);
  });

  it("prints the block for a terminal, git's word-diff marks around what differs", () => {
    const lines = versionDiffLines(diff);
    expect(lines[0]).toBe("what differs, base v1 -> candidate v2:");
    expect(lines).toContain("  parameters (3): base -> candidate");
    expect(lines).toContain("  rules only in v2: What you are rating (not-rated)");
    expect(lines).toContain("  rules only in v1: none");
    expect(
      diffText([
        {kind: "same", text: "a "},
        {kind: "removed", text: "b"},
        {kind: "added", text: "c"},
      ]),
    ).toBe("a [-b-]{+c+}");
  });

  it("a version against itself with one parameter set differs in that parameter only", () => {
    const same = versionDiff(v2, v2, {...v2.parameters, mainPartThreshold: "more-than-half"});
    expect(same.parameters.map((entry) => entry.name)).toEqual(["mainPartThreshold"]);
    expect([same.rules, same.rubric, same.onlyInBase, same.onlyInCandidate]).toEqual([[], [], [], []]);
    expect(versionDiffLines(versionDiff(v2, v2)).at(-1)).toBe("  nothing: the same parameters, rules and rubric");
  });

  it("says whether words differ word by word: v1's and v2's rules do, a title alone or parameters alone do not", () => {
    expect(wordsDiffer(diff)).toBe(true);
    expect(wordsDiffer(versionDiff(v2, v2, {...v2.parameters, counting: "most-missed"}))).toBe(false);
    const retitled = {...v2, rules: v2.rules.map((rule, at) => (at ? rule : {...rule, title: `${rule.title}, again`}))};
    const titleOnly = versionDiff(v2, retitled);
    expect(titleOnly.rules).toHaveLength(1);
    expect(wordsDiffer(titleOnly)).toBe(false);
  });

  it("says row 3's share set to 0.6 in each side's words, under the candidate's counting", () => {
    // guideline/v2/logic.yaml: counting's "at least half met is row 3" and "more than half met is row 3" say row 3's
    // share ("half", 0.5); most-missed's "exactly half" is a count, and its words stay.
    const share = withThreshold(v2, "half-or-more", 0.6);
    const more = versionDiff(v2, share, {...v2.parameters, counting: "more-than-half"});
    expect(more.parameters.map(({fromWords, toWords}) => [fromWords, toWords])).toEqual([
      ["at least half met is row 3 (at-least-half)", "more than 60% met is row 3 (more-than-half)"],
    ]);
    expect(more.logic).toEqual([
      {
        key: "rubric.half-or-more",
        words: "The share of the other instructions met that a 3 needs: 0.5 → 0.6",
        now: ["row 3, more than 60% met", "row 2, 60% or fewer met"],
      },
    ]);
    const missed = versionDiff(v2, share, {...v2.parameters, counting: "most-missed"});
    expect(missed.parameters[0]!.toWords).toBe(
      "“most instructions missed”, with no count: exactly half reads as row 3 or row 2 (most-missed)",
    );
    // Under most-missed no row says a share: the change rewords none.
    expect(missed.logic[0]!.now).toEqual([]);
  });
});

/** One side of a move: a version's logic, compiled, and its own parameter values with any set otherwise. */
const moveSide = (logic: GuidelineLogic, set: ParameterValues = {}): MoveSide => ({
  logic: compileLogic(logic),
  parameters: {...parameterValues(logic), ...set},
});

describe("why a case moves at exactly half", () => {
  // One of two other instructions met, one missed (Example 2): credit 1 of 2, exactly half.
  const half = {credit: 1, of: 2, share: 0.5, flaws: 0, missed: 1};

  it("says the share as a share, and each row as the counting rule that applies it words it", () => {
    expect(shareWords(half, 0.5)).toBe("1 of 2 other instructions met: half");
    expect(shareWords({credit: 1.5, of: 3, share: 0.5, flaws: 0, missed: 1}, 0.5)).toBe(
      "1.5 of 3 other instructions met (partly met counts as 0.5): half",
    );
    const cap = {partialMainCap: 3};
    expect(rubricRowByNumber(v2.logic, "half-or-more", {counting: "at-least-half", ...cap})).toBe(
      "row 3, at least half met",
    );
    expect(rubricRowByNumber(v2.logic, "fewer-than-half", {counting: "more-than-half", ...cap})).toBe(
      "row 2, half or fewer met",
    );
  });

  it("says the missed instructions where a version's rows count those (most instructions missed)", () => {
    expect(missedWords(half)).toBe("1 of 2 other instructions missed: half");
    expect(missedWords({credit: 0.5, of: 1, share: 0.5, flaws: 0, missed: 0})).toBe(
      "0 of 1 other instruction missed: none",
    );
    expect(missedWords({credit: 1, of: 3, share: 1 / 3, flaws: 0, missed: 2})).toBe(
      "2 of 3 other instructions missed: most",
    );
    expect(missedWords({credit: 0, of: 0, share: 1, flaws: 0, missed: 0})).toBe("no other instructions");
    // Edge case 1a with its one other instruction, the ceiling, ruled partly met: v2 counts a share, 0.5 of 1, half;
    // most-missed counts the instructions missed, none. Each side says the count its row 3 reads.
    const partlyOne = {credit: 0.5, of: 1, share: 0.5, flaws: 0, missed: 0};
    const reason = moveReason(
      {score: 3, candidates: [3], rows: ["half-or-more"], tally: partlyOne},
      {score: 3, candidates: [3], rows: ["half-or-more"], tally: partlyOne},
      {
        base: moveSide(v2.logic),
        candidate: moveSide(v2.logic, {counting: "most-missed"}),
      },
      reasonNames("v2"),
    );
    expect(reason.shares).toEqual([
      "v2: 0.5 of 1 other instruction met (partly met counts as 0.5): half",
      "the candidate: 0 of 1 other instruction missed: none",
    ]);
  });

  it("names the side whose count it gives where the other has a line undecided (Calibration A under v1)", () => {
    // Calibration A: short met, formal met with a small flaw: 2 of 2 under v2. v1 leaves formal open between a small
    // flaw and partly met, so it has no count, and only v2's is given, named as v2's.
    const reason = moveReason(
      {score: 4, candidates: [4], rows: ["one-small-flaw"], tally: {credit: 2, of: 2, share: 1, flaws: 1, missed: 0}},
      {score: null, candidates: [4, 3], rows: ["one-small-flaw", "half-or-more"], tally: null},
      {
        base: moveSide(v2.logic),
        candidate: moveSide(v1.logic),
      },
      reasonNames("v2"),
    );
    expect(reason.shares).toEqual(["v2: 2 of 2 other instructions met: all"]);
  });

  it("v2 against more-than-half: row 3 at least half met, then row 2 half or fewer met; never 'fewer than half'", () => {
    const reason = moveReason(
      {score: 3, candidates: [3], rows: ["half-or-more"], tally: half},
      {score: 2, candidates: [2], rows: ["fewer-than-half"], tally: half},
      {
        base: moveSide(v2.logic),
        candidate: moveSide(v2.logic, {counting: "more-than-half"}),
      },
      reasonNames("v2"),
    );
    expect(reason).toEqual({
      shares: ["1 of 2 other instructions met: half"],
      from: "row 3, at least half met",
      to: "row 2, half or fewer met",
    });
    expect(reason.to).not.toContain("fewer than half");
  });

  it("words each side with the logic that produced it when the candidate's rows and credit differ from the base's", () => {
    // A candidate made by hand from v2: its row 2 has another id and its own short words, and a partly met
    // instruction counts 0.25 rather than v2's partlyWeight (0.5).
    const {rubric} = v2.logic;
    const renamed = (id: string) => (id === "fewer-than-half" ? "under-half" : id);
    const candidate: GuidelineLogic = {
      ...v2.logic,
      rubric: {
        ...rubric,
        credit: {...rubric.credit, partly: 0.25},
        rows: rubric.rows.map((row) => ({
          ...row,
          id: renamed(row.id),
          ...(row.id === "fewer-than-half" ? {short: "under half met"} : {}),
          ...(row.open ? {open: row.open.map((entry) => ({...entry, rows: entry.rows.map(renamed)}))} : {}),
        })),
      },
    };
    // One other met, one partly met, one not met: 1 + 0.5 = 1.5 of 3 under v2, half, row 3 under at-least-half;
    // 1 + 0.25 = 1.25 of 3 under the candidate, less than half, its row 2.
    const reason = moveReason(
      {
        score: 3,
        candidates: [3],
        rows: ["half-or-more"],
        tally: {credit: 1.5, of: 3, share: 0.5, flaws: 0, missed: 1},
      },
      {
        score: 2,
        candidates: [2],
        rows: ["under-half"],
        tally: {credit: 1.25, of: 3, share: 1.25 / 3, flaws: 0, missed: 1},
      },
      {
        base: moveSide(v2.logic),
        candidate: moveSide(candidate),
      },
      reasonNames("v2"),
    );
    expect(reason).toEqual({
      shares: [
        "v2: 1.5 of 3 other instructions met (partly met counts as 0.5): half",
        "the candidate: 1.25 of 3 other instructions met (partly met counts as 0.25): less than half",
      ],
      from: "row 3, at least half met",
      to: "row 2, under half met",
    });
  });
});
