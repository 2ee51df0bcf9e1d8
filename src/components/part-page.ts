// The frame of a part: its place in the walk, the case study's own introduction (as data), where the trainee
// stands (scored / total, kept current as they score), and the links to the previous and next part.
import type {ItemRef, PagePart} from "../lib/node/page-data.js";
import {partProgress, type Progress} from "../lib/trainee/progress.js";
import {el, fragment, type Live} from "./dom.js";
import {countWord} from "../lib/text/format.js";
import {openProgressStore, type ProgressStore} from "../lib/trainee/record-store.js";
import {Recorded} from "./recorded.js";

/**
 * "3 of 7 scored", with a meter, for a part the trainee scores in. A part that shows items without scoring them
 * (Part 2) counts the "before" scores it builds on; a part with no items shows nothing.
 */
export function PartProgress(
  {part, items}: {part: PagePart; items: readonly ItemRef[]},
  {store = openProgressStore()}: {store?: ProgressStore} = {},
): Live<Progress, Progress> | null {
  if (!part.items) return null;
  const counted = {items: part.items, phase: part.phase ?? ("vague" as const)};
  const noun = part.phase ? "scored" : "with your “before” score";
  return Recorded({
    store,
    view: (progress) => {
      const {scored, done, total} = partProgress(progress, items, counted);
      // An example whose ruling was read first has no "before" score to give: done, and said apart.
      const none = done > scored ? `; ${done - scored} with none to give` : "";
      return el(
        "span",
        {"class": "progress-meter", "aria-live": "polite"},
        el("meter", {"min": 0, "max": total, "value": done, "aria-hidden": "true"}),
        el("span", {}, `${scored} of ${total} ${noun}${none}`),
      );
    },
  });
}

/**
 * The case study's paragraphs in order, those it tells some cases' rulings in folded together where they stand, to
 * be read after `after`: the start page's sections ("the parts") and a part's opening ("this part").
 */
export function StudyParagraphs<P extends {text: string; tellsRulings?: true}>(
  paragraphs: readonly P[],
  {
    after = "the parts",
    node = (paragraph) => el("p", {}, paragraph.text),
  }: {
    after?: string;
    node?: (paragraph: P) => HTMLElement;
  } = {},
): DocumentFragment {
  const nodes: HTMLElement[] = [];
  let folded: HTMLElement[] = [];
  const fold = () => {
    if (!folded.length) return;
    const [what, tell] = folded.length === 1 ? ["paragraph", "tells"] : ["paragraphs", "tell"];
    const summary =
      `Show ${countWord(folded.length)} ${what} that ${tell} how some of the cases are ruled ` +
      `(best read after ${after})`;
    nodes.push(el("details", {class: "tells-rulings"}, el("summary", {}, summary), folded));
    folded = [];
  };
  for (const paragraph of paragraphs) {
    if (paragraph.tellsRulings) folded.push(node(paragraph));
    else {
      fold();
      nodes.push(node(paragraph));
    }
  }
  fold();
  return fragment(nodes);
}

/** The part's opening prose, from data/parts.yaml; Part 1's first paragraph is the vague line itself, set apart. */
export function PartIntro(part: Pick<PagePart, "paragraphs">): DocumentFragment | null {
  if (!part.paragraphs.length) return null;
  return StudyParagraphs(part.paragraphs, {
    after: "this part",
    node: (paragraph) =>
      paragraph.from === "vague"
        ? el("blockquote", {class: "vague-line"}, paragraph.text)
        : el("p", {}, paragraph.text),
  });
}

/** The part's heading, introduction and status. */
export function PartHeader(
  {part, items, total}: {part: PagePart; items: readonly ItemRef[]; total: number},
  {store = openProgressStore(), intro = true}: {store?: ProgressStore; intro?: boolean} = {},
): HTMLElement {
  return el(
    "header",
    {class: "part-header"},
    el("p", {class: "part-kicker"}, `Part ${part.number} of ${total}`),
    el("h1", {}, part.title),
    intro && part.paragraphs.length ? el("div", {class: "part-intro"}, PartIntro(part)) : null,
    el("div", {class: "part-status"}, PartProgress({part, items}, {store})),
  );
}
