// Part 3, a reading part: the guideline, each rule with the anchor feedback links to, and the earlier versions.
// It loads no scoring code: nothing here is scored.
import type {Guideline} from "../lib/authored/schemas/guideline.js";
import {el, titled, live, type Live} from "./dom.js";
import {ordinalWord} from "../lib/text/format.js";
import {GuidelineView} from "./guideline.js";
import {partContext, type TraineeData} from "../lib/trainee/part-context.js";
import {PartPage} from "./part-frame.js";
import {openProgressStore} from "../lib/trainee/record-store.js";
import {
  guidelineTargetStart,
  guidelineTargetStep,
  type GuidelineTarget,
  type GuidelineTargetAction,
} from "../lib/trainee/guideline-target.js";

/** Part 3: the guideline, each rule with an anchor the feedback links to; then the earlier versions, folded. */
export function GuidelinePart(data: TraineeData, {store = openProgressStore()} = {}): HTMLElement {
  const ctx = partContext(data, "guideline", store);
  const earlier = data.earlier ?? [];
  return PartPage(ctx, {
    body: [
      CurrentVersion(ctx.guideline),
      earlier.length ? EarlierVersions(earlier) : null,
      el(
        "p",
        {class: "version-note"},
        // In words, as the earlier versions are named ("The first version, before the fixes"): never its number.
        "The current guideline, after the fixes: ",
        ctx.guideline.summary,
      ),
    ],
  });
}

/** The current version, the part its address names marked and brought into view. */
function CurrentVersion(guideline: Guideline): Live<GuidelineTarget, GuidelineTargetAction> {
  const node = live<GuidelineTarget, GuidelineTargetAction>(guidelineTargetStart, {
    update: guidelineTargetStep,
    // The version's summary is its history (what it added), so it is the version note's, not the part's opening.
    view: ({id}) => GuidelineView(guideline, {summary: false, target: id}),
    // A part of an earlier version is brought into view too: its anchor is on the same page.
    effects: (_shown, {after}) => {
      if (after.id) document.getElementById(after.id)?.scrollIntoView({block: "center"});
    },
  });
  const follow = () => node.dispatch({kind: "address", hash: location.hash});
  // The page is drawn after the browser has looked for the address's part (/guideline#rule-numbers, the link every
  // ruling cites): it is marked once the page is drawn, and again on every link followed within the page.
  requestAnimationFrame(follow);
  addEventListener("hashchange", follow);
  return node;
}

/** The versions before the current one, each folded, its ids prefixed so no anchor repeats the current one's. */
function EarlierVersions(versions: readonly Guideline[]): HTMLElement {
  return titled(
    "section",
    {class: "earlier-versions"},
    {titleId: "earlier-versions-title", title: "Earlier versions"},
    el(
      "p",
      {},
      "The guideline before the fixes the case study describes. Where the case study does not give its words, " +
        "they are marked reconstructed, with the reason.",
    ),
    versions.map((guideline, index) =>
      el(
        "details",
        {id: `guideline-${guideline.version}`},
        el(
          "summary",
          {},
          // Its notes name cases of Parts 4 to 6 and how they went: said before a trainee opens it, as the home
          // page says of its table of scores.
          index === 0
            ? "The first version, before the fixes (its notes give some rulings away)"
            : `A later draft, the ${ordinalWord(index + 1)} version`,
        ),
        GuidelineView(guideline, {
          headingLevel: 3,
          idPrefix: `${guideline.version}-`,
          className: "guideline-earlier",
          rubricClassName: "rubric-earlier",
        }),
      ),
    ),
  );
}
