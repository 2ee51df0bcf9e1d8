// "What differs" on the authors' page, before what moves: each parameter whose value differs, in words, base →
// candidate; each rule and rubric row whose words differ, as a word-level diff (struck: the base's words only;
// underlined: the candidate's only); the clauses and rubric rows whose logic differs, in words; and the rules one
// version has and the other lacks. What differs is decided in
// lib/authoring/version-diff.ts; `guideline:preview` prints the same block.
import {differsAtAll, type DiffPart, type TextDifference, type VersionDiff} from "../lib/authoring/version-diff.js";
import {ruleHref} from "../lib/site/links.js";
import {el, type Child} from "./dom.js";
import {Table} from "./table.js";

const Diff = (parts: readonly DiffPart[]): HTMLElement =>
  el(
    "p",
    {class: "word-diff"},
    parts.map((part) =>
      part.kind === "same" ? part.text : el(part.kind === "removed" ? "del" : "ins", {}, part.text),
    ),
  );

function Differences(
  title: string,
  differences: readonly TextDifference[],
  name: (difference: TextDifference) => Child,
): Child {
  if (!differences.length) return null;
  return [
    el("h3", {}, title),
    el(
      "ul",
      {class: "differs-list"},
      differences.map((difference) =>
        el(
          "li",
          {},
          el("strong", {}, name(difference)),
          difference.baseTitle === null ? null : ` (was “${difference.baseTitle}”)`,
          difference.parts ? Diff(difference.parts) : el("p", {class: "muted"}, "Only the title differs."),
        ),
      ),
    ),
  ];
}

export function WhatDiffers({
  differs,
  candidate,
}: {
  differs: VersionDiff;
  /** The candidate in words. */ candidate: string;
}) {
  const {parameters, rules, rubric, onlyInBase, onlyInCandidate, logic} = differs;
  if (!differsAtAll(differs))
    return el(
      "p",
      {class: "preview-none"},
      differs.base === differs.candidate
        ? `Nothing differs: the candidate is ${differs.base} itself. Change a parameter above, or pick another version.`
        : `Nothing differs: ${differs.base} and ${candidate} have the same parameters, rules and rubric.`,
    );
  const only = (version: string, list: VersionDiff["onlyInBase"]): Child =>
    list.length
      ? el(
          "p",
          {},
          `Rules only in ${version}: `,
          list.map((rule, index) => [
            index ? ", " : "",
            el("a", {href: ruleHref(rule.id)}, rule.title),
            ` (${rule.id})`,
          ]),
          ".",
        )
      : null;
  return el(
    "div",
    {class: "what-differs"},
    el(
      "p",
      {class: "muted"},
      `Base ${differs.base} against the candidate, ${candidate}. In the words below, `,
      el("del", {}, "struck"),
      ` words are ${differs.base}'s only and `,
      el("ins", {}, "underlined"),
      " words the candidate's only.",
    ),
    parameters.length
      ? [
          el("h3", {}, "Parameters"),
          Table(
            {
              head: ["Parameter", `In ${differs.base}`, "In the candidate"],
              rows: parameters.map((parameter) => [parameter.title, parameter.fromWords, parameter.toWords]),
            },
            {rowHeaders: true, stack: true, className: "differs-parameters"},
          ),
        ]
      : el("p", {}, "Every parameter is the same."),
    Differences("Rules whose words differ", rules, (rule) => [
      el("a", {href: ruleHref(rule.key)}, rule.title),
      ` (${rule.key})`,
    ]),
    Differences("Rubric rows that differ", rubric, (row) => `Row ${row.key}, ${row.title}`),
    logic.length
      ? [
          el("h3", {}, "Clauses and rubric rows whose logic differs"),
          el(
            "ul",
            {class: "differs-list"},
            logic.map((difference) => el("li", {}, difference.words, " ", el("code", {}, `(${difference.key})`))),
          ),
        ]
      : null,
    only(differs.base, onlyInBase),
    only(differs.candidate, onlyInCandidate),
  );
}
