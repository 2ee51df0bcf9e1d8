// The JSON Schema interpreter the case editor checks a case with (no schema library on the page). Hand-written
// schemas in the shapes zod's export writes, and the expected problems worked out by hand from them.
import {z} from "zod";
import {describe, expect, it} from "vitest";
import {kindProblems, schemaProblems, withDefaults, type JsonSchema} from "../../../lib/authoring/json-schema-check.js";
import {Item} from "../../../lib/authored/schemas/item.js";
import {declaredFactSchemas} from "../../../lib/authored/schemas/facts.js";
import {loadGuideline} from "../../../lib/node/load.js";

const exported = (schema: z.core.$ZodType): JsonSchema => z.toJSONSchema(schema, {io: "input"}) as JsonSchema;

const line = (rule: string, facts: JsonSchema): JsonSchema => ({
  type: "object",
  properties: {rule: {type: "string", const: rule}, facts, note: {type: "string", minLength: 1}},
  required: ["rule", "facts"],
  additionalProperties: false,
});

const schema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    id: {type: "string", pattern: "^[a-z0-9]+(-[a-z0-9]+)*$"},
    set: {type: "string", enum: ["examples", "edge-cases"]},
    order: {type: "number"},
    origin: {default: "case-study", type: "string", enum: ["case-study", "notebook"]},
    title: {type: "string", minLength: 1, title: "Title", description: "The case's name"},
    tags: {default: [], type: "array", items: {type: "string", minLength: 1}},
    score: {
      anyOf: [
        {type: "integer", minimum: 1, maximum: 5},
        {type: "string", const: "n/a"},
      ],
    },
    quoteIn: {
      default: "request",
      anyOf: [
        {type: "string", const: "request"},
        {type: "string", pattern: "^turn-[1-9][0-9]*$"},
      ],
    },
    checklist: {
      minItems: 1,
      type: "array",
      items: {
        oneOf: [
          line("numbers", {
            type: "object",
            properties: {limit: {type: "integer", minimum: 0, maximum: 9007199254740991}},
            required: ["limit"],
            additionalProperties: false,
          }),
          line("standing", {
            type: "object",
            properties: {followed: {type: "boolean"}, replacedLater: {default: false, type: "boolean"}},
            required: ["followed"],
            additionalProperties: false,
          }),
        ],
      },
    },
  },
  required: ["id", "set", "order", "title", "checklist"],
  additionalProperties: false,
};

const valid = {
  id: "edge-1a",
  set: "edge-cases",
  order: 1,
  title: "A case",
  score: 2,
  checklist: [
    {rule: "numbers", facts: {limit: 2}},
    {rule: "standing", facts: {followed: true}},
  ],
};

/** The value with one change at the top level, checked; the problems as "field: message". */
function problemsWith(change: Record<string, unknown>, drop: string[] = []): string[] {
  const value: Record<string, unknown> = {...valid, ...change};
  for (const key of drop) delete value[key];
  return schemaProblems(schema, value).map(({path, message}) => `${path.join(".")}: ${message}`);
}

