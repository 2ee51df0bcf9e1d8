// The candidate's clauses and rubric rows on the authors' page: each rule's clauses in words with a verdict and a
// flag to choose, each rubric row's threshold, and the changes made so far in words, each with its undo. What a
// change means (parsed, applied, said) is lib/authoring/rule-changes.ts's; this puts the controls on the page. The
// fields are built once per candidate version (kept, and built ahead by `prepare`; a rule's clauses when its fold
// first opens) and then kept in step with the view, so the one in use keeps focus.
import type {AuthorsView} from "../lib/authoring/authors-page.js";
import type {Guideline} from "../lib/authored/schemas/guideline.js";
import type {LogicClause} from "../lib/authored/schemas/logic.js";
import {
  clauseVerdicts,
  describeThreshold,
  noFlag,
  parseRuleChange,
  rubricKey,
  type RuleChange,
} from "../lib/authoring/rule-changes.js";
import {clauseVerdictWords, clauseWords} from "../lib/authoring/rule-change-words.js";
import {AssignmentError} from "../lib/engine/parameter-values.js";
import {verdictLabels} from "../lib/engine/labels.js";
import {el} from "./dom.js";
import type {Kept} from "./patch.js";

interface ClauseHandlers {
  onChange(change: RuleChange): void;
  /** Undoes the change of one key (`numbers.ceiling-needs-one`). */
  onDrop(key: string): void;
  onUndo(): void;
}

/** The value a select shows for "as the version says": the clause's own verdict or flag, whatever it is. */
const own = "";

const flagLabel = (flag: LogicClause["flag"]): string =>
  flag === undefined ? "no flag" : typeof flag === "string" ? flag : "as the line's facts say";

/** A field's id from a setting's key: `clause-numbers-ceiling-needs-one`, `threshold-one-small-flaw`. */
export const settingId = (key: string): string =>
  key.startsWith(`${rubricKey}.`)
    ? `threshold-${key.slice(rubricKey.length + 1)}`
    : `clause-${key.replaceAll(".", "-")}`;

/** Whether either of a clause's two settings (its verdict, its flag) is changed. */
const clauseChanged = (card: Element, byKey: ReadonlyMap<string, unknown>): boolean => {
  const key = (card as HTMLElement).dataset.clause!;
  return byKey.has(key) || byKey.has(`${key}.flag`);
};

/** A version's folds and fields, built once: its controls by setting's key, and per rule what fills its fold. */
interface BuiltVersion {
  nodes: HTMLElement[];
  controls: Map<string, HTMLSelectElement | HTMLInputElement>;
  fills: Map<string, () => void>;
}

/** The clauses and rows, and `prepare`, which builds a version's folds ahead of its being chosen. */
export type AuthorsClauses = Kept<AuthorsView> & {prepare(version: Guideline): void};

