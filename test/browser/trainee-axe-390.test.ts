// axe-core on every trainee page at 390 px, light and dark, before and after Check; screenshots of each state.
import {axeSuite} from "./trainee-axe.js";

axeSuite(390);
