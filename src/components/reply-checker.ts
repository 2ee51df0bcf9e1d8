// A box where a reader pastes any reply: each step passes or fails as they type, scored once typing pauses (strict,
// loose beside it); and the prompt's steps as a guideline checklist the reader rates by hand to compare with the
// regex. What it shows next is lib/probes/reply-check.ts's.
import {
  replyStart,
  replyStep,
  replyTotal,
  scoring,
  type ReplyAction,
  type ReplyCheck,
} from "../lib/probes/reply-check.js";
import {
  awaitingVerdict,
  compareWithRegex,
  looseNote,
  readerVerdicts,
  replyPlaceholder,
  type ReaderVerdict,
  type VersionView,
} from "../lib/probes/view.js";
import {el, type Child, WordsThenId, live, type Live} from "./dom.js";
import {OutcomeBadge} from "./probe-table.js";
import {Table} from "./table.js";
import {debounce} from "../lib/site/schedule.js";

/** The comparison's cell: a verdict beside the regex's, or, muted, what it waits for. */
const Compared = (text: ReturnType<typeof compareWithRegex>): Child =>
  text === awaitingVerdict ? el("span", {class: "awaiting"}, text) : (text ?? "");

export function ReplyChecker(
  version: VersionView,
  {ruleTitles = {}}: {ruleTitles?: Readonly<Record<string, string>>} = {},
): Live<ReplyCheck, ReplyAction> {
  const view = (check: ReplyCheck): HTMLElement => {
    const {strict, loose} = check.scored.report;
    const empty = check.scored.text === "" || check.scored.tooLargeBytes !== undefined;
    const rows = version.rules.map((rule, i) => {
      const s = strict.rules[i];
      const l = loose.rules[i];
      const verdict = check.verdicts[rule.id] ?? "";
      return el(
        "tr",
        {"data-rule": rule.id},
        el("th", {scope: "row"}, `Step ${rule.step}`),
        el(
          "td",
          {},
          // The column names the rest instructions; the main task is marked (a mark on each read "Instruction" twice
          // on a phone, under the column's name).
          rule.role === "main-task" ? [el("span", {class: "role"}, "Main task"), el("br")] : null,
          rule.instruction,
        ),
        el(
          "td",
          {},
          // Its title, then its id, as on the authors' pages (the id alone without).
          WordsThenId({words: ruleTitles[rule.guidelineRule], id: rule.guidelineRule}),
          el("p", {class: "guideline-note"}, rule.guidelineNote),
        ),
        el(
          "td",
          {},
          el(
            "select",
            {"id": `verdict-${rule.id}`, "aria-label": `Your verdict on step ${rule.step}`, "data-verdict": rule.id},
            el("option", {value: "", selected: verdict === ""}, "—"),
            readerVerdicts.map((v) => el("option", {value: v, selected: verdict === v}, v)),
          ),
        ),
        el("td", {class: "strict"}, empty || !s ? "" : OutcomeBadge(s.outcome)),
        el("td", {class: "loose"}, empty || !l ? "" : OutcomeBadge(l.outcome, {note: looseNote(s, l)})),
        el("td", {class: "agreement"}, empty ? "" : Compared(compareWithRegex(verdict, s?.outcome))),
      );
    });
    return el(
      "div",
      {class: "reply-checker"},
      el("label", {for: "probe-reply"}, "Paste a reply"),
      el(
        "textarea",
        {
          id: "probe-reply",
          rows: 10,
          spellcheck: "false",
          placeholder: replyPlaceholder(version),
        },
        // Its content is its value: a reply typed or set from outside.
        check.text,
      ),
      el(
        "p",
        {"class": "reply-total", "aria-live": "polite", "aria-busy": scoring(check) ? "true" : "false"},
        replyTotal(check.scored),
      ),
      Table(
        {
          head: ["Step", "Instruction", "Guideline rule", "Your verdict", "Regex (strict)", "Loose", "Compared"],
          rows,
        },
        {
          caption:
            `The prompt's steps as a guideline checklist (${version.version}). ` +
            "Give your own verdict on each step: the last column compares it with the regex's.",
          className: "probe-table probe-checklist",
          scroll: true,
          stack: true,
        },
      ),
    );
  };
  const node = live<ReplyCheck, ReplyAction>(replyStart(version.rules), {
    update: replyStep(version.rules),
    view,
    on: {
      input: (event) =>
        event.target instanceof HTMLTextAreaElement ? {kind: "type", text: event.target.value} : undefined,
      change: (event) => {
        const select = event.target;
        if (!(select instanceof HTMLSelectElement) || !select.dataset.verdict) return undefined;
        scheduled.cancel();
        return {kind: "verdict", rule: select.dataset.verdict, verdict: select.value as ReaderVerdict | ""};
      },
    },
    // Scoring runs off the keystroke path (schedule.ts); until it has run, the total is marked busy.
    effects: (_node, {action}) => {
      if (action.kind === "type") scheduled.request();
    },
  });
  // One User Timing entry per scoring: what a keystroke costs, for the bench and DevTools.
  const scheduled = debounce(() => {
    const start = performance.now();
    node.dispatch({kind: "score"});
    performance.measure("probe-reply-score", {start});
  });
  return node;
}
