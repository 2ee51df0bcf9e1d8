// What probes:run and judge:run share (flags, checks of key, slug and base url before anything is printed or sent,
// scrubbing of every line printed, the world they call): one place, so one command's protections are the other's.
import {fail, numberFlag, quote} from "./cli.js";
import {lineWriter, type CommandIO} from "./command.js";
import type {FetchLike, Sleep} from "../probes/endpoint-call.js";
import {modelMaxLength} from "../probes/limits.js";
import {RunWriteError, modelSlugProblem} from "../probes/runs.node.js";
import {defaultBaseUrl, defaultKeyVariable, endpointUrlFault, keyVariablePattern} from "../probes/request.js";
import {containsKeyPiece, findKeyShaped, keyProblem, maskKeyShaped, redactKey} from "../probes/secrets.js";

const modelFlag = {model: {type: "string"}} as const;
const callFlags = {
  "base-url": {type: "string", default: defaultBaseUrl},
  "key-env": {type: "string", default: defaultKeyVariable},
  "timeout": {type: "string", default: "120"},
  "retries": {type: "string", default: "3"},
  "root": {type: "string"},
} as const;

export const modelCallFlags = <O extends object>(own: O) => ({...modelFlag, ...own, ...callFlags});

const sleep: Sleep = (ms, signal) =>
  new Promise((done) => {
    if (signal?.aborted) return done();
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      done();
    });
  });

/** A test passes its own. */
export interface CallWorld {
  fetch: FetchLike;
  now: () => Date;
  sleep: Sleep;
}

export const realWorld: CallWorld = {fetch, now: () => new Date(), sleep};

export interface ModelCliOutput {
  scrub: (line: string) => string;
  say: (line: string) => void;
  knowKey: (key: string) => void;
}

/** The default variable's key is known from the start: a bad flag may be printed before the chosen one is read.
 *  The last guard, after the checks that refuse before printing. */
export function modelCliOutput({env, stdout}: Pick<CommandIO, "env" | "stdout">): ModelCliOutput {
  const knownKeys: string[] = [];
  // A key refused (too short to tell apart from other text, or one no header can carry) is never sent: redacting it
  // would only blot out the message that refuses it.
  const knowKey = (key: string) => {
    if (key.trim() !== "" && keyProblem(key) === null) knownKeys.push(key);
  };
  knowKey(env[defaultKeyVariable] ?? "");
  const scrub = (line: string) => maskKeyShaped(knownKeys.reduce((text, key) => redactKey(text, key), line));
  const print = lineWriter(stdout);
  return {scrub, say: (line) => print(scrub(line)), knowKey};
}

export function secretProblem(value: string, apiKey: string): string | null {
  if (containsKeyPiece(value, apiKey)) return "holds the api key or a piece of it";
  const [shaped] = findKeyShaped(value);
  return shaped ? `holds ${shaped.kind} ("${shaped.hint}")` : null;
}

/** A model call as the flags ask for it, every part checked. */
export interface ModelCall {
  model: string;
  apiKey: string;
  endpoint: string;
  timeoutMs: number;
  maxRetries: number;
}

/**
 * Checks the flags of a model call and reads the key, failing with one line (never printing the key, nor the model
 * or base url before they are checked against it): the key variable's name, the key, the model slug, the timeout,
 * the retries, and the base url, made into the chat-completions endpoint.
 */
export function modelCall(
  values: {"model"?: string; "base-url": string; "key-env": string; "timeout": string; "retries": string},
  {usage, output, env}: {usage: string; output: ModelCliOutput; env: CommandIO["env"]},
): ModelCall {
  const model = values.model;
  if (model === undefined) fail(`missing --model <slug>; usage: ${usage}`);
  const keyEnv = values["key-env"];
  if (!keyVariablePattern.test(keyEnv))
    fail(`--key-env: expected an environment variable name like ${defaultKeyVariable}, got ${quote(keyEnv)}`);
  // judge:run records the name, and a run's check refuses a run holding one read as a key (after a paid call); the
  // lines below name the variable, which would print masked. The name is not quoted: it would print masked too.
  const [keyShapedName] = findKeyShaped(keyEnv);
  if (keyShapedName)
    fail(`--key-env: the name reads as a key (${keyShapedName.kind}): name the variable plainly, like LOCAL_KEY`);
  const apiKey = env[keyEnv] ?? "";
  if (apiKey.trim() === "") fail(`missing api key: set the environment variable ${keyEnv}`);
  const keyIssue = keyProblem(apiKey);
  if (keyIssue) fail(`the api key in ${keyEnv} ${keyIssue}: set it again`);
  output.knowKey(apiKey);
  // Nothing prints the model or the base url before they are checked against the key.
  // Likewise a name sharing a piece with the key; any example name given here could share it too.
  if (containsKeyPiece(keyEnv, apiKey))
    fail("--key-env holds a piece of the api key: give the variable a name that shares nothing with the key");
  const modelSecret = secretProblem(model, apiKey);
  if (modelSecret) fail(`--model ${modelSecret}: pass the model's slug, like openai/gpt-5-mini`);
  const baseSecret = secretProblem(values["base-url"], apiKey);
  if (baseSecret)
    fail(`--base-url ${baseSecret}: the key goes in its environment variable, never in the url; nothing called`);
  if (!/^[\x21-\x7e]+$/.test(model) || model.length > modelMaxLength)
    fail(
      `--model: expected a slug like openai/gpt-5-mini (visible ascii, no spaces, at most ${modelMaxLength} ` +
        `characters), got ${quote(model)}`,
    );
  const slugProblem = modelSlugProblem(model);
  if (slugProblem) fail(`--model ${quote(model)} ${slugProblem}: expected a slug like openai/gpt-5-mini`);
  const timeoutSeconds = numberFlag("timeout", values.timeout, {min: 1, max: 600, unit: " seconds"});
  const maxRetries = numberFlag("retries", values.retries, {min: 0, max: 10, whole: true});
  return {
    model,
    apiKey,
    endpoint: endpointOf(values["base-url"]),
    timeoutMs: timeoutSeconds * 1000,
    maxRetries,
  };
}

const chatPath = "/chat/completions";

/**
 * The chat-completions endpoint under a base url: http(s), with no user name or password in it. The base may be
 * given whole, ending in /chat/completions, as the probe page's curl text shows it: that ending is not added twice.
 */
function endpointOf(baseUrl: string): string {
  const fault = endpointUrlFault(baseUrl);
  if (fault === "not-a-url") fail(`--base-url: not a url: ${quote(baseUrl)}`);
  if (fault === "not-http") fail(`--base-url: expected an http or https url, got ${quote(baseUrl)}`);
  if (fault === "credentials")
    fail("--base-url: holds a user name or password: the key goes in its environment variable, never in the url");
  const url = new URL(baseUrl);
  const base = url.pathname.replace(/\/+$/, "");
  url.pathname = `${base.endsWith(chatPath) ? base.slice(0, -chatPath.length) : base}${chatPath}`;
  return url.href;
}

/** A RunWriteError becomes one line (exit 1); anything else is rethrown. */
export function writing<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof RunWriteError) fail(`${error.message}; nothing recorded`, 1);
    throw error;
  }
}
