// The start page, in the order a trainee needs it: what to do next (start, or continue where they stopped), the blind
// self-check offered to experienced raters (its calibration cases before Parts 5 and 6 spoil them, fresh cases after),
// the six parts with a time estimate and where the trainee stands in each, their results and Start over; then "About
// this guideline": the case study's own opening and close (The Problem, What I did, The Artifact, The Result) and which
// case shows each score, each part of it that tells how cases are ruled folded.
import type {CalibrationCheck, ShownCaseStudy} from "../lib/authored/schemas/content.js";
import {nextStep} from "../lib/site/next-step.js";
import type {PagePart, SitePageData} from "../lib/node/page-data.js";
import {partProgress, emptyProgress} from "../lib/trainee/progress.js";
import {partItemsWords} from "../lib/trainee/walk.js";
import {describeOffer, offeredPool, poolsOf} from "../lib/trainee/self-check-pool.js";
import {el, live, type Live} from "./dom.js";
import {aboutMinutes, countWord, plural} from "../lib/text/format.js";
import {CoverageTable} from "./guideline.js";
import {PartProgress, StudyParagraphs} from "./part-page.js";
import {ProgressNotice, Recorded} from "./recorded.js";
import {startOverStart, startOverStep, type StartOverAction, type StartOverState} from "../lib/trainee/start-over.js";
import {openProgressStore, type ProgressStore, clearDrafts} from "../lib/trainee/record-store.js";
import {pageStorage} from "../lib/trainee/set-aside.js";

type Section = ShownCaseStudy["problem"];

/** One of the case study's sections, under its own title, word for word. */
function CaseStudySection(section: Section, {id}: {id: string}, ...more: HTMLElement[]): HTMLElement {
  return el(
    "section",
    {"class": "case-study", "aria-labelledby": id},
    el("h3", {id}, section.title),
    StudyParagraphs(section.paragraphs, {
      node: (paragraph) =>
        el(
          "p",
          {"data-paragraph": paragraph.id ?? null, "class": paragraph.id ? `paragraph-${paragraph.id}` : null},
          paragraph.text,
        ),
    }),
    more,
  );
}

/** The case study's opening and close; content without them (lib/node/content-root.ts) shows none. */
function CaseStudySections(caseStudy: ShownCaseStudy, links: HTMLElement[]): HTMLElement[] {
  return [
    CaseStudySection(caseStudy.problem, {id: "the-problem"}),
    CaseStudySection(caseStudy.whatIDid, {id: "what-i-did"}),
    CaseStudySection(caseStudy.artifact, {id: "the-artifact"}, el("ol", {class: "artifact-parts"}, links)),
    CaseStudySection(
      caseStudy.result,
      {id: "the-result"},
      el("p", {class: "skills"}, el("strong", {}, `${caseStudy.result.skills.label}: `), caseStudy.result.skills.text),
    ),
  ];
}

/** The button to the trainee's next part, kept current as they score (in this tab or another). */
function NextStep(parts: readonly PagePart[], site: SitePageData, store: ProgressStore): HTMLElement {
  return Recorded({
    store,
    view: (progress) => {
      const standings = parts.map((part) => {
        const {scored, done, total} = partProgress(progress, site.itemRefs, {items: part.items, phase: part.phase});
        // Done counts as scored here: Part 1 is finished once each example has a "before" score or none to give.
        return {part, scored: done, total, closed: done > scored};
      });
      const next = nextStep(standings);
      const step = (link: HTMLElement, note: string) =>
        el(
          "div",
          {class: "next-step"},
          el("p", {class: "next-step-action"}, link),
          el("p", {class: "next-step-note"}, note),
        );
      if (next.kind === "done")
        return step(
          el("a", {class: "button", href: "./results"}, "Every part is scored: see your results →"),
          "Your first answer to each case is the one your results count.",
        );
      const {part, scored, total, closed} = next.part;
      return step(
        el(
          "a",
          {class: "button", href: `.${part.path}`},
          `${next.kind === "start" ? "Start with" : "Continue with"} Part ${part.number}. ${part.title} →`,
        ),
        `${aboutMinutes(part.minutes).replace(/^a/, "A")}` +
          (total
            ? `: ${scored ? `${scored} of ${total} ${closed ? "done" : "scored"} so far` : `${total} cases to score`}.`
            : " of reading.") +
          (next.kind === "start" ? " Your answers are saved in this browser as you go." : ""),
      );
    },
  });
}

