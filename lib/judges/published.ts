// What the site ships of a recorded judge run (the build's judges.json): what /judges shows, and nothing else. A run
// file keeps more (every reply, the endpoint, timings, usage) for judges:check and judge:score to hold it to; the
// page shows an answered case's answer, never its reply, and a reply that is no answer as its first 2,000
// characters, so those are all of a reply it gets. No endpoint ships. Pure and browser-safe.
import type {CaseRecord, JudgeRun} from "./schema.node.js";

/** One case of a run as the page gets it. */
export interface PublishedCase {
  case: string;
  /** The case's ruled score when the run was made. */
  ruled: CaseRecord["ruled"];
  status: CaseRecord["status"];
  /** The answer read from the reply; null unless answered. */
  answer: CaseRecord["answer"];
  /** A reply that is no answer: its first 2,000 characters, shown as text. Null for an answered case. */
  excerpt: string | null;
  /** Why the reply is not an answer, or null. */
  problem: string | null;
  startedAt: string;
  /** The model as the endpoint named it, when it named the one asked for. */
  servedBy: string | null;
}

/** A run as the page gets it. */
export interface PublishedRun {
  model: string;
  prompt: string;
  guideline: string;
  cases: string[];
  startedAt: string;
  complete: boolean;
  /** Why it stopped early: the runner's reason (lib/probes/runner-error.ts stopReason), or null. */
  stopped: string | null;
  answers: PublishedCase[];
}

/** What the site ships of a checked run. */
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
