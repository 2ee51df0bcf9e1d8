// The middle of a ruling: on the edge-case map, whether the trainee picked the rule that settles the case; then,
// folded, only the lines where the trainee's checklist differs from the ruled one (or, with a score given alone, the
// lines that set the score), each with the rule and the sentence of it that decides the line, and what matched.
import type {Difference, Feedback, RuleCitation} from "../lib/trainee/feedback.js";
import {foldSummaries, groupingSentence, type RulingWords} from "../lib/trainee/ruling-lead.js";
import {verdictLabels} from "../lib/engine/labels.js";
import {el, type Child} from "./dom.js";
import {OurReading} from "./our-reading.js";
import {RuleRef, ruleCiter} from "./rule-ref.js";

const quoteOf = (words: string) => `“${words}”`;

type Cite = (rule: RuleCitation) => HTMLElement;

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
function DifferenceItem(difference: Difference, {cite}: {cite: Cite}): HTMLElement {
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
        cite(difference.rule),
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
          ` (ruled ${verdictLabels[difference.ruled]}).`,
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
    case "grouping":
      return item([groupingSentence(difference)], null);
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

/**
 * Where the checklist differs (or, with a score alone, what decides it), folded under its summary: the lead's
 * diagnosis says it in a line. Null where the checklist matches the ruled one.
 */
export function RulingDifferences({feedback}: {feedback: Feedback}): HTMLElement | null {
  // Each rule cited once in the differences: quoted the first time, named after.
  const cite = ruleCiter();
  const fold = (summary: string, ...body: Child[]) =>
    el("details", {class: "ruling-diff"}, el("summary", {}, summary), body);
  if (feedback.scoreOnly)
    return fold(
      foldSummaries.decides,
      el("p", {class: "muted"}, "You gave a score without a checklist. These are the lines that set the score:"),
      el(
        "ul",
        {class: "differences"},
        feedback.decidingLines.map((line) =>
          DifferenceEntry(
            [el("strong", {}, line.main ? `Main task: ${line.text}` : line.text), ` — ${verdictLabels[line.ruled]}.`],
            {reading: OurReading(line), rule: cite(line.rule)},
          ),
        ),
      ),
    );
  const count = feedback.differences.length;
  if (!count) return null;
  return fold(
    foldSummaries.differences(count),
    el(
      "ul",
      {class: "differences"},
      feedback.differences.map((entry) => DifferenceItem(entry, {cite})),
    ),
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

/** On the edge-case map: whether the trainee picked the rule that settles the case, and that rule. */
export function DecidingRuleFeedback({
  feedback,
  words,
}: {
  feedback: Feedback;
  words: NonNullable<RulingWords["deciding"]>;
}): HTMLElement {
  const deciding = feedback.decidingRule;
  return el(
    "div",
    {class: `deciding-feedback ${deciding.right ? "is-right" : deciding.picked ? "is-wrong" : "not-picked"}`},
    el(
      "p",
      {},
      words.mark ? el("span", {"class": "distance-mark", "aria-hidden": "true"}, words.mark) : null,
      words.text,
      // Named here, in view; its sentence is quoted in the fold below, with the lines it decides.
      RuleRef(deciding.cited, {quote: false}),
    ),
  );
}
