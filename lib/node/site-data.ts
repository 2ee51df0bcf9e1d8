// Node-only: every data file the pages load, from one pass over guideline/ and data/ (src/data.tar.js writes them as
// a tar archive), so authored files are read once per build. `npm run dev` puts a broken file's problems in the data.
import {caseEditorData} from "../authoring/case-editor-data.node.js";
import {cohortItem, ruleTitles} from "../agreement/cohort-item.js";
import {parameterDomains} from "../authoring/parameter-domains.node.js";
import {existsSync} from "node:fs";
import {join} from "node:path";
import {brokenData} from "../authored/broken-data.js";
import {checkGuideline} from "../authoring/check.node.js";
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Item} from "../authored/schemas/item.js";
import type {CalibrationCheck, CaseStudy, ShownCaseStudy} from "../authored/schemas/content.js";
import type {GuidelineLogic} from "../authored/schemas/logic.js";
import {itemPages} from "../site/links.js";
import {parseItemFile} from "../authored/item-file.js";
import {
  guidelineSources,
  loadCalibration,
  loadCaseStudyIfAny,
  loadGuidelines,
  loadItems,
  loadParts,
  loadRubricWriterIfAny,
  projectRoot,
} from "./load.js";
import {
  calibrationPartData,
  pageParts,
  partPageData,
  selfCheckPageData,
  sitePageData,
  type PagePart,
} from "./page-data.js";
import {checkProbes} from "../probes/check-probes.node.js";
import {checkJudges, type JudgesCheck} from "../judges/check.node.js";
import {judgesPageData} from "../judges/page-data.node.js";
import {defaultKeyVariable} from "../probes/request.js";
import {probeView} from "../probes/view.js";
import {AuthoredFileError, formatProblem, type Problem} from "../authored/problems.js";
import {caseProblemInWords} from "../authored/problem-words.js";
import {tar} from "../text/tar.js";
import {judgeScores} from "../judges/author-line.js";

// The loader imports this module alone.
export {formatProblem};

/** `npm run dev` rebuilds every data file after each save, and parsing items is most of that work: a file is parsed
 *  again only when its text or its guideline's logic (compared by content) changed. scripts/dev.ts imports a fresh
 *  copy of this module when lib/ changes. */
const parsedItems = new Map<string, {source: string; logic: string; item: Item}>();
const logicKeys = new WeakMap<GuidelineLogic, string>();
function logicKey(logic: GuidelineLogic | undefined): string {
  if (!logic) return "";
  let key = logicKeys.get(logic);
  if (key === undefined) logicKeys.set(logic, (key = JSON.stringify(logic)));
  return key;
}
function parseItemOnce(source: string, file: string, logic?: GuidelineLogic): Item {
  let parsed = parsedItems.get(file);
  const held = logicKey(logic);
  if (parsed?.source !== source || parsed.logic !== held) {
    parsed = {source, logic: held, item: parseItemFile(source, file, logic)};
    parsedItems.set(file, parsed);
  }
  // A copy: nothing a data file does to its items can reach the next build.
  return structuredClone(parsed.item);
}

/** What a broken file throws is thrown again on every call. */
function once<T>(read: () => T): () => T {
  let result: {value: T} | {error: unknown} | undefined;
  return () => {
    if (result === undefined) {
      try {
        result = {value: read()};
      } catch (error) {
        result = {error};
      }
    }
    if ("error" in result) throw result.error;
    return result.value;
  };
}

interface Authored {
  items: () => Item[];
  guidelines: () => Guideline[];
  /** data/calibration.yaml, checked against the items: the self-check's pools, which three data files carry. */
  calibration: () => CalibrationCheck;
  parts: () => PagePart[];
  /** Checked as `judges:check` checks them. */
  judges: () => JudgesCheck;
}

/** The case study as the home page shows it. */
function withoutCases(caseStudy: CaseStudy | null): ShownCaseStudy | null {
  if (!caseStudy) return null;
  const {cases: _cases, ...shown} = caseStudy;
  return shown;
}

