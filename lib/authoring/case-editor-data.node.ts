// What the case editor loads: the item and fact schemas as JSON Schema (zod's export read as input: defaults are
// optional), so the page checks a case without zod; every case file's text; the versions and parameters' domains.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {z} from "zod";
import type {SelfCheckPool} from "../authored/schemas/content.js";
import type {Guideline} from "../authored/schemas/guideline.js";
import {CaseSet, type Item} from "../authored/schemas/item.js";
import type {Score} from "../authored/schemas/verdict.js";
import {declaredFactSchemas, declaredItem} from "../authored/schemas/facts.js";
import {loadCalibration, loadCaseStudyIfAny, loadParts} from "../node/load.js";
import {caseSetLabels} from "./case-words.js";
import type {JsonSchema} from "./fact-fields.js";
import type {ParameterDomain} from "../engine/parameters.js";
import {parameterDomains} from "./parameter-domains.node.js";

export interface CaseEditorCase {
  id: string;
  set: CaseSet;
  /** A case of the case study given a new id is ordered after the last. */
  order: number;
  /** A new case may not stand where another case of its set does (case-places.ts). */
  caseStudyNumber?: string;
  twistOf?: string;
  title: string;
  topic: string;
  /** Its ruled score. */
  score: Score;
  /** Exactly as data/items/<id>.md holds it. */
  text: string;
  /** The cases whose gloss its texts take (glossFrom): an edit to those cases is held to this one's too. */
  glossFrom?: Partial<Record<"request" | "response", string>>;
}

export interface CaseEditorData {
  /** As the current version's logic declares rules, facts and flags (declaredItem), read as input. */
  itemSchema: JsonSchema;
  /** The fact form of a line the rule decides, titled and described as the logic's facts are. */
  factSchemas: Record<string, JsonSchema>;
  cases: CaseEditorCase[];
  /** Oldest first: the newest is the current one. */
  versions: Guideline[];
  domains: ParameterDomain[];
  /** With the parts that show it (data/parts.yaml). */
  setLabels: Record<string, string>;
  /** Offered first; any language tag may be typed. */
  languages: string[];
  /** A case of a set a pool runs over must be listed in it. */
  pools: Pick<SelfCheckPool, "id" | "set" | "items">[];
  /** The case study's cases (data/case-study.yaml); null where the content has no case study. */
  caseStudyCases: string[] | null;
}

const asJson = (schema: z.core.$ZodType): JsonSchema =>
  z.toJSONSchema(schema, {io: "input", unrepresentable: "throw"}) as JsonSchema;

export function caseEditorData(items: readonly Item[], guidelines: Guideline[], root: string): CaseEditorData {
  const current = guidelines.at(-1)!.logic;
  return {
    itemSchema: asJson(declaredItem(current)),
    factSchemas: Object.fromEntries(
      Object.entries(declaredFactSchemas(current)).map(([rule, schema]) => [rule, asJson(schema)]),
    ),
    cases: items.map(({id, set, order, caseStudyNumber, twistOf, title, topic, score, request, response}) => ({
      id,
      set,
      order,
      ...(caseStudyNumber === undefined ? {} : {caseStudyNumber}),
      ...(twistOf === undefined ? {} : {twistOf}),
      title,
      topic,
      score,
      text: readFileSync(join(root, "data", "items", `${id}.md`), "utf8"),
      ...(request.glossFrom || response.glossFrom
        ? {
            glossFrom: {
              ...(request.glossFrom ? {request: request.glossFrom} : {}),
              ...(response.glossFrom ? {response: response.glossFrom} : {}),
            },
          }
        : {}),
    })),
    versions: guidelines,
    domains: parameterDomains(),
    setLabels: caseSetLabels(CaseSet.options, loadParts(root)),
    languages: [...new Set(items.flatMap(({request, response}) => [request.language, response.language]))].sort(),
    pools: loadCalibration(root, items).pools.map(({id, set, items: ids}) => ({id, set, items: ids})),
    caseStudyCases: loadCaseStudyIfAny(root)?.cases ?? null,
  };
}
