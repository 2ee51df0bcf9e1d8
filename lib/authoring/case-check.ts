// One case held to a guideline version, as guideline:check holds every case and the case editor holds the case it
// writes: the rules it cites, the cases it names, each verdict and the score against the engine's, the rule the ruling
// rests on and the flags the rules raise; and the rule over all the cases that every rubric score has a worked example.
// Browser-safe, so the editor refuses what the check would, in the same words.
import {rubricRowWords, verdictLabels} from "../engine/labels.js";
import {contradictsRuling, derive, type Derivation, type RuleSet} from "../engine/derive.js";
import type {Item} from "../authored/schemas/item.js";
import type {Score} from "../authored/schemas/verdict.js";
import {fieldPath, type Problem} from "../authored/problems.js";
import {rowLines} from "../trainee/deciding-rule.js";
import type {PlacedCase} from "./case-places.js";
import {scoreWords} from "./case-words.js";

export interface CaseCheck {
  derivation: Derivation;
  problems: Problem[];
}

/** `knownIds`: every case's id, this one's included; `file`: where the problems are said to be. */
export function checkCase(
  item: Item,
  ruleSet: RuleSet,
  {file, knownIds}: {file: string; knownIds: ReadonlySet<string>},
): CaseCheck {
  const problems: Problem[] = [];
  const version = `guideline/${ruleSet.version}`;
  item.checklist.forEach((line, index) => {
    if (!ruleSet.ruleIds.has(line.rule))
      problems.push({
        file,
        field: fieldPath(["checklist", index, "rule"]),
        message: `rule id "${line.rule}" is not in ${version}: expected one of ${[...ruleSet.ruleIds].join(", ")}`,
      });
  });
  if (item.twistOf && !knownIds.has(item.twistOf))
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
    else if (!knownIds.has(id))
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
        message: `rule ${line.rule} decides this line, but ${version} does not state it: a trainee has no rule to cite`,
      });
    // A line the version has no rule for is reported above; a rule that leaves the line open must allow the ruling.
    if (!contradictsRuling(line, ruleSet.ruleIds)) return;
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
  const logic = ruleSet.logic.data;
  // The fix: the case study's ruling is the authority, so the rules give way; a case of the notebook's own may be
  // ruled again (to the one score derived, where there is one).
  const fix = (derived: Score | null) =>
    item.origin === "notebook"
      ? derived === null
        ? `check the case's facts, or change ${version}'s rules or parameters until they derive one score`
        : `check the case's facts, or, if ${version} rules it rightly, set score: ${derived}`
      : `the case study rules it ${item.score}, so change ${version}'s rules or parameters until they derive ` +
        `${item.score} (npm run guideline:preview shows what a change moves), or mend this file where it strays ` +
        "from the case study";
  if (derivation.score === null) {
    const rows = derivation.rows.map((row) => rubricRowWords(logic, row, ruleSet.parameters));
    problems.push({
      file,
      field: "score",
      message: `ruled ${item.score} but the rubric gives ${scoreWords(derivation.candidates, rows)}: ${fix(null)}`,
    });
  } else if (derivation.score !== item.score) {
    problems.push({
      file,
      field: "score",
      message:
        `ruled ${item.score} but the engine derives ${derivation.score} ` +
        `(the rubric row “${rubricRowWords(logic, derivation.rows[0]!, ruleSet.parameters)}”): ` +
        fix(derivation.score),
    });
  }
  // The edge-case map asks a trainee which rule settles a case: where every line is met the trace names none, and
  // the item must name the rule its ruling rests on.
  if (derivation.score === item.score && !item.decidingRule && !rowLines(item, derivation, logic).length)
    problems.push({
      file,
      field: "decidingRule",
      message:
        "every line is met, so no line names the rule that settles the case: add decidingRule: <rule id> " +
        (item.origin === "notebook" ? "(the rule its ruling rests on)" : "(the rule the case study's ruling names)"),
    });
  if (item.decidingRule && !ruleSet.ruleIds.has(item.decidingRule))
    problems.push({
      file,
      field: "decidingRule",
      message: `rule id "${item.decidingRule}" is not in ${version}`,
    });
  const authoredFlags = new Set(item.flags.map((entry) => entry.flag));
  for (const flag of derivation.flags)
    if (!authoredFlags.has(flag))
      problems.push({
        file,
        field: "flags",
        message: `the rules raise the "${flag}" flag: add {flag: ${flag}} with a note`,
      });
  return {derivation, problems};
}

/** guideline:check's words for a rubric score no case is ruled: every score needs a worked example. */
export const noWorkedExample = (score: Score): string =>
  `score ${score} has no worked example: add an item ruled ${score}`;

/** A case where it stands in its set, with its ruled score. */
export type RuledCase = PlacedCase & {score: Score};

/** The rubric's scores that none of `scores` is, in the rubric's order. */
export function scoresWithoutExample(scores: Iterable<Score>, rubric: readonly {score: Score}[]): Score[] {
  const ruled = new Set(scores);
  return rubric.map((level) => level.score).filter((score) => !ruled.has(score));
}
