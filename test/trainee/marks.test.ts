import {describe, expect, it} from "vitest";
import {textOf} from "../../lib/quote.js";
import {toggleListing} from "../../lib/trainee/marks.js";
import type {Listing, TraineeLine} from "../../lib/trainee/progress.js";
import {item, mark} from "./helpers.js";

const calibrationB = item("calibration-b");
const options = (mergeAdjacent: boolean) => ({
  textOf: (where: string) => textOf(calibrationB, where as "request"),
  mergeAdjacent,
});
const press = (lines: TraineeLine[], words: string[], mergeAdjacent = true): TraineeLine[] =>
  words.reduce((list, word) => toggleListing(list, mark(calibrationB, word), options(mergeAdjacent)), lines);
const spans = (lines: TraineeLine[]) =>
  lines.map((line) => {
    const listing = line.listing as Extract<Listing, {kind: "mark"}>;
    return calibrationB.request.text.slice(listing.start, listing.end);
  });

describe("toggling words of the request", () => {
  it("joins words next to each other into one line, word by word", () => {
    const lines = press([], ["in", "one", "sentence"]);
    expect(spans(lines)).toEqual(["in one sentence"]);
  });

  it("keeps words apart when they are not next to each other, and takes the first line as the main task", () => {
    const lines = press([], ["Describe", "sentence"]);
    expect(spans(lines)).toEqual(["Describe", "sentence"]);
    expect(lines.map((line) => line.main ?? false)).toEqual([true, false]);
  });

  it("removes a stretch when one of its words is pressed again", () => {
    expect(press([], ["in", "one", "sentence", "one"])).toEqual([]);
  });

  it("adds each word as its own line when joining is off (phrases, mouse selections)", () => {
    expect(spans(press([], ["in", "one"], false))).toEqual(["in", "one"]);
    expect(press([], ["in", "in"], false)).toEqual([]);
  });

  it("keeps a joined line's verdict and main-task choice", () => {
    const [first] = press([], ["one"]);
    const lines = toggleListing([{...first!, verdict: "not-met"}], mark(calibrationB, "sentence"), options(true));
    expect(spans(lines)).toEqual(["one sentence"]);
    expect(lines[0]).toMatchObject({verdict: "not-met", main: true});
  });

  it("adds a free line or an option as it is", () => {
    const free: Listing = {kind: "free", text: "answer in English"};
    expect(toggleListing([], free, options(true))).toEqual([{listing: free, main: true}]);
    expect(toggleListing([{listing: free}], free, options(true))).toEqual([]);
  });
});
