import {describe, expect, it} from "vitest";
import {z} from "zod";
import {declaredFactSchemas} from "../../../lib/authored/schemas/facts.js";
import {loadGuideline} from "../../../lib/node/load.js";
import {factInputText, factFields, readFactInput, type FactField} from "../../../lib/authoring/fact-fields.js";
import {factValueLabels} from "../../../lib/authoring/case-words.js";
import type {JsonSchema} from "../../../lib/authoring/fact-fields.js";

// v2's facts as its logic declares them, and as JSON Schema as the data loader writes them
// (lib/authoring/case-editor-data.node.ts).
const checklistRules = declaredFactSchemas(loadGuideline("v2").logic);
const checklistRuleIds = Object.keys(checklistRules);
const asJson = (rule: string): JsonSchema => z.toJSONSchema(checklistRules[rule]!, {io: "input"}) as JsonSchema;

/** Every value a field's form can hand over: each choice, counts at and above its minimum, and "not said". */
function producible(field: FactField): unknown[] {
  const minimum = field.minimum ?? 0;
  const counts = [minimum, minimum + 1, minimum + 12];
  const choices = (field.options ?? []).map((option) => option.value);
  const values: unknown[] =
    field.kind === "yes-no"
      ? [true, false]
      : field.kind === "choice"
        ? choices
        : field.kind === "count"
          ? counts
          : field.kind === "count-or-choice"
            ? [...counts, ...choices]
            : ["short"];
  return field.required ? values : [...values, undefined];
}

/** What a typed text would be taken for with no form in between: a number, a boolean, or the text itself. */
function plainReading(raw: string): unknown {
  const text = raw.trim();
  if (text === "") return undefined;
  if (text === "true" || text === "false") return text === "true";
  return Number.isFinite(Number(text)) ? Number(text) : text;
}

const typed = ["", " ", "maybe", "yes", "no", "true", "false", "0", "1", "2", "-1", "3.5", "3.0", "1e3", "1e400"];
const typedMore = ["abc", "99999999999999999999", "more-than-limit", "ceiling", "met", "NaN", "Infinity", "½"];

describe("factFields", () => {
  it.each(checklistRuleIds)("%s: one field per fact its schema has, in the schema's order", (rule) => {
    expect(factFields(asJson(rule)).map((field) => field.name)).toEqual(Object.keys(checklistRules[rule]!.shape));
  });

  it("numbers: a bound to choose, a limit counted from 0, and a delivered count or 'more than the limit'", () => {
    const [bound, limit, delivered] = factFields(asJson("numbers"));
    expect(bound).toMatchObject({kind: "choice", required: true});
    expect(bound!.options!.map((option) => option.value)).toEqual(["ceiling", "floor", "exact"]);
    expect(limit).toMatchObject({kind: "count", minimum: 0, required: true});
    expect(delivered).toMatchObject({kind: "count-or-choice", minimum: 0});
    expect(delivered!.options).toEqual([
      {value: "more-than-limit", label: "more than the limit (how many is not said)"},
    ]);
  });

  it("a fact with a default is not required and carries it; an optional fact without one is not required", () => {
    const [doable, engages] = factFields(asJson("clarifying-question"));
    expect(doable).toMatchObject({name: "doableWithoutAnswer", kind: "yes-no", required: true});
    expect(engages).toMatchObject({name: "engages", kind: "yes-no", required: false, default: true});
    const [, mainEngages] = factFields(asJson("main-task"));
    expect(mainEngages).toMatchObject({name: "engages", required: false});
    expect(mainEngages!.default).toBeUndefined();
    expect(factFields(asJson("main-task-partial"))[1]).toMatchObject({name: "of", kind: "count", minimum: 1});
    expect(factFields(asJson("size-words"))[0]).toMatchObject({name: "word", kind: "text", required: true});
  });

  it("every value a fact schema lists has a label of its own", () => {
    for (const rule of checklistRuleIds)
      for (const field of factFields(asJson(rule)))
        for (const option of field.options ?? []) expect(factValueLabels[option.value], option.value).toBeDefined();
  });

  it("a fact's label and hint are the schema's title and description", () => {
    const schema = {
      type: "object",
      properties: {
        done: {type: "integer", minimum: 0, title: "Parts done", description: "How many of the parts were done"},
        bothServed: {type: "boolean", title: "Both served"},
      },
      required: ["done"],
    };
    expect(factFields(schema)).toEqual([
      {
        name: "done",
        label: "Parts done",
        hint: "How many of the parts were done",
        required: true,
        kind: "count",
        minimum: 0,
      },
      {name: "bothServed", label: "Both served", required: false, kind: "yes-no"},
    ]);
  });

  it("every fact of every rule has a title to label its field; a fact with none is refused by name", () => {
    for (const rule of checklistRuleIds)
      for (const field of factFields(asJson(rule))) expect(field.label, `${rule} ${field.name}`).not.toBe("");
    expect(() => factFields({type: "object", properties: {of: {type: "integer", minimum: 1}}})).toThrow(
      "fact of: its schema has no title to label its field",
    );
  });

  it("a schema the form cannot show is refused by name, not shown wrong", () => {
    expect(() => factFields({type: "object", properties: {when: {type: "array", title: "When"}}})).toThrow("fact when");
  });
});

