import {describe, expect, it} from "vitest";
import {nextStep} from "../../../lib/site/next-step.js";

/** Parts 1-6 as the site has them: 1, 4, 5 and 6 scored (7, 7, 14, 5 items), 2 and 3 to read. */
const walk = (scored: [number, number, number, number]) => {
  const [one, four, five, six] = scored;
  return [
    {number: 1, scored: one, total: 7},
    {number: 2, scored: 0, total: 0},
    {number: 3, scored: 0, total: 0},
    {number: 4, scored: four, total: 7},
    {number: 5, scored: five, total: 14},
    {number: 6, scored: six, total: 5},
  ];
};
const next = (scored: [number, number, number, number]) => {
  const step = nextStep(walk(scored));
  return step.kind === "done" ? "done" : `${step.kind} ${step.part.number}`;
};

describe("nextStep", () => {
  it("starts with the first part when nothing is scored", () => {
    expect(next([0, 0, 0, 0])).toBe("start 1");
  });
  it("continues the part last scored in while it is unfinished", () => {
    expect(next([3, 0, 0, 0])).toBe("continue 1");
    expect(next([7, 2, 0, 0])).toBe("continue 4");
  });
  it("goes on to the part after a finished one, a part to read included", () => {
    expect(next([7, 0, 0, 0])).toBe("continue 2");
    expect(next([7, 7, 0, 0])).toBe("continue 5");
    expect(next([7, 7, 14, 0])).toBe("continue 6");
  });
  it("after the last part, goes back to the first part left unfinished; then it is done", () => {
    expect(next([7, 3, 14, 5])).toBe("continue 4");
    expect(next([7, 7, 14, 5])).toBe("done");
  });
  it("a trainee who skipped ahead continues where they are", () => {
    expect(next([0, 0, 4, 0])).toBe("continue 5");
  });
  it("goes back to a part left half done before one further on", () => {
    expect(next([7, 7, 7, 2])).toBe("continue 5");
    expect(next([7, 7, 14, 2])).toBe("continue 6");
  });
  it("no parts: done", () => {
    expect(nextStep([])).toEqual({kind: "done"});
  });
});