describe("schemaProblems", () => {
  it("finds nothing wrong with a valid value", () => {
    expect(schemaProblems(schema, valid)).toEqual([]);
  });
  it("names a missing field and what it expects", () => {
    expect(problemsWith({}, ["set", "title"])).toEqual([
      'set: missing: expected one of "examples", "edge-cases"',
      "title: missing: expected string",
    ]);
  });
  it("names an unknown field at the field, and a field that looks like Object.prototype's", () => {
    expect(problemsWith({titel: "x", constructor: "y"})).toEqual([
      "titel: unknown field: remove it or correct its name",
      "constructor: unknown field: remove it or correct its name",
    ]);
    // JSON.parse makes "__proto__" an own key, as the YAML reader can: unknown, never the prototype.
    const hostile = JSON.parse(`{"__proto__": {"polluted": true}, "id": "x"}`) as Record<string, unknown>;
    const problems = schemaProblems(schema, {...valid, ...hostile});
    expect(problems).toContainEqual({
      path: ["__proto__"],
      message: "unknown field: remove it or correct its name",
      continuable: true,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it("a value outside an enum, of the wrong type, empty, or not matching a pattern", () => {
    expect(problemsWith({set: "example"})).toEqual(['set: got "example": expected one of "examples", "edge-cases"']);
    expect(problemsWith({order: "one"})).toEqual(['order: expected number, got "one"']);
    expect(problemsWith({order: Infinity})).toEqual([
      "order: expected number, got a number too large to hold (such as 1e400)",
    ]);
    expect(problemsWith({title: ""})).toEqual(['title: too short: expected at least 1 character, got ""']);
    expect(problemsWith({id: "Edge_1"})).toEqual(['id: expected text matching ^[a-z0-9]+(-[a-z0-9]+)*$, got "Edge_1"']);
    expect(problemsWith({tags: "a"})).toEqual(['tags: expected array, got "a"']);
    expect(problemsWith({tags: ["a", ""]})).toEqual(['tags.1: too short: expected at least 1 character, got ""']);
    expect(problemsWith({checklist: []})).toEqual(["checklist: too short: expected at least 1 item, got 0"]);
    expect(problemsWith({title: null})).toEqual(["title: expected string, got null"]);
  });
  it("a union of plain values: the branch of the value's kind speaks, else every alternative is named", () => {
    expect(problemsWith({score: 6})).toEqual(["score: expected a whole number from 1 to 5, got 6"]);
    expect(problemsWith({score: 2.5})).toEqual(["score: expected a whole number from 1 to 5, got 2.5"]);
    expect(problemsWith({score: "na"})).toEqual(['score: got "na": expected "n/a"']);
    expect(problemsWith({score: true})).toEqual(['score: expected a whole number from 1 to 5 or "n/a", got true']);
    expect(problemsWith({score: "n/a", quoteIn: "turn-3"})).toEqual([]);
    expect(problemsWith({quoteIn: "turn-0"})).toEqual([
      'quoteIn: expected "request" or text matching ^turn-[1-9][0-9]*$, got "turn-0"',
    ]);
  });
  it("a discriminated union reports only the branch its discriminator picks", () => {
    const checklist = (...lines: unknown[]) => problemsWith({checklist: lines});
    expect(checklist({rule: "numbers", facts: {limit: -1}})).toEqual([
      "checklist.0.facts.limit: expected a whole number of at least 0, got -1",
    ]);
    expect(checklist({rule: "numbers", facts: {limit: 1.5}})).toEqual([
      "checklist.0.facts.limit: expected a whole number of at least 0, got 1.5",
    ]);
    // The facts of another rule: the numbers branch's problems only, none from the standing branch.
    expect(checklist({rule: "numbers", facts: {followed: true}})).toEqual([
      "checklist.0.facts.limit: missing: expected a whole number of at least 0",
      "checklist.0.facts.followed: unknown field: remove it or correct its name",
    ]);
    expect(checklist({rule: "sizes", facts: {}})).toEqual([
      'checklist.0.rule: unknown rule "sizes": expected one of "numbers", "standing"',
    ]);
    expect(checklist({facts: {}})).toEqual(['checklist.0.rule: missing rule: expected one of "numbers", "standing"']);
    expect(checklist("a line")).toEqual(['checklist.0: expected object, got "a line"']);
  });
  it("marks the problems zod goes on past: a value out of its bounds, a pattern, an unknown field", () => {
    const continuable = (change: Record<string, unknown>) =>
      schemaProblems(schema, {...valid, ...change}).map((problem) => problem.continuable === true);
    expect(continuable({title: "", id: "A", titel: "x", checklist: [{rule: "numbers", facts: {limit: -1}}]})).toEqual([
      true,
      true,
      true,
      true,
    ]);
    // A union that fails in one branch by a bound alone goes on; one where no branch is of the kind stops.
    expect(continuable({score: 6, quoteIn: "turn-0"})).toEqual([true, true]);
    expect(continuable({score: "na"})).toEqual([false]);
    expect(continuable({score: 2.5})).toEqual([false]);
    // A missing field, a wrong kind of value, a value outside an enum, an unknown rule: zod stops there.
    expect(continuable({title: 5, set: "x", checklist: [{rule: "x", facts: {}}]})).toEqual([false, false, false]);
    expect(schemaProblems(schema, {}).every((problem) => !problem.continuable)).toBe(true);
  });
  it("a value nested past the YAML limit is one problem, found without recursing into it", () => {
    let deep: unknown = "x";
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(schemaProblems(schema, {...valid, tags: deep})).toEqual([
      {path: [], message: expect.stringMatching(/^nests deeper than 32 levels \(at tags(\[0\]){31}\): flatten it$/)},
    ]);
  });
});

describe("kindProblems: a work in progress", () => {
  const kinds = (value: unknown) =>
    kindProblems(schema, value).map(({path, message}) => `${path.join(".")}: ${message}`);
  it("may lack any field, hold a value out of its bounds or an unknown field", () => {
    expect(kinds({})).toEqual([]);
    expect(kinds({title: "", id: "A", titel: 5, tags: [], checklist: [{rule: "numbers", facts: {limit: -1}}]})).toEqual(
      [],
    );
    expect(kinds({checklist: [{rule: "numbers", facts: {}}, {rule: "standing"}]})).toEqual([]);
  });
  it("never holds a value of another kind, or not among the values a field allows", () => {
    expect(kinds({title: 5, set: "x", tags: ["a", {}], score: true})).toEqual([
      'set: got "x": expected one of "examples", "edge-cases"',
      "title: expected string, got 5",
      "tags.1: expected string, got {}",
      'score: expected a whole number from 1 to 5 or "n/a", got true',
    ]);
    expect(kinds({checklist: [{rule: "numbers", facts: {limit: "two"}}, {rule: "sizes"}, 7]})).toEqual([
      'checklist.0.facts.limit: expected a whole number of at least 0, got "two"',
      'checklist.1.rule: unknown rule "sizes": expected one of "numbers", "standing"',
      "checklist.2: expected object, got 7",
    ]);
  });
  it("holds a line with no rule yet to the rule it fits best: its fields every rule shares, its facts any rule's", () => {
    expect(kinds({checklist: [{note: ""}, {facts: {followed: true}}, {facts: {limit: 2}}]})).toEqual([]);
    expect(kinds({checklist: [{note: 7}]})).toEqual(["checklist.0.note: expected string, got 7"]);
    expect(kinds({checklist: [{facts: "x"}]})).toEqual(['checklist.0.facts: expected object, got "x"']);
    // A fact of the wrong kind under every rule that has it: held to the rule it fits best, which has no such fact.
    expect(kinds({checklist: [{facts: {limit: "two"}}]})).toEqual([]);
  });
});

describe("a schema the interpreter cannot follow throws, never passes values unchecked", () => {
  it.each([
    [{type: "string", format: "email"}, '"format" at #'],
    [{type: "object", properties: {n: {type: "number", exclusiveMinimum: 0}}}, '"exclusiveMinimum" at #/properties/n'],
    [{type: "array", items: {anyOf: [{type: "string"}, {$ref: "#/$defs/x"}]}}, '"$ref" at #/items/anyOf/1'],
    [{type: "object", additionalProperties: {type: "string"}}, "only additionalProperties: false"],
    [{type: ["string", "null"]}, 'unfollowed type ["string","null"]'],
  ])("%j", (unfollowed, words) => {
    expect(() => schemaProblems(unfollowed, "x")).toThrow(words);
    expect(() => withDefaults(unfollowed, "x")).toThrow(words);
  });
  it("follows every keyword zod writes for the item schema and each rule's facts", () => {
    expect(() => schemaProblems(exported(Item), {})).not.toThrow();
    for (const facts of Object.values(declaredFactSchemas(loadGuideline("v2").logic)))
      expect(() => schemaProblems(exported(facts), {})).not.toThrow();
  });
});

describe("withDefaults", () => {
  it("fills the defaults where absent, inside the branch a line's rule picks, and copies the rest", () => {
    const filled = withDefaults<Record<string, unknown>>(schema, valid);
    expect(filled).toEqual({
      ...valid,
      origin: "case-study",
      tags: [],
      quoteIn: "request",
      checklist: [
        {rule: "numbers", facts: {limit: 2}},
        {rule: "standing", facts: {followed: true, replacedLater: false}},
      ],
    });
    expect(filled.checklist).not.toBe(valid.checklist);
    expect(valid.checklist[1]).toEqual({rule: "standing", facts: {followed: true}});
  });
  it("keeps what the value holds, and reads a field holding undefined as absent", () => {
    const filled = withDefaults<Record<string, unknown>>(schema, {...valid, origin: "notebook", tags: undefined});
    expect([filled.origin, filled.tags]).toEqual(["notebook", []]);
  });
  it("gives each copy its own default: filling one never changes another", () => {
    const first = withDefaults<{tags: string[]}>(schema, valid);
    first.tags.push("changed");
    expect(withDefaults<{tags: string[]}>(schema, valid).tags).toEqual([]);
  });
});
