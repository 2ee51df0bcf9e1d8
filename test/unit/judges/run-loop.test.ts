// A judge's run through the cases, in process, against a stub of the chat-completions endpoint on 127.0.0.1: each
// judge the stub plays gives the figures worked out by hand from the ruled scores; the run is saved valid after
// every case, stops at a failed call, and --resume asks only the rest, refusing a run asked another way.
import {describe, expect, it} from "vitest";
import type {Item} from "../../../lib/authored/schemas/item.js";
import {answerLimits} from "../../../lib/judges/answer.js";
import {guidelineText} from "../../../lib/judges/guideline-text.js";
import {judgeMessages} from "../../../lib/judges/prompt.js";
import {readPrompt, textHash} from "../../../lib/judges/prompts.node.js";
import {resumeProblem, runJudge, type JudgeRunAsked} from "../../../lib/judges/run-loop.js";
import {JudgeRun} from "../../../lib/judges/schema.node.js";
import {loadGuideline} from "../../../lib/node/load.js";
import {completion, json, stubEndpoint, stubSleep} from "../probes/helpers.js";
import {
  byId,
  carefulReply,
  caseSet,
  inventingReply,
  items,
  KEY,
  leaks,
  lenientReply,
  proseReply,
  sentMessages,
} from "./helpers.js";

const stub = stubEndpoint();
const {queue, seen} = stub;
const prompt = readPrompt(".", "checklist-v1").prompt!;
const v2 = guidelineText(loadGuideline("v2", "."));
const calibration = caseSet("calibration");

/** What a test asks, with every save kept (a copy as it was then) and back-off waits recorded. */
function asking(cases: readonly Item[], extra: Partial<JudgeRunAsked> = {}) {
  const saved: JudgeRun[] = [];
  const waits: number[] = [];
  const log: string[] = [];
  let clock = Date.parse("2026-12-01T10:00:00.000Z");
  const asked: JudgeRunAsked = {
    prompt: {name: prompt.name, hash: prompt.hash, templates: prompt, parameters: prompt.settings.parameters},
    guideline: {version: "v2", text: v2, hash: textHash(v2)},
    items: cases,
    model: "example/model",
    endpoint: stub.endpoint,
    settings: {
      apiKey: KEY,
      fetch,
      now: () => new Date((clock += 500)),
      sleep: stubSleep(waits),
      timeoutMs: 2000,
      log: (line) => log.push(line),
    },
    save: (run) => saved.push(structuredClone(run)),
    ...extra,
  };
  return {asked, saved, waits, log};
}

/** Which case each request asked: the one whose prompt it sent, exactly. */
const askedCases = (cases: readonly Item[]) =>
  seen.map(
    ({body}) =>
      cases.find((item) => JSON.stringify(sentMessages(body)) === JSON.stringify(judgeMessages(prompt, v2, item)))?.id,
  );

