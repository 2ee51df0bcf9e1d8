// On /authors, under the preview's results: where the candidate moves no worked case, the page says so and shows a
// checklist it would move (lib/authoring/counterexample.ts: found by enumerating the rules' fact values), its facts
// in words, the score before → after, and "Write this case", which opens the case editor with those facts filled in
// (lib/authoring/case-handoff.ts). The search runs after the preview is painted, once per candidate.
import type {AuthorsView} from "../lib/authoring/authors-page.js";
import {candidateToQuery} from "../lib/authoring/candidate-choice.js";
import {handoffQuery} from "../lib/authoring/case-handoff.js";
import {findCounterexample, rulesByRole, type Counterexample} from "../lib/authoring/counterexample.js";
import {counterexampleWords} from "../lib/authoring/counterexample-words.js";
import type {Guideline} from "../lib/authored/schemas/guideline.js";
import type {Item} from "../lib/authored/schemas/item.js";
import {ruleSetOf, type RuleSet} from "../lib/engine/derive.js";
import {el} from "./dom.js";

const changesNothing = ({choice}: AuthorsView): boolean =>
  choice.candidate === choice.base && choice.set.length === 0 && choice.changes.length === 0;

function Found(found: Counterexample, view: AuthorsView, base: Guideline): HTMLElement[] {
  const words = counterexampleWords(found, base);
  const href = `./authors/case?${handoffQuery(candidateToQuery(view.choice), found.lines)}`;
  return [
    el(
      "p",
      {},
      `No worked case moves: none of them tests this change. A case with these facts would move from ` +
        `${words.before} under ${view.choice.base} to ${words.after} under the candidate:`,
    ),
    el(
      "ol",
      {class: "counterexample-lines"},
      words.lines.map((line) =>
        el(
          "li",
          {},
          // "The main task" is both the role and the main task rule's title: said once.
          el("strong", {}, line.role === line.title ? line.title : `${line.role}: ${line.title}`),
          el("span", {class: "muted"}, ` (${line.rule})`),
          line.facts.length
            ? el(
                "ul",
                {},
                line.facts.map((fact) => el("li", {}, `${fact.title}: ${fact.value}`)),
              )
            : null,
        ),
      ),
    ),
    el("p", {}, el("a", {href, class: "button secondary", id: "write-counterexample"}, "Write this case")),
  ];
}

/** The section, kept by the page: `update` follows each view; the search for its candidate comes after the paint. */
export function authorsCounterexample(
  view: AuthorsView,
  {versions, items}: {versions: readonly Guideline[]; items: readonly Item[]},
): HTMLElement & {update(view: AuthorsView): void} {
  const roles = rulesByRole(items);
  const baseRules = new Map<string, RuleSet>();
  const found = new Map<string, Counterexample | null>();
  const body = el("div", {});
  const section = el(
    "section",
    {"id": "counterexample", "aria-labelledby": "counterexample-title", "hidden": true},
    el("h2", {id: "counterexample-title"}, "A case this change would move"),
    body,
  );
  let shown = "";
  const show = (current: AuthorsView, key: string) => {
    const result = found.get(key)!;
    const base = versions.find((version) => version.version === current.choice.base)!;
    section.removeAttribute("aria-busy");
    body.replaceChildren(
      ...(result
        ? Found(result, current, base)
        : [
            el(
              "p",
              {},
              "No worked case moves, and no checklist of a main task and up to three other instructions would: " +
                "this change moves no score.",
            ),
          ]),
    );
  };
  const update = (current: AuthorsView) => {
    if (changesNothing(current) || current.preview.moved.length > 0) {
      section.hidden = true;
      shown = "";
      return;
    }
    const key = `${current.choice.base} ${candidateToQuery(current.choice)}`;
    if (key === shown) return;
    shown = key;
    section.hidden = false;
    if (found.has(key)) return show(current, key);
    section.setAttribute("aria-busy", "true");
    setTimeout(() => {
      if (shown !== key) return;
      const {base: version} = current.choice;
      let rules = baseRules.get(version);
      if (!rules) baseRules.set(version, (rules = ruleSetOf(versions.find((entry) => entry.version === version)!)));
      found.set(key, findCounterexample(rules, current.candidateRules, roles));
      show(current, key);
    }, 0);
  };
  update(view);
  return Object.assign(section, {update});
}
