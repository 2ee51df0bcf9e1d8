// The pieces around the item in a scored part: the rubric and the guideline's rules beside it, how to score (said
// once), and the card to the next part.
import type {Guideline} from "../lib/authored/schemas/guideline.js";
import type {Phase} from "../lib/authored/schemas/parts.js";
import {el, fragment} from "./dom.js";
import type {PartContext} from "./part-frame.js";
import {ruleHref} from "../lib/site/links.js";
import {rubricBeside} from "../lib/trainee/rubric-beside.js";
import {resultsWay, type WayOn} from "../lib/trainee/walk.js";

/**
 * The rubric, compact, and the guideline's rules by title, each linked to its place in the guideline; the rubric's
 * worked examples left out where they could give a case away (lib/trainee/rubric-beside.ts). There each rule opens
 * here instead: the guideline's page shows the examples, and its earlier version's notes name Calibration A.
 */
export function GuidePanel(
  guideline: Guideline,
  {leaveExamplesOut = false}: {leaveExamplesOut?: boolean} = {},
): HTMLElement {
  const rubric = rubricBeside(guideline.rubric, leaveExamplesOut);
  const steps = [
    {step: 0, title: "What you are rating"},
    {step: 1, title: "Step 1: list the instructions"},
    {step: 2, title: "Step 2: check each one"},
  ];
  return el(
    "div",
    {class: "guide"},
    el("h2", {class: "guide-title"}, "Rubric"),
    el(
      "dl",
      {class: "guide-rubric"},
      rubric.levels.map((level) =>
        el(
          "div",
          {class: "guide-level"},
          el("dt", {}, el("span", {class: "guide-score"}, String(level.score)), " ", level.meaning),
          el("dd", {}, level.checklist),
        ),
      ),
    ),
    el("p", {class: "guide-note"}, guideline.notApplicable),
    rubric.note ? el("p", {class: "guide-note"}, rubric.note) : null,
    el("h2", {class: "guide-title"}, "The rules"),
    steps.map(({step, title}) => {
      const rules = guideline.rules.filter((rule) => rule.step === step);
      if (!rules.length) return null;
      return el(
        "div",
        {class: "guide-rules"},
        step === 0 ? null : el("h3", {}, title),
        el(
          "ul",
          {},
          rules.map((rule) =>
            el(
              "li",
              {},
              leaveExamplesOut
                ? el("details", {class: "guide-rule"}, el("summary", {}, rule.title), el("p", {}, rule.text))
                : el("a", {href: ruleHref(rule.id)}, rule.title),
            ),
          ),
        ),
      );
    }),
  );
}

/** A part's pointer for experienced raters to the blind self-check, before they see the rulings `why` names. */
export function SelfCheckLead(why: string, {className}: {className?: string} = {}): HTMLElement {
  return el(
    "p",
    {class: className ?? null},
    "Experienced rater? ",
    el("a", {href: "./self-check"}, "Take the blind self-check first"),
    `: ${why}`,
  );
}

/** Under the vague line there is no rubric: the panel holds the one line the trainee has. */
export function VaguePanel(guideline: Guideline): HTMLElement {
  return el(
    "div",
    {class: "guide"},
    el("h2", {class: "guide-title"}, "All you have"),
    el("blockquote", {class: "vague-line"}, guideline.vague),
    el("p", {class: "guide-note"}, "No rubric and no rules yet: score each example the way you read this line."),
  );
}

/** How to score, in a few lines: said once per part, not in every item. */
export function HowToScore({
  phase,
  decidingRule = false,
  blind = false,
}: {
  phase: Phase;
  decidingRule?: boolean;
  blind?: boolean;
}): DocumentFragment {
  const keys = el(
    "p",
    {class: "key-hint"},
    "With a keyboard: ",
    el("kbd", {}, "1"),
    "–",
    el("kbd", {}, "5"),
    phase === "guideline" ? [" (", el("kbd", {}, "N"), " for not applicable)"] : null,
    " choose a score anywhere in the item; ",
    el("kbd", {}, "Enter"),
    " checks.",
    phase === "guideline" ? " In the request, the arrow keys move between words." : null,
  );
  if (phase === "vague")
    return fragment(
      el(
        "ol",
        {class: "how-steps"},
        el("li", {}, "Read the request and the response."),
        el("li", {}, "Score it with the one line above, and nothing else: no guideline, no rubric."),
        el("li", {}, "Press Check. There is no ruling yet: this is your “before” score, kept for Part 4."),
      ),
      el("p", {}, "Your first answer to each example is the one recorded."),
      keys,
    );
  return fragment(
    el(
      "ol",
      {class: "how-steps"},
      el("li", {}, el("strong", {}, "List"), " the instructions: press an instruction's first word, then its last."),
      el("li", {}, el("strong", {}, "Check"), " each one, and choose the main task."),
      decidingRule ? el("li", {}, el("strong", {}, "Pick"), " the rule that settles the case.") : null,
      el("li", {}, el("strong", {}, "Score"), " it with the rubric; your checklist's score shows as you go."),
      el(
        "li",
        {},
        el("strong", {}, "Check."),
        blind ? " The rulings show when every case is answered, with no retries." : " The ruling says why.",
      ),
    ),
    el(
      "p",
      {},
      "Steps 1 and 2 are optional: a score alone can be checked. Your first answer to each case is the one recorded.",
    ),
    keys,
  );
}

/**
 * The card at the end of a part: the next part, or after the last the ways on that `after` gives
 * (lib/trainee/self-check-pool.ts's afterLastPart, for the record as it is); with none given, the results.
 */
export function NextPart(
  ctx: Pick<PartContext, "parts" | "part">,
  {after}: {after?: readonly WayOn[]} = {},
): HTMLElement {
  const index = ctx.parts.findIndex((part) => part.id === ctx.part.id);
  const next = ctx.parts[index + 1];
  const card = ({href, kicker, title, text}: WayOn) =>
    el(
      "a",
      {class: "next-card", href},
      el("span", {class: "next-kicker"}, kicker),
      el("span", {class: "next-title"}, title, el("span", {"aria-hidden": "true"}, " →")),
      el("span", {class: "next-text"}, text),
    );
  const ways: readonly WayOn[] = next
    ? [
        {
          href: `.${next.path}`,
          kicker: `Next: Part ${next.number} of ${ctx.parts.length}`,
          title: next.title,
          text: next.description,
        },
      ]
    : (after ?? [{...resultsWay, kicker: "Next"}]);
  return el("nav", {"class": "next-part", "aria-label": "Where next"}, ways.map(card));
}
