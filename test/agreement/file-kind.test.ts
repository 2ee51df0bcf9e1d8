import {describe, expect, it} from "vitest";
import {inputKindByName, inputKindOf} from "../../lib/agreement/file-kind.js";

describe("which kind of file a coordinator gave", () => {
  it("goes by the name's extension, whatever the file holds", () => {
    expect(inputKindOf("ratings.CSV", "{")).toBe("csv");
    expect(inputKindOf("ann.json", "rater,item")).toBe("trainee");
    expect(inputKindByName("ann.Json")).toBe("trainee");
  });

  it("judges any other name by the first character: a JSON object is a trainee's record", () => {
    expect(inputKindByName("ann.txt")).toBeNull();
    expect(inputKindOf("ann.txt", ' \n {"app": "rater-notebook"')).toBe("trainee");
    expect(inputKindOf("ratings", "rater,item,phase,score")).toBe("csv");
    expect(inputKindOf("empty", "")).toBe("csv");
  });
});
