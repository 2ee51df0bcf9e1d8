import {describe, expect, it} from "vitest";
import {startOverStart, startOverStep} from "../../../lib/trainee/start-over.js";

describe("Start over", () => {
  it("asks first, counting the answers it would delete, and deletes nothing until confirmed", () => {
    const asking = startOverStep(startOverStart, {kind: "ask", answers: 12});
    expect(asking).toEqual({asking: true, answers: 12, erased: false});
    expect(startOverStep(asking, {kind: "ask", answers: 12})).toEqual({asking: false, answers: 12, erased: false});
    const kept = startOverStep(asking, {kind: "keep"});
    expect(kept).toEqual({asking: false, answers: 12, erased: false});
    expect(kept).not.toBe(asking);
    expect(startOverStep(asking, {kind: "erase"})).toEqual({asking: false, answers: 0, erased: true});
  });
});
