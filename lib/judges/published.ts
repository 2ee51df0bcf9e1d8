// What the site ships of a recorded judge run: what /judges shows and nothing else. An answered case's answer, never
// its reply; a reply that is no answer as its first 2,000 characters; no endpoint.
import type {CaseRecord, JudgeRun} from "./schema.node.js";

export interface PublishedCase {
  case: string;
  ruled: CaseRecord["ruled"];
  status: CaseRecord["status"];
  answer: CaseRecord["answer"];
  excerpt: string | null;
  problem: string | null;
  startedAt: string;
  /** Only when it named the one asked for. */
  servedBy: string | null;
}

export interface PublishedRun {
  model: string;
  prompt: string;
  guideline: string;
  cases: string[];
  startedAt: string;
  complete: boolean;
  /** The runner's reason (lib/probes/runner-error.ts stopReason). */
  stopped: string | null;
  answers: PublishedCase[];
}

export function publishedRun(run: JudgeRun): PublishedRun {
  return {
    model: run.model,
    prompt: run.prompt,
    guideline: run.guideline,
    cases: [...run.cases],
    startedAt: run.startedAt,
    complete: run.complete,
    stopped: run.stopped,
    answers: run.answers.map((record) => ({
      case: record.case,
      ruled: record.ruled,
      status: record.status,
      answer: record.answer,
      excerpt: record.status === "answered" ? null : record.reply,
      problem: record.problem,
      startedAt: record.startedAt,
      servedBy: record.servedBy,
    })),
  };
}
