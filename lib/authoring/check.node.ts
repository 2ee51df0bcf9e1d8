// Node-only: the parameters' domains come from the zod schema (lib/authoring/parameter-domains.node.ts).
import {rubricRowWords, verdictLabels} from "../engine/labels.js";
import {dependence, type Dependence} from "./dependence.js";
import {derive, ruleSetOf, type Derivation} from "../engine/derive.js";
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Flag, Item} from "../authored/schemas/item.js";
import {parameterDomains} from "./parameter-domains.node.js";
import type {ParameterDomain} from "../engine/parameter-values.js";
import {prepareBase} from "./preview.js";
import {rowLines} from "../trainee/deciding-rule.js";
import type {RubricRow} from "../engine/rubric.js";
import {fieldPath, type Problem, type Report} from "../authored/problems.js";
import type {Score} from "../authored/schemas/verdict.js";
import {placeClashes} from "./case-places.js";

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
 * level 1-5 must have a worked example. Warns about each parameter and rule that no worked example tests (no item's
 * score moves when it changes): those pass the check, but nothing shows whether a change to them is right.
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
    item.checklist.forEach((line, index) => {
      if (!ruleSet.ruleIds.has(line.rule)) {
        problems.push({
          file,
          field: fieldPath(["checklist", index, "rule"]),
          message:
            `rule id "${line.rule}" is not in guideline/${guideline.version}: ` +
            `expected one of ${[...ruleSet.ruleIds].join(", ")}`,
        });
      }
    });
    if (item.twistOf && !seen.has(item.twistOf))
      problems.push({file, field: "twistOf", message: `no item with id "${item.twistOf}"`});
    // Cross-references are item ids, so a page can link them; each must name another item.
    const references: [PropertyKey[], string][] = [
      ...item.compare.map((id, index): [PropertyKey[], string] => [["compare", index], id]),
      ...item.notes.flatMap((note, noteIndex) =>
        note.compare.map((id, index): [PropertyKey[], string] => [["notes", noteIndex, "compare", index], id]),
      ),
    ];
    for (const [path, id] of references) {
      if (id === item.id)
        problems.push({file, field: fieldPath(path), message: `"${id}" is this item: compare names another item`});
      else if (!seen.has(id))
        problems.push({file, field: fieldPath(path), message: `no item with id "${id}": use an id from data/items/`});
    }

    const derivation = derive(item, ruleSet);
    derivation.lines.forEach((line) => {
      // A score must trace to a rule a trainee can cite: a rule the author applied but the version does not state
      // fails the check (the first rubric's accuracy rule).
      if (ruleSet.unwrittenRuleIds?.has(line.rule))
        problems.push({
          file,
          field: fieldPath(["checklist", line.index, "rule"]),
          message:
            `rule ${line.rule} decides this line, but guideline/${guideline.version} does not state it: ` +
            "a trainee has no rule to cite",
        });
      // A line the version has no rule for is reported above; a rule that leaves the line open must allow the ruling.
      if (!ruleSet.ruleIds.has(line.rule) || line.verdicts.includes(line.ruled)) return;
      problems.push({
        file,
        field: fieldPath(["checklist", line.index, "verdict"]),
        message:
          line.derived !== null
            ? `ruled “${verdictLabels[line.ruled]}” but rule ${line.rule} derives ` +
              `“${verdictLabels[line.derived]}” from the facts`
            : `ruled “${verdictLabels[line.ruled]}” but rule ${line.rule} allows only ${line.verdicts
                .map((verdict) => `“${verdictLabels[verdict]}”`)
                .join(" or ")} from the facts`,
      });
    });
    if (derivation.score === null) {
      problems.push({
        file,
        field: "score",
        message: `the rubric gives ${
          derivation.candidates.length ? `more than one score (${derivation.candidates.join(" or ")})` : "no score"
        }: expected exactly one`,
      });
    } else if (derivation.score !== item.score) {
      problems.push({
        file,
        field: "score",
        message:
          `ruled ${item.score} but the engine derives ${derivation.score} ` +
          `(the rubric row “${rubricRowWords(guideline.logic, derivation.rows[0]!, guideline.parameters)}”)`,
      });
    }
    // The edge-case map asks a trainee which rule settles a case: where every line is met the trace names none, and
    // the item must name the rule its ruling rests on.
    if (derivation.score === item.score && !item.decidingRule && !rowLines(item, derivation, guideline.logic).length)
      problems.push({
        file,
        field: "decidingRule",
        message:
          "every line is met, so no line names the rule that settles the case: add decidingRule: <rule id> " +
          "(the rule the case study's ruling names)",
      });
    if (item.decidingRule && !ruleSet.ruleIds.has(item.decidingRule))
      problems.push({
        file,
        field: "decidingRule",
        message: `rule id "${item.decidingRule}" is not in guideline/${guideline.version}`,
      });
    const authoredFlags = new Set(item.flags.map((entry) => entry.flag));
    for (const flag of derivation.flags)
      if (!authoredFlags.has(flag))
        problems.push({
          file,
          field: "flags",
          message: `the rules raise the "${flag}" flag: add {flag: ${flag}} with a note`,
        });

    return {
      id: item.id,
      file,
      ruledScore: item.score,
      derivedScore: derivation.score,
      candidates: derivation.candidates,
      rubricRow: derivation.rows.length === 1 ? derivation.rows[0]! : null,
      flags: [...authoredFlags].sort(),
      ok: problems.length === before && count === 1,
      derivation,
    };
  });

  for (const level of guideline.rubric) {
    if (!items.some((item) => item.score === level.score)) {
      problems.push({
        file: `guideline/${guideline.version}/guideline.yaml`,
        field: "rubric",
        message: `score ${level.score} has no worked example: add an item ruled ${level.score}`,
      });
    }
  }
  const found = dependence(prepareBase(items, ruleSet), domains);
  return {
    version: guideline.version,
    results,
    problems,
    warnings: untestedWarnings(guideline, found, domains),
    dependence: found,
  };
}

/** A warning for each parameter and rule the worked examples do not test, at its place in the guideline file. */
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
    const unread = domain?.reader && domain.reader !== "rubric" && domain.rules.length === 0;
    warnings.push({
      file,
      field: fieldPath(["parameters", name]),
      message: unread
        ? `no rule of ${guideline.version} reads it (its rule, ${domain.reader}, is not in this version), ` +
          "so no item's score depends on it"
        : `no worked example tests it: no item's score moves when it is set to ${orList(tried)}; ` +
          "add an item whose score depends on it",
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

const orList = (values: readonly string[]): string =>
  values.length > 1 ? `${values.slice(0, -1).join(", ")} or ${values.at(-1)}` : (values[0] ?? "another value");
