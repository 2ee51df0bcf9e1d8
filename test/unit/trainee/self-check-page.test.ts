import {describe, expect, it} from "vitest";
import {seenWhere, shownRun, summaryHeadline} from "../../../lib/trainee/self-check-page.js";

describe("the run the self-check page shows", () => {
  it("is the latest run when the address asks for none, or for one that is not a whole number", () => {
    for (const asked of [null, "", "two", "1.5", "-1", "0"]) expect(shownRun({run: 2, complete: false}, asked)).toBe(2);
  });

  it("is the run asked for, up to the latest; the next one only once the latest is finished", () => {
    expect(shownRun({run: 3, complete: false}, "1")).toBe(1);
    expect(shownRun({run: 3, complete: false}, "3")).toBe(3);
    expect(shownRun({run: 3, complete: false}, "4")).toBe(3);
    expect(shownRun({run: 3, complete: true}, "4")).toBe(4);
    expect(shownRun({run: 3, complete: true}, "5")).toBe(3);
  });
});

describe("what a run that can't be blind says", () => {
  it("names the walk when any ruling was seen there, else the end of an earlier run", () => {
    expect(seenWhere([{item: "calibration-a", where: "earlier-run"}])).toBe("at the end of an earlier run");
    expect(
      seenWhere([
        {item: "calibration-a", where: "earlier-run"},
        {item: "calibration-b", where: "walk"},
      ]),
    ).toBe("in Part 6");
  });
});

describe("the summary's headline", () => {
  it("awards a pass only to a blind run", () => {
    expect(summaryHeadline({blind: true, pass: true})).toEqual({tone: "is-pass", text: "✓ Passed"});
    expect(summaryHeadline({blind: true, pass: false})).toEqual({tone: "is-fail", text: "✗ Not passed"});
    expect(summaryHeadline({blind: false, pass: true})).toEqual({
      tone: "is-not-blind",
      text: "Not blind: no pass awarded",
    });
  });
});
