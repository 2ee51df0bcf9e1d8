// The middle of a ruling: only the lines where the trainee's checklist differs from the ruled one (or, with a score
// given alone, the lines that set the score), each with the rule and the sentence of it that decides the line; what
// matched, as a count; and on the edge-case map, whether the trainee picked the rule that settles the case.
import type {Answer} from "../lib/trainee/progress.js";
import type {Difference, Feedback, RuleCitation} from "../lib/trainee/feedback.js";
import {scoreText} from "../lib/trainee/words.js";
import {verdictLabels} from "../lib/engine/labels.js";
import {el, type Child} from "./dom.js";
import {OurReading} from "./our-reading.js";
import {RuleRef} from "./rule-ref.js";

const quoteOf = (words: string) => `“${words}”`;

/** Cites each rule once in a list: the second line a rule decides names it without quoting it again. */
function citer(): (rule: RuleCitation) => HTMLElement {
  const quoted = new Set<string>();
  return (rule) => {
    const first = !quoted.has(rule.id);
    quoted.add(rule.id);
    return RuleRef(rule, {quote: first});
  };
}

/** One line of the ruling's list: what it says, our reading where the case study is silent, the rule behind it. */
function DifferenceEntry(said: Child[], {reading, rule}: {reading: Child; rule: Child}): HTMLElement {
  return el(
    "li",
    {class: "difference"},
    el("p", {}, said),
    reading,
    rule ? el("p", {class: "difference-rule"}, rule) : null,
  );
}

/** What one difference says, the rule behind it where there is one, and our reading where the case study is silent. */
function DifferenceItem(difference: Difference, {cite}: {cite: (rule: RuleCitation) => HTMLElement}): HTMLElement {
  const reading = "inferred" in difference ? OurReading(difference) : null;
  const item = (said: Child[], rule: Child) => DifferenceEntry(said, {reading, rule});
  switch (difference.kind) {
    case "main":
      return item(
        [
          difference.yourMain === null
            ? "You chose no line as the main task. "
            : `You took ${quoteOf(difference.yourMain)} as the main task. `,
          "The main task is ",
          el("strong", {}, difference.ruledMain),
          difference.listed ? "." : ", and you didn't list it.",
        ],
        "The main task: the thing the user wants produced or answered.",
      );
    case "verdict":
      return item(
        [
          el("strong", {}, difference.main ? `Main task: ${difference.text}` : difference.text),
          ` — you: ${verdictLabels[difference.yours]}; ruled: `,
          el("strong", {}, verdictLabels[difference.ruled]),
          ".",
        ],
        cite(difference.rule),
      );
    case "missing":
      return item(
        [
          "You didn't list ",
          el("strong", {}, difference.main ? `the main task, ${difference.text}` : difference.text),
          ` (ruled ${verdictLabels[difference.ruled]})`,
          difference.inside
            ? `: it is inside ${quoteOf(difference.inside)}, with another instruction. List each on a line of its own.`
            : ".",
        ],
        cite(difference.listRule),
      );
    case "not-checked":
      return item(
        [
          `You listed ${quoteOf(difference.yourWords)} but didn't check it; ruled `,
          el("strong", {}, verdictLabels[difference.ruled]),
          ".",
        ],
        null,
      );
    case "extra":
      return item(
        [
          el("strong", {}, quoteOf(difference.yourWords)),
          difference.status === "repeat"
            ? " repeats a line you listed already."
            : difference.status === "candidate"
              ? [" is not an instruction here. ", difference.note ?? ""]
              : " is not on the ruled checklist.",
        ],
        difference.status === "repeat" ? null : cite(difference.rule),
      );
  }
}

/** Where the checklist differs (or, with a score alone, what decides it), and a checklist at odds with the score. */
export function RulingDifferences(
  {feedback, answers}: {feedback: Feedback; answers: readonly Answer[]},
  {decidingAsked = false}: {decidingAsked?: boolean} = {},
): HTMLElement {
  const cite = citer();
  const diff: Child[] = [];
  if (feedback.scoreOnly) {
    diff.push(
      el("h4", {}, "What decides it"),
      el("p", {class: "muted"}, "You gave a score without a checklist. These are the lines that set the score:"),
      el(
        "ul",
        {class: "differences"},
        feedback.decidingLines.map((line) =>
          DifferenceEntry(
            [el("strong", {}, line.main ? `Main task: ${line.text}` : line.text), ` — ${verdictLabels[line.ruled]}.`],
            // On the edge-case map the deciding rule is cited just below, with its sentence.
            {reading: OurReading(line), rule: decidingAsked ? null : cite(line.rule)},
          ),
        ),
      ),
    );
  } else {
    const count = feedback.differences.length;
    diff.push(
      el("h4", {}, count ? "Where your checklist differs" : "Your checklist matches the ruled one"),
      count
        ? el(
            "ul",
            {class: "differences"},
            feedback.differences.map((entry) => DifferenceItem(entry, {cite})),
          )
        : null,
      feedback.matching
        ? el(
            "p",
            {class: "matching"},
            `${feedback.matching} of ${feedback.ruledLines} ruled ` +
              `${feedback.ruledLines === 1 ? "line matches" : "lines match"} yours.`,
          )
        : null,
    );
  }
  if (feedback.checklistMismatch)
    diff.push(
      el(
        "p",
        {class: "mismatch"},
        `Your own checklist implies ${feedback.checklistMismatch.implied.map(scoreText).join(" or ")}, ` +
          "but you scored " +
          `${scoreText(answers.at(-1)!.score)}.`,
      ),
    );
  return el("section", {class: "ruling-diff"}, diff);
}

/** On the edge-case map: whether the trainee picked the rule that settles the case, and that rule. */
export function DecidingRuleFeedback(feedback: Feedback): HTMLElement {
  const deciding = feedback.decidingRule;
  return el(
    "div",
    {class: `deciding-feedback ${deciding.right ? "is-right" : "is-wrong"}`},
    el("h4", {}, "The deciding rule"),
    el(
      "p",
      {},
      el("span", {"class": "distance-mark", "aria-hidden": "true"}, deciding.right ? "✓" : "✗"),
      deciding.picked
        ? deciding.right
          ? ["You picked ", el("strong", {}, deciding.picked.title), ": right. "]
          : ["You picked ", el("strong", {}, deciding.picked.title), "; the case is settled by another rule. "]
        : "You didn't pick a rule. ",
    ),
    // Quoted in the lead already where the lead needed the rule to say why.
    el("p", {class: "difference-rule"}, RuleRef(deciding.cited, {quote: !feedback.sentence.terse})),
  );
}
