// A judge's run through the cases: the run is saved after every case, so a run cut short is a valid file marked
// incomplete; --resume asks only the rest. Pure: fetch, now, sleep and saving are passed in.
import type {Item} from "../authored/schemas/item.js";
import type {CallSettings} from "../probes/chat-call.js";
import {defaultKeyVariable} from "../probes/request.js";
import {stopReason, type RunnerError} from "../probes/runner-error.js";
import type {RunParameters} from "../probes/schema.node.js";
import {runJudgeCase} from "./case-call.js";
import {runFigures} from "./figures.js";
import {judgeMessages, unknownPlaceholders, type PromptTemplates} from "./prompt.js";
import type {CaseRecord, JudgeRun} from "./schema.node.js";

export interface JudgeRunAsked {
  prompt: {name: string; hash: string; templates: PromptTemplates; parameters: RunParameters};
  guideline: {version: string; text: string; hash: string};
  /** A resumed run's own cases. */
  items: readonly Pick<Item, "id" | "score" | "turns" | "request" | "response">[];
  model: string;
  endpoint: string;
  /** The variable the key was read from: recorded where it is not the default. */
  keyVariable?: string | undefined;
  settings: Omit<CallSettings, "endpoint">;
  resume?: JudgeRun;
  save: (run: JudgeRun) => void;
  onCase?: (record: CaseRecord) => void;
}

export type JudgeRunOutcome =
  | {status: "refused"; reason: string}
  | {status: "stopped"; run: JudgeRun; error: RunnerError}
  | {status: "complete"; run: JudgeRun};

/** A resumed run must be incomplete and asked the same way. */
export function resumeProblem(
  run: JudgeRun,
  asked: Omit<JudgeRunAsked, "save" | "settings" | "resume">,
): string | null {
  if (run.complete) return "the run is complete: nothing to resume";
  const differs = (what: string, recorded: string, now: string) =>
    `the run was made with ${what} ${recorded}, not ${now}: resume it as it was made, or start a new run`;
  if (run.prompt !== asked.prompt.name) return differs("the prompt", run.prompt, asked.prompt.name);
  if (run.promptHash !== asked.prompt.hash)
    return (
      `the prompt ${run.prompt} reads differently now than when the run was made ` +
      `(sha256 ${run.promptHash.slice(0, 12)}): start a new run`
    );
  if (run.guideline !== asked.guideline.version) return differs("guideline", run.guideline, asked.guideline.version);
  if (run.guidelineHash !== asked.guideline.hash)
    return `guideline ${run.guideline} reads differently now than when the run was made: start a new run`;
  if (run.model !== asked.model) return differs("model", run.model, asked.model);
  if (run.endpoint !== asked.endpoint) return differs("endpoint", run.endpoint, asked.endpoint);
  const ids = asked.items.map((item) => item.id).join(",");
  if (run.cases.join(",") !== ids) return "the run asked other cases than these: resume it with its own cases";
  return null;
}

/**
 * The run with the key's variable it is asked with now: a resumed run takes the one it is finished with (a run
 * recorded before the field was kept has none), and the default variable is recorded as none.
 */
function withKeyVariable(run: JudgeRun, keyVariable: string | undefined): JudgeRun {
  const {keyVariable: _recorded, ...rest} = run;
  return keyVariable === undefined || keyVariable === defaultKeyVariable ? rest : {...rest, keyVariable};
}

/** Asks the judge every case not yet recorded, saving the run after each. Never throws for a call's errors. */
export async function runJudge(asked: JudgeRunAsked): Promise<JudgeRunOutcome> {
  const {prompt, guideline, items, model, endpoint, settings, save} = asked;
  for (const template of [prompt.templates.system, prompt.templates.user]) {
    const [unknown] = unknownPlaceholders(template);
    if (unknown !== undefined)
      return {status: "refused", reason: `the prompt ${prompt.name} names {{${unknown}}}, which is not a placeholder`};
  }
  if (!items.length) return {status: "refused", reason: "no cases to ask"};
  if (asked.resume) {
    const problem = resumeProblem(asked.resume, asked);
    if (problem) return {status: "refused", reason: problem};
  }
  // Every case's messages are made before the first call: nothing fails halfway for a reason known at the start.
  const messages = new Map(items.map((item) => [item.id, judgeMessages(prompt.templates, guideline.text, item)]));
  let run: JudgeRun = withKeyVariable(
    asked.resume
      ? {...asked.resume, stopped: null}
      : {
          kind: "judge-run",
          model,
          endpoint,
          prompt: prompt.name,
          promptHash: prompt.hash,
          guideline: guideline.version,
          guidelineHash: guideline.hash,
          parameters: prompt.parameters,
          cases: items.map((item) => item.id),
          startedAt: settings.now().toISOString(),
          finishedAt: null,
          complete: false,
          stopped: null,
          answers: [],
          figures: runFigures({cases: items.map((item) => item.id), answers: []}),
        },
    asked.keyVariable,
  );
  const recorded = new Set(run.answers.map((record) => record.case));
  for (const item of items) {
    if (recorded.has(item.id)) continue;
    const outcome = await runJudgeCase({
      ...settings,
      endpoint,
      model,
      case: {id: item.id, ruled: item.score},
      messages: messages.get(item.id)!,
      parameters: prompt.parameters,
    });
    if (!outcome.ok) {
      // The run records why in the runner's words alone (no host, no endpoint text); the command prints the message.
      // A new run stopped before its first answer is not recorded: it holds nothing to finish, and a page would list
      // it among the runs as 0 of its cases answered.
      run = {...run, complete: false, stopped: stopReason(outcome.error)};
      if (run.answers.length > 0 || asked.resume) save(run);
      return {status: "stopped", run, error: outcome.error};
    }
    const answers = [...run.answers, outcome.record];
    const complete = answers.length === run.cases.length;
    run = {
      ...run,
      answers,
      figures: runFigures({cases: run.cases, answers}),
      complete,
      finishedAt: complete ? settings.now().toISOString() : null,
    };
    save(run);
    asked.onCase?.(outcome.record);
  }
  if (!run.complete) {
    // A run given back with every case recorded but not marked so: nothing to ask, only to mark it finished.
    run = {...run, complete: true, finishedAt: settings.now().toISOString()};
    save(run);
  }
  return {status: "complete", run};
}
