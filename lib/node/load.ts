// Node-only: reads guideline/ and data/items/ from disk; pages never import this.
import {notInPoolWords} from "../authored/pool-words.js";
import {existsSync, readdirSync} from "node:fs";
import {join, relative} from "node:path";
import type {z} from "zod";
import {checkAuthoredText} from "../authored/limits.js";
import {CalibrationCheck, CaseStudy, RubricWriter} from "../authored/schemas/content.js";
import {declaredGuidelineFile, GuidelineFile, type Guideline} from "../authored/schemas/guideline.js";
import {GuidelineLogic} from "../authored/schemas/logic.js";
import {parameterValues} from "../engine/logic.js";
import type {Item} from "../authored/schemas/item.js";
import {parseItemFile} from "../authored/item-file.js";
import {parseYamlData} from "../authored/item-text.js";
import {TrainingParts, type TrainingPart} from "../authored/schemas/parts.js";
import {AuthoredFileError, fieldPath, problemsFromZod, type Problem} from "../authored/problems.js";
import {caseStudyOriginProblems, glossFromProblems} from "../authored/item-checks.js";
import {readAuthoredFile} from "./read-file.js";
import {quoteText} from "../text/quote-text.js";
import {checkLogic, versionLogicInput, type VersionTexts} from "../authoring/logic-check.js";

export const projectRoot = join(import.meta.dirname, "../..");

const display = (root: string, file: string): string => relative(root, file) || file;