/**
 * The blind self-check, offered to experienced raters before the rulings of Parts 5 and 6 spoil its calibration cases;
 * after that, the pool it uses then (the fresh cases written for this notebook), and why
 * (lib/trainee/self-check-pool.ts).
 */
function SelfCheckOffer(calibration: CalibrationCheck, site: SitePageData, store: ProgressStore): HTMLElement {
  const pools = poolsOf(calibration, {items: site.itemRefs, parts: site.parts});
  return Recorded({
    store,
    view: (progress) => {
      const offer = describeOffer(offeredPool(pools, progress.answers), pools);
      return el(
        "section",
        {"class": "self-check-offer", "aria-labelledby": "self-check-offer"},
        el("h2", {id: "self-check-offer"}, "Already rate for a living?"),
        el("p", {}, offer.lead),
        el("p", {class: "muted"}, offer.terms),
        el("p", {}, el("a", {class: "button secondary", href: "./self-check"}, offer.action)),
      );
    },
  });
}

/** The parts in walking order: what each is, how long it takes, where the trainee stands. */
function PartsList(
  parts: readonly PagePart[],
  site: SitePageData,
  store: ProgressStore,
  criteriaCase: string | null,
): HTMLElement {
  return el(
    "ol",
    {class: "parts"},
    parts.map((part) => {
      const name = el("strong", {}, `Part ${part.number}. ${part.title}`);
      return el(
        "li",
        {},
        el("p", {class: "part-name"}, part.hasPage ? el("a", {href: `.${part.path}`}, name) : name),
        el("p", {class: "part-description"}, part.description),
        PartItemsNote(part, site, criteriaCase),
        el(
          "div",
          {class: "part-meta"},
          el("span", {class: "part-minutes"}, aboutMinutes(part.minutes)),
          PartProgress({part, items: site.itemRefs}, {store}) ?? el("span", {class: "part-reading"}, "to read"),
        ),
      );
    }),
  );
}

/**
 * Where a part scores more items than its description's cases ("Eleven cases", 14 to score), why; and for the edge
 * cases, where the one with no item comes (the rubric-writer check rides with them), as their part says.
 */
function PartItemsNote(part: PagePart, site: SitePageData, criteriaCase: string | null): HTMLElement | null {
  const refs = site.itemRefs.filter((item) => part.items && item.set === part.items);
  const words =
    part.phase && refs.length
      ? partItemsWords(refs, {criteriaCase: part.items === "edge-cases" ? criteriaCase : null})
      : null;
  return words ? el("p", {class: "part-items"}, words) : null;
}

/** "Every score has a worked example": the cases by the score each gets, folded, since it gives the scores away. */
function Coverage(site: SitePageData): HTMLElement {
  return el(
    "section",
    {"aria-labelledby": "coverage"},
    el("h3", {id: "coverage"}, "Every score has a worked example"),
    el(
      "p",
      {},
      `Every score from 1 to 5 has at least one case worked through to it. Each of the ${site.itemRefs.length} cases ` +
        "is listed under the score its checklist leads to, and the site is checked so that every case gets exactly " +
        "one score: its ruling.",
    ),
    el(
      "details",
      {class: "coverage-details"},
      el("summary", {}, "Show which case gets which score (this gives the answers away)"),
      CoverageTable(site.coverage),
    ),
  );
}

