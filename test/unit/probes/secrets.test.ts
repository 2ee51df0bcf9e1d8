import {describe, expect, it} from "vitest";
import {keyShapedFields} from "../../../lib/probes/secret-fields.js";
import {containsKeyPiece, findKeyShaped, keyProblem, maskKeyShaped, redactKey} from "../../../lib/probes/secrets.js";

const KEY = "sk-or-v1-test-SECRET-4f9a0c";

describe("the user's key", () => {
  it("is redacted whole, in any case, and as any piece of 8 or more characters", () => {
    expect(redactKey(`bad key ${KEY}.`, KEY)).toBe("bad key [redacted].");
    expect(redactKey(`BAD KEY ${KEY.toUpperCase()}`, KEY)).toBe("BAD KEY [redacted]");
    expect(redactKey(`ends ${KEY.slice(-8)} and starts ${KEY.slice(0, 12)}`, KEY)).toBe(
      "ends [redacted] and starts [redacted]",
    );
    // "or-v1-t" holds 5 letters and digits, not 7: not a piece; two pieces side by side are one redaction.
    expect(redactKey(KEY.slice(3, 10), KEY)).toBe(KEY.slice(3, 10));
    expect(redactKey(`${KEY}${KEY}`, KEY)).toBe("[redacted]");
    expect(containsKeyPiece("nothing here", KEY)).toBe(false);
    expect(containsKeyPiece(`x${KEY.slice(9, 17).toLowerCase()}x`, KEY)).toBe(true);
  });

  it("redacts before any change: offsets survive text whose lower case is longer", () => {
    // "İ" lowercases to two characters in JavaScript; the redaction must still cut at the right place.
    expect(redactKey(`İİİ ${KEY} tail`, KEY)).toBe("İİİ [redacted] tail");
  });

  it("a key a header cannot carry is refused, in words that never quote it", () => {
    expect(keyProblem(KEY)).toBeNull();
    for (const bad of [`${KEY}\n`, `${KEY} x`, `${KEY}\t`, `${KEY}\u0085`, `${KEY}é`, `${KEY}\u0000`]) {
      const problem = keyProblem(bad);
      expect(problem).toBe("holds a space, a newline, a control or a non-ascii character, which cannot go in a header");
      expect(problem).not.toContain("sk-");
    }
    expect(keyProblem("")).toBe("is empty");
  });

  it("a key too short to tell apart from ordinary text is refused, with what to set for a server that reads none", () => {
    // "1" is in "llama3.1" and in any reply: every check that keeps the key out of a run would fire on nothing.
    expect(keyProblem("1")).toBe(
      "is 1 character long: fewer than 8 can't be told apart from ordinary text, so no run could be kept free of it; " +
        "for a server that reads no key, set 8 or more random characters (like 5f8c1a9e7b), which no reply holds by chance",
    );
    expect(keyProblem("unused7")).toMatch(/^is 7 characters long: /);
    expect(keyProblem("5f8c1a9e7b")).toBeNull();
  });
});

describe("the key in the cheap disguises the readings undo (issue 28)", () => {
  const key = `sk-or-v1-${"0123456789abcdef".repeat(4)}`;
  const percent = (text: string) => [...text].map((c) => `%${c.charCodeAt(0).toString(16)}`).join("");
  const disguised: [string, string][] = [
    // A reply that is JSON text keeps its escapes as written: each character on its own line, or a tab apart.
    ["one character a line, JSON-escaped", [...key].join("\\n")],
    ["escaped tabs between its characters", [...key].join("\\t")],
    ["JSON-escaped twice", [...key].join("\\\\n")],
    ["tags between its characters", [...key].join("<b></b>")],
    ["each character in a tag", [...key].map((c) => `<b>${c}</b>`).join("")],
    ["%-encoded three times", percent(key).replaceAll("%", "%2525")],
  ];

  it.each(disguised)("finds the key %s, with the key at hand and without it", (_name, text) => {
    expect(containsKeyPiece(`note: ${text}`, key)).toBe(true);
    expect(containsKeyPiece(redactKey(`note: ${text}`, key), key)).toBe(false);
    expect(findKeyShaped(`note: ${text}`)).not.toEqual([]);
  });

  it("leaves escaped prose and markup alone", () => {
    for (const text of [
      "Line one\\nLine two\\tand a tab; a \\\\ backslash",
      "<p>The <b>plot</b> of <i>Romeo and Juliet</i> in one sentence.</p><br/>",
      "100%25 sure, %252F is a slash encoded twice",
    ])
      expect(findKeyShaped(text), text).toEqual([]);
  });
});

