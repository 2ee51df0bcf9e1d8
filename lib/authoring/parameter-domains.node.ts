// A version's declared parameters as plain data a page, the preview CLI and the dependence report can use. A parameter
// declared in the data shows up here with no change to this file.
import type {Guideline} from "../authored/schemas/guideline.js";
import type {LogicParameter} from "../authored/schemas/logic.js";
import {compileLogic} from "../engine/logic.js";
import type {ParameterDomain} from "../engine/parameter-values.js";
import {loadGuidelines} from "../node/load.js";

const tidy = (n: number): number => Number(n.toPrecision(12));

/** Its ends, the quarters between them, and the default. */
function numberSamples(min: number | null, max: number | null, fallback: number): number[] {
  const low = min ?? Math.min(0, fallback);
  const high = max ?? Math.max(low + 1, fallback * 2);
  const quarters = [0, 0.25, 0.5, 0.75, 1].map((step) => tidy(low + (high - low) * step));
  return [...new Set([...quarters, fallback])].sort((a, b) => a - b);
}

/** Its ends, middle and default when the range is long. */
function integerSamples(min: number | null, max: number | null, fallback: number): number[] {
  const low = min ?? Math.min(0, fallback);
  const high = max ?? Math.max(low + 10, fallback * 2);
  const all = high - low <= 20;
  const values = all
    ? Array.from({length: high - low + 1}, (_, step) => low + step)
    : [low, Math.round((low + high) / 2), high, fallback];
  return [...new Set(values)].sort((a, b) => a - b);
}

type Kind = Pick<ParameterDomain, "kind" | "values" | "min" | "max">;

function kindOf(parameter: LogicParameter): Kind {
  switch (parameter.type) {
    case "yes-no":
      return {kind: "boolean", values: [false, true], min: null, max: null};
    case "choice":
      return {kind: "choice", values: [...parameter.values], min: null, max: null};
    case "count":
      return {
        kind: "integer",
        values: integerSamples(parameter.min, parameter.max, parameter.value),
        min: parameter.min,
        max: parameter.max,
      };
    case "number":
      return {
        kind: "number",
        values: numberSamples(parameter.min, parameter.max, parameter.value),
        min: parameter.min,
        max: parameter.max,
      };
  }
}

/** Each reader with the parameters its conditions read and its verdicts or scores name: the engine's own reading. */
function readersOf(guideline: Guideline): {reader: string; names: ReadonlySet<string>}[] {
  const {rules, rubric} = compileLogic(guideline.logic);
  return [
    ...[...rules.values()].map((rule) => ({reader: rule.data.id, names: new Set(rule.parameterNames)})),
    {reader: "rubric", names: new Set(rubric.parameterNames)},
  ];
}

function readerOf(readers: readonly {reader: string; names: ReadonlySet<string>}[], name: string): string | null {
  return readers.find((entry) => entry.names.has(name))?.reader ?? null;
}

/** Every one, in its order; the newest version when none is given. */
export function parameterDomains(guideline: Guideline = loadGuidelines().at(-1)!): ParameterDomain[] {
  const readers = readersOf(guideline);
  return guideline.logic.parameters.map((parameter): ParameterDomain => {
    const name = parameter.name;
    const reader = readerOf(readers, name);
    const rules = guideline.rules
      .filter((rule) => (rule.parameters as string[]).includes(name) || rule.id === reader)
      .map((rule) => rule.id);
    return {
      name,
      ...kindOf(parameter),
      default: parameter.value,
      meaning: parameter.description,
      reader,
      rules,
    };
  });
}
