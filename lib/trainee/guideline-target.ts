// The guideline page marks the part its address names (/guideline#rule-numbers, the link every ruling cites) and
// brings it into view: on the first paint, as the page is drawn after the browser's own jump, and on every link
// followed within the page.
import {fragmentId} from "../site/links.js";

export interface GuidelineTarget {
  /** The id the address names, or null for an address with no fragment. */
  id: string | null;
}

export type GuidelineTargetAction = {kind: "address"; hash: string};

/** Before the first paint nothing is marked: the page's first address is read once it is drawn. */
export const guidelineTargetStart: GuidelineTarget = {id: null};

/** The part an address names; the same state when it names the one marked already. */
export function guidelineTargetStep(state: GuidelineTarget, action: GuidelineTargetAction): GuidelineTarget {
  const id = fragmentId(action.hash) || null;
  return id === state.id ? state : {id};
}
