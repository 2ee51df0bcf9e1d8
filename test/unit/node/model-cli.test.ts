// What probes:run and judge:run share: the flags of a model call made into the call, here the endpoint a base url
// gives.
import {Writable} from "node:stream";
import {describe, expect, it} from "vitest";
import {modelCall, modelCliOutput} from "../../../lib/node/model-cli.js";
import {defaultBaseUrl} from "../../../lib/probes/request.js";

const env = {OPENROUTER_API_KEY: "test-key-0123"};
const stdout = new Writable({write: (_chunk, _encoding, done) => done()});

/** The endpoint probes:run and judge:run call for a --base-url. */
const endpointFor = (baseUrl: string): string =>
  modelCall(
    {
      "model": "openai/gpt-5-mini",
      "base-url": baseUrl,
      "key-env": "OPENROUTER_API_KEY",
      "timeout": "120",
      "retries": "3",
    },
    {usage: "usage", output: modelCliOutput({env, stdout}), env},
  ).endpoint;

describe("the endpoint a --base-url gives", () => {
  it("adds /chat/completions to a base url, with or without a final slash", () => {
    expect(endpointFor(defaultBaseUrl)).toBe("https://openrouter.ai/api/v1/chat/completions");
    expect(endpointFor("https://openrouter.ai/api/v1/")).toBe("https://openrouter.ai/api/v1/chat/completions");
    expect(endpointFor("http://127.0.0.1:8080")).toBe("http://127.0.0.1:8080/chat/completions");
  });

  it("takes a whole endpoint ending in /chat/completions, as the probe page's curl shows it, without doubling it", () => {
    expect(endpointFor("https://openrouter.ai/api/v1/chat/completions")).toBe(
      "https://openrouter.ai/api/v1/chat/completions",
    );
    expect(endpointFor("https://openrouter.ai/api/v1/chat/completions/")).toBe(
      "https://openrouter.ai/api/v1/chat/completions",
    );
    expect(endpointFor("http://127.0.0.1:8080/chat/completions")).toBe("http://127.0.0.1:8080/chat/completions");
    // A query stays after the path it belongs to.
    expect(endpointFor("https://example.org/v1/chat/completions?api-version=2")).toBe(
      "https://example.org/v1/chat/completions?api-version=2",
    );
  });
});

describe("the key's variable", () => {
  /** modelCall with the key in the variable `name`. */
  const callWith = (name: string, key: string) => () => {
    const keyed = {[name]: key};
    return modelCall(
      {"model": "llama3.1", "base-url": "http://127.0.0.1:11434/v1", "key-env": name, "timeout": "120", "retries": "3"},
      {usage: "usage", output: modelCliOutput({env: keyed, stdout}), env: keyed},
    );
  };

  it("refuses a name that holds a piece of the key or reads as a key, before anything is called", () => {
    // judge:run records the name: one a run's check reads as a key would leave the run unrecorded after a paid call.
    expect(callWith("LOCALKEY", "localkey-5f8c1a9e")).toThrow(
      "--key-env holds a piece of the api key: give the variable a name that shares nothing with the key",
    );
    // Refused before the key is read: the lines that name the variable would print it masked.
    expect(callWith("MyLocalOpenRouterKey2025v2", "")).toThrow(
      "--key-env: the name reads as a key (a long random token): name the variable plainly, like LOCAL_KEY",
    );
    expect(callWith("LOCAL_KEY", "5f8c1a9e7b")().apiKey).toBe("5f8c1a9e7b");
  });
});