export function Home(
  {
    site,
    caseStudy,
    calibration,
    criteriaCase = null,
  }: {
    site: SitePageData;
    caseStudy: ShownCaseStudy | null;
    calibration: CalibrationCheck;
    /** The number of the edge case for people who write criteria, which has no item; null in content without it. */
    criteriaCase?: string | null;
  },
  store = openProgressStore(),
): HTMLElement {
  const parts = site.parts.filter((part) => part.hasPage);
  const minutes = site.parts.reduce((sum, part) => sum + part.minutes, 0);
  // The Artifact's "Select a part to open it", by title (the numbered list above names them "Part N. …").
  const links = site.parts.map((part) =>
    el("li", {}, part.hasPage ? el("a", {href: `.${part.path}`}, part.title) : part.title),
  );
  return el(
    "div",
    {class: "home"},
    ProgressNotice(store),
    NextStep(parts, site, store),
    SelfCheckOffer(calibration, site, store),
    el(
      "section",
      {"aria-labelledby": "the-parts"},
      el("h2", {id: "the-parts"}, `The ${countWord(site.parts.length)} parts, in order`),
      el("p", {class: "muted"}, `About ${minutes} minutes in all. Your progress is saved in this browser.`),
      PartsList(site.parts, site, store, criteriaCase),
      el(
        "p",
        {},
        "How are you doing? ",
        el("a", {href: "./results"}, "See your results"),
        ": your scores against the ruled ones, before and after the guideline, and a file to move your progress " +
          "to another machine.",
      ),
      StartOver(store),
    ),
    el(
      "section",
      {"class": "about", "aria-labelledby": "about"},
      el("h2", {id: "about"}, "About this guideline"),
      caseStudy ? CaseStudySections(caseStudy, links) : [],
      Coverage(site),
      el(
        "p",
        {class: "muted"},
        "Write or change the guideline? ",
        el("a", {href: "./authors"}, "Preview a rule change on every worked case"),
        ", and check a rubric criterion against its request.",
      ),
    ),
  );
}

// "Start over" asks first: the first press only opens the question, in the page, with keeping the answers as the
// default; nothing is deleted until the trainee confirms (lib/trainee/start-over.ts).
export function StartOver(store: ProgressStore): Live<StartOverState, StartOverAction> {
  return live<StartOverState, StartOverAction>(startOverStart, {
    update: startOverStep,
    view: ({asking, answers, erased}) =>
      el(
        "div",
        {class: "start-over"},
        el(
          "button",
          {"type": "button", "class": "button secondary", "aria-expanded": String(asking), "data-start-over": "ask"},
          "Start over…",
        ),
        el(
          "div",
          {"class": "start-over-question", "role": "group", "aria-label": "Start over", "hidden": !asking},
          el(
            "p",
            {},
            "This deletes ",
            el("span", {}, asking ? plural(answers, "answer") : ""),
            " saved in this browser, on every part and in the self-check, and any work not yet checked. It cannot be " +
              "undone.",
          ),
          el(
            "div",
            {class: "check-row"},
            el("button", {"type": "button", "class": "button secondary", "data-start-over": "keep"}, "Keep my answers"),
            el(
              "button",
              {"type": "button", "class": "button danger", "data-start-over": "erase"},
              "Delete every answer",
            ),
          ),
        ),
        el(
          "p",
          {"class": "muted", "role": "status", "aria-live": "polite"},
          erased ? "Every answer is deleted. You start afresh." : "",
        ),
      ),
    on: {
      click: (event) => {
        const kind = (event.target as Element).closest("[data-start-over]")?.getAttribute("data-start-over");
        if (kind === "ask") return {kind, answers: store.get().answers.length};
        return kind === "keep" || kind === "erase" ? {kind} : undefined;
      },
    },
    effects: (node, {after, action}) => {
      if (action.kind === "erase") {
        store.replace(emptyProgress());
        clearDrafts(pageStorage());
      }
      const to = after.asking ? '[data-start-over="keep"]' : action.kind === "ask" ? null : '[data-start-over="ask"]';
      if (to) node.querySelector<HTMLElement>(to)!.focus();
    },
  });
}
