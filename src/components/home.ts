// The start page: the case study's own opening, the six parts with the trainee's progress in each, where to go
// next, and the coverage table.
import type {CaseStudy} from "../lib/content.js";
import {partProgress, type Progress} from "../lib/trainee/progress.js";
import type {SitePageData} from "../lib/page-data.js";
import {el} from "./dom.js";
import {CoverageTable, PartsList} from "./guideline.js";
import {PartProgress} from "./part-page.js";
import {ProgressNotice} from "./progress-notice.js";
import {openProgressStore} from "./progress-store.js";
import {StartOver} from "./start-over.js";

function Section(section: CaseStudy["problem"], {id}: {id: string}): HTMLElement {
  return el(
    "section",
    {"class": "case-study", "aria-labelledby": id},
    el("h2", {id}, section.title),
    section.paragraphs.map((paragraph) =>
      el(
        "p",
        {"data-paragraph": paragraph.id ?? null, "class": paragraph.id ? `paragraph-${paragraph.id}` : null},
        paragraph.text,
      ),
    ),
  );
}

export function Home(
  {site, caseStudy}: {site: SitePageData; caseStudy: CaseStudy},
  store = openProgressStore(),
): HTMLElement {
  const next = el("p", {class: "continue"});
  const renderNext = (progress: Progress) => {
    const open = site.parts.find((part) => {
      if (!part.hasPage || !part.items || !part.phase) return false;
      const {scored, total} = partProgress(progress, site.itemRefs, {items: part.items, phase: part.phase});
      return scored < total;
    });
    const started = progress.answers.length > 0;
    next.replaceChildren(
      open
        ? el(
            "a",
            {class: "button", href: `.${open.path}`},
            `${started ? "Continue with" : "Start with"} Part ${open.number}. ${open.title} →`,
          )
        : el("a", {class: "button", href: "./self-check"}, "Every part is scored: take the calibration self-check →"),
    );
  };
  renderNext(store.get());
  store.subscribe(renderNext);
  return el(
    "div",
    {class: "home"},
    ProgressNotice(store.setAside),
    next,
    Section(caseStudy.problem, {id: "the-problem"}),
    Section(caseStudy.whatIDid, {id: "what-i-did"}),
    el(
      "section",
      {"aria-labelledby": "the-parts"},
      el("h2", {id: "the-parts"}, "The parts, in order"),
      PartsList(site.parts, {
        status: (part) =>
          PartProgress(
            site.parts.find((p) => p.id === part.id)!,
            {items: site.itemRefs, store},
          ),
      }),
      el(
        "p",
        {},
        "Already rate for a living? ",
        el("a", {href: "./self-check"}, "Check yourself blind on the calibration cases"),
        ": no feedback until the end, then a summary against a pass rule.",
      ),
      el(
        "p",
        {},
        "How are you doing? ",
        el("a", {href: "./results"}, "See your results"),
        ": your scores against the ruled ones, before and after the guideline, and a file to move your progress " +
          "to another machine.",
      ),
      el(
        "p",
        {},
        "Write or change the guideline? ",
        el("a", {href: "./authors"}, "Preview a rule change on every worked case"),
        ", and check a rubric criterion against its request.",
      ),
      StartOver(store),
    ),
    el(
      "section",
      {"aria-labelledby": "coverage"},
      el("h2", {id: "coverage"}, "Every score has a worked example"),
      el(
        "p",
        {},
        `Each of the ${site.itemRefs.length} cases is placed by the score the rule engine derives from its ` +
          "checklist, " +
          "and the build stops if any case gets a score other than its ruling, or more than one.",
      ),
      CoverageTable(site.coverage),
    ),
  );
}
