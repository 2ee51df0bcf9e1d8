// Published reliability data the agreement tests check against, each with where it was published.

/**
 * Krippendorff, K. (2011). "Computing Krippendorff's Alpha-Reliability". Annenberg School for Communication,
 * University of Pennsylvania, departmental paper 43, section C ("Nominal data, any number of observers, missing
 * data"), and onward for the other metrics: 4 observers (rows) × 12 units, null where an observer did not code a
 * unit. The paper reports alpha nominal 0.743, ordinal 0.815, interval 0.849 and ratio 0.797. The same matrix is
 * irrCAC's `cac.raw4raters` (Gwet, Handbook of Inter-Rater Reliability, 4th ed., 2014, p. 120), with units as rows.
 */
export const krippendorff2011: (number | null)[][] = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
];

/**
 * The computational example of Wikipedia's "Krippendorff's alpha" article: 3 coders (rows) × 15 units. The
 * reference implementation fast-krippendorff (pln-fing-udelar/fast-krippendorff, `alpha` docstring and
 * tests/test_krippendorff.py) gives nominal 0.691358 and interval 0.810845.
 */
export const wikipediaAlpha: (number | null)[][] = [
  [null, null, null, null, null, 3, 4, 1, 2, 1, 1, 3, 3, null, 3],
  [1, null, 2, 1, 3, 3, 4, 3, null, null, null, null, null, null, null],
  [null, null, 2, 1, 3, 4, 4, null, 2, 1, 1, 3, 3, null, 4],
];

/**
 * Fleiss, J. L. (1971). "Measuring nominal scale agreement among many raters". Psychological Bulletin 76(5),
 * 378-382, Table 1: 30 patients, each diagnosed by 6 psychiatrists into 5 categories (1 depression, 2 personality
 * disorder, 3 schizophrenia, 4 neurosis, 5 other); the paper reports kappa = .430. As the R irr package ships it
 * (dataset `diagnoses`, one row per patient), where kappam.fleiss(diagnoses) gives 0.4302445 (quoted in
 * statsmodels' statsmodels/stats/tests/test_inter_rater.py, test_fleiss_kappa_irr).
 */
export const fleissDiagnoses: number[][] = [
  [4, 4, 4, 4, 4, 4],
  [2, 2, 2, 5, 5, 5],
  [2, 3, 3, 3, 3, 5],
  [5, 5, 5, 5, 5, 5],
  [2, 2, 2, 4, 4, 4],
  [1, 1, 3, 3, 3, 3],
  [3, 3, 3, 3, 5, 5],
  [1, 1, 3, 3, 3, 4],
  [1, 1, 4, 4, 4, 4],
  [5, 5, 5, 5, 5, 5],
  [1, 4, 4, 4, 4, 4],
  [1, 2, 4, 4, 4, 4],
  [2, 2, 2, 3, 3, 3],
  [1, 4, 4, 4, 4, 4],
  [2, 2, 4, 4, 4, 5],
  [3, 3, 3, 3, 3, 5],
  [1, 1, 1, 4, 5, 5],
  [1, 1, 1, 1, 1, 2],
  [2, 2, 4, 4, 4, 4],
  [1, 3, 3, 5, 5, 5],
  [5, 5, 5, 5, 5, 5],
  [2, 4, 4, 4, 4, 4],
  [2, 2, 4, 5, 5, 5],
  [1, 1, 4, 4, 4, 4],
  [1, 4, 4, 4, 4, 5],
  [2, 2, 2, 2, 2, 4],
  [1, 1, 1, 1, 5, 5],
  [2, 2, 4, 4, 4, 4],
  [1, 3, 3, 3, 3, 3],
  [5, 5, 5, 5, 5, 5],
];

/**
 * The worked example of Wikipedia's "Fleiss' kappa" article: 10 subjects, 14 raters each, 5 categories, given as
 * counts (how many raters put each subject in each category). The article computes P̄ = 0.378, P̄e = 0.213 and
 * kappa = 0.210; statsmodels' test_fleiss_kappa checks the same.
 */
export const wikipediaFleiss: number[][] = [
  [0, 0, 0, 0, 14],
  [0, 2, 6, 4, 2],
  [0, 0, 3, 5, 6],
  [0, 3, 9, 2, 0],
  [2, 2, 8, 1, 1],
  [7, 7, 0, 0, 0],
  [3, 2, 6, 3, 0],
  [2, 5, 3, 2, 2],
  [6, 5, 2, 1, 0],
  [0, 2, 2, 3, 7],
];

/**
 * Gwet (2014), Handbook of Inter-Rater Reliability, 4th ed.: 5 observers scoring 15 units on a 0-3 scale, with
 * missing ratings (irrCAC's `cac.raw5obser`; the Python irrCAC port's `raw_5observers`), one row per unit. The irrCAC
 * port's tests (afergadis/irrCAC, test/unit/irrCAC/raw/test_gwet.py and test_fleiss.py) give AC1 0.497 (pa 0.616,
 * pe 0.236) and Fleiss' kappa 0.458 (pe 0.291).
 */
export const gwetFiveObservers: (number | null)[][] = [
  [1, 1, 2, null, 2],
  [1, 1, 0, 1, null],
  [2, 3, 3, 3, null],
  [null, 0, 0, null, 0],
  [0, 0, 0, null, 0],
  [0, 0, 0, null, 0],
  [1, 0, 2, null, 1],
  [1, null, 2, 0, null],
  [2, 2, 2, null, 2],
  [2, 1, 1, 1, null],
  [null, 1, 0, 0, null],
  [0, 0, 0, 0, null],
  [1, 2, 2, 2, null],
  [3, 3, 2, 2, 3],
  [1, 1, 1, null, 1],
];

/**
 * The R irr package's `anxiety` data (20 subjects, 3 raters, anxiety rated 1-6), as statsmodels transcribes it in
 * statsmodels/stats/tests/test_inter_rater.py (test_cohens_kappa_irr), which quotes irr's kappa2 output for raters 2
 * and 3: unweighted -0.006289308, weights "equal" 0.1459075, weights "squared" 0.2520325. Neither rater used 5, so
 * irr's categories are 1, 2, 3, 4, 6, weighted by position.
 */
export const anxiety = {
  rater1: [3, 3, 3, 4, 5, 5, 2, 3, 5, 2, 2, 6, 1, 5, 2, 2, 1, 2, 4, 3],
  rater2: [3, 6, 4, 6, 2, 4, 2, 4, 3, 3, 2, 3, 3, 3, 2, 2, 1, 3, 3, 4],
  rater3: [2, 1, 4, 4, 3, 2, 1, 6, 1, 1, 1, 2, 3, 3, 1, 1, 3, 3, 2, 2],
};

/**
 * A 3 × 3 contingency table from the SAS documentation's kappa example, as statsmodels checks it against SAS's
 * printout (statsmodels/stats/tests/test_inter_rater.py, UnweightedCohens and TestWeightedCohens): simple kappa
 * 0.4842, weighted kappa (Cicchetti-Allison, i.e. linear, weights) 0.4701.
 */
export const sasTable = [
  [0, 4, 1],
  [0, 8, 0],
  [0, 1, 5],
];
