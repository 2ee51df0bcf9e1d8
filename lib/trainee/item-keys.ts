// What a key pressed inside an item does (issue 29, item 6): 1-5 (and N where "not applicable" is offered) choose a
// score and Enter checks, from anywhere in the item; Escape leaves a control the keys cannot pass through. Pure: the
// card names what kind of element has the focus and does what comes back.
//
// - A text field keeps every key but Escape: digits and Enter are its own (a line of the trainee's words), and
//   Escape leaves it, after which the keys work again.
// - A list (a line's verdict, how the response stands to the request) takes letters and arrows, never digits: a
//   digit chooses a score, Enter checks instead of opening the list, Escape leaves it. Its letters are its own, N
//   too: N picks "not met" there, as a list's type-ahead does, and chooses "not applicable" everywhere else.
// - A control Enter presses (a button, a link, a fold's summary) keeps Enter; digits and N choose a score.
import type {Score} from "../authored/schemas/verdict.js";
import {scoreForKey} from "./words.js";

/** The kind of element a key comes from: a text field, a list, a control Enter presses, or anything else. */
export type KeyTarget = "text" | "list" | "pressable" | "other";

export type ItemKeyAction = {kind: "score"; score: Score} | {kind: "check"} | {kind: "leave"} | null;

export interface ItemKeyContext {
  target: KeyTarget;
  /** Alt, Control or Meta held: the browser's or the system's shortcut, never the item's. */
  modified: boolean;
  /** "Not applicable" is offered (with the guideline): N chooses it. */
  notApplicable: boolean;
  /** Check can be pressed (not yet checked, or tried again). */
  checkable: boolean;
}

/** What `key` (a KeyboardEvent's key) does in the item; null: the element or the browser handles it as usual. */
export function itemKeyAction(
  key: string,
  {target, modified, notApplicable, checkable}: ItemKeyContext,
): ItemKeyAction {
  if (modified) return null;
  if (key === "Escape") return target === "text" || target === "list" ? {kind: "leave"} : null;
  if (target === "text") return null;
  const score = scoreForKey(key, {notApplicable: notApplicable && target !== "list"});
  if (score !== null) return {kind: "score", score};
  if (key === "Enter" && target !== "pressable" && checkable) return {kind: "check"};
  return null;
}