const dataFiles: Record<string, (authored: Authored, root: string) => unknown> = {
  "site.json": ({parts, items, guidelines}) => sitePageData(parts(), items(), guidelines()),
  "part-examples.json": ({items, guidelines}) => partPageData("examples", items(), guidelines()),
  // Edge case 11 rides with the edge cases: that page loads one data file fewer before its first item.
  "part-edge-cases.json": ({items, guidelines}, root) => ({
    ...partPageData("edge-cases", items(), guidelines()),
    rubricWriter: loadRubricWriterIfAny(root),
  }),
  // With the self-check's pools: the part's lead and last card offer the run they leave the trainee.
  "part-calibration.json": ({items, guidelines, calibration}) =>
    calibrationPartData(calibration(), items(), guidelines()),
  "self-check.json": ({items, guidelines, calibration}) => selfCheckPageData(calibration(), items(), guidelines()),
  "content.json": ({calibration}, root) => ({
    caseStudy: withoutCases(loadCaseStudyIfAny(root)),
    rubricWriter: loadRubricWriterIfAny(root),
    calibration: calibration(),
  }),
  "guideline.json": ({guidelines}) => ({earlier: guidelines().slice(0, -1)}),
  // An item whose ruled score the engine does not reproduce stops the build.
  "items.json": ({items, guidelines}) => {
    const report = checkGuideline(guidelines().at(-1)!, items());
    if (report.problems.length) throw new AuthoredFileError(report.problems);
    return {
      version: report.version,
      items: items(),
      derivedScores: Object.fromEntries(report.results.map((result) => [result.id, result.derivedScore])),
      rubricRows: Object.fromEntries(report.results.map((result) => [result.id, result.rubricRow])),
    };
  },
  // Parameters' domains as plain data (the page cannot import the zod schema); only the judge runs that pass
  // judges:check (judges.json fails the build on the others).
  "authors.json": ({items, guidelines, parts, judges}, root) => ({
    versions: guidelines(),
    items: items(),
    itemPages: itemPages(parts(), items()),
    domains: parameterDomains(),
    rubricWriter: loadRubricWriterIfAny(root),
    judges: judges().runs.map((run) => judgeScores(run.file, run.data)),
  }),
  // Loaded when "Save as a new version" saves, so the preview does not wait for them.
  "authors-sources.json": ({guidelines}, root) =>
    Object.fromEntries(guidelines().map(({version}) => [version, guidelineSources(version, root)])),
  "authors-case.json": ({items, guidelines}, root) => caseEditorData(items(), guidelines(), root),
  // Only what the cohort page needs: the figures compare the cohort's scores with the ruled score and the case
  // study's illustrative split.
  "cohort.json": ({items, parts, guidelines}) => ({
    items: items().map(cohortItem),
    itemPages: itemPages(parts(), items()),
    ruleTitles: ruleTitles(guidelines().at(-1)!),
  }),
  // A broken version, a tampered run or one holding anything key-shaped stops the build with its file and field.
  // The page gets versions, example scores and per-run scores, never the replies.
  "probes.json": ({guidelines}, root) => {
    // With the user's key set, a run holding it in any form stops the build too (the key is never printed).
    const check = checkProbes(root, {apiKey: process.env[defaultKeyVariable]});
    if (check.problems.length > 0) throw new AuthoredFileError(check.problems);
    const runs = check.runs.map((run) => run.data);
    const titles = ruleTitles(guidelines().at(-1)!);
    return {probes: check.probes.map((probe) => probeView(probe.probe, probe.versions, runs, titles))};
  },
  // A tampered run or one holding anything key-shaped stops the build with its file and field.
  "judges.json": ({items, guidelines, judges}) => {
    const check = judges();
    if (check.problems.length > 0) throw new AuthoredFileError(check.problems);
    return judgesPageData(check, items(), guidelines());
  },
};

export const dataFileNames = Object.keys(dataFiles);

export interface SiteData {
  files: Map<string, unknown>;
  /** None means the site may ship. */
  problems: Problem[];
}

export function siteData(root = projectRoot): SiteData {
  const guidelines = once(() => loadGuidelines(root));
  const authored: Authored = {
    items: once(() => loadItems(root, undefined, parseItemOnce)),
    guidelines,
    parts: once(() =>
      // The pages are this project's, whatever the content root.
      pageParts(loadParts(root), authored.items(), guidelines().at(-1)!, (path) =>
        existsSync(join(projectRoot, "src", `${path}.md`)),
      ),
    ),
    calibration: once(() => loadCalibration(root, authored.items())),
    // With the user's key set, a run holding it in any form stops the build too (the key is never printed).
    judges: once(() => checkJudges(root, {apiKey: process.env[defaultKeyVariable], items: authored.items()})),
  };
  const files = new Map<string, unknown>();
  const problems = new Map<string, Problem>();
  for (const [name, build] of Object.entries(dataFiles)) {
    try {
      files.set(name, build(authored, root));
    } catch (error) {
      if (!(error instanceof AuthoredFileError)) throw error;
      // A case file's problems in an author's words, as guideline:check says them.
      const found = error.problems.map(caseProblemInWords);
      files.set(name, brokenData(found));
      // A broken item file stops most data files: report it once.
      for (const problem of found) problems.set(formatProblem(problem), problem);
    }
  }
  return {files, problems: [...problems.values()]};
}

/**
 * What the data loader writes: the archive of every data file as JSON, or, when an authored file is broken, no
 * archive and the problems; with brokenAsData (`npm run dev`), the archive even then, broken files holding their
 * problems.
 */
export function dataArchive(
  root = projectRoot,
  {brokenAsData = false} = {},
): {archive: Uint8Array | null; problems: Problem[]} {
  const {files, problems} = siteData(root);
  if (problems.length > 0 && !brokenAsData) return {archive: null, problems};
  const archive = tar([...files].map(([name, data]) => ({name, content: JSON.stringify(data)})));
  return {archive, problems};
}
