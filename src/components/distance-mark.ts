// A distance's mark (✓ ≈ ✗) in its colour, wherever a score is compared with the ruled one: the ruling, the strip of
// a part's items, the results. Hidden from screen readers: the words beside it say it.
import {distanceMarks, type ScoreComparison} from "../lib/trainee/score-distance.js";
import {el} from "./dom.js";

export const DistanceMark = (distance: ScoreComparison["distance"]): HTMLElement =>
  el("span", {"class": `distance-mark distance-${distance}`, "aria-hidden": "true"}, distanceMarks[distance]);
