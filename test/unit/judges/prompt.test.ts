// A judge's prompt: the guideline in the words a trainee reads, the case's texts as a trainee sees them before
// Check, and nothing of the ruling, for every case; the templates filled in one pass.
import {describe, expect, it} from "vitest";
import type {Item} from "../../../lib/authored/schemas/item.js";
import {readAnswer, judgeVerdicts} from "../../../lib/judges/answer.js";
import {guidelineText} from "../../../lib/judges/guideline-text.js";
import {asksForFlags, judgeMessages, unknownPlaceholders, type PromptTemplates} from "../../../lib/judges/prompt.js";
import {readPrompt} from "../../../lib/judges/prompts.node.js";
import {guidelineVersions, loadGuideline} from "../../../lib/node/load.js";
import {byId, items} from "./helpers.js";

const prompt = readPrompt(".", "checklist-v1").prompt!;
const v2 = guidelineText(loadGuideline("v2", "."));

/** Everything of a case a trainee sees only after Check: its ruling, in every field that holds words of it. */
function rulingTexts(item: Item): string[] {
  return [
    item.title,
    item.ruling,
    item.teaches,
    item.lesson?.text,
    item.scoreCondition,
    item.openQuestion,
    ...item.notes.flatMap((note) => [note.label, note.text]),
    ...item.checklist.flatMap((line) => [line.note, line.because, line.unquoted]),
    ...item.flags.flatMap((flag) => [flag.note, flag.because]),
    ...(item.split ?? []).map((part) => part.reason),
    ...(item.scoredRow ? [item.scoredRow.mainTask, item.scoredRow.others] : []),
  ].filter((text): text is string => text !== undefined);
}

/** The case's own texts: a ruling's words found in them reach the prompt as the case's, not the ruling's. */
const caseTexts = (item: Item) =>
  [item.request, item.response, ...item.turns]
    .flatMap((text) => [text.text, "note" in text ? text.note : undefined, "gloss" in text ? text.gloss : undefined])
    .filter((text): text is string => text !== undefined);

describe("judgeMessages", () => {
  it.each(items.map((item) => [item.id, item] as const))(
    "%s: nothing of the ruling reaches the prompt",
    (_id, item) => {
      const messages = judgeMessages(prompt, v2, item);
      // Made from the case's texts alone: the same messages with every field of the ruling gone.
      const texts = {turns: item.turns, request: item.request, response: item.response};
      expect(judgeMessages(prompt, v2, texts)).toEqual(messages);
      const sent = messages.map((message) => message.content).join("\n");
      const own = caseTexts(item);
      // A ruling that quotes the case, the guideline or the prompt's own words sends nothing of itself by them.
      const given = [...own, v2, prompt.system, prompt.user];
      const ruling = rulingTexts(item).filter((text) => !given.some((words) => words.includes(text)));
      expect(ruling.length).toBeGreaterThan(0);
      for (const text of ruling) expect(sent, text).not.toContain(text);
      // The case's texts do reach it, whole.
      for (const text of own) expect(sent).toContain(text);
    },
  );

  it("fills each template in one pass: a case's text naming a placeholder is sent as written", () => {
    const templates: PromptTemplates = {
      system: "G: {{guideline}}",
      user: "{{request}}|{{response}}|{{ conversation }}",
    };
    const messages = judgeMessages(templates, "rules {{request}}", {
      turns: [],
      request: {text: "Say {{guideline}} and $& and $1", form: "quoted", language: "en"},
      response: {text: "{{response}}", form: "quoted", language: "en"},
    });
    expect(messages).toEqual([
      {role: "system", content: "G: rules {{request}}"},
      {
        role: "user",
        content:
          "<<< request (quoted exactly)\nSay {{guideline}} and $& and $1\n>>> end of request|" +
          "<<< response (quoted exactly)\n{{response}}\n>>> end of response|" +
          "There are no earlier turns: the request is the conversation's first message.",
      },
    ]);
  });

  it("says a described text is described, and gives each earlier turn its number and role", () => {
    // Fresh case 6: a user turn and the assistant's turn before the request, which is turn 3.
    const fresh6 = judgeMessages(prompt, v2, byId("fresh-6"))[1]!.content;
    const [first, second] = byId("fresh-6").turns;
    expect(fresh6).toContain(`<<< turn 1, user (quoted exactly)\n${first!.text}\n>>> end of turn 1, user`);
    expect(fresh6).toContain(`<<< turn 2, assistant (quoted exactly)\n${second!.text}\n>>> end of turn 2, assistant`);
    expect(fresh6).toContain("<<< request (turn 3, user) (quoted exactly)\n");
    // Calibration D's twist: its earlier turn is only described in the case study, and has no number.
    const twist = byId("calibration-d-twist");
    expect(judgeMessages(prompt, v2, twist)[1]!.content).toContain(
      "<<< earlier turn, user (described, not quoted: the case gives only a description of this text, not its " +
        `words)\n${twist.turns[0]!.text}\n>>> end of earlier turn, user`,
    );
    // Edge case 7: the request and the response are described.
    expect(judgeMessages(prompt, v2, byId("edge-7"))[1]!.content).toContain(
      "<<< response (described, not quoted: the case gives only a description of this text, not its words)\n" +
        "prose\n>>> end of response",
    );
    // Calibration A: quoted, in German, with the case study's English gloss of the response.
    const a = byId("calibration-a");
    const userA = judgeMessages(prompt, v2, a)[1]!.content;
    expect(userA).toContain(`<<< request (quoted exactly)\n${a.request.text}\n>>> end of request`);
    expect(userA).toContain(`English gloss given with the response: ${a.response.gloss}`);
  });

  it("names the placeholders a template has that are not the four", () => {
    expect(unknownPlaceholders("{{guideline}} {{ request }} {{case}} {{Response}} {{case}}")).toEqual([
      "case",
      "Response",
    ]);
    expect(unknownPlaceholders(prompt.system + prompt.user)).toEqual([]);
  });
});

