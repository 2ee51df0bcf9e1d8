// The Score group every scored item carries: radios named exactly 1 … 5 (and "Not applicable" once the guideline
// is in play), a fieldset whose legend is "Score". Tests and keyboard users drive items through it. Under each number,
// what it means: the rubric's level under the guideline, the scale's two anchors (1 poor, 5 excellent) under the
// one vague line.
import type {RubricLevel} from "../lib/authored/schemas/guideline.js";
import {itemKeyAction, type KeyTarget} from "../lib/trainee/item-keys.js";
import type {Score} from "../lib/authored/schemas/verdict.js";
import {el} from "./dom.js";

export interface ScoreGroupOptions {
  /** Radio group name, unique on the page. */
  name: string;
  /** Offer "Not applicable" (a justified refusal): only under the guideline, never under the vague line. */
  notApplicable?: boolean;
  /** The rubric's meaning of each level, shown under its number. */
  rubric?: readonly RubricLevel[];
  /** Words under a number where there is no rubric: the scale's anchors ("poor" under 1, "excellent" under 5). */
  anchors?: Partial<Record<1 | 5, string>>;
  legend?: string;
}

export interface ScoreGroup {
  node: HTMLFieldSetElement;
  value(): Score | null;
  set(score: Score | null): void;
  /** Checks and focuses a score, as keys 1-5 and N do. */
  choose(score: Score): void;
  disable(disabled: boolean): void;
  /** Calls back when the trainee picks a score. */
  onChange(listener: (score: Score | null) => void): void;
}

const scoreValue = (value: string): Score => (value === "n/a" ? "n/a" : (Number(value) as Score));

/** The score radios and what the card asks of them: a controller, not a component, since the card keeps it. */
export function scoreGroup({
  name,
  notApplicable = false,
  rubric = [],
  anchors = {},
  legend = "Score",
}: ScoreGroupOptions): ScoreGroup {
  const levels: Score[] = notApplicable ? [1, 2, 3, 4, 5, "n/a"] : [1, 2, 3, 4, 5];
  const listeners: ((score: Score | null) => void)[] = [];
  const radios = levels.map((score) => {
    const id = `${name}-${score === "n/a" ? "na" : score}`;
    const meaning =
      score === "n/a"
        ? null
        : (rubric.find((level) => level.score === score)?.meaning ??
          (score === 1 || score === 5 ? anchors[score] : null));
    const input = el("input", {
      "type": "radio",
      "name": name,
      "id": id,
      "value": String(score),
      "aria-describedby": meaning ? `${id}-meaning` : null,
      "onchange": () => listeners.forEach((listener) => listener(score)),
    });
    return {
      score,
      input,
      node: el(
        "div",
        {class: `score-option${score === "n/a" ? " is-na" : ""}`},
        input,
        el("label", {for: id}, score === "n/a" ? "Not applicable" : String(score)),
        meaning ? el("span", {class: "score-meaning", id: `${id}-meaning`}, meaning) : null,
      ),
    };
  });
  const node = el(
    "fieldset",
    {class: `score-group levels-${levels.length}`},
    el("legend", {}, legend),
    el(
      "div",
      {class: "score-options"},
      radios.map((radio) => radio.node),
    ),
  );
  return {
    node,
    value: () => {
      const checked = radios.find((radio) => radio.input.checked);
      return checked ? scoreValue(checked.input.value) : null;
    },
    set: (score) => radios.forEach((radio) => (radio.input.checked = radio.score === score)),
    choose: (score) => {
      const radio = radios.find((candidate) => candidate.score === score);
      if (!radio || radio.input.disabled) return;
      radio.input.checked = true;
      radio.input.focus();
      radio.input.dispatchEvent(new Event("change", {bubbles: true}));
    },
    disable: (disabled) => radios.forEach((radio) => (radio.input.disabled = disabled)),
    onChange: (listener) => listeners.push(listener),
  };
}

/** Beside Check, where the pointer is fine: "1–5 N choose · Enter checks" (N where "not applicable" is offered). */
export function ScoreKeysHint({notApplicable = false}: {notApplicable?: boolean} = {}): HTMLElement {
  return el(
    "span",
    {"class": "key-hint", "aria-hidden": "true"},
    el("kbd", {}, "1"),
    "–",
    el("kbd", {}, "5"),
    notApplicable ? [" ", el("kbd", {}, "N")] : null,
    " choose · ",
    el("kbd", {}, "Enter"),
    " checks",
  );
}

/** What kind of element a key comes from, as lib/trainee/item-keys.ts tells them apart. */
const keyTarget = (target: HTMLElement): KeyTarget =>
  target.matches("input[type=text], input:not([type]), textarea, [contenteditable]")
    ? "text"
    : target.matches("select")
      ? "list"
      : target.matches("button, a, summary")
        ? "pressable"
        : "other";

/**
 * Keys 1-5 (and N where offered) choose a score from anywhere in `node`, Enter presses `check`, and Escape leaves a
 * text field or a list: what each key does is decided in lib/trainee/item-keys.ts. Leaving puts the focus on the
 * control's line (or its part of the item), so the next Tab goes on from where the trainee was.
 */
export function listenForScoreKeys(
  node: HTMLElement,
  {score, check, notApplicable}: {score: ScoreGroup; check: HTMLButtonElement; notApplicable: boolean},
): void {
  node.addEventListener("keydown", (event) => {
    const target = event.target as HTMLElement;
    const action = itemKeyAction(event.key, {
      target: keyTarget(target),
      modified: event.altKey || event.ctrlKey || event.metaKey,
      notApplicable,
      checkable: !check.disabled,
    });
    if (!action) return;
    event.preventDefault();
    if (action.kind === "score") score.choose(action.score);
    else if (action.kind === "check") check.click();
    else {
      const holder = target.parentElement?.closest<HTMLElement>("li, .free-line, .main-not-met, section") ?? node;
      if (!holder.hasAttribute("tabindex")) holder.tabIndex = -1;
      holder.focus({preventScroll: true});
    }
  });
}
