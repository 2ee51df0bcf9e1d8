// The word-click bench's checker (bench/patch.ts): what a run of clicks comes to against a frame, the bench's longer
// request, and which item it measures. The figures are worked by hand.
import {describe, expect, it} from "vitest";
import {longestRequest, summarizeClicks, withLongerRequest, type WordClick} from "../../../bench/patch.js";
import {projectRoot} from "../../../scripts/copy-project.js";

const click = (work: [number, number, number], paint: number, framesBefore = 0): WordClick => ({
  kind: "mark",
  inputDelay: work[0],
  handlers: work[1],
  frame: work[2],
  paint,
  framesBefore,
});

describe("the word-click bench", () => {
  it("takes the median and the worst of the clicks' own work and paint, and says when the worst is over a frame", () => {
    // Own work 6, 11 and 21 ms; painted 10, 15 and 30 ms after the click, the last a frame late.
    const clicks = [click([1, 2, 3], 10), click([2, 4, 5], 15), click([3, 6, 12], 30, 1)];
    expect(summarizeClicks(clicks)).toEqual({
      clicks: 3,
      work: {median: 11, worst: 21},
      paint: {median: 15, worst: 30},
      late: 1,
      withinFrame: false,
    });
    expect(summarizeClicks(clicks.slice(0, 2)).withinFrame).toBe(true);
  });

  it("adds its paragraph at the end of the request, before the response", () => {
    const file = "---\nid: x\n---\n\n## Request\n\nPull out the dates.\n\n## Response\n\nA reply.\n";
    expect(withLongerRequest(file, "P.S. More dates.\n")).toBe(
      "---\nid: x\n---\n\n## Request\n\nPull out the dates.\n\nP.S. More dates.\n\n## Response\n\nA reply.\n",
    );
  });

  it("measures fresh case 7, the request with the most words, on the fresh cases' self-check", () => {
    const longest = longestRequest(projectRoot);
    expect([longest.item.id, longest.path]).toEqual(["fresh-7", "/self-check?pool=fresh"]);
  });
});