export function guidelineVersions(root = projectRoot): string[] {
  return readdirSync(join(root, "guideline"), {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && /^v[0-9]+$/.test(entry.name))
    .map((entry) => entry.name)
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
}

export function parseYamlFile<T>(source: string, file: string, schema: z.ZodType<T>): T {
  checkAuthoredText(source, file, "yaml");
  const input = parseYamlData(source, file);
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AuthoredFileError(problemsFromZod(file, parsed.error, input));
  return parsed.data;
}

export const parseGuidelineFile = (source: string, file: string, logic?: GuidelineLogic): GuidelineFile =>
  parseYamlFile(source, file, logic ? declaredGuidelineFile(logic) : GuidelineFile);

export const parseLogicFile = (source: string, file: string): GuidelineLogic =>
  parseYamlFile(source, file, GuidelineLogic);

const loadYaml = <T>(root: string, path: string, schema: z.ZodType<T>): T => {
  const file = join(root, path);
  return parseYamlFile(readAuthoredFile(file, display(root, file), "yaml"), display(root, file), schema);
};

export const loadParts = (root = projectRoot): TrainingPart[] => loadYaml(root, "data/parts.yaml", TrainingParts);

export const loadCaseStudy = (root = projectRoot): CaseStudy => loadYaml(root, "data/case-study.yaml", CaseStudy);

export const loadRubricWriter = (root = projectRoot): RubricWriter =>
  loadYaml(root, "data/rubric-writer.yaml", RubricWriter);

/** A case study file another content root may leave out (its pages then have nothing to show). */
const ifPresent =
  <T>(path: string, load: (root: string) => T) =>
  (root = projectRoot): T | null =>
    existsSync(join(root, path)) ? load(root) : null;

export const loadCaseStudyIfAny = ifPresent("data/case-study.yaml", loadCaseStudy);

export const loadRubricWriterIfAny = ifPresent("data/rubric-writer.yaml", loadRubricWriter);

/** Each pool's items must be of the pool's set, and every item of a set that pools run over in one of them. */
export function loadCalibration(root = projectRoot, items: readonly Item[] = loadItems(root)): CalibrationCheck {
  const path = "data/calibration.yaml";
  const check = loadYaml(root, path, CalibrationCheck);
  const problems: Problem[] = [];
  check.pools.forEach((pool, at) =>
    pool.items.forEach((id, index) => {
      const item = items.find((candidate) => candidate.id === id);
      if (!item || item.set !== pool.set)
        problems.push({
          file: path,
          field: `pools[${at}].items[${index}]`,
          message: item
            ? `${quoteText(id)} is in set ${item.set}: pool ${pool.id} runs over set ${pool.set}`
            : `no item with id ${quoteText(id)}`,
        });
    }),
  );
  // A case in a set that pools run over but in none of them would show on no page (a fresh case is scored only in
  // the self-check), while /authors links it to one.
  for (const item of items) {
    const ofSet = check.pools.flatMap((pool, at) => (pool.set === item.set ? [{pool, at}] : []));
    if (!ofSet.length || ofSet.some(({pool}) => pool.items.includes(item.id))) continue;
    problems.push({
      file: path,
      field: `pools[${ofSet[0]!.at}].items`,
      message: notInPoolWords(
        item.id,
        item.set,
        ofSet.map(({pool}) => pool),
      ),
    });
  }
  if (problems.length) throw new AuthoredFileError(problems);
  return check;
}

/** Its logic not yet checked: guideline:check checks it itself, to report every completeness problem. */
export function readGuideline(version: string, root = projectRoot): Guideline {
  const file = join(root, "guideline", version, "guideline.yaml");
  const name = display(root, file);
  const source = readAuthoredFile(file, name, "yaml");
  const text = parseGuidelineFile(source, name);
  const problems: Problem[] = [];
  if (text.version !== version)
    problems.push({
      file: name,
      field: "version",
      message: `"${text.version}" does not match its folder: set version: ${version}`,
    });
  // The version it was written from: one before it, there to compare with (a copied folder kept its source's).
  const earlier = guidelineVersions(root).filter((each) => Number(each.slice(1)) < Number(version.slice(1)));
  if (text.replaces !== undefined && !earlier.includes(text.replaces))
    problems.push({
      file: name,
      field: "replaces",
      message:
        `"${text.replaces}" is not a version before ${version} under guideline/: ` +
        (earlier.length
          ? `set replaces: to the one it was written from (${earlier.join(", ")})`
          : "remove it: no version comes before this one"),
    });
  if (problems.length) throw new AuthoredFileError(problems);
  const logicFile = join(root, "guideline", version, "logic.yaml");
  const logicName = display(root, logicFile);
  const logic = parseLogicFile(readAuthoredFile(logicFile, logicName, "yaml"), logicName);
  // The parameters' values are the logic's, the one place they are written.
  return {
    ...parseGuidelineFile(source, name, logic),
    parameters: parameterValues(logic),
    logic,
  };
}

const textsIn = (list: unknown): {id: string; text: string}[] =>
  Array.isArray(list)
    ? list.flatMap((entry: {id?: unknown; text?: unknown} | null) =>
        typeof entry?.id === "string" && typeof entry.text === "string" ? [{id: entry.id, text: entry.text}] : [],
      )
    : [];

/** Read as the YAML holds them, so a version broken elsewhere still lends its texts; unreadable is null. */
function otherVersionTexts(version: string, root: string): (VersionTexts | null)[] {
  return guidelineVersions(root)
    .filter((other) => other !== version)
    .flatMap((other) => {
      const file = join(root, "guideline", other, "guideline.yaml");
      try {
        const source = readAuthoredFile(file, display(root, file), "yaml");
        checkAuthoredText(source, display(root, file), "yaml");
        const data = parseYamlData(source, display(root, file)) as {rules?: unknown; unwrittenRules?: unknown} | null;
        return [{version: other, rules: textsIn(data?.rules), unwrittenRules: textsIn(data?.unwrittenRules)}];
      } catch (error) {
        if (error instanceof AuthoredFileError) return [null];
        throw error;
      }
    });
}

/** Its logic checked as guideline:check checks it (lib/authoring/logic-check.ts), so a broken condition or sentence is
 *  an AuthoredFileError naming file, rule, field and fix, never a stack trace from the engine. */
export function loadGuideline(version: string, root = projectRoot): Guideline {
  const guideline = readGuideline(version, root);
  const others = otherVersionTexts(version, root);
  const read = others.filter((other) => other !== null);
  const {problems} = checkLogic(versionLogicInput(guideline, read, read.length < others.length));
  if (problems.length) throw new AuthoredFileError(problems);
  return guideline;
}

export const currentLogic = (root = projectRoot): GuidelineLogic => {
  const versions = guidelineVersions(root);
  return loadGuideline(versions[versions.length - 1]!, root).logic;
};

/** What `load` reads, or undefined where its file is broken: that is reported where the file is read. */
function ifReadable<T>(load: () => T): T | undefined {
  try {
    return load();
  } catch (error) {
    if (error instanceof AuthoredFileError) return undefined;
    throw error;
  }
}

export function loadGuidelines(root = projectRoot): Guideline[] {
  return guidelineVersions(root).map((version) => loadGuideline(version, root));
}

const setOrder: Record<Item["set"], number> = {
  "examples": 0,
  "edge-cases": 1,
  "calibration": 2,
  "fresh-calibration": 3,
};

export const bySetThenOrder = (a: Item, b: Item): number => setOrder[a.set] - setOrder[b.set] || a.order - b.order;

/** Collects every broken file's problems before failing, so one run shows them all. `parse` is swapped by callers
 *  that keep parsed items (lib/node/site-data.ts in `npm run dev`). `folder`, when given, is read in place of the
 *  root's own cases (a test's fixtures): the case study's list of cases is not held to it. */
export function loadItems(
  root = projectRoot,
  folder?: string,
  parse: (source: string, file: string, logic?: GuidelineLogic) => Item = parseItemFile,
): Item[] {
  const own = folder === undefined;
  const dir = folder ?? join(root, "data", "items");
  // A broken guideline is reported where it is read (loadGuideline): the items are then held to their own shape only.
  const logic = ifReadable(() => currentLogic(root));
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .sort();
  const problems: Problem[] = [];
  const items: Item[] = [];
  const fileOf = new Map<string, string>();
  for (const name of files) {
    const file = join(dir, name);
    try {
      const item = parse(readAuthoredFile(file, display(root, file), "item"), display(root, file), logic);
      items.push(item);
      fileOf.set(item.id, display(root, file));
    } catch (error) {
      if (!(error instanceof AuthoredFileError)) throw error;
      for (const problem of error.problems) problems.push(problem);
    }
  }
  if (problems.length) throw new AuthoredFileError(problems);
  // Across the items, once each reads: a broken file's item is not missing, only unread.
  const cases = own ? ifReadable(() => loadCaseStudyIfAny(root))?.cases : undefined;
  const across: Problem[] = [
    ...[...glossFromProblems(items), ...(cases ? caseStudyOriginProblems(items, cases) : [])].map(({id, problem}) => ({
      file: fileOf.get(id)!,
      field: fieldPath(problem.path),
      message: problem.message,
    })),
    ...(cases ?? []).flatMap((id, index) =>
      fileOf.has(id)
        ? []
        : [
            {
              file: "data/case-study.yaml",
              field: `cases[${index}]`,
              message: `no case file data/items/${id}.md: write the case's file, or take ${id} off the list`,
            },
          ],
    ),
  ];
  if (across.length) throw new AuthoredFileError(across);
  return items.sort(bySetThenOrder);
}

export function guidelineSources(version: string, root = projectRoot): {guideline: string; logic: string} {
  const read = (file: string) =>
    readAuthoredFile(join(root, "guideline", version, file), `guideline/${version}/${file}`, "yaml");
  return {guideline: read("guideline.yaml"), logic: read("logic.yaml")};
}