describe("key-shaped text", () => {
  const shaped = (text: string) => findKeyShaped(text).map(({kind, hint}) => `${kind} ${hint}`);

  it("finds provider keys, bearer tokens and long random tokens, showing only their first characters", () => {
    expect(shaped(`key ${KEY}`)).toEqual(["an sk- key sk-or-…"]);
    expect(shaped("sk-proj-Ab12Cd34Ef56Gh78 and AKIAIOSFODNN7EXAMPLE")).toEqual([
      "an sk- key sk-pro…",
      "an aws access key AKIA…",
    ]);
    expect(shaped("ghp_0123456789abcdefghijABCDEFGHIJ0123")).toEqual(["a github token ghp_…"]);
    expect(shaped("hf_abcdefghijklmnopqrstuvwxyzABCDEF")).toEqual(["a hugging face token hf_…"]);
    expect(shaped("sk_live_51Hq8vT1xR4mK9pL2wY6n")).toEqual(["a stripe key sk_live_…"]);
    expect(shaped("Authorization: Bearer abc123def456")).toEqual(["a bearer token Bearer …"]);
    expect(shaped("token=Zq8vT1xR4mK9pL2wY6nB3cJ7hF5dS0aE")).toEqual(["a long random token Zq8v…"]);
  });

  it("finds an sk-or-v1- key in disguise without the key at hand, saying how, showing only its public prefix", () => {
    const key = `sk-or-v1-${"0123456789abcdef".repeat(4)}`;
    const reversed = [...key].reverse().join("");
    const hex = Buffer.from(key).toString("hex");
    expect(shaped(`a: ${key.match(/.{1,7}/g)!.join(" ")}`)).toEqual([
      "an sk-or-v1- key, spaced out or disguised sk-or-…",
    ]);
    expect(shaped(`b: ${[...key].join("\u200b")}`)).toEqual(["an sk- key sk-or-…"]); // invisible: read as written
    expect(shaped(`c: ${reversed}`)).toEqual(["an sk-or-v1- key, reversed sk-or-…"]);
    expect(shaped(`d: ${hex.toUpperCase()}`)).toEqual(["an sk-or-v1- key, hex-encoded sk-or-…"]);
    expect(shaped(`e: ${[...hex].reverse().join("")}`)).toEqual(["an sk-or-v1- key, hex-encoded and reversed sk-or-…"]);
    // Base64 of a whole key is mixed case, random and long: the random-token shape finds it first.
    expect(shaped(`f: ${Buffer.from(key).toString("base64")}`)).toEqual(["a long random token c2st…"]);
    expect(
      shaped(
        `f: ${Buffer.from(key)
          .toString("base64")
          .match(/.{1,4}/g)!
          .join(" ")}`,
      ),
    ).toEqual(["an sk-or-v1- key, base64-encoded sk-or-…"]);
    // Its letters %-escaped: once the escapes are decoded it is a plain sk- key.
    expect(
      shaped(`g: ${encodeURIComponent(key).replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}`),
    ).toEqual(["an sk- key sk-or-…"]);
  });

  it("leaves prose, slugs, paths, hashes and ids alone", () => {
    const innocent = [
      "BEGIN-7731\n- Jupiter\n- Saturn\n- Uranus\nCOUNT: 3\nCHECKSUM: 6\nEND-7731",
      "Use Bearer authentication with the token from your dashboard.",
      "http://127.0.0.1:9/test-only-stub/v1/chat/completions",
      "anthropic/claude-opus-5 openai/gpt-5-mini test-only/stub-complete",
      "8d1f0e4c2b9a7d6e5f4c3b2a1908f7e6d5c4b3a29180f7e6d5c4b3a291807f6e", // a sha256, as in versionHash
      "123e4567-e89b-12d3-a456-426614174000",
      "the-quick-brown-fox-jumps-over-the-lazy-dog-again-and-again",
      "2026-08-10T12:00:00.000Z--example-model.json",
      "skills-and-tasks: sk-short",
      // model slugs as endpoints report them (servedBy), and identifiers with their digits in one place
      "mistralai/Mixtral-8x22B-Instruct-v0.1 deepseek/DeepSeek-R1-Distill-Qwen-32B-Instruct",
      "microsoft/Phi-3-medium-128k-instruct-ONNX-CUDA meta-llama/Meta-Llama-3.1-405B-Instruct-Turbo",
      "ThisIsAVeryLongCamelCaseIdentifier2 getElementsByTagNameAndClassName2024",
    ];
    for (const text of innocent) expect(shaped(text), text).toEqual([]);
  });

  it("masks every key-shaped token in a message, keeping the rest", () => {
    expect(maskKeyShaped(`invalid json: "${KEY}" is not valid`)).toBe('invalid json: "sk-or-…" is not valid');
  });

  it("names the field of a JSON value that holds one, object keys included", () => {
    const fields = keyShapedFields({
      model: "example/model",
      reply: `ok ${KEY}`,
      usage: {[KEY]: 1},
      score: {rules: [{id: "a", outcome: "Bearer abc123def456"}]},
    });
    expect(fields.map(({field, found}) => `${field}: ${found.hint}`)).toEqual([
      "reply: sk-or-…",
      "usage: sk-or-…",
      "score.rules[0].outcome: Bearer …",
    ]);
  });

  it("walks a value nested 100,000 deep without recursion, and names the deepest field", () => {
    const depth = 100_000;
    const deep = JSON.parse(`${"[".repeat(depth)}"${KEY}"${"]".repeat(depth)}`) as unknown;
    const [found] = keyShapedFields(deep);
    expect(found?.field).toBe("[0]".repeat(depth));
    expect(found?.found.hint).toBe("sk-or-…");
  });

  it("stays linear on long input", () => {
    // No clock: a backtracking blow-up on a megabyte would hang the test, not slow it.
    expect(findKeyShaped("a".repeat(1_000_000))).toEqual([]);
    expect(findKeyShaped("bearer ".repeat(100_000))).toEqual([]);
    expect(findKeyShaped("Ab1".repeat(300_000))).toEqual([]); // low entropy: three characters repeated
  });
});
