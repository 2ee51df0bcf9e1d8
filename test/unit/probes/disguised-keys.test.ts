// An endpoint that knows the key (it is in the Authorization header it receives) answers with it disguised: cut
// into 7-character pieces, reversed, hex- or %-encoded, in fullwidth, with zero-width characters between its
// letters. None of it may reach a run file, standard output, standard error, or pass probes:check. The runner's
// refusals are tested for both of its callers, a probe's run and a judge's case (helpers.ts callers), every row in
// process with the endpoint's answers given in memory (helpers.ts memoryFetch); one disguise of each family (a kind
// of disguise: pieces, reversed, hex, ...) goes through a stub endpoint on 127.0.0.1 and the real commands,
// probes:run and judge:run, called in process.
//
// The oracle here is the issue's own definition, written independently of lib/probes/secrets.ts: an output
// exposes the key when, read in NFKC and lower case (as is, with its %-escapes decoded, and with everything
// but letters and digits removed, each forwards and backwards), it holds 7 characters of the key's secret hex
// in a row, or 14 characters of that hex's hex encoding.
import {createHash} from "node:crypto";
import {readFileSync} from "node:fs";
import {afterEach, describe, expect, it} from "vitest";
import {checkProbes} from "../../../lib/probes/check-probes.node.js";
import {writeRun} from "../../../lib/probes/runs.node.js";
import {containsKeyPiece, findKeyShaped, redactedMark, redactKey} from "../../../lib/probes/secrets.js";
import {formatProblem} from "../../../lib/authored/problems.js";
import {
  callers,
  type CallerSettings,
  completion,
  correct,
  filesExistUnder,
  filesUnder,
  type Handler,
  json,
  memoryFetch,
  probesRun,
  raw,
  recordedRun,
  type Stub,
  stubEndpoint,
  tempRoot,
  writeRunFile,
} from "./helpers.js";
import {byId, carefulReply, judgeRoot, judgeRun, recordedRuns} from "../judges/helpers.js";

/** A made-up key of the real shape: sk-or-v1- and 64 lowercase hex digits. */
const secret = createHash("sha256").update("rater-notebook: a made-up key for the tests").digest("hex");
const KEY = `sk-or-v1-${secret}`;