describe("runJudge against the stub", () => {
  it("a careful judge on every case: all 33 exact, saved valid after every case, complete at the last", async () => {
    queue.push(...items.map((item) => completion({content: carefulReply(item), model: "example/model-2026"})));
    const {asked, saved} = asking(items);
    const outcome = await runJudge(asked);
    expect(outcome.status).toBe("complete");
    if (outcome.status !== "complete") return;
    // By hand: a careful judge gives every ruled score, so every case it answers is exact.
    expect(outcome.run.figures).toEqual({asked: 33, replied: 33, answered: 33, exact: 33, oneOff: 0, twoOrMoreOff: 0});
    expect(askedCases(items)).toEqual(items.map((item) => item.id));
    expect(saved).toHaveLength(33);
    saved.forEach((run, index) => {
      expect(JudgeRun.parse(run)).toEqual(run);
      expect(run.answers).toHaveLength(index + 1);
      expect(run.complete).toBe(index === 32);
      expect(run.finishedAt === null).toBe(index !== 32);
    });
    const edge5b = outcome.run.answers.find((record) => record.case === "edge-5b")!;
    expect(edge5b).toMatchObject({ruled: "n/a", status: "answered", answer: {score: "n/a"}, problem: null});
    expect(outcome.run).toMatchObject({
      kind: "judge-run",
      model: "example/model",
      endpoint: stub.endpoint,
      prompt: "checklist-v1",
      promptHash: prompt.hash,
      guideline: "v2",
      guidelineHash: textHash(v2),
      parameters: {maxTokens: 4000, temperature: 0},
      startedAt: "2026-12-01T10:00:00.500Z",
      stopped: null,
    });
    expect(outcome.run.answers[0]).toMatchObject({case: "example-1", servedBy: "example/model-2026"});
    // What was sent: the prompt's parameters, the guideline in the system message.
    const body = JSON.parse(seen[0]!.body) as {max_tokens: number; temperature: number; model: string};
    expect(body).toMatchObject({model: "example/model", max_tokens: 4000, temperature: 0});
    expect(sentMessages(seen[0]!.body)[0]!.content).toContain(v2.trim());
    expect(seen[0]!.authorization).toBe(`Bearer ${KEY}`);
  });

  it.each([
    // Ruled (data/items/calibration-*.md): a 4, b 2, c 1, d 5, d-twist 2. Always 5: d exact; a one off; b, c and
    // d-twist three or four off.
    ["calibration", {asked: 5, replied: 5, answered: 5, exact: 1, oneOff: 1, twoOrMoreOff: 3}],
    // Ruled (data/items/edge-*.md): 1a 2, 1b 2, 1c 5, 2 2, 3 3, 4 5, 5a 1, 5b n/a, 6 5, 7 2, 8 2, 9 5, 10 5,
    // 10-twist 3. Always 5: 1c, 4, 6, 9 and 10 exact; none one off; the other nine (5b's n/a among them) two or more.
    ["edge-cases", {asked: 14, replied: 14, answered: 14, exact: 5, oneOff: 0, twoOrMoreOff: 9}],
  ] as const)("a lenient judge (always 5) on the %s: the figures worked out by hand", async (set, figures) => {
    const cases = caseSet(set);
    queue.push(...cases.map((item) => completion({content: lenientReply(item)})));
    const outcome = await runJudge(asking(cases).asked);
    expect(outcome.status === "complete" && outcome.run.figures).toEqual(figures);
  });

  it("a judge inventing a rule id and a case id: its rule kept as written, the case the one asked", async () => {
    queue.push(completion({content: inventingReply}));
    const outcome = await runJudge(asking([byId("calibration-a")]).asked);
    expect(outcome.status).toBe("complete");
    if (outcome.status !== "complete") return;
    const [record] = outcome.run.answers;
    expect(record).toMatchObject({case: "calibration-a", ruled: 4, status: "answered"});
    expect(record!.answer).toEqual({
      checklist: [
        {instruction: "Write the email", main: true, rule: "main-task", verdict: "met"},
        {instruction: "in a warm tone", main: false, rule: "tone-warmth", verdict: "partly"},
      ],
      score: 4,
    });
    // By hand: it scores 4 where calibration A is ruled 4.
    expect(outcome.run.figures).toEqual({asked: 1, replied: 1, answered: 1, exact: 1, oneOff: 0, twoOrMoreOff: 0});
  });

  it("prose, a score out of range, a long reply: recorded as not answers, each with its first 2,000 characters", async () => {
    const long = `I rate it 5.${" Every instruction is met.".repeat(400)}`;
    queue.push(
      completion({content: proseReply}),
      completion({content: JSON.stringify({checklist: [], score: 7})}),
      completion({content: long}),
    );
    const outcome = await runJudge(asking(calibration.slice(0, 3)).asked);
    if (outcome.status !== "complete") throw new Error(outcome.status);
    expect(outcome.run.answers.map(({status, answer, problem}) => ({status, answer, problem}))).toEqual([
      {status: "unparsed", answer: null, problem: "not JSON: the reply is not a JSON object"},
      {status: "invalid", answer: null, problem: 'score: expected 1 to 5 or "n/a"'},
      {status: "unparsed", answer: null, problem: "not JSON: the reply is not a JSON object"},
    ]);
    const kept = outcome.run.answers[2]!;
    expect(long.length).toBe(10_412);
    expect(kept.reply).toBe(long.slice(0, 2000));
    expect(kept.reply.length).toBeLessThanOrEqual(answerLimits.excerpt);
    expect(kept.replyBytes).toBe(10_412);
    expect(outcome.run.answers[0]!.reply).toBe(proseReply);
    // By hand: three replies, none an answer, so nothing is scored.
    expect(outcome.run.figures).toEqual({asked: 3, replied: 3, answered: 0, exact: 0, oneOff: 0, twoOrMoreOff: 0});
  });

  it("a reply cut off by the token limit, and one larger than maxTokens allows: recorded unread", async () => {
    // maxTokens 4000 allows 64,000 bytes of reply (× 16).
    queue.push(
      completion({content: carefulReply(calibration[0]!), finish: "length"}),
      completion({content: "x".repeat(70_000)}),
    );
    const outcome = await runJudge(asking(calibration.slice(0, 2)).asked);
    if (outcome.status !== "complete") throw new Error(outcome.status);
    const [cut, huge] = outcome.run.answers;
    expect(cut).toMatchObject({status: "truncated", answer: null, finishReason: "length"});
    expect(cut!.problem).toBe("cut off by the token limit (maxTokens 4000): not read");
    expect(huge).toMatchObject({status: "oversized", answer: null, replyBytes: 70_000});
    expect(huge!.problem).toBe("larger than maxTokens 4000 allows: not read");
    expect(huge!.reply.length).toBeLessThanOrEqual(2000);
  });

  it("a judge echoing the key: the run stops there, and nothing of the key is saved", async () => {
    queue.push(
      completion({content: carefulReply(calibration[0]!)}),
      completion({content: `${carefulReply(calibration[1]!)} Bearer ${KEY}`}),
    );
    const {asked, saved} = asking(calibration);
    const outcome = await runJudge(asked);
    expect(outcome.status).toBe("stopped");
    if (outcome.status !== "stopped") return;
    expect(outcome.error.code).toBe("leak");
    expect(outcome.run).toMatchObject({complete: false, finishedAt: null});
    // The message names the field; the run records the runner's reason alone.
    expect(outcome.error.message).toBe("the reply holds the api key or a piece of it: a run must never hold the key");
    expect(outcome.run.stopped).toBe(
      "the response held the api key or something shaped like a secret, so nothing of it was kept",
    );
    expect(outcome.run.answers.map((record) => record.case)).toEqual(["calibration-a"]);
    expect(saved.at(-1)).toEqual(outcome.run);
    expect(leaks(JSON.stringify(saved))).toBe(false);
  });

  it("a slow judge: the call times out, the run stops with the cases before it", async () => {
    queue.push(completion({content: carefulReply(calibration[0]!)}), (req, res) => {
      const timer = setTimeout(() => completion()(req, res, ""), 3000);
      res.on("close", () => clearTimeout(timer));
    });
    const {asked, saved} = asking(calibration, {});
    asked.settings.timeoutMs = 300;
    const started = Date.now();
    const outcome = await runJudge(asked);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(outcome.status === "stopped" && outcome.error.code).toBe("timeout");
    expect(outcome.status === "stopped" && outcome.error.message).toBe("no complete answer within 0.3 s: timed out");
    expect(saved.at(-1)).toMatchObject({complete: false, stopped: "no complete answer in the time allowed: timed out"});
    expect(saved.at(-1)!.answers).toHaveLength(1);
  });

  it("429 then success: waits as Retry-After says, then records the case", async () => {
    queue.push(
      json(429, {error: {message: "rate limited"}}, {"retry-after": "7"}),
      completion({content: carefulReply(calibration[0]!)}),
    );
    const {asked, waits, log} = asking([calibration[0]!]);
    const outcome = await runJudge(asked);
    expect(outcome.status === "complete" && outcome.run.answers[0]!.status).toBe("answered");
    expect(waits).toEqual([7000]);
    expect(log).toEqual(["http 429: rate limited, retry 1 of 3 in 7 s (retry-after)"]);
    expect(seen).toHaveLength(2);
  });
});

