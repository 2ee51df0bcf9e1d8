// What the probe page shows beside each result is decided here, not in the components.
import {describe, expect, it} from "vitest";
import {loadProbes} from "../../../lib/probes/load.node.js";
import type {LooseRuleResult, RuleResult} from "../../../lib/probes/score.js";
import {
  compareWithRegex,
  currentVersion,
  looseNote,
  patternText,
  probeView,
  scoredAsDeclared,
  strictNote,
} from "../../../lib/probes/view.js";
import {newestVersion} from "../../../lib/probes/versions.js";

const [probe] = loadProbes(".").probes;
const view = probeView("six-step-chain", probe!.versions, []);

const result = (outcome: "pass" | "fail", mode: RuleResult["mode"], text: string | null): RuleResult => ({
  id: "r",
  step: 1,
  mode,
  outcome,
  span: text === null ? null : {start: 0, end: text.length, text},
});

describe("the current version", () => {
  it("is the newest, found one way for the view, the page and the structured data", () => {
    expect(newestVersion(["v1", "v2", "v3"])).toBe("v3");
    expect(newestVersion([])).toBeUndefined();
    expect(view.current).toBe("v2");
    expect(currentVersion(view).version).toBe("v2");
    expect(() => currentVersion({...view, current: "v9"})).toThrow("probe six-step-chain has no version v9");
  });
});

describe("what a result says beside its badge", () => {
  it("writes a pattern as JavaScript would", () => {
    expect(patternText({pattern: "pluto", flags: "i"})).toBe("/pluto/i");
  });

  it("names the text a must-not-match rule found, and nothing for a must-match rule", () => {
    expect(strictNote(result("fail", "must-not-match", "Pluto"))).toBe('found "Pluto"');
    // The reply is what the user pasted: quoted as lib/text/quote-text.ts quotes typed text, an override escaped.
    expect(strictNote(result("fail", "must-not-match", "Pluto\u202E!"))).toBe('found "Pluto\\u{202E}!"');
    expect(strictNote(result("pass", "must-not-match", null))).toBe("");
    expect(strictNote(result("pass", "must-match", "BEGIN-7731"))).toBe("");
  });

  it("names the loose variant only when the loose outcome differs from the strict one", () => {
    const loose = (outcome: "pass" | "fail", variant: LooseRuleResult["variant"]): LooseRuleResult => ({
      ...result(outcome, "must-match", "x"),
      variant,
    });
    const strictFail = result("fail", "must-match", null);
    expect(looseNote(strictFail, loose("pass", "without last line"))).toBe("without last line");
    expect(looseNote(result("pass", "must-match", "x"), loose("pass", "as given"))).toBe("");
    expect(looseNote(strictFail, loose("fail", null))).toBe("");
  });

  it("says whether a worked example scores as it declares", () => {
    const [example] = currentVersion(view).examples;
    expect(scoredAsDeclared(example!)).toBe(true);
    const flipped = Object.fromEntries(Object.keys(example!.expected).map((id) => [id, "fail" as const]));
    expect(scoredAsDeclared({...example!, expected: flipped})).toBe(false);
  });
});

describe("a reader's verdict beside the regex", () => {
  it("agrees, differs, or notes that the regex cannot be partly met", () => {
    expect(compareWithRegex("met", "pass")).toBe("agrees");
    expect(compareWithRegex("not met", "fail")).toBe("agrees");
    expect(compareWithRegex("met", "fail")).toBe("differs");
    expect(compareWithRegex("not met", "pass")).toBe("differs");
    expect(compareWithRegex("partly met", "pass")).toBe("regex is all or nothing");
  });

  it("waits for the reader's verdict on a scored step, and says nothing before the regex has an outcome", () => {
    expect(compareWithRegex("", "pass")).toBe("after your verdict");
    expect(compareWithRegex("", "fail")).toBe("after your verdict");
    expect(compareWithRegex("met", undefined)).toBeNull();
    expect(compareWithRegex("", undefined)).toBeNull();
  });
});
