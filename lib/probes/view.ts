// The probe page's data: validated versions with their live example scores, runs and curl text. Pure.
import {curlCommand, exampleModel} from "./request.js";
import type {ProbeVersion, Run} from "./schema.js";
import {scoreBoth, type ScoreReport} from "./score.js";

export interface ExampleView {
  kind: "correct" | "rejected";
  label: string;
  text: string;
  total: number;
  expected: Record<string, "pass" | "fail">;
  /** What the real scorer says, at build time. */
  score: ScoreReport;
}

/** What the page shows of a run: who, when, and the scores. Not the reply: the page never shows it. */
export type RunView = Pick<
  Run,
  "model" | "servedBy" | "startedAt" | "finishReason" | "truncated" | "oversized" | "usage" | "score"
>;

export interface VersionView extends Omit<ProbeVersion, "examples"> {
  hash: string;
  file: string;
  examples: ExampleView[];
  /** "Run it yourself", with the example model slug. */
  curl: string;
  runs: RunView[];
}

export interface ProbeView {
  probe: string;
  /** The latest version. */
  current: string;
  exampleModel: string;
  versions: VersionView[];
}

export function probeView(
  probe: string,
  versions: readonly {file: string; hash: string; data: ProbeVersion}[],
  runs: readonly Run[],
): ProbeView {
  const views = versions.map(({file, hash, data}): VersionView => ({
    ...data,
    hash,
    file,
    examples: data.examples.map((example) => ({...example, score: scoreBoth(data.rules, example.text)})),
    curl: curlCommand(data, {model: exampleModel}),
    runs: runs
      .filter((run) => run.probe === probe && run.version === data.version)
      .map(({model, servedBy, startedAt, finishReason, truncated, oversized, usage, score}) => ({
        model,
        servedBy,
        startedAt,
        finishReason,
        truncated,
        oversized,
        usage,
        score,
      })),
  }));
  const current = views.at(-1)?.version;
  if (current === undefined) throw new Error(`probe ${probe} has no valid version`);
  return {probe, current, exampleModel, versions: views};
}

/** schema.org Dataset structured data, only when the probe has real runs. */
export function datasetJsonLd(view: ProbeView, url: string): Record<string, unknown> | null {
  const runs = view.versions.flatMap((v) => v.runs);
  if (runs.length === 0) return null;
  const current = view.versions.find((v) => v.version === view.current);
  const dates = runs.map((r) => r.startedAt).sort();
  return {
    "@context": "https://schema.org",
    "@type": "Dataset",
    "name": current?.title ?? view.probe,
    "description": `${current?.summary ?? ""} ${current?.tests ?? ""}`.trim(),
    "url": url,
    "version": view.current,
    "temporalCoverage": `${dates[0]}/${dates.at(-1)}`,
    "variableMeasured":
      current?.rules.map((rule) => ({"@type": "PropertyValue", "name": rule.id, "description": rule.checks})) ?? [],
    "size": `${runs.length} recorded run${runs.length === 1 ? "" : "s"}`,
  };
}
