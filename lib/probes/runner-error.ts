// The runner's one kind of error, in the project's words: what an endpoint sent is never quoted, only its http status.

const runnerErrorCodes = [
  "missing-key",
  "invalid-key",
  "leak",
  "network",
  "timeout",
  "http",
  "redirect",
  "rate-limited",
  "too-large",
  "malformed",
  "api",
] as const;
export type RunnerErrorCode = (typeof runnerErrorCodes)[number];

export class RunnerError extends Error {
  constructor(
    readonly code: RunnerErrorCode,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "RunnerError";
  }
}

export function httpWords(status: number): string {
  if (status === 401 || status === 403) return "the api key was refused";
  if (status === 402) return "the account cannot pay for the call";
  if (status === 404) return "not found: check the base url and the model";
  if (status >= 500) return "the endpoint failed; try again later";
  return "the endpoint refused the request";
}

const stopWords: Record<RunnerErrorCode, string> = {
  "missing-key": "no api key was set",
  "invalid-key": "the api key cannot go in a header",
  "leak": "the response held the api key or something shaped like a secret, so nothing of it was kept",
  "network": "the endpoint could not be reached",
  "timeout": "no complete answer in the time allowed: timed out",
  "http": "the endpoint refused the request",
  "redirect": "the endpoint redirects elsewhere; redirects are not followed",
  "rate-limited": "still rate limited after the retries allowed",
  "too-large": "the response was larger than the token limit allows",
  "malformed": "the response was not a chat completion",
  "api": "the endpoint answered with an error",
};

/** Never the endpoint's text, its host or the key (a judge's run's `stopped` is shown on /judges). */
export function stopReason({code, status}: Pick<RunnerError, "code" | "status">): string {
  if (status === null) return stopWords[code];
  return `http ${status}: ${code === "http" ? httpWords(status) : stopWords[code]}`;
}

/** Whether text is a reason stopReason gives: the only words a recorded run may give for stopping. */
export function isStopReason(text: string): boolean {
  const status = /^http ([1-5][0-9]{2}): /.exec(text)?.[1];
  return runnerErrorCodes.some(
    (code) =>
      stopReason({code, status: null}) === text ||
      (status !== undefined && stopReason({code, status: Number(status)}) === text),
  );
}