describe("whether a prompt asks for flags", () => {
  it("reads the answer's shape, the field with its list, and not the word in the prompt's prose", () => {
    const asks = (system: string) => asksForFlags({system, user: "{{request}}"});
    expect(asks('Answer with {"checklist": [], "score": 5, "flags": []}.')).toBe(true);
    expect(asks('Answer with {"checklist": [], "score": 5, "flags" : [ "accuracy" ]}.')).toBe(true);
    expect(asks('Answer with {"checklist": [], "score": 5}. Do not add "flags".')).toBe(false);
    expect(asks('Answer with {"checklist": [], "score": 5}.\n- "flags": not wanted here.')).toBe(false);
    expect(asks("Answer with the checklist and the score.")).toBe(false);
  });
});

describe("the prompt checklist-v1", () => {
  it("asks for exactly the answer the reader reads: its example reads as an answer, every verdict named", () => {
    const example = /^\{"checklist".*\}$/m.exec(prompt.system)![0];
    expect(readAnswer(example)).toEqual({
      ok: true,
      answer: {checklist: [{instruction: "...", main: true, rule: "main-task", verdict: "met"}], score: 5},
    });
    for (const verdict of judgeVerdicts) expect(prompt.system).toContain(`"${verdict}"`);
    expect(prompt.system).toContain('"n/a"');
  });

  it("gives the guideline once, in the system message, and the case in the user message", () => {
    const [system, user] = judgeMessages(prompt, v2, byId("example-1"));
    expect(system!.content.split(v2.trim())).toHaveLength(2);
    expect(user!.content).not.toContain(v2.trim());
    expect(user!.content).toContain(byId("example-1").response.text);
  });
});

describe("guidelineText", () => {
  it("gives a rule as the page does, its id before it in brackets", () => {
    // guideline/v2/guideline.yaml, rule "numbers" (step 2), copied by hand.
    expect(v2).toContain(
      '- [numbers] Numbers. "No more than," "at most," and "up to" set a ceiling: any count from one up to the ' +
        'limit is met. "At least" sets a floor. A bare number ("give two examples") means exactly that number. A ' +
        "ceiling still requires at least one: delivering none doesn't meet it.\n",
    );
    expect(v2).toContain("| 5 | Fully follows | Every instruction met |\n");
    expect(v2).toContain(
      "A justified refusal is marked not applicable and sent to safety review rather than scored.\n",
    );
  });

  it.each(guidelineVersions("."))("%s: every word a trainee reads on /guideline, in its order", (version) => {
    const guideline = loadGuideline(version, ".");
    const text = guidelineText(guideline);
    const parts = [
      ...(guideline.notRated ? [guideline.notRated.title, guideline.notRated.text] : []),
      ...guideline.steps.flatMap((step) => [
        `Step ${step.step}: ${step.title}`,
        ...guideline.rules
          .filter((rule) => rule.step === step.step)
          .map((rule) => `[${rule.id}] ${rule.title}. ${rule.text}`),
        ...(step.step === 3
          ? guideline.rubric.map((level) => `| ${level.score} | ${level.meaning} | ${level.checklist} |`)
          : []),
      ]),
      guideline.notApplicable,
      ...(guideline.unwrittenRules ?? []).map((rule) => `[${rule.id}] Not in the guideline: ${rule.text}`),
    ];
    let at = 0;
    for (const part of parts) {
      const found = text.indexOf(part, at);
      expect(found, part).toBeGreaterThanOrEqual(at);
      at = found + part.length;
    }
    // The authors' side stays out: no parameter names or values.
    expect(text).not.toMatch(/parameter/i);
  });
});
