// axe-core on every trainee page at 1440 px, light and dark, before and after Check; screenshots of each state.
import {axeSuite} from "./trainee-axe.js";

axeSuite(1440);
