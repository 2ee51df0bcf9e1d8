import {describe, expect, it} from "vitest";
import {emptyProgress} from "../../../lib/trainee/progress.js";
import {recordSaved} from "../../../lib/trainee/recorded.js";
import {record} from "./helpers.js";

describe("a part drawn from the saved record", () => {
  it("shows the record as last saved, and the very same one when nothing was saved anew", () => {
    const before = emptyProgress();
    const saved = record({item: "example-1", score: 3});
    expect(recordSaved(before, saved)).toBe(saved);
    expect(recordSaved(saved, saved)).toBe(saved);
  });
});
