// Node-only: the parameters' domains come from the zod schema (lib/authoring/parameter-domains.node.ts).
import {thresholdTitle} from "./rule-change-words.js";
import {dependence, untestedThresholds, type Dependence} from "./dependence.js";
import {ruleSetOf, type Derivation} from "../engine/derive.js";
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Flag, Item} from "../authored/schemas/item.js";
import {parameterDomains} from "./parameter-domains.node.js";
import type {ParameterDomain} from "../engine/parameters.js";
import {prepareBase} from "./preview.js";
import type {RubricRow} from "../engine/rubric.js";
import {fieldPath, type Problem, type Report} from "../authored/problems.js";
import type {Score} from "../authored/schemas/verdict.js";
import {placeClashes} from "./case-places.js";
import {checkCase, noWorkedExample, scoresWithoutExample} from "./case-check.js";
import {listWords} from "../text/format.js";
import {readerStanding} from "../engine/labels.js";

export interface CheckResult {
  id: string;
  file: string;
  ruledScore: Score;
  derivedScore: Score | null;
  candidates: Score[];
  rubricRow: RubricRow | null;
  flags: Flag[];
  ok: boolean;
  derivation: Derivation;
}

export interface CheckReport extends Report {
  version: string;
  results: CheckResult[];
  /** The untested ones are also warnings. */
  dependence: Dependence;
}

const itemFile = (id: string): string => `data/items/${id}.md`;

export interface CheckOptions {
  /** Where an item's file is, for messages; items are in data/items/ unless a test loads them from elsewhere. */
  fileOf?: (id: string) => string;
  /** The parameters' domains to try (lib/authoring/parameter-domains.node.ts for this version unless given). */
  domains?: readonly ParameterDomain[];
}

/**
 * The guideline's own fixture test: derive every item's score with the engine and compare it with the ruled
 * score, line by line; every cited rule must exist, every item must get exactly one score, and every rubric
 * level 1-5 must have a worked example. Warns about each parameter, rubric threshold and rule that no worked example
 * tests (no item's score moves when it changes): those pass the check, but nothing shows whether a change to them is
 * right.
 */
export function checkGuideline(
  guideline: Guideline,
  items: readonly Item[],
  {fileOf = itemFile, domains = parameterDomains(guideline)}: CheckOptions = {},
): CheckReport {
  const ruleSet = ruleSetOf(guideline);
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  items.forEach((item) => seen.set(item.id, (seen.get(item.id) ?? 0) + 1));
  const ids: ReadonlySet<string> = new Set(seen.keys());
  const reported = new Set<string>();
  const clashes = placeClashes(items);

  const results = items.map((item): CheckResult => {
    const file = fileOf(item.id);
    const before = problems.length;
    const count = seen.get(item.id)!;
    // Reported once, but every copy fails.
    if (count > 1 && !reported.has(item.id))
      problems.push({
        file,
        field: "id",
        message: `duplicate item id "${item.id}" (${count} items): ids must be unique`,
      });
    reported.add(item.id);
    for (const {field, message} of clashes.get(item) ?? []) problems.push({file, field, message});
    const {derivation, problems: found} = checkCase(item, ruleSet, {file, knownIds: ids});
    problems.push(...found);
    return {
      id: item.id,
      file,
      ruledScore: item.score,
      derivedScore: derivation.score,
      candidates: derivation.candidates,
      rubricRow: derivation.rows.length === 1 ? derivation.rows[0]! : null,
      flags: [...new Set(item.flags.map((entry) => entry.flag))].sort(),
      ok: problems.length === before && count === 1,
      derivation,
    };
  });

  const rubricFile = `guideline/${guideline.version}/guideline.yaml`;
  const unexampled = scoresWithoutExample(
    items.map((item) => item.score),
    guideline.rubric,
  );
  problems.push(...unexampled.map((score) => ({file: rubricFile, field: "rubric", message: noWorkedExample(score)})));
  const found = dependence(prepareBase(items, ruleSet), domains);
  return {
    version: guideline.version,
    results,
    problems,
    warnings: untestedWarnings(guideline, found, domains),
    dependence: found,
  };
}

/** A parameter's or a threshold's warning, with the values it was tried at. */
const untestedAt = (tried: readonly string[]): string =>
  `no worked example tests it: no item's score moves when it is set to ` +
  `${tried.length ? listWords(tried, {conjunction: "or"}) : "another value"}; add an item whose score depends on it`;

/** A warning for each parameter, rule and row threshold the worked examples do not test, at its place in its file. */
export function untestedWarnings(
  guideline: Guideline,
  found: Dependence,
  domains: readonly ParameterDomain[],
): Problem[] {
  const file = `guideline/${guideline.version}/guideline.yaml`;
  const warnings: Problem[] = [];
  for (const name of found.untested.parameters) {
    const domain = domains.find((entry) => entry.name === name);
    const tried = found.parameters.find((entry) => entry.name === name)!.values.map((entry) => String(entry.value));
    // A rule the version applies without stating it still reads the parameter: only one it lacks leaves it unread.
    const unread =
      domain !== undefined && readerStanding(guideline, domain.reader).kind === "missing" && domain.rules.length === 0;
    warnings.push({
      file,
      field: fieldPath(["parameters", name]),
      message: unread
        ? `no rule of ${guideline.version} reads it (its rule, ${domain!.reader}, is not in this version), ` +
          "so no item's score depends on it"
        : untestedAt(tried),
    });
  }
  // In the order the page and guideline:preview list them: parameters, rubric thresholds, rules.
  for (const {row, values, title} of untestedThresholds(found)) {
    const index = guideline.logic.rubric.rows.findIndex((entry) => entry.id === row);
    // The field is where it stands in the file; the threshold is named as the authors' page names it.
    warnings.push({
      file: `guideline/${guideline.version}/logic.yaml`,
      field: fieldPath(["rubric", "rows", index, "threshold"]),
      message: `${thresholdTitle(row, title)}: ${untestedAt(values.map((entry) => String(entry.value)))}`,
    });
  }
  for (const rule of found.untested.rules) {
    const index = guideline.rules.findIndex((entry) => entry.id === rule);
    warnings.push({
      file,
      field: fieldPath(["rules", index, "id"]),
      message: `no worked example tests rule ${rule}: removing it moves no item's score; add an item that needs it`,
    });
  }
  return warnings;
}
