// lib/engine/parameters.ts: a parameter's values in words as the rubric's thresholds read them, and whether two
// linked parameters read their phrase alike. Words are guideline/v2/logic.yaml's, written out here by hand.
import {describe, expect, it} from "vitest";
import {linkOf, linkStanding, parameterValueWords, valueWords} from "../../../lib/engine/parameters.js";
import {loadGuideline} from "../../../lib/node/load.js";
import {applyRuleChanges} from "../../../lib/authoring/rule-changes.js";

const {logic, parameters} = loadGuideline("v2");
/** v2's logic with row 3's share set to `value`, as a candidate's `rubric.half-or-more` sets it. */
const share = (value: number) => applyRuleChanges(logic, [{kind: "threshold", row: "half-or-more", value}]);
const always = () => true;

describe("a parameter's values in words", () => {
  it("says counting's values with row 3's share as its threshold reads it, and the main task's as they are", () => {
    expect(valueWords(logic, "counting", "at-least-half")).toBe("at least half met is row 3 (at-least-half)");
    // Most-missed's "exactly half" is a count of what is missed, not row 3's share: its words stay.
    expect(parameterValueWords(share(0.6), "counting")).toEqual({
      "at-least-half": "at least 60% met is row 3",
      "more-than-half": "more than 60% met is row 3",
      "most-missed": "“most instructions missed”, with no count: exactly half reads as row 3 or row 2",
    });
    // The main task's "at least half" is its own (mainPartThreshold), not row 3's share.
    expect(valueWords(share(0.6), "mainPartThreshold", "at-least-half")).toBe(
      "at least half done is partly met (at-least-half)",
    );
  });
});

describe("linked parameters", () => {
  it("agree at the same value, and no longer read alike once row 3's share is set otherwise", () => {
    const own = linkOf(logic, "counting", parameters, always, parameters)!;
    expect(linkStanding(own, "at-least-half")).toBe("The two agree.");
    const bent = linkOf(share(0.6), "counting", parameters, always, parameters)!;
    expect(bent.bent.map((threshold) => threshold.name)).toEqual(["halfShare"]);
    expect(linkStanding(bent, "at-least-half")).toBe(
      "The two have the same value, but the share of the other instructions met that a 3 needs is 60%: “at least " +
        "half” no longer reads alike for both.",
    );
    // Said on the main task's control as well: the other's phrase is the one bent.
    expect(
      linkStanding(linkOf(share(0.6), "mainPartThreshold", parameters, always, parameters)!, "at-least-half"),
    ).toBe(linkStanding(bent, "at-least-half"));
  });

  it("offer to set the other alike on the control changed, never on the other, where it would undo that change", () => {
    // An author sets counting to more-than-half: its control offers to set the main task's alike; the main task's
    // control, still at v2's value, offers nothing (setting counting back to at-least-half would undo the change).
    const set = {...parameters, counting: "more-than-half"};
    expect(linkOf(logic, "counting", set, always, parameters)!.offer).toBe("more-than-half");
    expect(linkOf(logic, "mainPartThreshold", set, always, parameters)!.offer).toBeNull();
    expect(linkStanding(linkOf(logic, "mainPartThreshold", set, always, parameters)!, "at-least-half")).toBe(
      "The two now differ.",
    );
    // Both changed, to values apart: each offers its own. A version whose own values differ: each offers its own.
    const both = {...parameters, counting: "most-missed", mainPartThreshold: "more-than-half"};
    expect(linkOf(logic, "counting", both, always, parameters)!.offer).toBe("most-missed");
    expect(linkOf(logic, "mainPartThreshold", both, always, parameters)!.offer).toBe("more-than-half");
    expect(linkOf(logic, "mainPartThreshold", set, always, set)!.offer).toBe("at-least-half");
  });

  it("differ, or cannot be set alike, whatever the thresholds", () => {
    const set = {...parameters, counting: "most-missed"};
    expect(linkStanding(linkOf(share(0.6), "mainPartThreshold", set, always, parameters)!, "at-least-half")).toBe(
      "The two now differ.",
    );
    expect(
      linkStanding(
        linkOf(logic, "counting", set, () => false, parameters)!,
        "most-missed",
      ),
    ).toBe("The other has no such value, so they cannot be set alike.");
  });
});