const pieces = (text: string, size: number) => text.match(new RegExp(`[^]{1,${size}}`, "gu")) ?? [];
const reversed = (text: string) => [...text].reverse().join("");
const hex = (text: string) => Buffer.from(text, "utf8").toString("hex");
const percent = (text: string) => [...Buffer.from(text, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`);
const latin1 = (text: string) => Buffer.from(text, "utf8").toString("latin1");
const fullwidth = (text: string) =>
  text.replace(/[\x21-\x7e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x21 + 0xff01));

/** Every disguise the issue names, and a few more of the same kind, each with its family (its kind of disguise). */
const disguises: [string, string, string][] = [
  ["7-character pieces joined by spaces", pieces(KEY, 7).join(" "), "7-character pieces"],
  ["7-character pieces joined by newlines", pieces(KEY, 7).join("\n"), "7-character pieces"],
  [
    "7-character pieces joined by other text",
    pieces(KEY, 7)
      .map((p, i) => `part ${i + 1} is ${p}`)
      .join(", "),
    "7-character pieces",
  ],
  ["7-character pieces joined by - _ . / and spaces", pieces(KEY, 7).join(" - _ . / "), "7-character pieces"],
  [
    "7-character pieces, one per line of a list",
    pieces(KEY, 7)
      .map((p) => `- ${p}`)
      .join("\n"),
    "7-character pieces",
  ],
  ["reversed", reversed(KEY), "reversed"],
  ["reversed, in 7-character pieces among words", pieces(reversed(KEY), 7).join(" then "), "reversed"],
  ["hex-encoded", hex(KEY), "hex"],
  ["hex-encoded in capitals, a space between bytes", (hex(KEY).match(/../g) ?? []).join(" ").toUpperCase(), "hex"],
  ["hex-encoded, 14 digits at a time among words", pieces(hex(KEY), 14).join(" and "), "hex"],
  ["hex of the key reversed", hex(reversed(KEY)), "hex"],
  ["%-encoded, every byte", percent(KEY).join(""), "%-encoded"],
  ["%-encoded, every other character", [...KEY].map((c, i) => (i % 2 ? percent(c).join("") : c)).join(""), "%-encoded"],
  ["fullwidth", fullwidth(KEY), "fullwidth"],
  ["fullwidth, in 7-character pieces", pieces(fullwidth(KEY), 7).join("　"), "fullwidth"],
  ["a zero-width space between letters", [...KEY].join("\u200b"), "invisible characters"],
  ["zero-width joiners between letters", [...KEY].join("\u200d"), "invisible characters"],
  ["soft hyphens between letters", [...KEY].join("\u00ad"), "invisible characters"],
  [
    "zero-width non-joiners, word joiners and byte order marks",
    [...KEY].join("\u200c\u2060\ufeff"),
    "invisible characters",
  ],
  ["in mixed case", [...KEY].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join(""), "mixed case"],
  [
    "fullwidth capitals with zero-width spaces, reversed",
    [...fullwidth(reversed(KEY).toUpperCase())].join("\u200b"),
    "several at once",
  ],
  ["base64", Buffer.from(KEY).toString("base64"), "base64"],
  ["as HTML character references", [...KEY].map((c) => `&#${c.charCodeAt(0)};`).join(""), "character references"],
  ["as \\u escapes", [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""), "escapes"],
];

const windows = (text: string, size: number) =>
  Array.from({length: text.length - size + 1}, (_, i) => text.slice(i, i + size));
/** 7 characters of the secret in a row; 14 of its hex; 10 of the key's base64 (in lower case, letters and digits). */
const needles = [
  ...windows(secret, 7),
  ...windows(hex(secret), 14),
  ...windows(
    Buffer.from(KEY)
      .toString("base64")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, ""),
    10,
  ),
];

