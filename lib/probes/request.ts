// The chat-completions request a version defines, and the "run it yourself" curl text built from it. Pure.
import type {ProbeVersion} from "./schema.node.js";

/** The API's base, as --base-url takes it, and its chat-completions endpoint. */
export const defaultBaseUrl = "https://openrouter.ai/api/v1";
export const defaultEndpoint = `${defaultBaseUrl}/chat/completions`;
export const defaultKeyVariable = "OPENROUTER_API_KEY";
/** What --key-env may name: an environment variable's name as a shell writes one. */
export const keyVariablePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const exampleModel = "anthropic/claude-opus-5";

/** A javascript: or file: url is no endpoint, and a user name or password is refused (the key goes in its
 *  environment variable). */
export function endpointUrlFault(text: string): "not-a-url" | "not-http" | "credentials" | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "not-a-url";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "not-http";
  if (url.username || url.password) return "credentials";
  return null;
}

export interface ChatRequestBody {
  model: string;
  messages: {role: string; content: string}[];
  max_tokens: number;
  temperature: number;
}

/** Exactly what the runner sends: nothing else. */
export function chatRequestBody(
  version: Pick<ProbeVersion, "messages" | "parameters">,
  model: string,
): ChatRequestBody {
  return {
    model,
    messages: version.messages.map(({role, content}) => ({role, content})),
    max_tokens: version.parameters.maxTokens,
    temperature: version.parameters.temperature,
  };
}

/** A word a POSIX shell reads back as it is: in single quotes unless it holds only characters no shell treats apart. */
export function shellQuote(text: string): string {
  if (/^[\w@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The model box on the probe page as typed: the curl text follows it. */
export const typeModel = (_shown: string, typed: string): string => typed;

/** The slug the curl text names: what the reader typed, or `example` while the box is empty. */
export const slugOrExample = (typed: string, example: string = exampleModel): string => typed.trim() || example;

/** The key is a shell variable, never a value. */
export function curlCommand(
  version: Pick<ProbeVersion, "messages" | "parameters">,
  {
    model = exampleModel,
    endpoint = defaultEndpoint,
    keyVariable = defaultKeyVariable,
  }: {model?: string; endpoint?: string; keyVariable?: string} = {},
): string {
  const body = JSON.stringify(chatRequestBody(version, model), null, 2);
  return [
    `curl ${endpoint} \\`,
    `  -H "Authorization: Bearer $${keyVariable}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d ${shellQuote(body)}`,
  ].join("\n");
}
