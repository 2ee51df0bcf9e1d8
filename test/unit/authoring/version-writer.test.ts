// Writing a candidate as a new version: the base's two files with the changes made, a reworded rule text, and what
// changed in words; read back through the loader's own parsers; a released version is never written over.
import {describe, expect, it} from "vitest";
import {
  guidelineSources,
  guidelineVersions,
  loadGuideline,
  parseGuidelineFile,
  parseLogicFile,
} from "../../../lib/node/load.js";
import {parseRuleChanges} from "../../../lib/authoring/rule-changes.js";
import {ruleChangeWords} from "../../../lib/authoring/rule-change-words.js";
import {versionFiles} from "../../../lib/authoring/version-writer.js";
import {checkLogic, versionLogicInput} from "../../../lib/authoring/logic-check.js";
import {ruleSentence} from "../../../lib/trainee/rule-sentence.js";
import {nextVersion} from "../../../lib/authoring/version-name.js";
import {errorOf} from "./helpers.js";

const v2 = loadGuideline("v2");
const titles = new Map(v2.rules.map((rule) => [rule.id, rule.title]));
const base = {version: "v2", ...guidelineSources("v2")};
const versions = guidelineVersions();
const numbersText = v2.rules.find((rule) => rule.id === "numbers")!.text;

function write(settings: string[], texts = new Map<string, string>(), version = "v3") {
  const changes = parseRuleChanges(settings, v2.logic);
  return versionFiles({
    base,
    version,
    versions,
    parameters: [{name: "counting", value: "more-than-half"}],
    changes,
    words: [
      "counting = more-than-half",
      ...changes.map((change) => ruleChangeWords(change, {logic: v2.logic, titles})),
    ],
    texts,
    titles,
  });
}