describe("a run cut short, and --resume", () => {
  /** Calibration, the stub failing on the third case: the run as saved, with two cases. */
  async function interrupted(): Promise<JudgeRun> {
    queue.push(
      completion({content: carefulReply(calibration[0]!)}),
      completion({content: carefulReply(calibration[1]!)}),
      json(500, {error: {message: "upstream exploded"}}),
    );
    const {asked, saved} = asking(calibration);
    const outcome = await runJudge(asked);
    expect(outcome.status).toBe("stopped");
    seen.length = 0;
    return saved.at(-1)!;
  }

  it("interrupted on case 3: a valid run marked incomplete with 2 cases; resumed, only the other 3 are asked", async () => {
    const cut = await interrupted();
    expect(JudgeRun.parse(cut)).toEqual(cut);
    expect(cut).toMatchObject({
      complete: false,
      finishedAt: null,
      // The endpoint's body ("upstream exploded") is never read: the run records the status in the runner's words.
      stopped: "http 500: the endpoint failed; try again later",
      cases: ["calibration-a", "calibration-b", "calibration-c", "calibration-d", "calibration-d-twist"],
    });
    expect(cut.answers.map((record) => record.case)).toEqual(["calibration-a", "calibration-b"]);
    // By hand: two careful answers, both exact; five asked.
    expect(cut.figures).toEqual({asked: 5, replied: 2, answered: 2, exact: 2, oneOff: 0, twoOrMoreOff: 0});

    queue.push(...calibration.slice(2).map((item) => completion({content: carefulReply(item)})));
    const {asked, saved} = asking(calibration, {resume: cut});
    const outcome = await runJudge(asked);
    expect(outcome.status).toBe("complete");
    expect(askedCases(calibration)).toEqual(["calibration-c", "calibration-d", "calibration-d-twist"]);
    expect(saved).toHaveLength(3);
    const run = saved.at(-1)!;
    expect(run).toMatchObject({complete: true, stopped: null, startedAt: cut.startedAt});
    expect(run.finishedAt).not.toBeNull();
    expect(run.answers.slice(0, 2)).toEqual(cut.answers);
    expect(run.figures).toEqual({asked: 5, replied: 5, answered: 5, exact: 5, oneOff: 0, twoOrMoreOff: 0});
  });

  it("records the key's variable when the command names one, so the line that finishes the run can", async () => {
    const cut = await interrupted();
    expect(cut).not.toHaveProperty("keyVariable");
    queue.push(
      completion({content: carefulReply(calibration[0]!)}),
      json(500, {error: {message: "upstream exploded"}}),
    );
    const named = asking(calibration, {keyVariable: "LOCAL_KEY"});
    expect((await runJudge(named.asked)).status).toBe("stopped");
    const cutNamed = named.saved.at(-1)!;
    expect(JudgeRun.parse(cutNamed)).toEqual(cutNamed);
    expect(cutNamed.keyVariable).toBe("LOCAL_KEY");
    // A run resumed takes the variable it is finished with: one recorded without it, resumed with LOCAL_KEY and cut
    // again, names LOCAL_KEY; resumed with the default, none.
    queue.push(json(500, {error: {message: "upstream exploded"}}));
    const resumed = asking(calibration, {resume: cut, keyVariable: "LOCAL_KEY"});
    expect((await runJudge(resumed.asked)).status).toBe("stopped");
    expect(resumed.saved.at(-1)!.keyVariable).toBe("LOCAL_KEY");
    queue.push(json(500, {error: {message: "upstream exploded"}}));
    const plain = asking(calibration, {resume: resumed.saved.at(-1)!});
    expect((await runJudge(plain.asked)).status).toBe("stopped");
    expect(plain.saved.at(-1)!).not.toHaveProperty("keyVariable");
  });

  it("stopped at its first case: a new run saves nothing, a resumed one is saved as it was, marked stopped", async () => {
    queue.push(json(500, {error: {message: "upstream exploded"}}));
    const fresh = asking(calibration);
    const outcome = await runJudge(fresh.asked);
    expect(outcome.status).toBe("stopped");
    expect(outcome.status === "stopped" && outcome.run.answers).toEqual([]);
    // Nothing to finish: a run of 0 answers would be listed among the runs.
    expect(fresh.saved).toEqual([]);

    const cut = await interrupted();
    queue.push(json(500, {error: {message: "upstream exploded"}}));
    const resumed = asking(calibration, {resume: cut});
    expect((await runJudge(resumed.asked)).status).toBe("stopped");
    expect(askedCases(calibration)).toEqual(["calibration-c"]);
    // Its answers kept, its new stop recorded: the file the next --resume reads.
    expect(resumed.saved).toHaveLength(1);
    expect(resumed.saved[0]).toMatchObject({
      complete: false,
      stopped: "http 500: the endpoint failed; try again later",
      startedAt: cut.startedAt,
    });
    expect(resumed.saved[0]!.answers).toEqual(cut.answers);
  });

  it.each([
    [
      "another prompt",
      {prompt: {name: "checklist-v2"}},
      "the run was made with the prompt checklist-v1, not checklist-v2: resume it as it was made, or start a new run",
    ],
    [
      "the prompt changed",
      {prompt: {hash: "f".repeat(64)}},
      `the prompt checklist-v1 reads differently now than when the run was made (sha256 ${prompt.hash.slice(0, 12)}): ` +
        "start a new run",
    ],
    [
      "another guideline",
      {guideline: {version: "v1"}},
      "the run was made with guideline v2, not v1: resume it as it was made, or start a new run",
    ],
    [
      "the guideline reads differently",
      {guideline: {hash: "e".repeat(64)}},
      "guideline v2 reads differently now than when the run was made: start a new run",
    ],
    [
      "another model",
      {model: "example/other"},
      "the run was made with model example/model, not example/other: resume it as it was made, or start a new run",
    ],
    ["another endpoint", {endpoint: "http://127.0.0.1:9/api/v1/chat/completions"}, "the run was made with endpoint "],
    ["other cases", {cases: 4}, "the run asked other cases than these: resume it with its own cases"],
  ] as const)("refuses before any call a run asked with %s", async (_what, change, reason) => {
    const cut = await interrupted();
    const {asked, saved} = asking(calibration, {resume: cut});
    const changed: JudgeRunAsked = {
      ...asked,
      ...("prompt" in change ? {prompt: {...asked.prompt, ...change.prompt}} : {}),
      ...("guideline" in change ? {guideline: {...asked.guideline, ...change.guideline}} : {}),
      ...("model" in change ? {model: change.model} : {}),
      ...("endpoint" in change ? {endpoint: change.endpoint} : {}),
      ...("cases" in change ? {items: calibration.slice(0, change.cases)} : {}),
    };
    const outcome = await runJudge(changed);
    expect(outcome.status).toBe("refused");
    expect(outcome.status === "refused" && outcome.reason).toContain(reason);
    expect(resumeProblem(cut, changed)).toContain(reason);
    expect(seen).toHaveLength(0);
    expect(saved).toHaveLength(0);
  });

  it("refuses a complete run: nothing to resume, nothing called", async () => {
    queue.push(completion({content: carefulReply(calibration[0]!)}));
    const first = await runJudge(asking([calibration[0]!]).asked);
    if (first.status !== "complete") throw new Error(first.status);
    seen.length = 0;
    const {asked, saved} = asking([calibration[0]!], {resume: first.run});
    expect(await runJudge(asked)).toEqual({status: "refused", reason: "the run is complete: nothing to resume"});
    expect(seen).toHaveLength(0);
    expect(saved).toHaveLength(0);
  });

  it("a run given back with every case recorded but not marked complete: marked so, nothing asked", async () => {
    const cut = await interrupted();
    const recorded = {...cut, cases: ["calibration-a", "calibration-b"], figures: {...cut.figures, asked: 2}};
    const {asked, saved} = asking(calibration.slice(0, 2), {resume: recorded});
    const outcome = await runJudge(asked);
    expect(outcome.status === "complete" && outcome.run).toMatchObject({complete: true, stopped: null});
    expect(saved).toHaveLength(1);
    expect(saved[0]!.finishedAt).not.toBeNull();
    expect(seen).toHaveLength(0);
  });
});

describe("refused before any call", () => {
  it("a template naming a placeholder that is not one of the four", async () => {
    const {asked} = asking(calibration);
    const outcome = await runJudge({...asked, prompt: {...asked.prompt, templates: {system: "{{case}}", user: "x"}}});
    expect(outcome).toEqual({
      status: "refused",
      reason: "the prompt checklist-v1 names {{case}}, which is not a placeholder",
    });
    expect(seen).toHaveLength(0);
  });

  it("no cases", async () => {
    expect(await runJudge(asking([]).asked)).toEqual({status: "refused", reason: "no cases to ask"});
  });
});
