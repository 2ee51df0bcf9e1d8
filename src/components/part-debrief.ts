// The debrief at the end of a scored part, before the card to the next part, and on the self-check's summary: "5 of 7
// exact · review Example 1 and Example 5", each case linked, and the rule misapplied most often. Decided in
// lib/trainee/debrief.ts; the walk's figures (the engine's trace among them) load once the part's end is shown.
import type {Guideline} from "../lib/authored/schemas/guideline.js";
import type {Item} from "../lib/authored/schemas/item.js";
import {itemLabel, type NumberedItem} from "../lib/site/links.js";
import {
  debriefOf,
  debriefRuleWords,
  debriefTally,
  debriefUpdate,
  type DebriefAction,
  type DebriefInput,
  type DebriefShown,
} from "../lib/trainee/debrief.js";
import type {ProgressStore} from "../lib/trainee/record-store.js";
import {afterPaint} from "../lib/site/schedule.js";
import {lazyCode} from "../lib/site/lazy-code.js";
import {el, live, type Live} from "./dom.js";
import {RuleRef} from "./rule-ref.js";
import type * as ResultsModule from "../lib/trainee/results.js";
import type * as DecidingRulesModule from "../lib/trainee/derived-deciding-rules.js";

export interface DebriefData {
  input: DebriefInput;
  guideline: Pick<Guideline, "rules">;
  /** Each case's set (for its label) and where its link goes. */
  itemsById: ReadonlyMap<string, NumberedItem>;
  hrefOf: (id: string) => string;
}

/** The debrief, or nothing before the first answer. */
export function Debrief({input, guideline, itemsById, hrefOf}: DebriefData): HTMLElement | null {
  const debrief = debriefOf(input);
  if (!debrief) return null;
  const label = (id: string) => itemLabel(itemsById.get(id)!);
  const links = debrief.review.map((id, index) => [
    index === 0 ? "" : index === debrief.review.length - 1 ? " and " : ", ",
    el("a", {href: hrefOf(id)}, label(id)),
  ]);
  const rule = debrief.rule ? guideline.rules.find((candidate) => candidate.id === debrief.rule!.id) : undefined;
  return el(
    "section",
    {"class": "debrief", "aria-label": "Debrief"},
    el("p", {class: "debrief-tally"}, el("strong", {}, debriefTally(debrief)), links),
    debrief.rule && rule
      ? el(
          "p",
          {class: "debrief-rule"},
          debriefRuleWords(debrief.rule),
          RuleRef({id: debrief.rule.id, title: rule.title, sentence: ""}, {quote: false}),
          ".",
        )
      : null,
  );
}

type Figures = [typeof ResultsModule, typeof DecidingRulesModule];
const figureCode = lazyCode<Figures>(() =>
  Promise.all([import("../lib/trainee/results.js"), import("../lib/trainee/derived-deciding-rules.js")]),
);

/**
 * A scored part's debrief over its items' first answers in the walk, drawn from the saved record once the results'
 * code is in; a new answer's debrief after the frame that paints its ruling (the ruling comes first).
 */
export function PartDebrief({
  items,
  guideline,
  store,
  hrefOf,
}: {
  items: readonly Item[];
  guideline: Guideline;
  store: ProgressStore;
  hrefOf: (id: string) => string;
}): Live<DebriefShown, DebriefAction> {
  const itemsById = new Map(items.map((item) => [item.id, item]));
  const view = ({progress, loaded}: DebriefShown): HTMLElement => {
    const figures = loaded ? figureCode.value : null;
    const group = figures
      ? figures[0].resultGroup(progress, items, "walk", figures[1].derivedDecidingRules(guideline))
      : null;
    return el("div", {class: "debrief-host"}, group ? Debrief({input: group, guideline, itemsById, hrefOf}) : null);
  };
  const node = live<DebriefShown, DebriefAction>(
    {progress: store.get(), loaded: figureCode.value !== null},
    {
      update: debriefUpdate,
      view,
    },
  );
  // Not loaded (a file not fetched): the debrief waits for the next record, which asks again.
  const load = () =>
    void figureCode.load().then(
      () => node.dispatch({kind: "loaded"}),
      () => undefined,
    );
  if (!figureCode.value) load();
  store.subscribe((progress) =>
    afterPaint(() => {
      if (!figureCode.value) load();
      node.dispatch({kind: "record", progress});
    }),
  );
  return node;
}
