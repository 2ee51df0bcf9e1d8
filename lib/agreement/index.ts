// Agreement statistics, browser-safe: reliability data, Krippendorff's alpha, Cohen's, Fleiss' and Gwet's
// coefficients, simple agreement, a seeded bootstrap, and the cohort report with its readers and CSV export.
export * from "./figure.js";
export * from "./data.js";
export * from "./weights.js";
export * from "./krippendorff.js";
export * from "./multi-rater.js";
export * from "./cohen.js";
export * from "./random.js";
export * from "./bootstrap.js";
export * from "./csv.js";
export * from "./ratings.js";
export * from "./rating-columns.js";
export * from "./ratings-csv.js";
export * from "./ratings-progress.js";
export * from "./cohort.js";
export * from "./report-format.js";
export * from "./packed-report.js";
