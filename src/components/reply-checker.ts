// A box where a reader pastes any reply: each step passes or fails as they type, scored once typing pauses (strict,
// loose beside it); and the prompt's steps as a guideline checklist the reader rates by hand to compare with the
// regex.
import {formatTotal, scoreBoth, type ScoreReport} from "../lib/probes/score.js";
import {compareWithRegex, looseNote, readerVerdicts, type ReaderVerdict, type VersionView} from "../lib/probes/view.js";
import {el} from "./dom.js";
import {OutcomeBadge} from "./probe-table.js";
import {Table} from "./table.js";
import {debounce} from "../lib/site/schedule.js";

export function ReplyChecker(version: VersionView): HTMLElement {
  const textarea = el("textarea", {
    id: "probe-reply",
    rows: 10,
    spellcheck: "false",
    maxlength: 10000,
    placeholder: "BEGIN-7731\n- Jupiter\n…",
  });
  const total = el("p", {"class": "reply-total", "aria-live": "polite"});
  const rows = version.rules.map((rule) => {
    const strict = el("td", {class: "strict"});
    const loose = el("td", {class: "loose"});
    const select = el(
      "select",
      {"id": `verdict-${rule.id}`, "aria-label": `Your verdict on step ${rule.step}`},
      el("option", {value: ""}, "—"),
      readerVerdicts.map((v) => el("option", {value: v}, v)),
    );
    const agreement = el("td", {class: "agreement"});
    const row = el(
      "tr",
      {"data-rule": rule.id},
      el("th", {scope: "row"}, `Step ${rule.step}`),
      el(
        "td",
        {},
        el("span", {class: "role"}, rule.role === "main-task" ? "Main task" : "Instruction"),
        el("br"),
        rule.instruction,
      ),
      el("td", {}, el("code", {}, rule.guidelineRule), el("p", {class: "guideline-note"}, rule.guidelineNote)),
      el("td", {}, select),
      strict,
      loose,
      agreement,
    );
    return {row, strict, loose, select, agreement};
  });
  // Scoring runs off the keystroke path (schedule.ts); until it has run, the total is marked busy.
  let scored: {text: string; report: ScoreReport} | null = null;
  const update = () => {
    const text = textarea.value;
    const empty = text === "";
    const start = performance.now();
    if (scored?.text !== text) scored = {text, report: scoreBoth(version.rules, text)};
    const {strict, loose} = scored.report;
    total.textContent = empty
      ? "Paste or type a reply to score it."
      : `Strict score: ${formatTotal(strict.total)} (${strict.passed} of ${strict.of} steps). ` +
        `Loose, for comparison: ${formatTotal(loose.total)} (${loose.passed} of ${loose.of}).`;
    rows.forEach(({strict: strictCell, loose: looseCell, select, agreement}, i) => {
      const s = strict.rules[i];
      const l = loose.rules[i];
      strictCell.replaceChildren(empty || !s ? "" : OutcomeBadge(s.outcome));
      looseCell.replaceChildren(empty || !l ? "" : OutcomeBadge(l.outcome, {note: looseNote(s, l)}));
      agreement.textContent = empty ? "" : (compareWithRegex(select.value as ReaderVerdict | "", s?.outcome) ?? "");
    });
    total.setAttribute("aria-busy", "false");
    // One User Timing entry per scoring: what a keystroke costs, for the bench and DevTools.
    performance.measure("probe-reply-score", {start});
  };
  const scheduled = debounce(update);
  textarea.addEventListener("input", () => {
    total.setAttribute("aria-busy", "true");
    scheduled.request();
  });
  for (const {select} of rows)
    select.addEventListener("change", () => {
      scheduled.cancel();
      update();
    });
  update();
  return el(
    "div",
    {class: "reply-checker"},
    el("label", {for: "probe-reply"}, "Paste a reply"),
    textarea,
    total,
    Table(
      {
        head: ["Step", "Instruction", "Guideline rule", "Your verdict", "Regex (strict)", "Loose", "Compared"],
        rows: rows.map((r) => r.row),
      },
      {
        caption:
          `The prompt's steps as a guideline checklist (${version.version}). ` +
          "Rate each step yourself, then compare with the regex.",
        className: "probe-table probe-checklist",
        scroll: true,
        stack: true,
      },
    ),
  );
}