describe("the fact forms against the zod schemas they come from", () => {
  it.each(checklistRuleIds)("%s: every value the form can produce passes, and reads back from its field", (rule) => {
    const schema = checklistRules[rule]!;
    const fields = factFields(asJson(rule));
    const base = Object.fromEntries(fields.map((field) => [field.name, producible(field)[0]]));
    for (const field of fields)
      for (const value of producible(field)) {
        const facts = {...base, [field.name]: value};
        expect(schema.safeParse(facts).success, `${field.name} = ${String(value)}`).toBe(true);
        expect(readFactInput(field, factInputText(field, value))).toEqual({ok: true, value});
      }
  });

  it.each(checklistRuleIds)("%s: every value readFactInput refuses, the schema refuses", (rule) => {
    const schema = checklistRules[rule]!;
    const fields = factFields(asJson(rule));
    const base = Object.fromEntries(fields.map((field) => [field.name, producible(field)[0]]));
    for (const field of fields)
      for (const raw of [...typed, ...typedMore]) {
        const read = readFactInput(field, raw);
        if (read.ok) {
          expect(schema.safeParse({...base, [field.name]: read.value}).success, `${field.name} ← "${raw}"`).toBe(true);
          continue;
        }
        expect(read.message.startsWith(`${field.label}: `)).toBe(true);
        const facts = {...base, [field.name]: plainReading(raw)};
        expect(schema.safeParse(facts).success, `${field.name} refuses "${raw}"`).toBe(false);
      }
  });

  it("hand-worked: a count below its minimum, a fraction and a word are refused; a whole number in range is read", () => {
    const [, limit, delivered] = factFields(asJson("numbers"));
    expect(readFactInput(limit!, "2")).toEqual({ok: true, value: 2});
    expect(readFactInput(limit!, " 3 ")).toEqual({ok: true, value: 3});
    expect(readFactInput(limit!, "-1")).toMatchObject({ok: false, message: expect.stringContaining("whole number")});
    expect(readFactInput(limit!, "2.5")).toMatchObject({ok: false});
    expect(readFactInput(limit!, "two")).toMatchObject({ok: false});
    expect(readFactInput(limit!, "")).toEqual({ok: false, message: "The number asked for: missing: fill it in"});
    expect(readFactInput(delivered!, "more-than-limit")).toEqual({ok: true, value: "more-than-limit"});
    const [, of] = factFields(asJson("main-task-partial"));
    expect(readFactInput(of!, "0")).toMatchObject({ok: false});
    const [doable, engages] = factFields(asJson("clarifying-question"));
    expect(readFactInput(doable!, "")).toEqual({
      ok: false,
      message: "Doable without the answer: missing: choose yes or no",
    });
    expect(readFactInput(engages!, "")).toEqual({ok: true, value: undefined});
    expect(readFactInput(doable!, "no")).toEqual({ok: true, value: false});
  });
});
