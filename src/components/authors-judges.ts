// The author's question on /authors: each recorded model judge's agreement with the base's rulings and with the
// candidate's, one line a judge, with the cases the change turns linked to their pages. What is counted and said is
// decided in lib/judges/author-line.ts; with no run recorded, how to record one.
import type {ChangedCase, JudgeAgreement} from "../lib/judges/author-line.js";
import {itemHref, type ItemPages} from "../lib/site/links.js";
import {scoreText} from "../lib/trainee/words.js";
import type {Score} from "../lib/authored/schemas/verdict.js";
import {el, type Child} from "./dom.js";

const scoreOrNone = (score: Score | null): string => (score === null ? "no single score" : scoreText(score));

function ChangedCases(
  title: string,
  cases: readonly ChangedCase[],
  {pages, base}: {pages: ItemPages; base: string},
): Child {
  if (!cases.length) return null;
  return el(
    "p",
    {class: "judge-cases"},
    `${title}: `,
    cases.map((changed, index) => [
      index ? "; " : "",
      el("a", {href: itemHref(changed.case, pages)}, changed.label),
      ` (judge ${scoreText(changed.judge)}, ${base} ${scoreOrNone(changed.base)}, ` +
        `candidate ${scoreOrNone(changed.candidate)})`,
    ]),
  );
}

/** One line a recorded judge run; with none, a line saying how to record one. */
export function AuthorsJudges({
  judges,
  base,
  pages,
  rewording,
}: {
  judges: readonly JudgeAgreement[];
  /** The caution, and how to test a rewording with a new version and a new run. */
  rewording: {caution: string; how: string; command: string};
  /** The base version, named beside its score of a changed case. */
  base: string;
  /** Where each case is scored, for its links. */
  pages: ItemPages;
}): HTMLElement {
  if (!judges.length)
    return el(
      "p",
      {class: "preview-none judges-none"},
      "No judge runs are recorded. Record one with ",
      el("code", {}, "npm run judge:run -- --model <slug>"),
      "; ",
      el("a", {href: "./judges"}, "the model judges' page"),
      " shows every run.",
    );
  return el(
    "div",
    {},
    el("p", {class: "judge-caution"}, rewording.caution),
    el("p", {class: "judge-how"}, `${rewording.how} `, el("code", {}, rewording.command), "."),
    el(
      "ul",
      {class: "judge-lines"},
      judges.map((judge) =>
        el(
          "li",
          {class: "judge-line"},
          el(
            "p",
            {class: "judge-sentence"},
            judge.sentence,
            judge.apart.map((note) => ` ${note}`),
          ),
          el("p", {class: "judge-measures"}, judge.measures),
          ChangedCases("Now exact", judge.nowExact, {pages, base}),
          ChangedCases("No longer exact", judge.noLongerExact, {pages, base}),
          el("p", {class: "muted judge-about"}, judge.about),
        ),
      ),
    ),
  );
}
