// The case editor (/authors/case): the time from a fact change (setFact) to the editor's new view of the case, the
// engine's derivation under the current guideline and a candidate included, for every case there is, in Node. The
// page paints the view within one frame only if this takes well under one (16.7 ms at 60 Hz).
import {availableParallelism, loadavg} from "node:os";
import {performance} from "node:perf_hooks";
import {caseEditorData} from "../lib/authoring/case-editor-data.node.js";
import {caseSchemas} from "../lib/authored/schemas/facts.js";
import {caseFromFile, setFact, syncRulings, type CaseRecord} from "../lib/authoring/case-editor.js";
import {editorView, type EditorContext} from "../lib/authoring/case-view.js";
import {factFields, type FactField} from "../lib/authoring/fact-fields.js";
import {ruleSetOf} from "../lib/engine/derive.js";
import {loadGuidelines, loadItems, projectRoot} from "../lib/node/load.js";
import {median} from "./timing.js";

const frameMs = 1000 / 60;

/** Another value the fact's form could hold: a yes-no flipped, a count one higher, the next choice. */
function otherValue(field: FactField, value: unknown): unknown {
  if (field.kind === "yes-no") return value !== true;
  if (typeof value === "number") return value + 1;
  const options = field.options ?? [];
  const at = options.findIndex((option) => option.value === value);
  return options.length ? options[(at + 1) % options.length]!.value : value;
}

/** The first fact of the case a form could change: its line, its name and the value it changes to. */
function factChange(record: CaseRecord, factSchemas: Record<string, Record<string, unknown>>) {
  const lines = record.checklist as {rule: string; facts: Record<string, unknown>}[];
  for (const [index, line] of lines.entries())
    for (const field of factFields(factSchemas[line.rule]!))
      if (field.kind !== "text")
        return {index, name: field.name, value: otherValue(field, line.facts[field.name] ?? field.default)};
  throw new Error(`${String(record.id)}: no fact to change`);
}

const percentile = (values: number[], share: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
};

/** The editor's data as the page loads it, and its context under the current guideline (and v1 as a candidate). */
export function editorSetup({withCandidate}: {withCandidate: boolean}) {
  const guidelines = loadGuidelines();
  const data = caseEditorData(loadItems(), guidelines, projectRoot);
  const context: EditorContext = {
    schemas: caseSchemas(data.versions.at(-1)!.logic),
    current: ruleSetOf(guidelines.at(-1)!),
    candidate: withCandidate ? ruleSetOf(guidelines[0]!) : null,
    knownIds: data.cases.map((entry) => entry.id),
    // As the page holds them: where each case stands and its ruled score, and the rubric.
    cases: data.cases,
    rubric: data.versions.at(-1)!.rubric,
  };
  return {data, context};
}

export function benchCaseEditor(): void {
  // A candidate doubles the engine's work: the view derives the case under both.
  const {data, context} = editorSetup({withCandidate: true});
  // What the page does at each edit (the view without the file read back), and the full view it works out when idle
  // or before a download (lib/authoring/case-editor-state.ts).
  for (const readBack of [false, true]) {
    const runs = 200;
    const samples: number[] = [];
    const perCase: number[] = [];
    for (const entry of data.cases) {
      const {record} = caseFromFile(entry.text, `${entry.id}.md`, context.schemas.item);
      if (!record) throw new Error(`${entry.id}: could not be read`);
      const {index, name, value} = factChange(record, data.factSchemas);
      const change = () => {
        const changed = setFact(record, index, name, value);
        return syncRulings(changed, editorView(changed, context, {readBack}));
      };
      for (let warm = 0; warm < 20; warm++) change();
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        const start = performance.now();
        change();
        times.push(performance.now() - start);
      }
      samples.push(...times);
      perCase.push(median(times));
    }
    const middle = median(samples);
    const p95 = percentile(samples, 0.95);
    const ms = (value: number) => `${value.toFixed(value < 1 ? 3 : 2)} ms`;
    console.log(
      `case editor, a fact changed to the new view (current guideline and candidate)` +
        (readBack
          ? ", with the file written and read back (idle, or before Download), "
          : ", as each edit shows it, ") +
        `each of the ${data.cases.length} cases, ${runs} runs each (load average ${loadavg()[0]!.toFixed(1)} on ` +
        `${availableParallelism()} cores)`,
    );
    console.log(
      `  median ${ms(middle)}, p95 ${ms(p95)}, slowest case's median ${ms(Math.max(...perCase))}   ` +
        `(one frame: ${ms(frameMs)}; p95 is ${(p95 / frameMs).toFixed(3)}x of it)  ${p95 < frameMs ? "ok" : "OVER"}`,
    );
  }
}