/** The definition of "holds the key", independent of the code under test. */
function exposes(output: string): boolean {
  const read = output.normalize("NFKC").toLowerCase();
  const code = (digits: string, base: number) => String.fromCodePoint(parseInt(digits, base));
  const decoded = read
    .replace(/%([0-9a-f]{2})/g, (_, d: string) => code(d, 16))
    .replace(/\\u([0-9a-f]{4})|\\x([0-9a-f]{2})/g, (_, u?: string, x?: string) => code(u ?? x ?? "", 16))
    .replace(/&#x([0-9a-f]+);|&#([0-9]+);/g, (_, x?: string, d?: string) => (x ? code(x, 16) : code(d ?? "", 10)));
  const views = [read, decoded].flatMap((text) => [text, text.replace(/[^\p{L}\p{N}]/gu, "")]);
  return views.flatMap((view) => [view, reversed(view)]).some((view) => needles.some((n) => view.includes(n)));
}

describe("the oracle", () => {
  it("sees the key in every disguise, and nothing in plain words, slugs and a sha256", () => {
    for (const [name, text] of disguises) expect(exposes(text), name).toBe(true);
    for (const text of innocent) expect(exposes(text), text).toBe(false);
  });
});

/** What a run may hold that is not the key: prose, json, model slugs, dates, hex hashes, numbers. */
const innocent = [
  correct,
  "Sure! Here is the list you asked for, with the count and the checksum at the end.",
  '{"id": "gen-1719412345-AbCdEfGhIjKlMnOp", "object": "chat.completion", "created": 1719412345}',
  "anthropic/claude-opus-5 openai/gpt-5-mini meta-llama/llama-3.1-405b-instruct:free",
  "mistralai/Mixtral-8x22B-Instruct-v0.1 deepseek/DeepSeek-R1-Distill-Qwen-32B",
  createHash("sha256").update("a version's content").digest("hex"),
  `versionHash ${createHash("sha256").update("another").digest("hex")} at 2026-08-10T12:00:00.000Z`,
  "The decade's cafe faced a bad deed: fade, add, efface, accede, deface, beaded, bedded.",
  "Call 0123 456 789 or 1 800 555 0199; order 4 520 318 item 77 310 92 by 2026-08-10.",
  "The ask or v1 of the api was risky or vague; tasks or versions differ.",
  "Percent signs: 100% sure, %d formats, %20 spaces and %zz are not escapes.",
];

const stub = stubEndpoint();
/** The endpoint's answers for the tables' rows, given in memory: the stub's handlers, without the network. */
const memory: Pick<Stub, "queue" | "seen"> = {queue: [], seen: []};
afterEach(() => {
  memory.queue.length = 0;
  memory.seen.length = 0;
});
/** Where the rows' calls go: nothing listens there, and nothing is sent, the answers being in memory. */
const inMemory = {baseUrl: "http://127.0.0.1:9/api/v1", fetch: memoryFetch(memory.queue, memory.seen)};
const settings = (extra: Partial<CallerSettings> = {}): CallerSettings => ({
  apiKey: KEY,
  endpoint: `${inMemory.baseUrl}/chat/completions`,
  fetch: inMemory.fetch,
  timeoutMs: 5000,
  maxRetries: 0,
  ...extra,
});

describe("lib/probes/secrets.ts with the key at hand", () => {
  it.each(disguises)("finds the key %s, and redacts it whole", (_name, text) => {
    expect(containsKeyPiece(`Here it is: ${text}. Bye!`, KEY)).toBe(true);
    const redacted = redactKey(`Here it is: ${text}. Bye!`, KEY);
    expect(exposes(redacted)).toBe(false);
    expect(redacted.startsWith("Here it is: ")).toBe(true);
  });

  it("finds nothing in prose, json, slugs, dates, numbers and hex hashes", () => {
    for (const text of innocent) expect(containsKeyPiece(text, KEY), text).toBe(false);
  });
});

/** Where an endpoint can put the key, after a reply the caller reads in full; the code of the refusal of each. */
const placements = (goodReply: string): [string, (text: string) => Handler, string][] => [
  ["the reply", (text) => completion({content: `${goodReply}\n${text}`}), "leak"],
  ["the response's model field", (text) => completion({content: goodReply, model: text}), "leak"],
  ["the finish reason", (text) => completion({content: goodReply, finish: text}), "leak"],
  ["an error body", (text) => json(401, {error: {message: `invalid key ${text}`}}), "http"],
  ["an error inside a 200", (text) => json(200, {error: {message: `invalid key ${text}`}}), "api"],
  ["a body that is not json", (text) => raw(200, `<p>${text}</p>`, {"content-type": "text/html"}), "malformed"],
  [
    "a redirect target",
    // The header's bytes are the text's UTF-8, as an endpoint would send them (Node writes a header as latin1).
    (text) =>
      raw(307, "", {location: latin1(`http://127.0.0.1:1/${encodeURIComponent(text)}?k=${text.replace(/\s/g, "")}`)}),
    "redirect",
  ],
];

describe.each(callers)("%s against an endpoint that answers with the key disguised", (_name, caller) => {
  const table = placements(caller.goodReply).flatMap(([field, handler, code]) =>
    disguises.map(([name, text]) => [`${field}: the key ${name}`, handler(text), code] as const),
  );

  it.each(table)("%s: nothing recorded, and the message exposes nothing", async (_label, handler, code) => {
    memory.queue.push(handler);
    const outcome = await caller.call(settings());
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe(code);
    expect(exposes(outcome.error.message)).toBe(false);
  });

  it("a model slug holding the key in any disguise is refused before any request", async () => {
    for (const [name, text] of disguises) {
      const outcome = await caller.call(settings({model: `vendor/${text}`}));
      expect(!outcome.ok && outcome.error.code, name).toBe("leak");
      expect(exposes(JSON.stringify(outcome)), name).toBe(false);
    }
    expect(memory.seen).toEqual([]);
  });
});

/** Disguises that keep the key whole and in order once read (only spaces, punctuation or an encoding between). */
const contiguous = disguises.filter(([name]) => !/among words|other text/.test(name));

describe("a run file holding the key disguised", () => {
  /** Writes a run file by hand, as a tamperer (or an older runner) would, and checks the root. */
  const checked = (run: unknown, apiKey?: string) => checkProbes(writeRunFile(tempRoot(), run), {apiKey});

  it.each(contiguous)("the key %s is key-shaped even without the key at hand", (_name, text) => {
    expect(findKeyShaped(`${correct}\n${text}`)).not.toEqual([]);
  });

  it("nothing key-shaped in prose, json, slugs, dates, numbers and hex hashes", () => {
    for (const text of innocent) expect(findKeyShaped(text), text).toEqual([]);
  });

  it.each(contiguous)("the key %s: writeRun refuses it, and the message exposes nothing", (_name, text) => {
    const root = tempRoot();
    let message = "";
    try {
      writeRun(root, recordedRun(`${correct}\n${text}`));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/a run must never hold a secret$/);
    expect(exposes(message)).toBe(false);
    expect(filesExistUnder(root, "data/runs")).toBe(false);
  });

  it.each(contiguous)("the key %s in the reply, model or metadata: probes:check refuses it", (_name, text) => {
    for (const run of [
      recordedRun(`${correct}\n${text}`),
      recordedRun(correct, {model: text}),
      recordedRun(correct, {servedBy: text}),
      recordedRun(correct, {finishReason: text}),
    ]) {
      const check = checked(run);
      expect(check.runs).toEqual([]);
      expect(check.problems.length).toBeGreaterThan(0);
      expect(exposes(check.problems.map(formatProblem).join("\n"))).toBe(false);
    }
  });

  it.each(disguises)("the key %s: with the key in the environment, probes:check refuses it", (_name, text) => {
    const check = checked(recordedRun(`${correct}\n${text}`), KEY);
    expect(check.runs).toEqual([]);
    expect(check.problems.map(formatProblem)).toContainEqual(
      expect.stringMatching(/^data\/runs\/six-step-chain\/v2\/a\.json at reply: holds /),
    );
    expect(exposes(check.problems.map(formatProblem).join("\n"))).toBe(false);
  });

  it("innocent runs pass, with the key at hand or not", () => {
    for (const text of innocent) {
      const check = checked(recordedRun(text), KEY);
      expect(check.problems, text).toEqual([]);
      expect(check.runs).toHaveLength(1);
    }
  });
});

/** Unicode tag characters: U+E0020-U+E007E spell ASCII, and show as nothing. */
const tagged = (text: string) => [...text].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");
/** Cyrillic and Greek letters that look like the key's (a c e o p x s k b, and 3 as Cyrillic Ze). */
const lookAlike: Record<string, string> = {
  "a": "\u0430",
  "c": "\u0441",
  "e": "\u0435",
  "o": "\u03bf",
  "p": "\u0440",
  "s": "\u0455",
  "k": "\u043a",
  "b": "\u042c",
  "v": "\u03bd",
  "3": "\u0417",
};
const cyrillic = (text: string) => [...text].map((c) => lookAlike[c] ?? c).join("");
/** The key spelled in characters that show as ASCII or look like it, each with its family. */
const spelled: [string, string, string][] = [
  ["in Unicode tag characters", tagged(KEY), "tag characters"],
  ["in tag characters, 7-character pieces among words", pieces(tagged(KEY), 7).join(" and "), "tag characters"],
  ["in Cyrillic and Greek look-alikes", cyrillic(KEY), "look-alikes"],
  ["in look-alikes, the hex in capitals", `${cyrillic("sk-or-v1-")}${cyrillic(secret).toUpperCase()}`, "look-alikes"],
  ["in look-alikes, reversed", reversed(cyrillic(KEY)), "look-alikes"],
  ["in look-alikes, 7-character pieces among words", pieces(cyrillic(KEY), 7).join(" and "), "look-alikes"],
];

describe("the key in characters that show as ASCII or look like it", () => {
  const innocentHere = [
    "Привет! Это ответ: всё в порядке, спасибо. Ελληνικά: καλημέρα, ευχαριστώ πολύ.",
    "Сколько планет? Три: Юпитер, Сатурн, Уран. Скоро ответ, 2026 год, страница 13.",
    "Done! 🎉👍🏽 👨‍👩‍👧‍👦 🏳️‍🌈 🏴󠁧󠁢󠁳󠁣󠁴󠁿 🏴󠁧󠁢󠁥󠁮󠁧󠁿 ❤️ 🇺🇦",
  ];

  it.each(spelled)("the key %s is found and redacted", (name, text) => {
    expect(containsKeyPiece(`Here it is: ${text}. Bye!`, KEY)).toBe(true);
    const redacted = redactKey(`Here it is: ${text}. Bye!`, KEY);
    expect(containsKeyPiece(redacted, KEY)).toBe(false);
    expect(redacted.startsWith("Here it is: ")).toBe(true);
    if (/among words/.test(name)) return;
    // Redacted whole: no letter or digit of the key is left between the marks, however it was spelled.
    const left = redacted.slice("Here it is: ".length, -". Bye!".length).replaceAll(redactedMark, "");
    expect(left.replace(/[^\p{L}\p{N}\u{e0030}-\u{e0039}\u{e0041}-\u{e005a}\u{e0061}-\u{e007a}]/gu, "")).toBe("");
  });

  it.each(spelled.filter(([name]) => !/among words/.test(name)))(
    "the key %s is key-shaped even without the key at hand",
    (_name, text) => {
      expect(findKeyShaped(`${correct}\n${text}`)).not.toEqual([]);
    },
  );

  describe.each(callers)("%s", (_name, caller) => {
    it.each(spelled)("a reply with the key %s is refused by the runner", async (_name, text) => {
      memory.queue.push(completion({content: `${caller.goodReply}\n${text}`}));
      const outcome = await caller.call(settings());
      expect(!outcome.ok && outcome.error.code).toBe("leak");
    });

    it("prose with Cyrillic and Greek words, and emoji (tag-character flags among them), is not flagged", async () => {
      for (const text of innocentHere) {
        expect(containsKeyPiece(text, KEY), text).toBe(false);
        expect(findKeyShaped(text), text).toEqual([]);
        memory.queue.push(completion({content: `${caller.goodReply}\n${text}`}));
        const outcome = await caller.call(settings());
        expect(outcome.ok && outcome.problems(), text).toEqual([]);
        const check = checkProbes(writeRunFile(tempRoot(), recordedRun(`${correct}\n${text}`)), {apiKey: KEY});
        expect(check.problems, text).toEqual([]);
      }
    });
  });
});

describe("npm run probes:run", () => {
  const cli = (root: string, args: string[], baseUrl = stub.baseUrl) =>
    probesRun(root, baseUrl, args, {key: KEY, world: {fetch: inMemory.fetch}});

  it("a reply with the key in each disguise: exit 1, nothing recorded, nothing of it printed", async () => {
    for (const [name, text] of disguises) {
      const root = tempRoot();
      memory.queue.push(completion({content: `${correct}\n${text}`}));
      const result = await cli(root, ["--model", "example/model"], inMemory.baseUrl);
      expect([name, result.code]).toEqual([name, 1]);
      expect(result.stderr.trim(), name).toMatch(/^probes:run: the reply holds .*; nothing recorded$/);
      expect(exposes(result.stdout + result.stderr), name).toBe(false);
      expect(filesExistUnder(root, "data/runs"), name).toBe(false);
      for (const file of filesUnder(root)) expect(exposes(readFileSync(file, "utf8")), file).toBe(false);
    }
  });

  it("--model holding the key, plainly or disguised: refused before anything is printed or called", async () => {
    for (const model of [KEY, `vendor/${KEY}`, pieces(KEY, 7).join("."), reversed(KEY), hex(KEY)]) {
      const result = await cli(tempRoot(), ["--model", model]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr.trim()).toBe(
        "probes:run: --model holds the api key or a piece of it: pass the model's slug, like openai/gpt-5-mini",
      );
      expect(exposes(result.stderr)).toBe(false);
    }
    expect([...stub.seen, ...memory.seen]).toEqual([]);
  });

  it("--base-url holding the key: refused without printing it", async () => {
    const result = await cli(tempRoot(), ["--model", "example/model", "--base-url", `http://127.0.0.1:1/${hex(KEY)}`]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(exposes(result.stderr)).toBe(false);
    expect([...stub.seen, ...memory.seen]).toEqual([]);
  });
});

/** The first disguise of each family, of both tables: the one that goes through the stub and the real commands. */
const families = [...disguises, ...spelled].filter(
  ([, , family], index, all) => all.findIndex(([, , first]) => first === family) === index,
);

describe("one disguise of each family, through a stub endpoint on 127.0.0.1 and the real commands", () => {
  const host = () => new URL(stub.baseUrl).host;

  it.each(families)(
    "the key %s wherever the endpoint puts it: probes:run exits 1, prints and records nothing of it",
    async (_name, text) => {
      for (const [field, handler] of placements(correct)) {
        const root = tempRoot();
        stub.queue.push(handler(text));
        const result = await probesRun(root, stub.baseUrl, ["--model", "example/model"], {key: KEY});
        expect([field, result.code]).toEqual([field, 1]);
        expect(result.stdout, field).toBe(`probes:run: six-step-chain v2 on example/model via ${host()}\n`);
        expect(result.stderr, field).toMatch(/^probes:run: [^\n]*; nothing recorded\n$/);
        expect(exposes(result.stdout + result.stderr), field).toBe(false);
        expect(filesExistUnder(root, "data/runs"), field).toBe(false);
        for (const file of filesUnder(root)) expect(exposes(readFileSync(file, "utf8")), file).toBe(false);
      }
      expect(stub.seen).toHaveLength(placements(correct).length);
    },
  );

  it.each(families)(
    "the key %s in a judge's reply: judge:run stops at its first case, records nothing, and nothing of the key anywhere",
    async (_name, text) => {
      const root = judgeRoot();
      stub.queue.push(completion({content: `${carefulReply(byId("calibration-a"))}\n${text}`}));
      const args = ["--model", "example/model", "--cases", "calibration-a"];
      const result = await judgeRun(root, stub.baseUrl, args, {key: KEY});
      expect(result.code).toBe(1);
      expect(result.stdout).toBe(
        `judge:run: 1 of 1 cases, prompt checklist-v1, guideline v2, on example/model via ${host()}\n`,
      );
      expect(recordedRuns(root)).toEqual([]);
      expect(result.stderr).toMatch(/^judge:run: the reply holds [^\n]*: a run must never hold [^\n]*; /);
      expect(result.stderr).toMatch(/; stopped at the first case: nothing recorded\n$/);
      expect(result.stderr.split("\n")).toHaveLength(2);
      expect(exposes(result.stdout + result.stderr)).toBe(false);
      for (const each of filesUnder(root)) expect(exposes(readFileSync(each, "utf8")), each).toBe(false);
      expect(stub.seen).toHaveLength(1);
    },
  );
});
