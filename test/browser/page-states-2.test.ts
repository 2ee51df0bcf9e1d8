// The page states of page-states.ts in share 2 of 2 (its walks split between two files by cost, so the two finish
// together): axe-core, the measured layout and a screenshot of each at 390 and 1440 px, light and dark.
import {checkStates} from "./page-states.js";

checkStates(2);
