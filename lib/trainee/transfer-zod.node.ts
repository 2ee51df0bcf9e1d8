// The export file of lib/trainee/transfer.ts, stated in zod, for Node: the coordinator's command line
// (npm run progress:check) and the tests, which hold it to the superstruct schema the pages use. Node-only (full
// zod): no page imports it.
import {z} from "zod";
import {checkImportSize, exportKind, exportVersion, raterNameRule} from "./transfer.js";
import {utf8Length} from "../text/format.js";
import {fieldPath} from "../authored/problems.js";
import {freeTextLimit, progressVersion, recordProblem, type Progress} from "./progress.js";

const app = "rater-notebook";
const count = z.int().min(0);
const isoDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)
  .refine((value) => !Number.isNaN(Date.parse(value)), "not a date and time");

export const ListingZ = z.union([
  z.strictObject({
    kind: z.literal("mark"),
    in: z.string().regex(/^(request|turn-[1-9][0-9]*)$/),
    start: count,
    end: count,
  }),
  z.strictObject({kind: z.literal("free"), text: z.string().min(1).max(freeTextLimit)}),
  z.strictObject({kind: z.literal("option"), index: count}),
]);

export const TraineeLineZ = z.strictObject({
  listing: ListingZ,
  main: z.boolean().optional(),
  verdict: z.enum(["met", "met-flaw", "partly", "not-met", "cannot-check"]).optional(),
});

export const AnswerZ = z.strictObject({
  item: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  phase: z.enum(["vague", "guideline"]),
  mode: z.literal("self-check").optional(),
  attempt: z.int().min(1),
  score: z.union([z.int().min(1).max(5), z.literal("n/a")]),
  checklist: z
    .strictObject({
      lines: z.array(TraineeLineZ).max(200),
      mainNotMet: z.enum(["engages", "ignores", "declines-harmless", "justified-refusal"]).optional(),
    })
    .optional(),
  decidingRule: z
    .string()
    .min(1)
    .max(60)
    .regex(/^[a-z]+(-[a-z]+)*$/)
    .optional(),
  guideline: z.string().regex(/^v[0-9]+$/),
  at: isoDateTime,
});

export const ProgressZ = z.strictObject({
  app: z.literal(app),
  version: z.literal(progressVersion),
  answers: z.array(AnswerZ),
});

export const RaterNameZ = z.string().check((context) => {
  const verdict = raterNameRule(context.value);
  if (verdict !== true) context.issues.push({code: "custom", message: verdict, input: context.value});
});

export const ExportFileZ = z.strictObject({
  app: z.literal(app),
  kind: z.literal(exportKind),
  version: z.literal(exportVersion),
  exportedAt: isoDateTime,
  rater: RaterNameZ.optional(),
  progress: ProgressZ,
});
export type ExportFileZ = z.infer<typeof ExportFileZ>;

export type CheckedFile =
  {ok: true; envelope: boolean; rater: string | null; progress: Progress} | {ok: false; message: string};

const where = (path: readonly PropertyKey[]) => fieldPath(path) || "the top level";

/** Checks an export file (or a bare saved record) with zod and the record's own invariants. */
export function checkExportText(text: string): CheckedFile {
  const size = checkImportSize(utf8Length(text));
  if (size) return {ok: false, message: size.message};
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return {ok: false, message: "not readable JSON"};
  }
  const envelope = !(value && typeof value === "object" && "answers" in value && !("kind" in value));
  const parsed = envelope ? ExportFileZ.safeParse(value) : ProgressZ.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {ok: false, message: `${where(issue.path)}: ${issue.message}`};
  }
  const progress: Progress = "progress" in parsed.data ? parsed.data.progress : parsed.data;
  const problem = recordProblem(progress, envelope ? "progress" : "");
  if (problem) return {ok: false, message: problem.replace(/^\./, "")};
  return {ok: true, envelope, rater: "rater" in parsed.data ? (parsed.data.rater ?? null) : null, progress};
}
