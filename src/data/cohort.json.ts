// What the cohort page needs of each item: its id and title, the ruled score, the rules its checklist cites and the
// seed's illustrative split (the figures compare the cohort's scores against these). Nothing else is shipped.
import type {CohortItem} from "../../lib/agreement/cohort.js";
import {emitJson, loadItems} from "../../lib/load.js";

emitJson(() => ({
  items: loadItems().map(
    (item): CohortItem => ({
      id: item.id,
      title: item.title,
      score: item.score,
      checklist: item.checklist.map((line) => ({rule: line.rule})),
      ...(item.split ? {split: item.split.map((entry) => ({score: entry.score}))} : {}),
    }),
  ),
}));
