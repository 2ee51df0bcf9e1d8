// The prose and tables around the items, validated: the case study's opening and close, the rubric-writer check
// (edge case 11) and the calibration self-check's pass rule.
import {emitJson, loadCalibration, loadCaseStudy, loadRubricWriter} from "../../lib/load.js";

emitJson(() => ({caseStudy: loadCaseStudy(), rubricWriter: loadRubricWriter(), calibration: loadCalibration()}));