/** "The candidate's clauses and rubric rows": a node the page keeps in step with each view. */
export function authorsClauses(view: AuthorsView, on: ClauseHandlers): AuthorsClauses {
  const fields = el("div", {class: "clause-rules"});
  const changed = el("ul", {
    "class": "clause-changes",
    "aria-label": "The changes to the candidate's clauses and rows",
  });
  const reset = el("button", {type: "button", class: "button secondary"}, "Undo every clause and row change");
  reset.addEventListener("click", () => on.onUndo());
  const error = el("p", {class: "field-error", role: "alert", hidden: true});
  let fieldsFor = "";
  /** Every control by its setting's key, to bring it to the view's value. */
  let controls = new Map<string, HTMLSelectElement | HTMLInputElement>();
  /** Per rule, what builds its fold's clauses (once). */
  let fills = new Map<string, () => void>();

  const send = (key: string, value: string) => {
    try {
      if (value === own) on.onDrop(key);
      else on.onChange(parseRuleChange(`${key}=${value}`, currentLogic()));
      error.hidden = true;
    } catch (problem) {
      error.textContent = problem instanceof AssignmentError ? problem.message : String(problem);
      error.hidden = false;
    }
  };
  let currentLogic = () => view.candidateVersion.logic;

  const built = new Map<string, BuiltVersion>();
  const build = (candidateVersion: Guideline): BuiltVersion => {
    const logic = candidateVersion.logic;
    const titles = new Map(candidateVersion.rules.map((rule) => [rule.id, rule.title]));
    const controls: BuiltVersion["controls"] = new Map();
    // Each clause's two menus are labelled "Verdict" and "Flag" on screen; their names say whose they are.
    const select = (key: string, label: string, about: string, options: [string, string][]) => {
      const id = settingId(key);
      const control = el(
        "select",
        {id, "aria-label": `${label}: ${about}`},
        options.map(([value, text]) => el("option", {value}, text)),
      );
      control.addEventListener("change", () => send(key, control.value));
      controls.set(key, control);
      return el("div", {class: "clause-field"}, el("label", {for: id}, label), control);
    };
    // A fold's clauses are built when it first opens, or holds a change: a version has some 150 menus, and building
    // them all on each change of candidate version took longer than a frame.
    const fills: BuiltVersion["fills"] = new Map();
    const rules = logic.rules.map((rule) => {
      const summary = el("summary", {}, titles.get(rule.id) ?? rule.id, " ", el("code", {}, `(${rule.id})`));
      const fold = el("details", {"class": "clause-rule", "data-rule": rule.id}, summary);
      let filled = false;
      const fill = () => {
        if (filled) return;
        filled = true;
        fold.append(
          ...rule.clauses.map((clause) => {
            const key = `${rule.id}.${clause.id}`;
            const about = `${titles.get(rule.id) ?? rule.id}, ${clauseWords(clause)}`;
            return el(
              "div",
              {"class": "clause", "data-clause": key},
              el("p", {class: "clause-words"}, clauseWords(clause), " ", el("code", {}, `(${key})`)),
              select(key, "Verdict", about, [
                [own, `as ${candidateVersion.version} says: ${clauseVerdictWords(logic, rule.id, clause)}`],
                ...clauseVerdicts.map((verdict): [string, string] => [verdict, verdictLabels[verdict]]),
              ]),
              select(`${key}.flag`, "Flag", about, [
                [own, `as ${candidateVersion.version} says: ${flagLabel(clause.flag)}`],
                ...[...logic.flags, noFlag].map((flag): [string, string] => [flag, flag === noFlag ? "no flag" : flag]),
              ]),
            );
          }),
        );
        sync(view);
      };
      // The click comes before the fold opens, so it opens filled; toggle catches a fold opened otherwise.
      summary.addEventListener("click", fill);
      fold.addEventListener("toggle", () => fold.open && fill());
      fills.set(rule.id, fill);
      return fold;
    });
    const rows = logic.rubric.rows.flatMap((row) => {
      if (!row.threshold) return [];
      const key = `${rubricKey}.${row.id}`;
      const id = settingId(key);
      const input = el("input", {
        id,
        "type": "number",
        "min": row.threshold.min,
        "max": row.threshold.max,
        "step": row.threshold.type === "count" ? 1 : 0.05,
        "value": String(row.threshold.value),
        "aria-describedby": `${id}-about`,
      });
      input.addEventListener("change", () =>
        send(key, Number(input.value) === row.threshold!.value ? own : input.value),
      );
      controls.set(key, input);
      return [
        el(
          "div",
          {"class": "clause-field", "data-row": row.id},
          el("label", {for: id}, row.threshold.title, " ", el("code", {}, `(${key})`)),
          input,
          el(
            "p",
            {id: `${id}-about`, class: "muted"},
            `${row.threshold.description} Accepts ${describeThreshold(row.threshold)}; ` +
              `${candidateVersion.version} has ${row.threshold.value}.`,
          ),
        ),
      ];
    });
    const nodes = [
      ...rules,
      ...(rows.length
        ? [el("details", {class: "clause-rule"}, el("summary", {}, "The rubric's rows with a threshold"), rows)]
        : []),
    ];
    return {nodes, controls, fills};
  };
  const builtFor = (version: Guideline): BuiltVersion => {
    let found = built.get(version.version);
    if (!found) built.set(version.version, (found = build(version)));
    return found;
  };

  /** Brings every control built so far to the view's value, and marks the changed cards. */
  const sync = (next: AuthorsView) => {
    const byKey = new Map(next.changes.map((entry) => [entry.key, entry]));
    for (const [key, control] of controls) {
      const entry = byKey.get(key);
      const value =
        entry === undefined
          ? control instanceof HTMLInputElement
            ? control.defaultValue
            : own
          : entry.change.kind === "verdict"
            ? entry.change.verdict
            : entry.change.kind === "flag"
              ? (entry.change.flag ?? noFlag)
              : String(entry.change.value);
      if (control.value !== value) control.value = value;
      // A clause's card is marked when its verdict or its flag is changed; a row's field when its threshold is.
      const card = control.closest(".clause") ?? control.closest(".clause-field");
      card?.classList.toggle("parameter-changed", card.matches(".clause") ? clauseChanged(card, byKey) : !!entry);
    }
  };

  const update = (next: AuthorsView) => {
    view = next;
    currentLogic = () => next.candidateVersion.logic;
    if (fieldsFor !== next.choice.candidate) {
      fieldsFor = next.choice.candidate;
      const shown = builtFor(next.candidateVersion);
      ({controls, fills} = shown);
      fields.replaceChildren(...shown.nodes);
    }
    // A fold that holds a change shows its menus, opened or not.
    for (const entry of next.changes) fills.get(entry.key.split(".")[0]!)?.();
    sync(next);
    changed.replaceChildren(
      ...next.changes.map((entry) => {
        const undo = el("button", {type: "button", class: "button secondary"}, "Undo");
        undo.setAttribute("aria-label", `Undo: ${entry.words}`);
        undo.addEventListener("click", () => on.onDrop(entry.key));
        return el("li", {}, entry.words, " ", el("code", {}, `(${entry.key})`), " ", undo);
      }),
    );
    changed.hidden = next.changes.length === 0;
    reset.hidden = next.changes.length === 0;
  };
  update(view);

  const section = el(
    "section",
    {"class": "preview-choice clause-panel", "aria-labelledby": "clauses-title"},
    el("h2", {id: "clauses-title"}, "The candidate's clauses and rubric rows"),
    el(
      "p",
      {class: "muted"},
      "Give any clause of a rule another verdict or flag, or a rubric row another threshold: the cases move below " +
        "as they do for a parameter, and the page's address keeps the change.",
    ),
    changed,
    reset,
    error,
    fields,
  );
  return Object.assign(section, {update, prepare: (version: Guideline) => void builtFor(version)});
}