describe("versionFiles", () => {
  it("writes guideline/v3/: the changed logic, the texts, and what changed from v2, all readable by the loader", () => {
    const reworded = numbersText.replace(
      "A ceiling still requires at least one: delivering none doesn't meet it.",
      "A ceiling with none delivered is partly met.",
    );
    expect(reworded).not.toBe(numbersText);
    const {files, changes} = write(
      ["numbers.ceiling-needs-one=partly", "conflicting.serves-one.flag=none", "rubric.one-small-flaw=2"],
      new Map([
        ["numbers", reworded],
        ["purpose", v2.rules.find((rule) => rule.id === "purpose")!.text],
      ]),
    );
    expect(files.map((file) => file.path)).toEqual(["guideline/v3/guideline.yaml", "guideline/v3/logic.yaml"]);
    const text = parseGuidelineFile(files[0]!.text, files[0]!.path);
    const logic = parseLogicFile(files[1]!.text, files[1]!.path);
    expect(text.version).toBe("v3");
    expect(text.replaces).toBe("v2");
    expect(text.rules.find((rule) => rule.id === "numbers")!.text).toBe(reworded);
    const clause = (rule: string, id: string) =>
      logic.rules.find((entry) => entry.id === rule)!.clauses.find((entry) => entry.id === id)!;
    expect(clause("numbers", "ceiling-needs-one").verdict).toBe("partly");
    // Its sentence is no longer in the rule's text: the clause cites the whole text.
    expect(clause("numbers", "ceiling-needs-one").sentence).toBeUndefined();
    expect(clause("numbers", "within-ceiling").sentence).toBe(
      '"No more than," "at most," and "up to" set a ceiling: any count from one up to the limit is met.',
    );
    expect(clause("conflicting", "serves-one").flag).toBeUndefined();
    expect(clause("conflicting", "serves-both").flag).toBe("prompt");
    expect(logic.parameters.find((parameter) => parameter.name === "counting")!.value).toBe("more-than-half");
    expect(logic.rubric.rows.find((row) => row.id === "one-small-flaw")!.threshold!.value).toBe(2);
    // The purpose text given unchanged is no change.
    expect(changes).toEqual([
      {setting: "counting=more-than-half", words: "counting = more-than-half"},
      {
        setting: "numbers.ceiling-needs-one=partly",
        words: "Numbers, a ceiling with none delivered: not met → partly met",
      },
      {
        setting: "conflicting.serves-one.flag=none",
        words: "Conflicting instructions, serving only one: flag prompt → no flag",
      },
      {setting: "rubric.one-small-flaw=2", words: "How many small flaws a 4 allows (rubric.one-small-flaw): 1 → 2"},
      {rule: "numbers", words: "Numbers: the rule's text reworded; clauses ceiling-needs-one now cite the whole text"},
    ]);
    expect(text.changes).toEqual(changes);
    // The base's comments stay, renamed where they name it.
    expect(files[1]!.text).toMatch(/^# What guideline v3 decides, as data/m);
    expect(files[0]!.text).toContain("# Written from v2 by the authors' preview");
  });

  it("writes a flow list or map as the base writes it, with no spaces inside its brackets", () => {
    // Before, `values: [at-least-half, more-than-half, most-missed]` came out `[ at-least-half, … ]`, eleven times in
    // v2's logic.yaml: a diff of the two versions showed each as changed.
    const logic = write([]).files[1]!.text;
    expect(logic).toContain("    values: [at-least-half, more-than-half, most-missed]\n");
    expect(logic).toContain(
      '    words: {"true": "yes: none delivered is not met", "false": "no: none delivered meets it"}\n',
    );
    expect(logic).not.toMatch(/\[ |\{ /);
  });

  it("drops a sentence two clauses share (a YAML anchor and its alias) from both when the reworded text loses it", () => {
    const reworded = numbersText.replace('"At least" sets a floor.', "A floor is the least count that meets it.");
    expect(reworded).not.toBe(numbersText);
    const {files} = write(["numbers.ceiling-needs-one=partly"], new Map([["numbers", reworded]]));
    const logic = parseLogicFile(files[1]!.text, files[1]!.path);
    const numbers = logic.rules.find((entry) => entry.id === "numbers")!;
    const sentence = (id: string) => numbers.clauses.find((entry) => entry.id === id)!.sentence;
    expect(sentence("floor-reached")).toBeUndefined();
    expect(sentence("under-floor")).toBeUndefined();
    expect(sentence("exact")).toBe('A bare number ("give two examples") means exactly that number.');
  });

  it("keeps a sentence a reworded text wraps across lines, as the check and the feedback both quote it", () => {
    // An author's text wraps where it likes: the sentence's words are all there, in order.
    const sentence = 'A bare number ("give two examples") means exactly that number.';
    const reworded = numbersText.replace(sentence, 'A bare number ("give two examples")\n  means exactly that number.');
    expect(reworded).not.toBe(numbersText);
    const {files, changes} = write(["numbers.ceiling-needs-one=partly"], new Map([["numbers", reworded]]));
    const text = parseGuidelineFile(files[0]!.text, files[0]!.path);
    const logic = parseLogicFile(files[1]!.text, files[1]!.path);
    const numbers = logic.rules.find((entry) => entry.id === "numbers")!;
    const written = text.rules.find((rule) => rule.id === "numbers")!;
    // The writer keeps it (it dropped it, citing the whole text) ...
    expect(numbers.clauses.find((entry) => entry.id === "exact")!.sentence).toBe(sentence);
    expect(changes.at(-1)).toEqual({rule: "numbers", words: "Numbers: the rule's text reworded"});
    // ... guideline:check accepts it as quoted ...
    const report = checkLogic(versionLogicInput({...text, logic}));
    expect(report.problems.filter((problem) => problem.message.includes("not quoted"))).toEqual([]);
    // ... and the feedback quotes it rather than the whole text.
    expect(ruleSentence(written, numbers, "exact")).toBe(sentence);
  });

  it("refuses to write over a released version, and a name that is not one, naming the next free name", () => {
    expect(nextVersion(["v1", "v2"])).toBe("v3");
    expect(errorOf(() => write(["numbers.exact=partly"], new Map(), "v2"))).toBe(
      "guideline/v2 is a released version and stays as it is: write the candidate as v3",
    );
    expect(errorOf(() => write(["numbers.exact=partly"], new Map(), "v2b"))).toBe(
      '"v2b" is not a version name: expected v and a number, such as v3',
    );
  });

  it("refuses a rule's text left empty, naming the rule by its title", () => {
    // Before, the dialog wrote `text: ""`, and guideline:check then stopped on the version it had downloaded.
    for (const text of ["", "   \n"])
      expect(errorOf(() => write(["numbers.exact=partly"], new Map([["style-register", text]])))).toBe(
        "Style and register: its text is empty: write the rule's words, or leave them as they were",
      );
  });

  it("refuses a candidate with nothing changed", () => {
    expect(
      errorOf(() => versionFiles({base, version: "v3", versions, parameters: [], changes: [], words: [], titles})),
    ).toBe("the candidate is v2 unchanged: set a parameter, a clause or a row, or reword a rule, first");
  });
});
