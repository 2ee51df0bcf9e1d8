// What the one runner's protections look like on a judge's case alone, beyond the tests both callers share
// (test/unit/probes/runner.test.ts, disguised-keys.test.ts): the answer is parsed from the reply, so a JSON escape can
// spell the key only once parsed; an answer nested thousands deep is refused by its depth before it is parsed; a
// reply that is no answer keeps only its first 2,000 characters.
import {describe, expect, it} from "vitest";
import {completion, judgeAnswer, judgeCaller, stubEndpoint} from "../probes/helpers.js";

const KEY = "sk-or-v1-test-SECRET-4f9a0c";
const stub = stubEndpoint();
const settings = {apiKey: KEY, endpoint: "", maxRetries: 0};
const call = () => judgeCaller.call({...settings, endpoint: stub.endpoint});

/** The key written as JSON \u escapes: the reply's text never holds it, the parsed answer does. */
const escapedKey = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");

describe("a judge's case through the one runner", () => {
  it("refuses an answer whose instruction spells the key in JSON escapes: nothing recorded, the key not quoted", async () => {
    const reply = JSON.stringify(judgeAnswer).replace("List three planets", escapedKey);
    expect(reply).not.toContain(KEY);
    stub.queue.push(completion({content: reply}));
    const outcome = await call();
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe("leak");
    expect(JSON.stringify(outcome)).not.toContain(KEY);
    expect(JSON.stringify(outcome)).not.toContain(escapedKey);
  });

  it("refuses a reply that is no answer holding the key JSON-escaped one character a line: nothing recorded", async () => {
    // Score 9 is no answer, so the reply would be kept as an excerpt, never parsed: its text is read as JSON reads it.
    const reply = `{"score": 9, "checklist": [], "note": "${[...KEY].join("\\n")}"}`;
    stub.queue.push(completion({content: reply}));
    const outcome = await call();
    expect(!outcome.ok && outcome.error.code).toBe("leak");
    expect(JSON.stringify(outcome)).not.toContain(reply);
  });

  it("records an answer nested 2,000 deep as invalid, by its depth, without parsing it into a stack overflow", async () => {
    const reply = `{"checklist": ${"[".repeat(2000)}${"]".repeat(2000)}, "score": 4}`;
    stub.queue.push(completion({content: reply}));
    const outcome = await call();
    expect(outcome.ok).toBe(true);
    if (!outcome.ok || outcome.kept.caller !== "judge") return;
    expect(outcome.kept.record).toMatchObject({
      status: "invalid",
      answer: null,
      problem: "nested deeper than 6 levels",
    });
    expect(outcome.problems()).toEqual([]);
  });

  it("records prose as unparsed with its first 2,000 characters, and the reply's whole size", async () => {
    const reply = `I would rate this a four, because ${"the response is careful. ".repeat(400)}`;
    stub.queue.push(completion({content: reply}));
    const outcome = await call();
    expect(outcome.ok).toBe(true);
    if (!outcome.ok || outcome.kept.caller !== "judge") return;
    expect(outcome.kept.record.status).toBe("unparsed");
    expect(outcome.kept.record.answer).toBeNull();
    expect(outcome.kept.record.reply).toBe(reply.slice(0, 2000));
    expect(outcome.kept.record.replyBytes).toBe(Buffer.byteLength(reply));
    expect(outcome.problems()).toEqual([]);
  });

  it("reads a careful answer as given: the checklist and score, nothing guessed", async () => {
    stub.queue.push(completion({content: JSON.stringify(judgeAnswer)}));
    const outcome = await call();
    expect(outcome.ok).toBe(true);
    if (!outcome.ok || outcome.kept.caller !== "judge") return;
    expect(outcome.kept.record).toMatchObject({case: "example-1", ruled: 4, status: "answered", answer: judgeAnswer});
  });
});
