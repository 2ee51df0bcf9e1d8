// The probe page's data: validated versions with their live example scores, runs and curl text. Pure.
import {curlCommand, exampleModel} from "./request.js";
import type {Outcome, ProbeVersion, ProbeRule, Run} from "./schema.node.js";
import {newestVersion} from "./versions.js";
import {scoreBoth, type LooseRuleResult, type RuleResult, type ScoreReport} from "./score.js";
import {quoteText} from "../text/quote-text.js";
import {countWord, plural} from "../text/format.js";

export interface ExampleView {
  kind: "correct" | "rejected";
  label: string;
  text: string;
  total: number;
  expected: Record<string, "pass" | "fail">;
  /** The real scorer's, at build time. */
  score: ScoreReport;
}

/** Never the reply: the page never shows it. */
export type RunView = Pick<
  Run,
  "model" | "servedBy" | "startedAt" | "finishReason" | "truncated" | "oversized" | "usage" | "score"
>;

export interface VersionView extends Omit<ProbeVersion, "examples"> {
  hash: string;
  file: string;
  examples: ExampleView[];
  curl: string;
  runs: RunView[];
}

export interface ProbeView {
  probe: string;
  current: string;
  exampleModel: string;
  versions: VersionView[];
  /** The current guideline's title of each rule a step names, by id: the page says a rule by its title first. */
  ruleTitles: Record<string, string>;
}

export function probeView(
  probe: string,
  versions: readonly {file: string; hash: string; data: ProbeVersion}[],
  runs: readonly Run[],
  titles: Readonly<Record<string, string>> = {},
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
  const current = newestVersion(views)?.version;
  if (current === undefined) throw new Error(`probe ${probe} has no valid version`);
  const named = new Set(views.flatMap((view) => view.rules.map((rule) => rule.guidelineRule)));
  const ruleTitles = Object.fromEntries(Object.entries(titles).filter(([id]) => named.has(id)));
  return {probe, current, exampleModel, versions: views, ruleTitles};
}

/** The version a probe page presents: the one the view names as current. */
export function currentVersion(view: ProbeView): VersionView {
  const version = view.versions.find((v) => v.version === view.current);
  if (!version) throw new Error(`probe ${view.probe} has no version ${view.current}`);
  return version;
}

/** A rule's pattern as it would be written in JavaScript: /pattern/flags. */
export function patternText(rule: Pick<ProbeRule, "pattern" | "flags">): string {
  return `/${rule.pattern}/${rule.flags}`;
}

/** The prompt's steps counted in words, as the page's prose names them: "six steps", "three steps". */
export function promptSteps(version: {rules: readonly Pick<ProbeRule, "step">[]}): string {
  const steps = new Set(version.rules.map((rule) => rule.step)).size;
  return `${countWord(steps)} ${steps === 1 ? "step" : "steps"}`;
}

/** Said by the reply box of a probe whose worked examples hold no correct reply to show. */
const neutralPlaceholder = "A model's reply, or your own";

/**
 * The reply box's placeholder: the probe's own correct worked example, its first two lines and "…" when it has
 * more, so a reader sees the shape of a reply to this prompt and no other.
 */
export function replyPlaceholder(version: {examples: readonly {kind: string; text: string}[]}): string {
  const correct = version.examples.find((example) => example.kind === "correct" && example.text.trim() !== "");
  if (!correct) return neutralPlaceholder;
  const lines = correct.text.split("\n");
  return lines.length > 2 ? `${lines.slice(0, 2).join("\n")}\n…` : correct.text;
}

/** Whether the real scorer gives every rule of a worked example the outcome the example declares. */
export function scoredAsDeclared(example: ExampleView): boolean {
  return example.score.strict.rules.every((rule) => example.expected[rule.id] === rule.outcome);
}

/** What a strict result adds beside its badge: the text a must-not-match rule found. */
export function strictNote(result: RuleResult): string {
  return result.span && result.mode === "must-not-match" ? `found ${quoteText(result.span.text)}` : "";
}

/** What a loose result adds beside its badge: the variant that passed, when the loose outcome differs. */
export function looseNote(strict: RuleResult | undefined, loose: LooseRuleResult): string {
  return loose.outcome !== strict?.outcome && loose.variant ? loose.variant : "";
}

/** The verdicts a reader can give a probe step by hand, in the guideline's terms. */
export const readerVerdicts = ["met", "partly met", "not met"] as const;
export type ReaderVerdict = (typeof readerVerdicts)[number];

/**
 * A reader's verdict on a step beside the regex's outcome. The regex is all or nothing, so "partly met" can
 * neither agree nor differ with it. Before the reader's verdict, a step the regex has scored says what the cell waits
 * for (an empty column read as broken); null while the regex has no outcome.
 */
export function compareWithRegex(
  mine: ReaderVerdict | "",
  outcome: Outcome | undefined,
): "agrees" | "differs" | "regex is all or nothing" | typeof awaitingVerdict | null {
  if (outcome === undefined) return null;
  if (mine === "") return awaitingVerdict;
  if (mine === "partly met") return "regex is all or nothing";
  return (mine === "met") === (outcome === "pass") ? "agrees" : "differs";
}
export const awaitingVerdict = "after your verdict";

/** schema.org Dataset structured data, only when the probe has real runs. */
export function datasetJsonLd(view: ProbeView, url: string): Record<string, unknown> | null {
  const runs = view.versions.flatMap((v) => v.runs);
  if (runs.length === 0) return null;
  const current = currentVersion(view);
  const dates = runs.map((r) => r.startedAt).sort();
  return {
    "@context": "https://schema.org",
    "@type": "Dataset",
    "name": current.title,
    "description": `${current.summary} ${current.tests}`,
    "url": url,
    "version": view.current,
    "temporalCoverage": `${dates[0]}/${dates.at(-1)}`,
    "variableMeasured": current.rules.map((rule) => ({
      "@type": "PropertyValue",
      "name": rule.id,
      "description": rule.checks,
    })),
    "size": plural(runs.length, "recorded run"),
  };
}

/** Adds schema.org Dataset JSON-LD to the document head, in place of the last; nothing without runs. */
export function addDatasetJsonLd(jsonLd: Record<string, unknown> | null): void {
  document.head.querySelector("script#probe-dataset")?.remove();
  if (!jsonLd) return;
  const script = Object.assign(document.createElement("script"), {type: "application/ld+json", id: "probe-dataset"});
  script.textContent = JSON.stringify(jsonLd);
  document.head.append(script);
}
