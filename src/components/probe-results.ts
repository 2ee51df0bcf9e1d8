// The probe's results: "not yet run" until runs exist, then one table per version, newest first.
import {formatTotal} from "../lib/probes/score.js";
import type {ProbeView} from "../lib/probes/view.js";
import {el} from "./dom.js";
import {OutcomeBadge} from "./probe-table.js";
import {Table} from "./table.js";
import {plural} from "../lib/text/format.js";

export function Results(view: ProbeView): HTMLElement {
  const withRuns = view.versions.filter((v) => v.runs.length > 0);
  if (withRuns.length === 0) {
    return el(
      "div",
      {class: "probe-results probe-not-run"},
      el("p", {}, el("strong", {}, "Not yet run")),
      el(
        "p",
        {},
        "No model has been run against this probe yet, so there are no results to show. The definition, rubric and " +
          `scoring below are complete and final for ${view.current} — this page is published now so that the test ` +
          "is on the record before any score exists, rather than appearing alongside one.",
      ),
      el(
        "p",
        {},
        "This page carries no Dataset structured data until it has real runs, for the same reason it shows no numbers.",
      ),
    );
  }
  // Newest version first, as in the version history; every table has the same columns in the same widths.
  return el(
    "div",
    {class: "probe-results"},
    [...withRuns].reverse().map((v) =>
      Table(
        {
          head: ["Model", "Date", "Total", ...v.rules.map((r) => `Step ${r.step}`), "Truncated"],
          rows: v.runs.map((run) => [
            el("code", {}, run.model),
            el("time", {datetime: run.startedAt}, run.startedAt.slice(0, 10)),
            // A reply cut off by the token limit is recorded, not scored: its steps are not failures.
            run.score ? formatTotal(run.score.total) : "not scored",
            ...v.rules.map((rule) => {
              const outcome = run.score?.rules.find((r) => r.id === rule.id)?.outcome;
              return outcome ? OutcomeBadge(outcome) : "—";
            }),
            run.truncated ? `yes (finish reason “length”)` : "no",
          ]),
        },
        {
          caption:
            `${v.version === view.current ? `${v.version} · current` : v.version}: ` +
            `${plural(v.runs.length, "run")} (maxTokens ${v.parameters.maxTokens})`,
          className: "probe-table probe-runs",
          scroll: true,
          stack: true,
        },
      ),
    ),
  );
}
