// Node-only: every data file the pages load, from one pass over guideline/ and data/. The site's one data loader
// (src/data.tar.js) writes them as a tar archive and Framework extracts each file a page asks for, so the authored
// files are read and checked once per build, in one process, where a loader per file read them again each time.
// A broken authored file stops every data file that needs it; the build fails on it, and `npm run dev` puts the
// problems in those files instead, for the pages to show.
import {caseEditorData} from "../authoring/case-editor-data.node.js";
import {cohortItem, ruleTitles} from "../agreement/cohort-item.js";
import {parameterDomains} from "../authoring/parameter-domains.node.js";
import {existsSync} from "node:fs";
import {join} from "node:path";
import {brokenData} from "../authored/broken-data.js";
import {checkGuideline} from "../authoring/check.node.js";
import type {Guideline} from "../authored/schemas/guideline.js";
import type {Item} from "../authored/schemas/item.js";
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
import {pageParts, partPageData, selfCheckPageData, sitePageData, type PagePart} from "./page-data.js";
import {checkProbes} from "../probes/check-probes.node.js";
import {checkJudges, type JudgesCheck} from "../judges/check.node.js";
import {judgesPageData} from "../judges/page-data.node.js";
import {defaultKeyVariable} from "../probes/request.js";
import {probeView} from "../probes/view.js";
import {AuthoredFileError, formatProblem, type Problem} from "../authored/problems.js";
import {caseProblemInWords} from "../authored/problem-words.js";
import {tar} from "../text/tar.js";
import {judgeScores} from "../judges/author-line.js";

// For the loader, which imports this module alone.
export {formatProblem};

/**
 * The item last parsed from each file, with the text it was parsed from and the logic it was held to: `npm run dev`
 * rebuilds every data file after each save, and parsing the items is most of that work, so only a file whose text
 * (or whose guideline's logic) changed is parsed again. Each rebuild reads the logic afresh, a new object: it is
 * compared by its content. The cache lives as long as this module: scripts/dev.ts imports a fresh copy when lib/
 * changes.
 */
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

/** Reads once, however many data files need it; what a broken file throws is thrown again on every call. */
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
  /** The training parts, introductions resolved against the current guideline, each knowing if its page exists. */
  parts: () => PagePart[];
  /** Every judge prompt and recorded run, checked as `judges:check` checks them (authors.json and judges.json). */
  judges: () => JudgesCheck;
}

/** The data files, by the name a page loads (./data/<name>), each built from what it needs. */
const dataFiles: Record<string, (authored: Authored, root: string) => unknown> = {
  // What every page needs: the parts, the current guideline, every item by id and title, the coverage table.
  "site.json": ({parts, items, guidelines}) => sitePageData(parts(), items(), guidelines()),
  // The items of each part for its pages, with each guideline version's ruling of them.
  "part-examples.json": ({items, guidelines}) => partPageData("examples", items(), guidelines()),
  // Edge case 11 rides with the edge cases, so that page loads one data file fewer before its first item.
  "part-edge-cases.json": ({items, guidelines}, root) => ({
    ...partPageData("edge-cases", items(), guidelines()),
    rubricWriter: loadRubricWriterIfAny(root),
  }),
  "part-calibration.json": ({items, guidelines}) => partPageData("calibration", items(), guidelines()),
  // The blind self-check: its pools with their pass rules, and every pool's items (the calibration cases and the
  // fresh ones), for the self-check page and the results page.
  "self-check.json": ({items, guidelines}, root) =>
    selfCheckPageData(loadCalibration(root, items()), items(), guidelines()),
  // The prose around the items: the case study's opening and close, edge case 11, the self-check's pools (the home
  // page offers the self-check).
  "content.json": ({items}, root) => ({
    caseStudy: loadCaseStudyIfAny(root),
    rubricWriter: loadRubricWriterIfAny(root),
    calibration: loadCalibration(root, items()),
  }),
  // The guideline versions before the current one (site.json holds the current one), for the guideline page.
  "guideline.json": ({guidelines}) => ({earlier: guidelines().slice(0, -1)}),
  // Every item with the engine's score and rubric row under the current guideline. An item whose ruled score the
  // engine does not reproduce stops it, and with it the build.
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
  // The authors' preview: every version and item (the page derives them), the parameters' domains as plain data
  // (the page cannot import the zod schema), where each item is scored (for its links), and the rubric-writer
  // check's words; and each recorded judge run's scores, for the author's question (only the runs that pass
  // judges:check: judges.json fails the build on the others, and names them).
  "authors.json": ({items, guidelines, parts, judges}, root) => ({
    versions: guidelines(),
    items: items(),
    itemPages: itemPages(parts(), items()),
    domains: parameterDomains(),
    rubricWriter: loadRubricWriterIfAny(root),
    judges: judges().runs.map((run) => judgeScores(run.file, run.data)),
  }),
  // Each version's two files as written, for "Save as a new version" on the authors' page: loaded when its dialog
  // saves, so the preview does not wait for them.
  "authors-sources.json": ({guidelines}, root) =>
    Object.fromEntries(guidelines().map(({version}) => [version, guidelineSources(version, root)])),
  // The case editor: the item and fact schemas as JSON Schema, every case file's text, the versions and domains.
  "authors-case.json": ({items, guidelines}, root) => caseEditorData(items(), guidelines(), root),
  // What the cohort page needs of each item: its id and title, the ruled score, the rules its checklist cites and the
  // case study's illustrative split (the figures compare the cohort's scores against these), and where each item is
  // scored (for its links); and each rule's title under the current guideline, so the page names rules by title.
  // Nothing else is shipped.
  "cohort.json": ({items, parts, guidelines}) => ({
    items: items().map(cohortItem),
    itemPages: itemPages(parts(), items()),
    ruleTitles: ruleTitles(guidelines().at(-1)!),
  }),
  // Everything `probes:check` checks, so a broken version, a tampered run or a run holding anything key-shaped
  // stops it with its file and field. The page gets versions, example scores and per-run scores, never the replies.
  "probes.json": (_authored, root) => {
    // With the user's key set, a run holding it in any form stops the build too (the key is never printed).
    const check = checkProbes(root, {apiKey: process.env[defaultKeyVariable]});
    if (check.problems.length > 0) throw new AuthoredFileError(check.problems);
    const runs = check.runs.map((run) => run.data);
    return {probes: check.probes.map((probe) => probeView(probe.probe, probe.versions, runs))};
  },
  // Everything `judges:check` checks, so a broken prompt, a tampered run or a run holding anything key-shaped (or the
  // user's key, when set) stops the build with its file and field. The page gets the checked runs and the rulings.
  "judges.json": ({items, guidelines, judges}) => {
    const check = judges();
    if (check.problems.length > 0) throw new AuthoredFileError(check.problems);
    return judgesPageData(check, items(), guidelines());
  },
};

export const dataFileNames = Object.keys(dataFiles);

export interface SiteData {
  /** Each data file by name: its data, or, when an authored file it needs is broken, BrokenData. */
  files: Map<string, unknown>;
  /** Every problem found, each once, in the order found; none means the site may ship. */
  problems: Problem[];
}

/** Builds every data file from the authored files under root (the content root: lib/node/content-root.ts). */
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
