// A version's declared parameters as plain data a page, the preview CLI and the dependence report can use. A parameter
// declared in the data shows up here with no change to this file.
import type {Guideline} from "../authored/schemas/guideline.js";
import type {LogicParameter} from "../authored/schemas/logic.js";
import {compileLogic} from "../engine/logic.js";
import {rangeSamples, type ParameterDomain} from "../engine/parameters.js";
import {loadGuidelines} from "../node/load.js";

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
        values: rangeSamples("count", parameter.min, parameter.max, parameter.value),
        min: parameter.min,
        max: parameter.max,
      };
    case "number":
      return {
        kind: "number",
        values: rangeSamples("number", parameter.min, parameter.max, parameter.value),
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
