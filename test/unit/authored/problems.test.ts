import {describe, expect, it} from "vitest";
import {z} from "zod";
import {AuthoredFileError, fieldPath, formatProblem, problemsFromZod} from "../../../lib/authored/problems.js";

/** Parses input with a schema that must reject it; returns the problems as the CLI prints them. */
function problems(schema: z.ZodType, input: unknown): string[] {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error("expected the input to be rejected");
  return problemsFromZod("data/x.md", parsed.error, input).map(formatProblem);
}

describe("fieldPath", () => {
  it("writes keys with dots and indices in brackets", () => {
    expect(fieldPath(["checklist", 1, "facts", "limit"])).toBe("checklist[1].facts.limit");
    expect(fieldPath([0, "id"])).toBe("[0].id");
    expect(fieldPath([])).toBe("");
  });
});

describe("formatProblem and AuthoredFileError", () => {
  it("names the file, then the field when there is one", () => {
    expect(
      formatProblem({file: "data/items/edge-2.md", field: "checklist[1].rule", message: 'unknown rule id "sizes"'}),
    ).toBe('data/items/edge-2.md at checklist[1].rule: unknown rule id "sizes"');
    expect(formatProblem({file: "data/items/edge-2.md", field: "", message: "missing front matter"})).toBe(
      "data/items/edge-2.md: missing front matter",
    );
  });
  it("lists every problem, one a line, and keeps them as data", () => {
    const error = new AuthoredFileError([
      {file: "a.md", field: "id", message: "one"},
      {file: "b.md", field: "", message: "two"},
    ]);
    expect(error.message).toBe("a.md at id: one\nb.md: two");
    expect(error.name).toBe("AuthoredFileError");
    expect(error.problems).toHaveLength(2);
  });
});

describe("problemsFromZod", () => {
  it("says what is missing and what was expected", () => {
    expect(problems(z.object({title: z.string()}), {})).toMatchInlineSnapshot(`
      [
        "data/x.md at title: missing: expected string",
      ]
    `);
  });
  it("quotes a value of the wrong type", () => {
    expect(problems(z.object({order: z.number()}), {order: "first"})).toMatchInlineSnapshot(`
      [
        "data/x.md at order: expected number, got "first"",
      ]
    `);
  });
  it("quotes an authored value as every message quotes what someone wrote: escaped and cut short", () => {
    // lib/text/quote-text.ts: a right-to-left override shows as \u{202E}, and a value is cut at 40 characters with "…".
    expect(problems(z.object({part: z.enum(["a", "b"])}), {part: "b\u202Eevil"})).toEqual([
      'data/x.md at part: got "b\\u{202E}evil": expected one of "a", "b"',
    ]);
    expect(problems(z.object({order: z.number()}), {order: "x".repeat(5000)})).toEqual([
      `data/x.md at order: expected number, got "${"x".repeat(40)}…"`,
    ]);
  });
  it("lists an enum's values", () => {
    expect(problems(z.object({part: z.enum(["a", "b"])}), {part: "c"})).toMatchInlineSnapshot(`
      [
        "data/x.md at part: got "c": expected one of "a", "b"",
      ]
    `);
  });
  it("reports each unknown field at its own path", () => {
    expect(problems(z.strictObject({facts: z.strictObject({a: z.number()})}), {facts: {a: 1, b: 2, c: 3}}))
      .toMatchInlineSnapshot(`
      [
        "data/x.md at facts.b: unknown field: remove it or correct its name",
        "data/x.md at facts.c: unknown field: remove it or correct its name",
      ]
    `);
  });
  it("quotes a number out of range", () => {
    expect(problems(z.object({limit: z.int().min(0)}), {limit: -1})).toMatchInlineSnapshot(`
      [
        "data/x.md at limit: too small: expected number to be >=0, got -1",
      ]
    `);
  });
  it("names every alternative of a union of plain values", () => {
    const delivered = z.object({delivered: z.union([z.int().min(0), z.literal("more-than-limit")])});
    expect(problems(delivered, {delivered: "many"})).toMatchInlineSnapshot(`
      [
        "data/x.md at delivered: expected number or "more-than-limit", got "many"",
      ]
    `);
    expect(problems(delivered, {})).toMatchInlineSnapshot(`
      [
        "data/x.md at delivered: missing: expected number or "more-than-limit"",
      ]
    `);
  });
  it("follows the union branch that got furthest, so the message names the real field", () => {
    const line = z.discriminatedUnion("rule", [
      z.strictObject({rule: z.literal("numbers"), facts: z.strictObject({limit: z.int()})}),
      z.strictObject({rule: z.literal("purpose"), facts: z.strictObject({wordingMet: z.boolean()})}),
    ]);
    expect(problems(z.object({checklist: z.array(line)}), {checklist: [{rule: "numbers", facts: {limit: "two"}}]}))
      .toMatchInlineSnapshot(`
      [
        "data/x.md at checklist[0].facts.limit: expected number, got "two"",
      ]
    `);
    expect(problems(z.object({checklist: z.array(line)}), {checklist: [{rule: "sizes", facts: {}}]}))
      .toMatchInlineSnapshot(`
      [
        "data/x.md at checklist[0].rule: unknown rule id "sizes": expected one of "numbers", "purpose"",
      ]
    `);
  });
  it("quotes a string in the wrong format and says what was expected", () => {
    const run = z.object({
      version: z.string().regex(/^v[0-9]+$/, "expected a version like v2"),
      hash: z.string().regex(/^[0-9a-f]+$/),
      published: z.iso.date(),
      startedAt: z.iso.datetime(),
      endpoint: z.url(),
    });
    expect(
      problems(run, {version: "2", hash: "XYZ", published: "2026-13-40", startedAt: "yesterday", endpoint: "nope"}),
    ).toMatchInlineSnapshot(`
      [
        "data/x.md at version: got "2": expected a version like v2",
        "data/x.md at hash: got "XYZ": expected text matching /^[0-9a-f]+$/",
        "data/x.md at published: got "2026-13-40": expected a date like 2026-08-10",
        "data/x.md at startedAt: got "yesterday": expected a date and time like 2026-08-10T12:00:00.000Z",
        "data/x.md at endpoint: got "nope": expected a url",
      ]
    `);
  });
  it("names a record key that fails its schema", () => {
    const hashes = z.record(z.string().regex(/^[a-z-]+$/, "expected lowercase letters or -"), z.string());
    expect(problems(hashes, {"Six Steps": "x"})).toMatchInlineSnapshot(`
      [
        "data/x.md at Six Steps: invalid key: got "Six Steps": expected lowercase letters or -",
      ]
    `);
  });
});

describe("a problem from a hostile file", () => {
  it("shows a right-to-left override or a line separator in a file name, a field or a message escaped", () => {
    const line = formatProblem({
      file: "data/runs/a\u202Egnp.json",
      field: "x\u2028y",
      message: 'no item "exa\u202Emple"',
    });
    expect(line).toBe('data/runs/a\\u{202E}gnp.json at x\\u{2028}y: no item "exa\\u{202E}mple"');
  });

  it("lists the problems of a value nested far deeper than the stack, each on one line", () => {
    let deep: unknown = 1;
    for (let level = 0; level < 200_000; level++) deep = [deep];
    const file = {hashes: deep};
    const problems = problemsFromZod(
      "data/probes/hashes.json",
      z.object({hashes: z.record(z.string(), z.string())}).safeParse(file).error!,
      file,
    );
    expect(problems.map(formatProblem)).toEqual(["data/probes/hashes.json at hashes: expected record, got […]"]);
  });
});
